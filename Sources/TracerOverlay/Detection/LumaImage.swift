import MediaKitLinux

/// An 8-bit luma image owned by the detector, with a margin of replicated edge pixels on the left
/// and right of every row so that vector loads one pixel before or after a row's ends stay in
/// bounds and see sensible values.
final class LumaImage {
    /// Bytes of margin before the first pixel of each row (a vector's worth, so row starts align).
    static let margin = 32

    let width: Int
    let height: Int
    /// Bytes from one row to the next: the width plus both margins, rounded up to 32.
    let stride: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private let byteCount: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = (width + 2 * LumaImage.margin + 31) / 32 * 32
        self.byteCount = stride * height
        self.storage = .allocate(capacity: byteCount)
        storage.initialize(repeating: 0, count: byteCount)
    }

    deinit { storage.deallocate() }

    /// The first pixel of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { storage + y * stride + LumaImage.margin }

    /// Copies the edge pixels of every row into its margins.
    func replicateEdges() {
        let m = LumaImage.margin
        for y in 0..<height {
            let r = row(y)
            (r - m).update(repeating: r[0], count: m)
            (r + width).update(repeating: r[width - 1], count: stride - m - width)
        }
    }
}

/// Box-filter downscaling from any frame to the analysis size, reading luma only.
///
/// Each output pixel averages the source pixels whose area it covers (source ranges are split
/// at integer boundaries), which keeps a 1-2 px ball's energy instead of skipping it as
/// nearest-neighbour sampling would.
struct LumaDownscaler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let xStart: [Int]
    private let yStart: [Int]

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        xStart = (0...width).map { $0 * sourceWidth / width }
        yStart = (0...height).map { $0 * sourceHeight / height }
    }

    /// Writes the downscaled luma of `frame` into `image` (which must have the output size).
    func scale(_ frame: VideoFrame, into image: LumaImage) {
        let sameSize = frame.width == width && frame.height == height
        switch frame.pixelFormat {
        case .gray8, .yuv420p:
            frame.withUnsafePlane(0) { bytes, stride in
                if sameSize {
                    for y in 0..<height {
                        image.row(y).update(from: bytes.baseAddress! + y * stride, count: width)
                    }
                } else {
                    scaleLuma(base: bytes.baseAddress!, stride: stride, into: image)
                }
            }
        case .bgra, .rgba:
            // Slow path (no caller should need it for video): luma first, then scale.
            let red = frame.pixelFormat == .rgba ? 0 : 2
            var gray = [UInt8](repeating: 0, count: frame.width * frame.height)
            frame.withUnsafePlane(0) { bytes, stride in
                for y in 0..<frame.height {
                    let row = bytes.baseAddress! + y * stride
                    for x in 0..<frame.width {
                        let r = Int(row[4 * x + red]), g = Int(row[4 * x + 1]), b = Int(row[4 * x + 2 - red])
                        gray[y * frame.width + x] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
                    }
                }
            }
            gray.withUnsafeBufferPointer { buffer in
                if sameSize {
                    for y in 0..<height { image.row(y).update(from: buffer.baseAddress! + y * frame.width, count: width) }
                } else {
                    scaleLuma(base: buffer.baseAddress!, stride: frame.width, into: image)
                }
            }
        }
        image.replicateEdges()
    }

    private func scaleLuma(base: UnsafePointer<UInt8>, stride: Int, into image: LumaImage) {
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: sourceWidth)
        defer { sums.deallocate() }
        for oy in 0..<height {
            let y0 = yStart[oy], y1 = max(yStart[oy + 1], y0 + 1)
            sums.update(repeating: 0, count: sourceWidth)
            for sy in y0..<min(y1, sourceHeight) {
                let row = base + sy * stride
                for x in 0..<sourceWidth { sums[x] &+= UInt32(row[x]) }
            }
            let rows = UInt32(min(y1, sourceHeight) - y0)
            let out = image.row(oy)
            for ox in 0..<width {
                let x0 = xStart[ox], x1 = max(xStart[ox + 1], x0 + 1)
                var total: UInt32 = 0
                for x in x0..<min(x1, sourceWidth) { total &+= sums[x] }
                let count = UInt32(min(x1, sourceWidth) - x0) * rows
                out[ox] = UInt8((total + count / 2) / count)
            }
        }
    }
}
