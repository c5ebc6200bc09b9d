internal import CFFmpeg
import Foundation

/// Encodes frames into a video file (MP4, MOV or MKV, chosen by the extension), like
/// `AVAssetWriter`.
///
/// Each frame's ``VideoFrame/time`` becomes its presentation time, so variable frame rate is
/// kept. Audio can be copied from a source file unchanged. The output is written to a hidden
/// temporary file beside the target and renamed onto it by ``finish()``; a failure, ``cancel()``
/// or dropping the writer unfinished removes the temporary file, so the target is never left
/// half-written.
///
/// One writer has one owner: it is not `Sendable`.
public final class VideoWriter {
    /// The file the finished video ends up in.
    public let path: String
    /// What is written.
    public let settings: VideoWriterSettings
    /// The number of frames appended so far.
    public private(set) var frameCount = 0

    private let temporaryPath: String
    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var videoStream: UnsafeMutablePointer<AVStream>?
    private var audio: AudioPassthrough?
    private var converter: FrameConverter?
    private var encoderFormat: PixelFormat = .yuv420p
    private var encoderAVFormat = AV_PIX_FMT_YUV420P
    private var encoderTimeBase = AVRational(num: 1, den: 1)
    private let packet = Packet()
    private var lastPTS: Int64?
    private var lastTime: MediaTime = .invalid
    private var lastDuration: Int64?
    /// Frame durations by PTS, known once the next frame arrives (or from the frame itself).
    private var durations: [Int64: Int64] = [:]
    /// Encoded packets waiting for their frame's duration, in the encoder's output order.
    private var pendingPackets: [UnsafeMutablePointer<AVPacket>] = []
    private var state: State = .open

    private enum State { case open, finished, failed }

    /// Prepares to write `path`. The encoder opens with the first frame.
    /// - Throws: ``MediaError/invalidArgument(_:)`` for an unknown extension, a bad size, or a
    ///   target that is this process's own input; ``MediaError/encoderUnavailable(name:message:)``
    ///   when the codec is missing; ``MediaError/io(path:message:)`` when the folder is not writable.
    public init(path: String, settings: VideoWriterSettings) throws(MediaError) {
        FFmpegLog.configureOnce()
        guard settings.width > 0, settings.height > 0 else {
            throw .invalidArgument("\(path): output size \(settings.width)x\(settings.height) must be positive")
        }
        if OpenInputs.isOpen(path) || settings.audioSourcePath.map({ OpenInputs.sameFile($0, path) }) == true {
            throw .invalidArgument("\(path): refusing to write over a file that is being read (the output must differ from the input)")
        }
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        let formatName: String
        switch ext {
        case "mp4", "m4v": formatName = "mp4"
        case "mov": formatName = "mov"
        case "mkv": formatName = "matroska"
        default: throw .invalidArgument("\(path): unknown container '.\(ext)' (use .mp4, .mov or .mkv)")
        }
        if settings.codec == .ffv1 && formatName != "matroska" {
            throw .invalidArgument("\(path): FFV1 is stored in .mkv, not .\(ext)")
        }
        if case .h264(let crf, _, let gop, let format) = settings.codec {
            guard (0...51).contains(crf) else { throw .invalidArgument("crf \(crf) must be between 0 and 51") }
            guard gop >= 1 else { throw .invalidArgument("keyframe interval \(gop) must be at least 1") }
            guard format != .gray8 else { throw .invalidArgument("H.264 output cannot be gray8") }
            if format == .yuv420p && (settings.width % 2 != 0 || settings.height % 2 != 0) {
                throw .invalidArgument("\(path): yuv420p H.264 needs an even size, not \(settings.width)x\(settings.height)")
            }
        }
        self.path = path
        self.settings = settings
        let directory = url.deletingLastPathComponent().path
        self.temporaryPath = "\(directory)/.\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8)).\(ext)"

        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_alloc_output_context2(&context, nil, formatName, temporaryPath)
        guard status >= 0, let context else {
            throw FFmpegError.mediaError(status, path: path, doing: "create \(formatName) output")
        }
        self.output = context
        guard avcodec_find_encoder_by_name(settings.codec.encoderName) != nil else {
            releaseOutput()
            throw .encoderUnavailable(name: settings.codec.encoderName, message: "this FFmpeg build has no \(settings.codec.encoderName) encoder")
        }
        let opened = avio_open(&context.pointee.pb, temporaryPath, AVIO_FLAG_WRITE)
        if opened < 0 {
            releaseOutput()
            throw .io(path: path, message: "cannot create \(temporaryPath): \(FFmpegError.text(opened))")
        }
    }

