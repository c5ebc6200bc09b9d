internal import CFFmpeg

/// Copies the audio packets of a source file into an output stream unchanged, progressively,
/// so they interleave with the video being written.
final class AudioPassthrough {
    private let input: InputContainer
    private let sourceIndex: Int
    private let sourceTimeBase: AVRational
    private let originOffset: Int64
    private let packet = Packet()
    private var exhausted = false
    private var held = false
    let outputStream: UnsafeMutablePointer<AVStream>

    /// Opens `path` and adds a stream copying its first audio track to `output`; nil when the
    /// source has no audio.
    init?(path: String, output: UnsafeMutablePointer<AVFormatContext>) throws(MediaError) {
        let input = try InputContainer(path: path)
        guard let index = input.bestStream(AVMEDIA_TYPE_AUDIO) else { return nil }
        let source = input.stream(index)
        guard let stream = avformat_new_stream(output, nil) else {
            throw .io(path: path, message: "cannot add an audio stream")
        }
        try FFmpegError.check(avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar),
                              path: path, doing: "copy audio parameters")
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = source.pointee.time_base
        self.input = input
        self.sourceIndex = index
        self.sourceTimeBase = source.pointee.time_base
        self.originOffset = input.originOffset(in: index)
        for other in 0..<input.streamCount where other != index {
            input.stream(other).pointee.discard = AVDISCARD_ALL
        }
        self.outputStream = stream
    }

    /// Writes every audio packet that starts before `limit` (all of them when nil).
    func copy(until limit: MediaTime?, into output: UnsafeMutablePointer<AVFormatContext>, path: String) throws(MediaError) {
        while !exhausted {
            if !held {
                let status = av_read_frame(input.context, packet.packet)
                if status == FFmpegError.eof { exhausted = true; return }
                if status < 0 { throw FFmpegError.mediaError(status, path: input.path, doing: "read audio") }
                if Int(packet.packet.pointee.stream_index) != sourceIndex {
                    av_packet_unref(packet.packet)
                    continue
                }
                held = true
            }
            let pts = packet.packet.pointee.pts
            if let limit, pts != cffmpeg_nopts_value(), sourceTimeBase.time(pts - originOffset) >= limit { return }
            held = false
            let p = packet.packet
            if p.pointee.pts != cffmpeg_nopts_value() { p.pointee.pts -= originOffset }
            if p.pointee.dts != cffmpeg_nopts_value() { p.pointee.dts -= originOffset }
            av_packet_rescale_ts(p, sourceTimeBase, outputStream.pointee.time_base)
            p.pointee.stream_index = outputStream.pointee.index
            p.pointee.pos = -1
            try FFmpegError.check(av_interleaved_write_frame(output, p), path: path, doing: "write audio")
        }
    }
}
