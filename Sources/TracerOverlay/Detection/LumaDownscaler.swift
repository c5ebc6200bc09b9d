import MediaKitLinux

/// Area-averaging downscale from any frame to the analysis size, reading luma only.
///
/// Each output pixel is the mean of the source area it covers, source pixels weighted by how
/// much of them lies inside (fractions included, as swscale's area filter does). That keeps a
/// 1-2 px ball's energy, where nearest-neighbour sampling would skip it, and keeps it steady
/// from frame to frame: splitting the source at whole pixels instead made a small ball's
/// contrast jump as it moved between 1- and 2-column boxes, which cut tracks short.
final class LumaDownscaler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let columns: AreaWeights
    private let rows: AreaWeights
    /// Two output rows' weighted column sums side by side, the upper row's in the low 32 bits
    /// of each entry and the lower row's in the high 32 (row weights sum to 256, so a sum holds
    /// 16 bits), padded so that every column can read `columns.taps` entries. Column weights
    /// sum to 2^16, so an output pixel's total stays below 2^32 in each half, and one 64-bit
    /// multiply-add weighs a column for both rows: the horizontal pass, which dominates the
    /// downscale, takes half the multiplies.
    private let pairs: UnsafeMutablePointer<UInt64>
    /// One row's vertical sums, before they are paired.
    private let upper: UnsafeMutablePointer<UInt16>
    private let lower: UnsafeMutablePointer<UInt16>
    /// Column weights widened to 64 bits for the paired multiply.
    private let columnWeights: UnsafeMutablePointer<UInt64>

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        columns = AreaWeights(source: sourceWidth, output: width, total: 1 << 16)
        rows = AreaWeights(source: sourceHeight, output: height, total: 256)
        let padded = sourceWidth + columns.taps
        pairs = .allocate(capacity: padded)
        pairs.initialize(repeating: 0, count: padded)
        upper = .allocate(capacity: padded)
        upper.initialize(repeating: 0, count: padded)
        lower = .allocate(capacity: padded)
        lower.initialize(repeating: 0, count: padded)
        columnWeights = .allocate(capacity: max(width * columns.taps, 1))
        for i in 0..<max(width * columns.taps, 1) { (columnWeights + i).initialize(to: UInt64(columns.weights[i])) }
    }

    deinit {
        pairs.deallocate()
        upper.deallocate()
        lower.deallocate()
        columnWeights.deallocate()
    }

    /// Writes the downscaled luma of `frame` into `image` (which must have the output size),
    /// stretched to full range when the frame holds video-range luma.
    func scale(_ frame: VideoFrame, into image: LumaImage) {
        let sameSize = frame.width == width && frame.height == height
        switch frame.pixelFormat {
        case .gray8, .yuv420p:
            let stretch = !frame.isFullRange
            frame.withUnsafePlane(0) { bytes, stride in
                if sameSize {
                    Self.videoRangeTable.withUnsafeBufferPointer { table in
                        for y in 0..<height {
                            let source = bytes.baseAddress! + y * stride, row = image.row(y)
                            if stretch {
                                for x in 0..<width { row[x] = table[Int(source[x])] }
                            } else {
                                row.update(from: source, count: width)
                            }
                        }
                    }
                } else {
                    scaleLuma(base: bytes.baseAddress!, stride: stride, into: image, stretchingVideoRange: stretch)
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
                    scaleLuma(base: buffer.baseAddress!, stride: frame.width, into: image, stretchingVideoRange: false)
                }
            }
        }
        image.replicateEdges()
    }

    /// Video-range luma (16...235) stretched to 0...255, so that the detector sees the same
    /// contrasts in decoded yuv420p video as in full-range gray (its thresholds are in
    /// full-range steps).
    private static let videoRangeTable: [UInt8] = (0..<256).map { v in
        UInt8(clamping: Int(((Double(v) - 16) * 255 / 219).rounded()))
    }

    /// Downscales into `image`, stretching video-range luma to full range when asked.
    private func scaleLuma(base: UnsafePointer<UInt8>, stride: Int, into image: LumaImage,
                           stretchingVideoRange stretch: Bool) {
        guard rows.isPrecise && columns.isPrecise else {
            // Row weights in 1/256 would be too coarse; no analysis size comes near this.
            scaleLumaExactly(base: base, stride: stride, into: image)
            if stretch {
                for y in 0..<height { for x in 0..<width { image.row(y)[x] = Self.videoRangeTable[Int(image.row(y)[x])] } }
            }
            return
        }
        // The stretch is applied to the exact weighted sum (24 fractional bits), not to the
        // rounded average: rounding first would leave only every other level after the stretch
        // and cost a faint ball a level of its contrast.
        for oy in Swift.stride(from: 0, to: height, by: 2) {
            verticalSums(row: oy, base: base, stride: stride, into: upper)
            // An odd last row is paired with itself (its copy's results are not stored).
            verticalSums(row: min(oy + 1, height - 1), base: base, stride: stride, into: lower)
            let pairs = self.pairs, upper = self.upper, lower = self.lower
            for x in 0..<sourceWidth { pairs[x] = UInt64(upper[x]) | UInt64(lower[x]) &<< 32 }
            let first = image.row(oy), second = oy + 1 < height ? image.row(oy + 1) : nil
            if stretch {
                horizontal(first, second) {
                    let t = Int64($0) &- (16 << 24)
                    let v = (t &* 76309 &+ (1 << 39)) &>> 40
                    return UInt8(truncatingIfNeeded: min(max(v, 0), 255))
                }
            } else {
                horizontal(first, second) { UInt8(truncatingIfNeeded: ($0 &+ (1 << 23)) >> 24) }
            }
        }
    }

    /// Weighted sum of the source rows output row `oy` covers, for every source column
    /// (vectorised: 16-bit multiply-adds over whole rows).
    @inline(__always)
    private func verticalSums(row oy: Int, base: UnsafePointer<UInt8>, stride: Int, into sums: UnsafeMutablePointer<UInt16>) {
        let rowStart = rows.start, rowWeights = rows.weights, rowTaps = rows.taps, sourceWidth = self.sourceWidth
        let first = base + rowStart[oy] * stride
        let w0 = UInt16(truncatingIfNeeded: rowWeights[oy * rowTaps])
        for x in 0..<sourceWidth { sums[x] = w0 &* UInt16(truncatingIfNeeded: first[x]) }
        for k in 1..<max(rowTaps, 1) {
            let w = UInt16(truncatingIfNeeded: rowWeights[oy * rowTaps + k])
            if w == 0 { break }
            let row = base + (rowStart[oy] + k) * stride
            for x in 0..<sourceWidth { sums[x] &+= w &* UInt16(truncatingIfNeeded: row[x]) }
        }
    }

    /// Each output column's weighted sum of its columns of ``pairs`` (unused taps weigh 0),
    /// both rows at once, stored through `level`; the usual tap counts are spelled out so that
    /// the loop over taps disappears.
    @inline(__always)
    private func horizontal(_ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>?,
                            level: (UInt32) -> UInt8) {
        let start = columns.start, weights = columnWeights, taps = columns.taps, v = pairs, width = self.width
        @inline(__always) func put(_ ox: Int, _ total: UInt64) {
            first[ox] = level(UInt32(truncatingIfNeeded: total))
            second?[ox] = level(UInt32(truncatingIfNeeded: total &>> 32))
        }
        switch taps {
        case 2:
            for ox in 0..<width {
                let w = weights + ox &* 2, p = v + start[ox]
                put(ox, w[0] &* p[0] &+ w[1] &* p[1])
            }
        case 3:
            for ox in 0..<width {
                let w = weights + ox &* 3, p = v + start[ox]
                put(ox, w[0] &* p[0] &+ w[1] &* p[1] &+ w[2] &* p[2])
            }
        case 4:
            for ox in 0..<width {
                let w = weights + ox &* 4, p = v + start[ox]
                put(ox, w[0] &* p[0] &+ w[1] &* p[1] &+ w[2] &* p[2] &+ w[3] &* p[3])
            }
        case 5:
            for ox in 0..<width {
                let w = weights + ox &* 5, p = v + start[ox]
                put(ox, w[0] &* p[0] &+ w[1] &* p[1] &+ w[2] &* p[2] &+ w[3] &* p[3] &+ w[4] &* p[4])
            }
        case 6:
            for ox in 0..<width {
                let w = weights + ox &* 6, p = v + start[ox]
                put(ox, w[0] &* p[0] &+ w[1] &* p[1] &+ w[2] &* p[2] &+ w[3] &* p[3] &+ w[4] &* p[4] &+ w[5] &* p[5])
            }
        default:
            for ox in 0..<width {
                let w = weights + ox &* taps, p = v + start[ox]
                var total: UInt64 = 0
                for k in 0..<taps { total &+= w[k] &* p[k] }
                put(ox, total)
            }
        }
    }
}