    deinit {
        if state == .open { cancel() }
        freePendingPackets()
        var pointer = encoder
        avcodec_free_context(&pointer)
    }

    /// Encodes `frame` at its ``VideoFrame/time``. Frames must come in strictly increasing time.
    /// Frames of another size or pixel format are converted.
    public func append(_ frame: VideoFrame) throws(MediaError) {
        guard state == .open else { throw .invalidArgument("\(path): the writer is already finished or failed") }
        guard frame.time.isNumeric else { throw .invalidArgument("\(path): frame \(frameCount) has no valid time") }
        do throws(MediaError) {
            if encoder == nil { try openEncoder(firstFrame: frame) }
            let pts = frame.time.value(in: encoderTimeBase)
            if let lastPTS, pts <= lastPTS {
                throw MediaError.invalidArgument("\(path): frame times must increase: \(frame.time) after \(lastTime)")
            }
            // Muxers use packet durations for the last frame and for edit lists (MP4 drops a
            // last frame that has none); a frame's duration is known when the next one arrives,
            // so packets wait for it, not frames (the caller may reuse a frame at once).
            if let lastPTS {
                lastDuration = pts - lastPTS
                if durations[lastPTS] == nil { durations[lastPTS] = pts - lastPTS }
            }
            try encode(frame, pts: pts)
            if let audio, let output { try audio.copy(until: frame.time, into: output, path: path) }
            lastPTS = pts
            lastTime = frame.time
            frameCount += 1
        } catch {
            fail()
            throw error
        }
    }

    /// Flushes the encoder, copies the remaining audio, writes the trailer and moves the file
    /// onto ``path``.
    public func finish() throws(MediaError) {
        guard state == .open else { throw .invalidArgument("\(path): the writer is already finished or failed") }
        do throws(MediaError) {
            guard encoder != nil, let output else {
                throw MediaError.invalidArgument("\(path): no frame was appended; nothing to write")
            }
            if let lastPTS, durations[lastPTS] == nil { durations[lastPTS] = lastFrameDuration() }
            try FFmpegError.check(avcodec_send_frame(encoder, nil), path: path, doing: "flush encoder")
            try drainEncoder()
            try writePendingPackets()
            if let audio { try audio.copy(until: nil, into: output, path: path) }
            try FFmpegError.check(av_write_trailer(output), path: path, doing: "write trailer")
            try FFmpegError.check(avio_closep(&output.pointee.pb), path: path, doing: "close")
            releaseOutput()
            if rename(temporaryPath, path) != 0 {
                throw MediaError.io(path: path, message: "cannot rename \(temporaryPath): \(String(cString: strerror(errno)))")
            }
            state = .finished
        } catch {
            fail()
            throw error
        }
    }

    /// Abandons the output: closes and removes the temporary file. The target is untouched.
    public func cancel() {
        fail()
    }

    // MARK: - Internals

    private func fail() {
        guard state == .open else { return }
        state = .failed
        if let output, output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
        releaseOutput()
        unlink(temporaryPath)
    }

    private func releaseOutput() {
        avformat_free_context(output)
        output = nil
    }

