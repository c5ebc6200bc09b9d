import Foundation
import MediaKitLinux

/// Writes preview frames to a video file: the command line's stand-in for a screen. `.mkv`
/// means lossless FFV1 (so the preview can be compared pixel for pixel with an export); other
/// extensions get H.264.
public final class PreviewFileSink {
    /// The file written.
    public let path: String
    private var writer: VideoWriter?
    private let codec: VideoCodec
    private let frameRate: Double?
    private let audioSourcePath: String?

    /// Prepares a sink; the file is opened with the first frame (whose size it takes).
    /// `audioSourcePath`: a file whose audio is copied in (the input, for a traced copy).
    public init(path: String, frameRate: Double? = nil, h264: VideoCodec = .h264(), audioSourcePath: String? = nil) {
        self.path = path
        self.frameRate = frameRate
        self.audioSourcePath = audioSourcePath
        codec = path.lowercased().hasSuffix(".mkv") ? .ffv1 : h264
    }

    /// Appends one frame.
    public func write(_ frame: VideoFrame) throws(MediaError) {
        if writer == nil {
            writer = try VideoWriter(path: path, settings: VideoWriterSettings(width: frame.width, height: frame.height,
                                                                               codec: codec, frameRate: frameRate,
                                                                               audioSourcePath: audioSourcePath))
        }
        try writer!.append(frame)
    }

    /// Completes the file (atomically renamed into place).
    public func finish() throws(MediaError) {
        guard let writer else { throw .invalidArgument("\(path): no preview frame was written") }
        try writer.finish()
        self.writer = nil
    }

    /// Removes the partial file.
    public func cancel() {
        writer?.cancel()
        writer = nil
    }
}
