internal import CFFmpeg

/// A run of decoded audio: interleaved Float32 samples at the source rate, with the time of
/// the first sample.
public struct AudioBuffer: Sendable, Hashable {
    /// Time of the first sample from the start of the video (stream PTS minus the video's start).
    public var time: MediaTime
    /// Samples per second.
    public var sampleRate: Int
    /// Channels per frame of samples.
    public var channelCount: Int
    /// Interleaved samples, `frameCount * channelCount` values in [-1, 1].
    public var samples: [Float]

    /// The number of sample frames (samples per channel).
    public var frameCount: Int { channelCount == 0 ? 0 : samples.count / channelCount }
}

/// Decodes the first audio track of a file into Float32 samples, like `AVAssetReader` with an
/// `AVAssetReaderAudioMixOutput` producing linear PCM.
public final class AudioReader {
    /// The path being read.
    public let path: String
    /// The track being read.
    public let track: AudioTrackInfo

    private let input: InputContainer
    private let decoder: StreamDecoder
    private let packet = Packet()
    private let frame: UnsafeMutablePointer<AVFrame>
    private let streamIndex: Int
    private let timeBase: AVRational
    private let originOffset: Int64
    private var draining = false
    private var finished = false

    /// Opens the first audio track of `path`.
    /// - Throws: ``MediaError`` naming the file; ``MediaError/invalidArgument(_:)`` when it has no audio.
    public init(path: String) throws(MediaError) {
        let input = try InputContainer(path: path)
        guard let index = input.bestStream(AVMEDIA_TYPE_AUDIO) else {
            throw .invalidArgument("\(path): no audio track")
        }
        let stream = input.stream(index)
        self.path = path
        self.input = input
        self.streamIndex = index
        self.track = AudioTrackInfo(stream: stream, index: index)
        self.timeBase = stream.pointee.time_base
        self.originOffset = input.originOffset(in: index)
        self.decoder = try StreamDecoder(stream: stream, path: path, threadCount: 1)
        guard let frame = av_frame_alloc() else { throw .io(path: path, message: "out of memory") }
        self.frame = frame
        for other in 0..<input.streamCount where other != index {
            input.stream(other).pointee.discard = AVDISCARD_ALL
        }
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
    }

    /// The next decoded buffer, or nil at the end.
    public func next() throws(MediaError) -> AudioBuffer? {
        while !finished {
            let received = avcodec_receive_frame(decoder.context, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                return try convert(frame)
            }
            if received == FFmpegError.eof { finished = true; break }
            if received != FFmpegError.again { throw FFmpegError.mediaError(received, path: path, doing: "decode audio") }
            if draining { finished = true; break }
            try feed()
        }
        return nil
    }

    private func feed() throws(MediaError) {
        while true {
            let status = av_read_frame(input.context, packet.packet)
            if status == FFmpegError.eof {
                draining = true
                avcodec_send_packet(decoder.context, nil)
                return
            }
            try FFmpegError.check(status, path: path, doing: "read audio")
            defer { av_packet_unref(packet.packet) }
            guard Int(packet.packet.pointee.stream_index) == streamIndex else { continue }
            let sent = avcodec_send_packet(decoder.context, packet.packet)
            if sent < 0 && sent != FFmpegError.again && sent != FFmpegError.invalidData {
                throw FFmpegError.mediaError(sent, path: path, doing: "decode audio")
            }
            return
        }
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) -> AudioBuffer {
        let channels = Int(frame.pointee.ch_layout.nb_channels)
        let count = Int(frame.pointee.nb_samples)
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        let planar = av_sample_fmt_is_planar(format) != 0
        var samples = [Float](repeating: 0, count: count * channels)
        let packed = av_get_packed_sample_fmt(format)
        let data = frame.pointee.extended_data!
        try samples.withUnsafeMutableBufferPointer { (out) throws(MediaError) in
            for channel in 0..<channels {
                let base = UnsafeRawPointer(data[planar ? channel : 0]!)
                for i in 0..<count {
                    let index = planar ? i : i * channels + channel
                    let value: Float
                    switch packed {
                    case AV_SAMPLE_FMT_FLT: value = base.load(fromByteOffset: index * 4, as: Float.self)
                    case AV_SAMPLE_FMT_DBL: value = Float(base.load(fromByteOffset: index * 8, as: Double.self))
                    case AV_SAMPLE_FMT_S16: value = Float(base.load(fromByteOffset: index * 2, as: Int16.self)) / 32768
                    case AV_SAMPLE_FMT_S32: value = Float(Double(base.load(fromByteOffset: index * 4, as: Int32.self)) / 2147483648)
                    case AV_SAMPLE_FMT_U8: value = (Float(base.load(fromByteOffset: index, as: UInt8.self)) - 128) / 128
                    case AV_SAMPLE_FMT_S64: value = Float(Double(base.load(fromByteOffset: index * 8, as: Int64.self)) / 9.223372036854775808e18)
                    default:
                        throw MediaError.unsupportedCodec(path: path, message: "sample format \(format.rawValue)")
                    }
                    out[i * channels + channel] = value
                }
            }
        }
        var pts = frame.pointee.best_effort_timestamp
        if pts == cffmpeg_nopts_value() { pts = frame.pointee.pts }
        let time = pts == cffmpeg_nopts_value() ? MediaTime.invalid : timeBase.time(pts - originOffset)
        return AudioBuffer(time: time, sampleRate: Int(frame.pointee.sample_rate), channelCount: channels, samples: samples)
    }
}
