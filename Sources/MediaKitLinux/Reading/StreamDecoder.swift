internal import CFFmpeg
import Foundation

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
        context.pointee.thread_count = Int32(threadCount > 0 ? threadCount : Self.automaticThreadCount)
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        let status = avcodec_open2(context, codec, nil)
        if status < 0 {
            throw .unsupportedCodec(path: path, message: "open \(String(cString: codec.pointee.name)) decoder: \(FFmpegError.text(status))")
        }
    }

    /// Decoder threads when the caller leaves the choice to us: two per core (at most 16, as
    /// FFmpeg's own automatic choice), where FFmpeg would take one more than the cores.
    ///
    /// A frame thread waits for the rows of its reference frames, so with one frame in flight
    /// per core the cores idle: on 2 cores `ffmpeg -threads 3` decoding 1080p60 H.264 kept
    /// them busy 1.5 of 2. BENCHMARKS.md (session 44) has the figures for 3, 4 and 8 threads.
    static let automaticThreadCount: Int = {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores > 1 ? min(2 * cores, 16) : 1
    }()

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
