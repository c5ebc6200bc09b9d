internal import CFFmpeg

/// Reads the frames of a video track in presentation order, with exact times, like
/// `AVAssetReader` with an `AVAssetReaderTrackOutput`.
///
/// A frame's ``VideoFrame/time`` is its stream PTS minus the stream's start time, so variable
/// frame rate comes back exactly. Frames are converted to the pixel format and size the caller
/// asked for, and turned upright when the file carries rotation metadata (phone videos).
///
/// One reader has one owner: it is not `Sendable`; give each task its own reader.
public final class VideoReader {
    /// How frames are delivered.
    public struct Options: Sendable {
        /// The pixel format of delivered frames.
        public var pixelFormat: PixelFormat
        /// The displayed size of delivered frames (nil: the track's display size). yuv420p
        /// sizes are rounded up to even numbers.
        public var outputSize: PixelSize?
        /// Only frames whose time lies in this range are delivered.
        public var timeRange: MediaTimeRange
        /// Decoder threads; 0 chooses for the machine (two per core, at most 16).
        public var threadCount: Int
        /// Whether frames are turned upright by the track's rotation metadata.
        public var appliesDisplayRotation: Bool
        /// When set, every packet of the video track and the audio tracks is also copied,
        /// unchanged, into this file as it is read (a remux: the recording of a live input).
        /// The container follows the extension (.mp4, .mov, .mkv, .ts); the recording is
        /// completed by ``VideoReader/finishRecording()`` or when the input ends.
        public var recordingPath: String?

        /// Creates options; the defaults deliver every frame as yuv420p at the display size.
        public init(pixelFormat: PixelFormat = .yuv420p, outputSize: PixelSize? = nil,
                    timeRange: MediaTimeRange = .all, threadCount: Int = 0,
                    appliesDisplayRotation: Bool = true, recordingPath: String? = nil) {
            self.recordingPath = recordingPath
            self.pixelFormat = pixelFormat
            self.outputSize = outputSize
            self.timeRange = timeRange
            self.threadCount = threadCount
            self.appliesDisplayRotation = appliesDisplayRotation
        }
    }

    /// The path (or URL) being read.
    public let path: String
    /// The track being read.
    public let track: VideoTrackInfo
    /// The options frames are delivered with.
    public let options: Options

    private let input: InputContainer
    private let decoder: StreamDecoder
    private let converter: FrameConverter
    private let packet = Packet()
    private let streamIndex: Int
    private let timeBase: AVRational
    private let startOffset: Int64
    private var discardBefore: MediaTime
    private var draining = false
    private var finished = false
    private var framesDelivered = 0
    private var corruptPackets = 0
    private var recorder: PacketRecorder?
    private var lastError = ""

    /// Opens the first video track of `path`.
    /// - Throws: ``MediaError`` naming the file: missing, not media, no video track, unsupported codec.
    public init(path: String, options: Options = Options()) throws(MediaError) {
        let input = try InputContainer(path: path)
        guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else { throw .noVideoTrack(path: path) }
        let stream = input.stream(index)
        self.path = path
        self.input = input
        self.options = options
        self.streamIndex = index
        self.track = VideoTrackInfo(stream: stream, index: index)
        self.timeBase = stream.pointee.time_base
        self.startOffset = stream.pointee.start_time == cffmpeg_nopts_value() ? 0 : stream.pointee.start_time
        self.decoder = try StreamDecoder(stream: stream, path: path, threadCount: options.threadCount)
        self.converter = FrameConverter(outputFormat: options.pixelFormat, outputSize: options.outputSize,
                                        rotation: options.appliesDisplayRotation ? track.rotation : 0)
        self.discardBefore = options.timeRange.start
        if let recordingPath = options.recordingPath {
            recorder = try PacketRecorder(path: recordingPath, input: input, videoStreamIndex: index)
        }
        // Skip unused streams in the demuxer.
        let kept = recorder?.recordedStreams ?? [index]
        for other in 0..<input.streamCount where !kept.contains(other) {
            input.stream(other).pointee.discard = AVDISCARD_ALL
        }
        if options.timeRange.start > .zero {
            try seek(to: options.timeRange.start)
        }
    }

    /// The next frame in presentation order, or nil at the end of the track (or the time range).
    /// - Throws: ``MediaError/corruptData(path:message:)`` when the data cannot be decoded at all,
    ///   ``MediaError/io(path:message:)`` when reading fails.
    public func next() throws(MediaError) -> VideoFrame? {
        while !finished {
            guard let decoded = try receiveDecodedFrame() else { continue }
            let time = frameTime(decoded)
            if time < discardBefore {
                var pointer: UnsafeMutablePointer<AVFrame>? = decoded
                av_frame_free(&pointer)
                continue
            }
            if options.timeRange.end.isNumeric && time >= options.timeRange.end {
                var pointer: UnsafeMutablePointer<AVFrame>? = decoded
                av_frame_free(&pointer)
                finished = true
                return nil
            }
            let duration = decoded.pointee.pkt_duration > 0 ? timeBase.time(decoded.pointee.pkt_duration) : .invalid
            framesDelivered += 1
            return try converter.convert(taking: decoded, time: time, duration: duration, path: path)
        }
        if framesDelivered == 0 && corruptPackets > 0 {
            throw .corruptData(path: path, message: "no frame could be decoded (\(corruptPackets) bad packets: \(lastError))")
        }
        return nil
    }

