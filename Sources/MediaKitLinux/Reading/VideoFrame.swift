internal import CFFmpeg
import Foundation

/// Owns one FFmpeg frame; freed when the last ``VideoFrame`` sharing it goes away.
final class FrameBuffer {
    let frame: UnsafeMutablePointer<AVFrame>

    /// Takes ownership of `frame`.
    init(taking frame: UnsafeMutablePointer<AVFrame>) { self.frame = frame }

    deinit {
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
    }
}

/// One picture with its presentation time: the value type that readers produce, drawing
/// code edits and writers consume.
///
/// Pixels live in reference-counted memory shared between copies; the first mutation of a
/// shared frame copies it (copy-on-write), so a `VideoFrame` behaves as a value. Rows are
/// padded: always use ``bytesPerRow(plane:)``.
public struct VideoFrame: @unchecked Sendable {
    // @unchecked: the buffer is only mutated after `makeUnique()` proved it is not shared.
    var buffer: FrameBuffer

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel layout.
    public let pixelFormat: PixelFormat
    /// Presentation time from the start of the video (stream PTS minus the stream's start time).
    public var time: MediaTime
    /// How long the frame is shown; invalid when unknown.
    public var duration: MediaTime

    /// Whether luma spans 0...255 (full range) rather than 16...235 (video range). gray8 and
    /// RGB frames are full range; yuv420p frames are video range: the reader converts full-range
    /// sources (JPEG-style "yuvj" video, as many phones record) when it decodes them.
    public var isFullRange: Bool {
        pixelFormat != .yuv420p || buffer.frame.pointee.color_range == AVCOL_RANGE_JPEG
    }

    /// Allocates a frame. RGB frames start transparent black, gray8 black, yuv420p video black.
    /// - Throws: ``MediaError/invalidArgument(_:)`` for a non-positive size or an odd yuv420p size.
    public init(width: Int, height: Int, pixelFormat: PixelFormat,
                time: MediaTime = .zero, duration: MediaTime = .invalid) throws(MediaError) {
        try self.init(width: width, height: height, pixelFormat: pixelFormat, time: time, duration: duration, filled: true)
    }