    private func openEncoder(firstFrame: VideoFrame) throws(MediaError) {
        guard let output, let codec = avcodec_find_encoder_by_name(settings.codec.encoderName) else {
            throw .encoderUnavailable(name: settings.codec.encoderName, message: "not found")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw .io(path: path, message: "out of memory") }
        encoder = context
        let timescale = settings.timescale ?? Self.defaultTimescale(for: firstFrame.time)
        encoderTimeBase = AVRational(num: 1, den: timescale)
        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.time_base = encoderTimeBase
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.thread_count = Int32(max(0, settings.threadCount))
        if let rate = settings.frameRate, rate > 0 {
            context.pointee.framerate = av_d2q(rate, 100_000)
        }
        let hd = settings.height >= 720
        context.pointee.colorspace = hd ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        context.pointee.color_primaries = hd ? AVCOL_PRI_BT709 : AVCOL_PRI_SMPTE170M
        context.pointee.color_trc = hd ? AVCOL_TRC_BT709 : AVCOL_TRC_SMPTE170M
        context.pointee.color_range = AVCOL_RANGE_MPEG
        var options: OpaquePointer? = nil
        defer { av_dict_free(&options) }
        switch settings.codec {
        case .h264(let crf, let preset, let gop, let format):
            encoderFormat = format == .rgba ? .bgra : format
            context.pointee.gop_size = Int32(gop)
            av_dict_set(&options, "crf", String(crf), 0)
            av_dict_set(&options, "preset", preset, 0)
            if let instructions = Self.reproducibleX264Instructions {
                av_dict_set(&options, "x264-params", "asm=\(instructions)", 0)
            }
        case .ffv1:
            encoderFormat = firstFrame.pixelFormat == .rgba ? .bgra : firstFrame.pixelFormat
            av_dict_set(&options, "level", "3", 0)
            av_dict_set(&options, "slices", "4", 0)
            av_dict_set(&options, "slicecrc", "0", 0)
        }
        if encoderFormat != .yuv420p { context.pointee.colorspace = AVCOL_SPC_RGB }
        if encoderFormat == .gray8 { context.pointee.colorspace = AVCOL_SPC_UNSPECIFIED }
        // libx264rgb takes bgr0, which is bgra's memory layout with the alpha byte ignored.
        encoderAVFormat = settings.codec.encoderName == "libx264rgb" ? AV_PIX_FMT_BGR0 : encoderFormat.avFormat
        context.pointee.pix_fmt = encoderAVFormat
        if (output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        let opened = avcodec_open2(context, codec, &options)
        if opened < 0 {
            throw .encoderUnavailable(name: settings.codec.encoderName, message: "\(path): \(FFmpegError.text(opened))")
        }
        guard let stream = avformat_new_stream(output, nil) else { throw .io(path: path, message: "cannot add a video stream") }
        videoStream = stream
        stream.pointee.time_base = encoderTimeBase
        if let rate = settings.frameRate, rate > 0 { stream.pointee.avg_frame_rate = av_d2q(rate, 100_000) }
        try FFmpegError.check(avcodec_parameters_from_context(stream.pointee.codecpar, context), path: path, doing: "set stream parameters")
        if settings.displayRotation % 360 != 0 {
            guard settings.displayRotation % 90 == 0 else {
                throw .invalidArgument("display rotation must be a multiple of 90 degrees, not \(settings.displayRotation)")
            }
            guard let matrix = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * 4) else {
                throw .io(path: path, message: "out of memory")
            }
            // FFmpeg 5.1's MP4 muxer stores this matrix so that its demuxer reads back the
            // opposite angle; passing the clockwise angle yields the clockwise display rotation
            // (checked by a round-trip test against MediaAsset's reading).
            matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_set($0, Double(settings.displayRotation)) }
        }
        if let source = settings.audioSourcePath {
            audio = try AudioPassthrough(path: source, output: output)
        }
        try FFmpegError.check(avformat_write_header(output, nil), path: path, doing: "write header")
        let converter = FrameConverter(outputFormat: encoderFormat, outputSize: nil, rotation: 0)
        converter.outputHeightHint = settings.height
        self.converter = converter
    }

    private func encode(_ frame: VideoFrame, pts: Int64) throws(MediaError) {
        let size = PixelSize(width: settings.width, height: settings.height)
        let encoded = try converter!.convert(frame, to: size, path: path)
        // The encoder keeps a reference; give it its own so our frame's timestamps are ours.
        guard let avFrame = av_frame_clone(encoded.buffer.frame) else { throw MediaError.io(path: path, message: "out of memory") }
        var owned: UnsafeMutablePointer<AVFrame>? = avFrame
        defer { av_frame_free(&owned) }
        avFrame.pointee.pts = pts
        avFrame.pointee.format = encoderAVFormat.rawValue
        avFrame.pointee.pict_type = AV_PICTURE_TYPE_NONE
        if frame.duration.isNumeric && frame.duration > .zero {
            durations[pts] = max(1, frame.duration.value(in: encoderTimeBase))
        }
        try FFmpegError.check(avcodec_send_frame(encoder, avFrame), path: path, doing: "encode frame at \(frame.time)")
        try drainEncoder()
    }

    /// The x264 instruction set to ask for, or nil for x264's own choice. x264 (0.164, as
    /// Debian bookworm ships it) encodes the same frames to different bytes from one run to the
    /// next when it uses its AVX-512 kernels: what they produce depends on memory earlier work
    /// in the process left behind (of 16 concurrent encodes of one clip, up to 7 differed from
    /// the first; with AVX2 all matched, at the same speed). Every CPU with FFmpeg's AVX-512
    /// flag has AVX2.
    static let reproducibleX264Instructions: String? =
        (av_get_cpu_flags() & AV_CPU_FLAG_AVX512) != 0 ? "AVX2" : nil

    /// The last frame (whose own duration is unknown) lasts as long as the frame rate says,
    /// else as long as the frame before it.
    private func lastFrameDuration() -> Int64 {
        if let rate = settings.frameRate, rate > 0 {
            return max(1, MediaTime(seconds: 1 / rate, preferredTimescale: encoderTimeBase.den).value(in: encoderTimeBase))
        }
        return lastDuration ?? max(1, MediaTime(value: 1, timescale: 30).value(in: encoderTimeBase))
    }

    /// The first frame's timescale, unless it is too coarse to hold later frames (a first
    /// frame at `.zero` has timescale 1): then 90 kHz, MPEG's clock.
    static func defaultTimescale(for time: MediaTime) -> Int32 {
        let scale = time.timescale
        if scale >= 1000 { return scale }
        return 90_000 % scale == 0 ? 90_000 : scale * ((1000 + scale - 1) / scale)
    }

    private func drainEncoder() throws(MediaError) {
        while true {
            let status = avcodec_receive_packet(encoder, packet.packet)
            if status == FFmpegError.again || status == FFmpegError.eof { break }
            try FFmpegError.check(status, path: path, doing: "encode")
            guard let queued = av_packet_alloc() else { throw .io(path: path, message: "out of memory") }
            av_packet_move_ref(queued, packet.packet)
            pendingPackets.append(queued)
        }
        try writePendingPackets()
    }

    /// Muxes queued packets, in order, as far as their durations are known.
    private func writePendingPackets() throws(MediaError) {
        guard let output, let videoStream else { return }
        var written = 0
        defer { pendingPackets.removeFirst(written) }
        for queued in pendingPackets {
            guard let duration = durations[queued.pointee.pts] else { break }
            durations[queued.pointee.pts] = nil
            queued.pointee.duration = duration
            // The muxer may have changed the stream's time base in write_header.
            av_packet_rescale_ts(queued, encoderTimeBase, videoStream.pointee.time_base)
            queued.pointee.stream_index = videoStream.pointee.index
            let status = av_interleaved_write_frame(output, queued)
            var pointer: UnsafeMutablePointer<AVPacket>? = queued
            av_packet_free(&pointer)
            written += 1
            try FFmpegError.check(status, path: path, doing: "write video")
        }
    }

    private func freePendingPackets() {
        for queued in pendingPackets {
            var pointer: UnsafeMutablePointer<AVPacket>? = queued
            av_packet_free(&pointer)
        }
        pendingPackets.removeAll()
    }
}
