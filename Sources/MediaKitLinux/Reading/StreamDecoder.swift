internal import CFFmpeg

/// Owns an opened `AVCodecContext` for one input stream.
final class StreamDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>

    init(stream: UnsafeMutablePointer<AVStream>, path: String, threadCount: Int) throws(MediaError) {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .unsupportedCodec(path: path, message: "no decoder for \(codecName(parameters.pointee.codec_id))")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw .io(path: path, message: "out of memory allocating a decoder")
        }
        self.context = context
        try FFmpegError.check(avcodec_parameters_to_context(context, parameters), path: path, doing: "configure decoder")
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = Int32(max(0, threadCount))
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        let status = avcodec_open2(context, codec, nil)
        if status < 0 {
            throw .unsupportedCodec(path: path, message: "open \(String(cString: codec.pointee.name)) decoder: \(FFmpegError.text(status))")
        }
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&pointer)
    }
}

/// Owns an `AVPacket`.
final class Packet {
    let packet: UnsafeMutablePointer<AVPacket>

    init() {
        guard let packet = av_packet_alloc() else { fatalError("out of memory allocating a packet") }
        self.packet = packet
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&pointer)
    }
}