extension LumaDownscaler {
    /// The area average in floating point, for extreme reductions.
    fileprivate func scaleLumaExactly(base: UnsafePointer<UInt8>, stride: Int, into image: LumaImage) {
        let rx = Double(sourceWidth) / Double(width), ry = Double(sourceHeight) / Double(height)
        for oy in 0..<height {
            let ylo = Double(oy) * ry, yhi = Double(oy + 1) * ry
            for ox in 0..<width {
                let xlo = Double(ox) * rx, xhi = Double(ox + 1) * rx
                var total = 0.0
                for y in Int(ylo)..<min(Int(yhi.rounded(.up)), sourceHeight) {
                    let wy = min(yhi, Double(y + 1)) - max(ylo, Double(y))
                    let row = base + y * stride
                    for x in Int(xlo)..<min(Int(xhi.rounded(.up)), sourceWidth) {
                        total += wy * (min(xhi, Double(x + 1)) - max(xlo, Double(x))) * Double(row[x])
                    }
                }
                image.row(oy)[ox] = UInt8(clamping: Int((total / (rx * ry)).rounded()))
            }
        }
    }
}

/// The source pixels each output pixel of a 1-D area-averaging resize covers, with integer
/// weights that sum to exactly `total` per output pixel.
final class AreaWeights {
    /// Taps per output pixel (the most any covers); missing ones weigh 0.
    let taps: Int
    /// Whether the integer weights are fine enough for the ratio (each tap at least 1/8 of an
    /// output pixel's total); otherwise the caller must resize another way.
    let isPrecise: Bool
    /// First source pixel of each output pixel.
    let start: UnsafeMutablePointer<Int>
    /// `taps` weights per output pixel.
    let weights: UnsafeMutablePointer<UInt32>