    /// Completes the recording (``Options/recordingPath``): everything read so far is in it.
    /// Called automatically at the end of the input; safe to call more than once.
    public func finishRecording() throws(MediaError) {
        guard let recorder else { return }
        self.recorder = nil
        try recorder.finish()
    }

    /// Positions the reader so that ``next()`` returns the first frame at or after `time`.
    public func seek(to time: MediaTime) throws(MediaError) {
        guard recorder == nil else { throw .invalidArgument("\(path): cannot seek while recording") }
        guard time.isNumeric else { throw .invalidArgument("seek time must be numeric, not \(time)") }
        var margin = MediaTime.zero
        // Seek to the keyframe before the target; if the first frame decoded from there is
        // already past the target (open GOPs, DTS-indexed demuxers), back off further.
        for attempt in 0..<6 {
            let target = attempt == 5 ? MediaTime.negativeInfinity : time - margin
            try seekDemuxer(to: target)
            discardBefore = time
            guard let first = try peekFirstFrameTime() else { return }
            if first <= time || attempt == 5 { return }
            margin = margin + MediaTime(value: 1 << attempt, timescale: 1)
        }
    }

    // MARK: - Internals

    private var pending: UnsafeMutablePointer<AVFrame>? = nil

    private func seekDemuxer(to time: MediaTime) throws(MediaError) {
        let timestamp = time.isNumeric ? time.value(in: timeBase) + startOffset : startOffset
        let status = av_seek_frame(input.context, Int32(streamIndex), timestamp, AVSEEK_FLAG_BACKWARD)
        if status < 0 && time.isNumeric {
            // Some inputs (or a target before the first keyframe) refuse; fall back to the start.
            try FFmpegError.check(av_seek_frame(input.context, Int32(streamIndex), startOffset, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY),
                                  path: path, doing: "seek")
        }
        avcodec_flush_buffers(decoder.context)
        if let pending {
            var pointer: UnsafeMutablePointer<AVFrame>? = pending
            av_frame_free(&pointer)
        }
        pending = nil
        draining = false
        finished = false
    }

    /// Decodes up to the first frame and keeps it for ``next()``; returns its time.
    private func peekFirstFrameTime() throws(MediaError) -> MediaTime? {
        while !finished {
            if let decoded = try receiveDecodedFrame() {
                pending = decoded
                return frameTime(decoded)
            }
        }
        return nil
    }

    private func frameTime(_ frame: UnsafeMutablePointer<AVFrame>) -> MediaTime {
        var pts = frame.pointee.best_effort_timestamp
        if pts == cffmpeg_nopts_value() { pts = frame.pointee.pts }
        if pts == cffmpeg_nopts_value() { return .zero }
        return timeBase.time(pts - startOffset)
    }

    /// One step of the decode loop: a decoded frame, or nil when more input was fed.
    private func receiveDecodedFrame() throws(MediaError) -> UnsafeMutablePointer<AVFrame>? {
        if let frame = pending {
            pending = nil
            return frame
        }
        guard let frame = av_frame_alloc() else { throw .io(path: path, message: "out of memory allocating a frame") }
        let received = avcodec_receive_frame(decoder.context, frame)
        if received >= 0 { return frame }
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
        if received == FFmpegError.eof {
            finished = true
            return nil
        }
        if received != FFmpegError.again {
            throw FFmpegError.mediaError(received, path: path, doing: "decode")
        }
        try feedDecoder()
        return nil
    }

    private func feedDecoder() throws(MediaError) {
        if draining {
            finished = true
            return
        }
        while true {
            let status = av_read_frame(input.context, packet.packet)
            if status == FFmpegError.eof {
                draining = true
                avcodec_send_packet(decoder.context, nil)
                try finishRecording()
                return
            }
            if status < 0 {
                if status == FFmpegError.invalidData {
                    corruptPackets += 1
                    lastError = FFmpegError.text(status)
                    continue
                }
                throw FFmpegError.mediaError(status, path: path, doing: "read")
            }
            defer { av_packet_unref(packet.packet) }
            try recorder?.record(packet.packet)
            guard Int(packet.packet.pointee.stream_index) == streamIndex else { continue }
            let sent = avcodec_send_packet(decoder.context, packet.packet)
            if sent < 0 && sent != FFmpegError.again {
                // Like ffmpeg, skip a damaged packet and keep decoding the rest.
                corruptPackets += 1
                lastError = FFmpegError.text(sent)
                continue
            }
            return
        }
    }

    deinit {
        if let pending {
            var pointer: UnsafeMutablePointer<AVFrame>? = pending
            av_frame_free(&pointer)
        }
    }
}

extension VideoReader {
    /// All remaining frames as an async sequence: `for try await frame in reader.frames { ... }`.
    public var frames: VideoFrameSequence { VideoFrameSequence(reader: self) }
}

/// The frames of a ``VideoReader`` as an `AsyncSequence`.
public struct VideoFrameSequence: AsyncSequence {
    /// Each element is the next frame in presentation order.
    public typealias Element = VideoFrame
    let reader: VideoReader

    /// Iterates by calling ``VideoReader/next()``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: VideoReader
        /// The next frame, or nil at the end.
        public mutating func next() async throws -> VideoFrame? {
            try Task.checkCancellation()
            return try reader.next()
        }
    }

    /// Makes the iterator.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: reader) }
}
