internal import CFFmpeg
import Foundation

/// Owns an opened input `AVFormatContext`: the one place a file is opened for reading.
/// Streams and codec parameters are children of this context and must not outlive it.
final class InputContainer {
    let context: UnsafeMutablePointer<AVFormatContext>
    let path: String

    /// Opens `path` (a file, or any URL FFmpeg's protocols accept) and reads stream info.
    init(path: String, options: [String: String] = [:]) throws(MediaError) {
        FFmpegLog.configureOnce()
        self.path = path
        let isURL = Self.isStream(path)
        if !isURL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .fileMissing(path: path, message: "no such file")
            }
            if isDirectory.boolValue { throw .notMediaFile(path: path, message: "is a directory") }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .fileMissing(path: path, message: "permission denied")
            }
        }
        var dictionary: OpaquePointer? = nil
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let url = path == "-" ? "pipe:0" : path
        let status = avformat_open_input(&context, url, nil, &dictionary)
        guard status >= 0, let opened = context else {
            if status == FFmpegError.invalidData || status == cffmpeg_averror(EINVAL) {
                throw .notMediaFile(path: path, message: FFmpegError.text(status))
            }
            throw FFmpegError.mediaError(status, path: path, doing: "open")
        }
        self.context = opened
        if !isURL { OpenInputs.register(path) }
        let infoStatus = avformat_find_stream_info(opened, nil)
        if infoStatus < 0 {
            throw FFmpegError.mediaError(infoStatus, path: path, doing: "read stream info")
        }
    }

    deinit {
        if !Self.isStream(path) { OpenInputs.unregister(path) }
        var pointer: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&pointer)
    }

    /// Whether `path` names a stream FFmpeg opens itself (a URL such as udp://, rtsp://, http://,
    /// `pipe:N`, or `-` for standard input) rather than a file on disk.
    static func isStream(_ path: String) -> Bool {
        path == "-" || path.contains("://") || path.hasPrefix("pipe:")
    }

    var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    /// Time zero of the file in stream `index`'s time base: the video stream's start time (what
    /// the video reader subtracts from frame PTS), so audio stays in sync with video frames.
    /// Without video, the stream's own start.
    func originOffset(in index: Int) -> Int64 {
        let target = stream(index)
        if let video = bestStream(AVMEDIA_TYPE_VIDEO), stream(video).pointee.start_time != cffmpeg_nopts_value() {
            let v = stream(video)
            return av_rescale_q(v.pointee.start_time, v.pointee.time_base, target.pointee.time_base)
        }
        return target.pointee.start_time == cffmpeg_nopts_value() ? 0 : target.pointee.start_time
    }

    /// The index of the best stream of `type`, or nil.
    func bestStream(_ type: AVMediaType) -> Int? {
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        return index >= 0 ? Int(index) : nil
    }
}

extension AVRational {
    /// `value` in this time base as a ``MediaTime`` (exact when the numerator is 1).
    func time(_ value: Int64) -> MediaTime {
        if value == cffmpeg_nopts_value() { return .invalid }
        if num == 1 { return MediaTime(value: value, timescale: den) }
        let (product, overflow) = value.multipliedReportingOverflow(by: Int64(num))
        if !overflow { return MediaTime(value: product, timescale: den) }
        return MediaTime(seconds: Double(value) * av_q2d(self), preferredTimescale: den)
    }
}

extension MediaTime {
    /// This time as a count of `timeBase` units, rounded half away from zero.
    func value(in timeBase: AVRational) -> Int64 {
        guard isNumeric else { return cffmpeg_nopts_value() }
        let scaled = Rational.rescale(Int128(value), multiplier: Int128(timeBase.den),
                                      divisor: Int128(timescale) * Int128(timeBase.num))
        if scaled > Int128(Int64.max) { return Int64.max }
        if scaled < Int128(Int64.min) { return Int64.min }
        return Int64(scaled)
    }
}
