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
final class LumaDownscaler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let yStart: [Int]
    /// First source column of each output column.
    private let xStart: UnsafeMutablePointer<Int32>
    /// Source columns each output column covers.
    private let xCount: UnsafeMutablePointer<Int32>
    /// Column sums of the source rows one output row covers.
    private let sums: UnsafeMutablePointer<UInt32>
    /// Per source-row count, per output column: ceil(2^32 / area) and (area / 2) times that, so
    /// that a multiply-add and a shift divide exactly (sums stay below 2^16 for areas under
    /// 256), where a hardware division per output pixel dominated the whole downscale.
    private let divisionTables: [Int: DivisionTable]
    /// The most source rows any output row covers (16-bit column sums hold up to 257).
    private let maxRowsPerOutput: Int

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        yStart = (0...height).map { $0 * sourceHeight / height }
        xStart = .allocate(capacity: width)
        xCount = .allocate(capacity: width)
        for ox in 0..<width {
            let x0 = ox * sourceWidth / width, x1 = max((ox + 1) * sourceWidth / width, x0 + 1)
            xStart[ox] = Int32(x0)
            xCount[ox] = Int32(min(x1, sourceWidth) - x0)
        }
        sums = .allocate(capacity: sourceWidth)
        maxRowsPerOutput = (0..<height).map { min(max((($0 + 1) * sourceHeight / height), $0 * sourceHeight / height + 1), sourceHeight) - $0 * sourceHeight / height }.max() ?? 1
        var tables: [Int: DivisionTable] = [:]
        for oy in 0..<height {
            let y0 = oy * sourceHeight / height
            let rows = min(max((oy + 1) * sourceHeight / height, y0 + 1), sourceHeight) - y0
            if tables[rows] == nil, let table = DivisionTable(rows: rows, columns: xCount, width: width) { tables[rows] = table }
        }
        divisionTables = tables
    }

    deinit {
        xStart.deallocate()
        xCount.deallocate()
        sums.deallocate()
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
        if maxRowsPerOutput <= 257 {
            scaleLuma(base: base, stride: stride, into: image, sums: UnsafeMutableRawPointer(sums).assumingMemoryBound(to: UInt16.self))
        } else {
            scaleLuma(base: base, stride: stride, into: image, sums: sums)
        }
    }

    /// Column sums in `Sum` (16 bits whenever they fit, so twice as many lanes per vector as 32).
    @inline(__always)
    private func scaleLuma<Sum: FixedWidthInteger & UnsignedInteger>(
        base: UnsafePointer<UInt8>, stride: Int, into image: LumaImage, sums: UnsafeMutablePointer<Sum>
    ) {
        let xStart = self.xStart, xCount = self.xCount
        let sourceWidth = self.sourceWidth
        for oy in 0..<height {
            let y0 = yStart[oy], y1 = min(max(yStart[oy + 1], y0 + 1), sourceHeight)
            // Widening adds over whole rows: vectorised.
            let first = base + y0 * stride
            for x in 0..<sourceWidth { sums[x] = Sum(truncatingIfNeeded: first[x]) }
            var sy = y0 + 1
            while sy < y1 {
                let row = base + sy * stride
                for x in 0..<sourceWidth { sums[x] &+= Sum(truncatingIfNeeded: row[x]) }
                sy += 1
            }
            let rows = y1 - y0
            let out = image.row(oy)
            if let table = divisionTables[rows] {
                // (total + area / 2) / area as one multiply-add and a shift, per column.
                let factor = table.factor, bias = table.bias
                for ox in 0..<width {
                    let x0 = Int(truncatingIfNeeded: xStart[ox]), n = Int(truncatingIfNeeded: xCount[ox])
                    var total = UInt64(truncatingIfNeeded: sums[x0])
                    var k = 1
                    while k < n { total &+= UInt64(truncatingIfNeeded: sums[x0 &+ k]); k &+= 1 }
                    out[ox] = UInt8(truncatingIfNeeded: (total &* factor[ox] &+ bias[ox]) >> 32)
                }
            } else {
                for ox in 0..<width {
                    let x0 = Int(xStart[ox]), n = Int(xCount[ox])
                    var total = 0
                    for k in 0..<n { total += Int(sums[x0 + k]) }
                    let count = n * rows
                    out[ox] = UInt8(truncatingIfNeeded: (total + count / 2) / count)
                }
            }
        }
    }
}

/// Exact division by each output column's box area, for one count of source rows.
private final class DivisionTable {
    let factor: UnsafeMutablePointer<UInt64>
    let bias: UnsafeMutablePointer<UInt64>

    /// Nil when an area reaches 256 (the multiply would no longer divide exactly).
    init?(rows: Int, columns: UnsafeMutablePointer<Int32>, width: Int) {
        guard (0..<width).allSatisfy({ Int(columns[$0]) * rows < 256 }) else { return nil }
        factor = .allocate(capacity: width)
        bias = .allocate(capacity: width)
        for ox in 0..<width {
            let area = UInt64(Int(columns[ox]) * rows)
            factor[ox] = ((UInt64(1) << 32) + area - 1) / area
            bias[ox] = (area / 2) * factor[ox]
        }
    }

    deinit {
        factor.deallocate()
        bias.deallocate()
    }
}
