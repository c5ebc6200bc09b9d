internal import CFFmpeg

/// Converts decoded pictures to the pixel format and size a caller asked for (swscale), and
/// applies the display rotation. Reuses its scaler while the input does not change.
final class FrameConverter {
    private var scaler: OpaquePointer? = nil
    private let outputFormat: PixelFormat
    private let outputSize: PixelSize?
    private let rotation: Int
    /// The height of the YUV side of a conversion, which decides the matrix for untagged video.
    var outputHeightHint = 0

    /// `outputSize` is the size after rotation (the displayed orientation).
    init(outputFormat: PixelFormat, outputSize: PixelSize?, rotation: Int) {
        self.outputFormat = outputFormat
        self.outputSize = outputSize
        self.rotation = rotation
    }

    deinit { sws_freeContext(scaler) }

    /// Turns a decoded frame (which this call takes over) into a ``VideoFrame``.
    func convert(taking source: UnsafeMutablePointer<AVFrame>, time: MediaTime, duration: MediaTime,
                 path: String) throws(MediaError) -> VideoFrame {
        let swapped = rotation == 90 || rotation == 270
        let sourceWidth = Int(source.pointee.width), sourceHeight = Int(source.pointee.height)
        // Size before rotation that gives the requested displayed size after it.
        var width = outputSize.map { swapped ? $0.height : $0.width } ?? sourceWidth
        var height = outputSize.map { swapped ? $0.width : $0.height } ?? sourceHeight
        if outputFormat == .yuv420p {
            width += width & 1
            height += height & 1
        }
        let sourceFormat = AVPixelFormat(rawValue: source.pointee.format)
        let upright: VideoFrame
        // A full-range source is converted even to its own format: every yuv420p frame the
        // toolkit hands out is video range, which the compositor, the writer and the detector
        // take for granted (phones often record full-range H.264 and HEVC).
        if sourceFormat == outputFormat.avFormat && width == sourceWidth && height == sourceHeight
            && !(outputFormat == .yuv420p && Self.isFullRange(source)) {
            // No conversion: hand out the decoder's buffer itself (zero copy).
            upright = VideoFrame(taking: source, pixelFormat: outputFormat, time: time, duration: duration)
        } else {
            defer {
                var pointer: UnsafeMutablePointer<AVFrame>? = source
                av_frame_free(&pointer)
            }
            var output = try VideoFrame(width: width, height: height, pixelFormat: outputFormat, time: time, duration: duration, filled: false)
            try scale(source, into: &output, path: path)
            upright = output
        }
        return rotation == 0 ? upright : try upright.rotated(clockwiseDegrees: rotation)
    }

    /// Converts a frame without taking it over (the writer's path).
    func convert(_ frame: VideoFrame, to size: PixelSize, path: String) throws(MediaError) -> VideoFrame {
        if frame.pixelFormat == outputFormat && frame.width == size.width && frame.height == size.height {
            return frame
        }
        var output = try VideoFrame(width: size.width, height: size.height, pixelFormat: outputFormat,
                                    time: frame.time, duration: frame.duration, filled: false)
        try scale(frame.buffer.frame, into: &output, path: path)
        return output
    }

    private func scale(_ source: UnsafeMutablePointer<AVFrame>, into output: inout VideoFrame, path: String) throws(MediaError) {
        let sourceFormat = AVPixelFormat(rawValue: source.pointee.format)
        let resizing = output.width != Int(source.pointee.width) || output.height != Int(source.pointee.height)
        let flags = resizing ? SWS_AREA : SWS_POINT
        scaler = sws_getCachedContext(scaler, source.pointee.width, source.pointee.height, sourceFormat,
                                      Int32(output.width), Int32(output.height), outputFormat.avFormat,
                                      flags, nil, nil, nil)
        guard let scaler else {
            throw .unsupportedCodec(path: path, message: "cannot convert \(pixelFormatName(sourceFormat)) to \(outputFormat)")
        }
        configureColorspace(scaler, source: source)
        output.makeUnique()
        let destination = output.buffer.frame
        let status = withUnsafePointer(to: source.pointee.data) { sourceData in
            withUnsafePointer(to: source.pointee.linesize) { sourceStrides in
                withUnsafePointer(to: destination.pointee.data) { destinationData in
                    withUnsafePointer(to: destination.pointee.linesize) { destinationStrides in
                        sourceData.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sd in
                            sourceStrides.withMemoryRebound(to: Int32.self, capacity: 8) { ss in
                                destinationData.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { dd in
                                    destinationStrides.withMemoryRebound(to: Int32.self, capacity: 8) { ds in
                                        sws_scale(scaler, sd, ss, 0, source.pointee.height, dd, ds)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if status < 0 { throw .corruptData(path: path, message: "pixel conversion failed: \(FFmpegError.text(status))") }
        destination.pointee.color_range = outputFormat == .yuv420p ? AVCOL_RANGE_MPEG : AVCOL_RANGE_JPEG
    }

    /// Whether a decoded picture's luma spans 0...255: tagged so, or in one of the deprecated
    /// "yuvj" formats that imply it (FFmpeg's H.264 and MJPEG decoders use them untagged at times).
    static func isFullRange(_ frame: UnsafePointer<AVFrame>) -> Bool {
        if frame.pointee.color_range == AVCOL_RANGE_JPEG { return true }
        switch AVPixelFormat(rawValue: frame.pointee.format) {
        case AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P:
            return true
        default:
            return false
        }
    }

    /// Tells swscale which YUV matrix and range the source uses (BT.709 for HD video), so
    /// colours do not shift; RGB output is full range.
    private func configureColorspace(_ scaler: OpaquePointer, source: UnsafeMutablePointer<AVFrame>) {
        let space: Int32
        switch source.pointee.colorspace {
        case AVCOL_SPC_BT709: space = SWS_CS_ITU709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: space = SWS_CS_BT2020
        case AVCOL_SPC_SMPTE240M: space = SWS_CS_SMPTE240M
        case AVCOL_SPC_UNSPECIFIED, AVCOL_SPC_RGB:
            // Untagged video follows the usual convention: BT.709 for HD, BT.601 below.
            let height = max(source.pointee.height, Int32(outputHeightHint))
            space = height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601
        default: space = SWS_CS_ITU601
        }
        let sourceFull: Int32 = Self.isFullRange(source) ? 1 : 0
        let destinationFull: Int32 = outputFormat == .yuv420p ? 0 : 1
        let coefficients = sws_getCoefficients(space)
        sws_setColorspaceDetails(scaler, coefficients, sourceFull, coefficients, destinationFull, 0, 1 << 16, 1 << 16)
    }
}

func pixelFormatName(_ format: AVPixelFormat) -> String {
    guard let name = av_get_pix_fmt_name(format) else { return "unknown" }
    return String(cString: name)
}