    init(source: Int, output: Int, total: Int) {
        let ratio = Double(source) / Double(output)
        isPrecise = ratio <= Double(total) / 8
        var spans: [(Int, [Int])] = []
        for i in 0..<output {
            let lo = Double(i) * ratio, hi = Double(i + 1) * ratio
            let first = min(Int(lo.rounded(.down)), source - 1)
            let last = max(min(Int(hi.rounded(.up)) - 1, source - 1), first)
            var w = (first...last).map { s -> Int in
                let overlap = min(hi, Double(s + 1)) - max(lo, Double(s))
                return Int((max(overlap, 0) / ratio * Double(total)).rounded())
            }
            // Rounding can miss the total by a few steps: settle it on the heaviest tap.
            let heaviest = w.indices.max { w[$0] < w[$1] }!
            w[heaviest] = max(w[heaviest] + total - w.reduce(0, +), 0)
            // Drop empty taps at the ends (a boundary that falls exactly on a pixel edge).
            var begin = first
            while w.count > 1 && w[0] == 0 { w.removeFirst(); begin += 1 }
            while w.count > 1 && w[w.count - 1] == 0 { w.removeLast() }
            spans.append((begin, w))
        }
        taps = spans.map { $0.1.count }.max() ?? 1
        start = .allocate(capacity: max(output, 1))
        weights = .allocate(capacity: max(output * taps, 1))
        weights.initialize(repeating: 0, count: max(output * taps, 1))
        for (i, span) in spans.enumerated() {
            start[i] = span.0
            for (k, w) in span.1.enumerated() { weights[i * taps + k] = UInt32(w) }
        }
    }

    deinit {
        start.deallocate()
        weights.deallocate()
    }
}
