internal import CFFmpeg

/// A probed media file: container, duration and tracks (like `AVAsset` after loading its
/// tracks). Probing opens the file, reads its headers and a little data, then closes it.
public struct MediaAsset: Sendable, Hashable, Codable {
    /// The path (or URL) that was probed.
    public var path: String
    /// The container's short name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm".
    public var formatName: String
    /// The container's duration (invalid when unknown, e.g. a live stream).
    public var duration: MediaTime
    /// The container's start time (zero when unknown).
    public var startTime: MediaTime
    /// Video tracks in stream order.
    public var videoTracks: [VideoTrackInfo]
    /// Audio tracks in stream order.
    public var audioTracks: [AudioTrackInfo]

    /// Probes the file at `path`.
    /// - Throws: ``MediaError/fileMissing(path:message:)`` or ``MediaError/notMediaFile(path:message:)``
    ///   (a file FFmpeg cannot read, or one with no audio or video stream).
    public init(path: String) throws(MediaError) {
        let input = try InputContainer(path: path)
        self.init(input: input)
        if videoTracks.isEmpty && audioTracks.isEmpty {
            throw .notMediaFile(path: path, message: "no audio or video stream")
        }
    }

    init(input: InputContainer) {
        let context = input.context
        path = input.path
        formatName = String(cString: context.pointee.iformat.pointee.name)
        let micro = cffmpeg_time_base()
        duration = context.pointee.duration == cffmpeg_nopts_value() || context.pointee.duration < 0
            ? .invalid : MediaTime(value: context.pointee.duration, timescale: micro)
        startTime = context.pointee.start_time == cffmpeg_nopts_value()
            ? .zero : MediaTime(value: context.pointee.start_time, timescale: micro)
        var videos: [VideoTrackInfo] = []
        var audios: [AudioTrackInfo] = []
        for index in 0..<input.streamCount {
            let stream = input.stream(index)
            let parameters = stream.pointee.codecpar!
            switch parameters.pointee.codec_type {
            case AVMEDIA_TYPE_VIDEO:
                if (stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC) != 0 { continue }
                videos.append(VideoTrackInfo(stream: stream, index: index))
            case AVMEDIA_TYPE_AUDIO:
                audios.append(AudioTrackInfo(stream: stream, index: index))
            default:
                continue
            }
        }
        videoTracks = videos
        audioTracks = audios
    }

    /// The first video track, or an error naming the file.
    public func requireVideoTrack() throws(MediaError) -> VideoTrackInfo {
        guard let track = videoTracks.first else { throw .noVideoTrack(path: path) }
        return track
    }
}

func codecName(_ id: AVCodecID) -> String {
    guard let name = avcodec_get_name(id) else { return "unknown" }
    return String(cString: name)
}

/// The clockwise display rotation of a stream (0, 90, 180 or 270), from its display matrix.
func displayRotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
    guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) else { return 0 }
    let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
    guard degrees.isFinite else { return 0 }
    // av_display_rotation_get is counter-clockwise; players rotate clockwise by its negation.
    var clockwise = Int((-degrees).rounded()) % 360
    if clockwise < 0 { clockwise += 360 }
    return ((clockwise + 45) / 90 * 90) % 360
}

extension VideoTrackInfo {
    init(stream: UnsafeMutablePointer<AVStream>, index: Int) {
        let parameters = stream.pointee.codecpar!.pointee
        let timeBase = stream.pointee.time_base
        let rotation = displayRotation(of: stream)
        let format = AVPixelFormat(rawValue: parameters.format)
        var pixelName = "unknown"
        var depth = 8
        if let descriptor = av_pix_fmt_desc_get(format) {
            pixelName = String(cString: descriptor.pointee.name)
            depth = Int(descriptor.pointee.comp.0.depth)
        }
        let swapped = rotation == 90 || rotation == 270
        let average = stream.pointee.avg_frame_rate
        let nominal = stream.pointee.r_frame_rate
        self.init(
            streamIndex: index,
            codec: codecName(parameters.codec_id),
            width: Int(swapped ? parameters.height : parameters.width),
            height: Int(swapped ? parameters.width : parameters.height),
            codedWidth: Int(parameters.width),
            codedHeight: Int(parameters.height),
            rotation: rotation,
            pixelFormatName: pixelName,
            bitDepth: depth,
            averageFrameRate: average.den > 0 && average.num > 0 ? av_q2d(average) : 0,
            nominalFrameRate: nominal.den > 0 && nominal.num > 0 ? av_q2d(nominal) : 0,
            frameCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            startTime: stream.pointee.start_time == cffmpeg_nopts_value() ? .zero : timeBase.time(stream.pointee.start_time),
            duration: stream.pointee.duration == cffmpeg_nopts_value() ? .invalid : timeBase.time(stream.pointee.duration)
        )
    }
}

extension AudioTrackInfo {
    init(stream: UnsafeMutablePointer<AVStream>, index: Int) {
        let parameters = stream.pointee.codecpar!.pointee
        let timeBase = stream.pointee.time_base
        self.init(
            streamIndex: index,
            codec: codecName(parameters.codec_id),
            sampleRate: Int(parameters.sample_rate),
            channelCount: Int(parameters.ch_layout.nb_channels),
            startTime: stream.pointee.start_time == cffmpeg_nopts_value() ? .zero : timeBase.time(stream.pointee.start_time),
            duration: stream.pointee.duration == cffmpeg_nopts_value() ? .invalid : timeBase.time(stream.pointee.duration)
        )
    }
}