    /// Allocates a frame, leaving the pixels uninitialised unless `filled`.
    init(width: Int, height: Int, pixelFormat: PixelFormat,
         time: MediaTime, duration: MediaTime, filled: Bool) throws(MediaError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .invalidArgument("frame size \(width)x\(height) must be between 1 and 16384")
        }
        if pixelFormat == .yuv420p && (width % 2 != 0 || height % 2 != 0) {
            throw .invalidArgument("yuv420p frames need an even size, not \(width)x\(height)")
        }
        guard let frame = av_frame_alloc() else { throw .invalidArgument("out of memory allocating a frame") }
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = pixelFormat.avFormat.rawValue
        let buffer = FrameBuffer(taking: frame)
        let status = av_frame_get_buffer(frame, 0)
        guard status >= 0 else {
            throw .invalidArgument("cannot allocate a \(width)x\(height) frame: \(FFmpegError.text(status))")
        }
        self.buffer = buffer
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.time = time
        self.duration = duration
        for plane in 0..<pixelFormat.planeCount where filled {
            let fill: UInt8 = (pixelFormat == .yuv420p) ? (plane == 0 ? 16 : 128) : 0
            withUnsafeMutablePlane(plane) { bytes, _ in
                bytes.initialize(repeating: fill)
            }
        }
    }

    /// Wraps an FFmpeg frame this value now owns.
    init(taking frame: UnsafeMutablePointer<AVFrame>, pixelFormat: PixelFormat, time: MediaTime, duration: MediaTime) {
        self.buffer = FrameBuffer(taking: frame)
        self.width = Int(frame.pointee.width)
        self.height = Int(frame.pointee.height)
        self.pixelFormat = pixelFormat
        self.time = time
        self.duration = duration
    }

    /// The number of planes (1, or 3 for yuv420p).
    public var planeCount: Int { pixelFormat.planeCount }

    /// The distance in bytes between the starts of two rows of `plane` (at least its width in bytes).
    public func bytesPerRow(plane: Int = 0) -> Int {
        precondition(plane >= 0 && plane < planeCount, "plane \(plane) out of range")
        return planeStride(buffer.frame, plane)
    }

    /// The number of rows in `plane`.
    public func rows(plane: Int = 0) -> Int { pixelFormat.planeHeight(plane, frameHeight: height) }

    /// Calls `body` with the bytes of `plane` (rows of ``bytesPerRow(plane:)`` bytes, the last
    /// row possibly shorter) and the row stride.
    public func withUnsafePlane<R, E: Error>(
        _ plane: Int, _ body: (UnsafeBufferPointer<UInt8>, _ bytesPerRow: Int) throws(E) -> R
    ) throws(E) -> R {
        let stride = bytesPerRow(plane: plane)
        let count = stride * (rows(plane: plane) - 1) + pixelFormat.planeWidth(plane, frameWidth: width) * (plane == 0 ? pixelFormat.bytesPerPixel : 1)
        let base = UnsafePointer(planeData(buffer.frame, plane)!)
        return try body(UnsafeBufferPointer(start: base, count: count), stride)
    }

    /// Calls `body` with writable bytes of `plane`, first copying the pixels if another
    /// `VideoFrame` shares them.
    public mutating func withUnsafeMutablePlane<R, E: Error>(
        _ plane: Int, _ body: (UnsafeMutableBufferPointer<UInt8>, _ bytesPerRow: Int) throws(E) -> R
    ) throws(E) -> R {
        makeUnique()
        let stride = bytesPerRow(plane: plane)
        let count = stride * (rows(plane: plane) - 1) + pixelFormat.planeWidth(plane, frameWidth: width) * (plane == 0 ? pixelFormat.bytesPerPixel : 1)
        let base = planeData(buffer.frame, plane)!
        return try body(UnsafeMutableBufferPointer(start: base, count: count), stride)
    }

    /// Ensures this value alone owns writable pixels.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&buffer) {
            guard let copy = av_frame_clone(buffer.frame) else { fatalError("out of memory cloning a frame") }
            buffer = FrameBuffer(taking: copy)
        }
        // Decoded frames may share their data with the decoder's pool; copy those too.
        if av_frame_is_writable(buffer.frame) == 0 {
            let status = av_frame_make_writable(buffer.frame)
            precondition(status >= 0, "out of memory making a frame writable")
        }
    }

    /// The pixel at (`x`, `y`) of a single-plane format, as its bytes (4 for RGB, 1 for gray).
    /// For yuv420p, the (Y, U, V) samples covering that pixel. Meant for tests and tools.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        switch pixelFormat {
        case .yuv420p:
            return (0..<3).map { plane in
                withUnsafePlane(plane) { bytes, stride in
                    plane == 0 ? bytes[y * stride + x] : bytes[(y / 2) * stride + x / 2]
                }
            }
        default:
            let n = pixelFormat.bytesPerPixel
            return withUnsafePlane(0) { bytes, stride in Array(bytes[(y * stride + x * n)..<(y * stride + x * n + n)]) }
        }
    }
}

extension VideoFrame: Equatable {
    /// Frames are equal when size, format, time and every visible pixel are equal (row padding
    /// is ignored).
    public static func == (lhs: VideoFrame, rhs: VideoFrame) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixelFormat == rhs.pixelFormat,
              lhs.time == rhs.time else { return false }
        return lhs.hasSamePixels(as: rhs)
    }

    /// Whether every visible pixel equals `other`'s, ignoring times and row padding.
    public func hasSamePixels(as other: VideoFrame) -> Bool {
        guard width == other.width, height == other.height, pixelFormat == other.pixelFormat else { return false }
        for plane in 0..<planeCount {
            let rowBytes = pixelFormat.planeWidth(plane, frameWidth: width) * (plane == 0 ? pixelFormat.bytesPerPixel : 1)
            let equal = withUnsafePlane(plane) { a, sa in
                other.withUnsafePlane(plane) { b, sb in
                    for row in 0..<rows(plane: plane) {
                        if memcmp(a.baseAddress! + row * sa, b.baseAddress! + row * sb, rowBytes) != 0 { return false }
                    }
                    return true
                }
            }
            if !equal { return false }
        }
        return true
    }
}


/// The start of plane `i` of an FFmpeg frame (Swift imports the C array as a tuple).
func planeData(_ frame: UnsafeMutablePointer<AVFrame>, _ i: Int) -> UnsafeMutablePointer<UInt8>? {
    withUnsafeBytes(of: frame.pointee.data) {
        $0.load(fromByteOffset: i * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride, as: UnsafeMutablePointer<UInt8>?.self)
    }
}

/// The row stride of plane `i` of an FFmpeg frame.
func planeStride(_ frame: UnsafeMutablePointer<AVFrame>, _ i: Int) -> Int {
    withUnsafeBytes(of: frame.pointee.linesize) { Int($0.load(fromByteOffset: i * 4, as: Int32.self)) }
}
