/// The one error type of MediaKitLinux. Every case names the file it concerns (when there is
/// one) and carries a message that includes FFmpeg's own text for the failure.
public enum MediaError: Error, Sendable, Equatable {
    /// The file does not exist or cannot be opened for reading.
    case fileMissing(path: String, message: String)
    /// The file exists but is not a media file FFmpeg can read.
    case notMediaFile(path: String, message: String)
    /// The file has no video track, and one was needed.
    case noVideoTrack(path: String)
    /// The codec (or pixel format) is not supported by this build.
    case unsupportedCodec(path: String, message: String)
    /// Reading or decoding found damaged data.
    case corruptData(path: String, message: String)
    /// Reading, writing, renaming or removing a file failed.
    case io(path: String, message: String)
    /// The encoder asked for is not available in this FFmpeg build, or refused its settings.
    case encoderUnavailable(name: String, message: String)
    /// A caller passed an argument that cannot work (e.g. odd size for yuv420p, frames out of order).
    case invalidArgument(String)
    /// The operation was cancelled; any partial output was removed.
    case cancelled(path: String)

    /// The path the error concerns, if any.
    public var path: String? {
        switch self {
        case .fileMissing(let p, _), .notMediaFile(let p, _), .noVideoTrack(let p),
             .unsupportedCodec(let p, _), .corruptData(let p, _), .io(let p, _), .cancelled(let p):
            return p
        case .encoderUnavailable, .invalidArgument:
            return nil
        }
    }
}

extension MediaError: CustomStringConvertible {
    /// One line naming the file and the problem.
    public var description: String {
        switch self {
        case .fileMissing(let path, let message): return "\(path): file not found or unreadable (\(message))"
        case .notMediaFile(let path, let message): return "\(path): not a media file (\(message))"
        case .noVideoTrack(let path): return "\(path): no video track"
        case .unsupportedCodec(let path, let message): return "\(path): unsupported codec (\(message))"
        case .corruptData(let path, let message): return "\(path): corrupt data (\(message))"
        case .io(let path, let message): return "\(path): I/O error (\(message))"
        case .encoderUnavailable(let name, let message): return "encoder \(name) unavailable (\(message))"
        case .invalidArgument(let message): return "invalid argument: \(message)"
        case .cancelled(let path): return "\(path): cancelled"
        }
    }
}
