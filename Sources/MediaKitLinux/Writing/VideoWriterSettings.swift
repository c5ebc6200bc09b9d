/// The video codec a ``VideoWriter`` encodes with.
public enum VideoCodec: Sendable, Hashable {
    /// H.264 through libx264.
    /// - Parameters:
    ///   - crf: constant rate factor, 0 (lossless) to 51; 18 is visually lossless.
    ///   - preset: libx264 preset, "ultrafast" ... "veryslow".
    ///   - keyframeInterval: the largest distance between keyframes, in frames.
    ///   - pixelFormat: the encoded layout: `.yuv420p` (plays everywhere) or `.bgra`/`.rgba`
    ///     (libx264rgb, exact RGB when crf is 0).
    case h264(crf: Int = 18, preset: String = "medium", keyframeInterval: Int = 250, pixelFormat: PixelFormat = .yuv420p)
    /// Lossless FFV1 (store in .mkv); keeps the frames' own pixel format.
    case ffv1

    /// The FFmpeg encoder name this codec uses.
    public var encoderName: String {
        switch self {
        case .h264(_, _, _, let format): return (format == .bgra || format == .rgba) ? "libx264rgb" : "libx264"
        case .ffv1: return "ffv1"
        }
    }
}

/// What a ``VideoWriter`` produces.
public struct VideoWriterSettings: Sendable {
    /// Width of the encoded pictures; frames of another size are scaled.
    public var width: Int
    /// Height of the encoded pictures.
    public var height: Int
    /// The codec and its options.
    public var codec: VideoCodec
    /// Units per second of the stream's timestamps; nil takes the first frame's time's timescale,
    /// so the frames' times are stored exactly (containers may still round: Matroska keeps
    /// milliseconds).
    public var timescale: Int32?
    /// The expected frame rate, a hint for rate control and for the container (nil: unknown/VFR).
    public var frameRate: Double?
    /// A media file whose audio packets are copied into the output unchanged (no re-encode).
    public var audioSourcePath: String?
    /// Encoder threads; 0 lets the encoder choose.
    public var threadCount: Int
    /// Clockwise rotation (0, 90, 180, 270) that players should apply for display, stored as
    /// display-matrix metadata the way phones record portrait video. Pixels are not turned.
    public var displayRotation: Int = 0

    /// Creates settings; the defaults give H.264 crf 18, preset medium, in yuv420p.
    public init(width: Int, height: Int, codec: VideoCodec = .h264(), timescale: Int32? = nil,
                frameRate: Double? = nil, audioSourcePath: String? = nil, threadCount: Int = 0) {
        self.width = width
        self.height = height
        self.codec = codec
        self.timescale = timescale
        self.frameRate = frameRate
        self.audioSourcePath = audioSourcePath
        self.threadCount = threadCount
    }
}
