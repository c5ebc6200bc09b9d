extension VideoFrame {
    /// A copy of this frame turned clockwise by 90, 180 or 270 degrees (0 returns it as is):
    /// how the reader presents phone videos upright.
    public func rotated(clockwiseDegrees degrees: Int) throws(MediaError) -> VideoFrame {
        let turn = ((degrees % 360) + 360) % 360
        guard turn % 90 == 0 else { throw .invalidArgument("rotation must be a multiple of 90 degrees, not \(degrees)") }
        if turn == 0 { return self }
        let swapped = turn != 180
        var output = try VideoFrame(width: swapped ? height : width, height: swapped ? width : height,
                                    pixelFormat: pixelFormat, time: time, duration: duration, filled: false)
        for plane in 0..<planeCount {
            let sourceWidth = pixelFormat.planeWidth(plane, frameWidth: width)
            let sourceHeight = pixelFormat.planeHeight(plane, frameHeight: height)
            let pixelBytes = plane == 0 ? pixelFormat.bytesPerPixel : 1
            withUnsafePlane(plane) { source, sourceStride in
                output.withUnsafeMutablePlane(plane) { destination, destinationStride in
                    if pixelBytes == 4 {
                        Self.rotate(UInt32.self, source, sourceStride, destination, destinationStride, sourceWidth, sourceHeight, turn)
                    } else {
                        Self.rotate(UInt8.self, source, sourceStride, destination, destinationStride, sourceWidth, sourceHeight, turn)
                    }
                }
            }
        }
        return output
    }

    private static func rotate<Pixel>(_: Pixel.Type, _ source: UnsafeBufferPointer<UInt8>, _ sourceStride: Int,
                                      _ destination: UnsafeMutableBufferPointer<UInt8>, _ destinationStride: Int,
                                      _ width: Int, _ height: Int, _ turn: Int) {
        let sourceBase = UnsafeRawPointer(source.baseAddress!)
        let destinationBase = UnsafeMutableRawPointer(destination.baseAddress!)
        let size = MemoryLayout<Pixel>.stride
        for y in 0..<height {
            let row = sourceBase + y * sourceStride
            for x in 0..<width {
                let (dx, dy): (Int, Int)
                switch turn {
                case 90: (dx, dy) = (height - 1 - y, x)
                case 180: (dx, dy) = (width - 1 - x, height - 1 - y)
                default: (dx, dy) = (y, width - 1 - x)
                }
                let value = row.loadUnaligned(fromByteOffset: x * size, as: Pixel.self)
                (destinationBase + dy * destinationStride).storeBytes(of: value, toByteOffset: dx * size, as: Pixel.self)
            }
        }
    }
}

extension VideoFrame {
    /// A copy in another pixel format and/or size (swscale; area averaging when shrinking).
    /// RGB <-> YUV uses BT.709 for frames 720 rows or taller and BT.601 below, as players do for
    /// untagged video.
    public func converted(to format: PixelFormat, size: PixelSize? = nil) throws(MediaError) -> VideoFrame {
        let target = size ?? PixelSize(width: width, height: height)
        let converter = FrameConverter(outputFormat: format, outputSize: target, rotation: 0)
        converter.outputHeightHint = target.height
        return try converter.convert(self, to: target, path: "frame")
    }
}
