/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`.
    public var description: String { "\(width)x\(height)" }
}

/// What a probe learns about a video track.
public struct VideoTrackInfo: Sendable, Hashable, Codable {
    /// The stream's index in its container.
    public var streamIndex: Int
    /// Codec short name, e.g. "h264", "hevc", "ffv1".
    public var codec: String
    /// Displayed width: the coded size with the rotation metadata applied.
    public var width: Int
    /// Displayed height: the coded size with the rotation metadata applied.
    public var height: Int
    /// Width of the pictures as stored.
    public var codedWidth: Int
    /// Height of the pictures as stored.
    public var codedHeight: Int
    /// Clockwise rotation in degrees (0, 90, 180, 270) a player applies for display.
    public var rotation: Int
    /// FFmpeg's name of the stored pixel format, e.g. "yuv420p", "yuv420p10le".
    public var pixelFormatName: String
    /// Bits per colour component of the stored pictures.
    public var bitDepth: Int
    /// Frames per second averaged over the stream (0 when unknown).
    public var averageFrameRate: Double
    /// The stream's nominal (base) frame rate (0 when unknown).
    public var nominalFrameRate: Double
    /// The number of frames when the container states it.
    public var frameCount: Int?
    /// The first presentation time of the stream, in the stream's time base.
    public var startTime: MediaTime
    /// The stream's duration (invalid when unknown).
    public var duration: MediaTime

    /// The displayed size.
    public var displaySize: PixelSize { PixelSize(width: width, height: height) }
}

/// What a probe learns about an audio track.
public struct AudioTrackInfo: Sendable, Hashable, Codable {
    /// The stream's index in its container.
    public var streamIndex: Int
    /// Codec short name, e.g. "aac", "opus", "pcm_s16le".
    public var codec: String
    /// Samples per second.
    public var sampleRate: Int
    /// Number of channels.
    public var channelCount: Int
    /// The first presentation time of the stream.
    public var startTime: MediaTime
    /// The stream's duration (invalid when unknown).
    public var duration: MediaTime
}
