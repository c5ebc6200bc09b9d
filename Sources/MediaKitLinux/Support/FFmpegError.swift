internal import CFFmpeg
import Foundation

/// FFmpeg's error codes as Swift values, and their conversion to ``MediaError``.
enum FFmpegError {
    static let eof = cffmpeg_averror_eof()
    static let again = cffmpeg_averror_eagain()
    static let invalidData = cffmpeg_averror_invaliddata()

    /// FFmpeg's text for an error code, e.g. "Invalid data found when processing input".
    static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { ptr in
            String(cString: cffmpeg_error_string(code, ptr.baseAddress, ptr.count))
        }
    }

    /// Maps a failing return code to the most specific ``MediaError`` for `path`.
    static func mediaError(_ code: Int32, path: String, doing action: String) -> MediaError {
        let message = "\(action): \(text(code))"
        if code == cffmpeg_averror(ENOENT) || code == cffmpeg_averror(EACCES) || code == cffmpeg_averror(EISDIR) {
            return .fileMissing(path: path, message: message)
        }
        if code == invalidData { return .corruptData(path: path, message: message) }
        if code == cffmpeg_averror_decoder_not_found() { return .unsupportedCodec(path: path, message: message) }
        if code == cffmpeg_averror_encoder_not_found() { return .encoderUnavailable(name: path, message: message) }
        return .io(path: path, message: message)
    }

    /// Throws ``MediaError`` when `code` is negative; returns it otherwise.
    @discardableResult
    static func check(_ code: Int32, path: String, doing action: @autoclosure () -> String) throws(MediaError) -> Int32 {
        if code < 0 { throw mediaError(code, path: path, doing: action()) }
        return code
    }
}

/// Keeps FFmpeg's log quiet unless asked; the toolkit reports through errors instead.
enum FFmpegLog {
    nonisolated(unsafe) private static var configured = false
    private static let lock = NSLock()

    static func configureOnce() {
        lock.lock(); defer { lock.unlock() }
        if configured { return }
        configured = true
        let env = ProcessInfo.processInfo.environment["MEDIAKIT_FFMPEG_LOG"]
        av_log_set_level(env == "1" ? AV_LOG_INFO : AV_LOG_FATAL)
    }
}
