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
    /// Eight output rows' vertical sums for every source column, the eight side by side
    /// (column x's at `8 * x`), padded so that every output column can read `columns.taps`
    /// columns. Row weights sum to 256, so a sum holds 16 bits; column weights fit 16 bits
    /// too (see ``weighsEightRows``), so one 16-bit multiply pair (low and high halves, SSE2)
    /// weighs a column for all eight rows: the horizontal pass, a gather that no row-wise
    /// vector can do, then takes an eighth of the multiplies.
    private let columnSums: UnsafeMutablePointer<UInt16>
    /// Eight output rows' vertical sums, one row after another (``blockWidth`` each), before
    /// they are transposed into ``columnSums`` eight columns at a time.
    private let rowSums: UnsafeMutablePointer<UInt16>
    /// The source width rounded up to whole blocks of eight columns.
    private let blockWidth: Int
    /// Each output column's tap weights, each repeated over the eight rows.
    private let tapWeights: UnsafeMutablePointer<UInt16>
    /// Eight output rows' levels, column by column (column x's at `8 * x`).
    private let levels: UnsafeMutablePointer<UInt8>
    /// Whether every column weight fits 16 bits, or there is one tap (a width kept as it is,
    /// weighed by a shift). Otherwise the weights are too coarse for this path.
    private let weighsEightRows: Bool

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        columns = AreaWeights(source: sourceWidth, output: width, total: 1 << 16)
        rows = AreaWeights(source: sourceHeight, output: height, total: 256)
        blockWidth = (sourceWidth + 7) / 8 * 8
        // The last block's transpose writes up to the block width.
        let padded = max(sourceWidth + columns.taps, blockWidth)
        columnSums = .allocate(capacity: 8 * padded)
        columnSums.initialize(repeating: 0, count: 8 * padded)
        rowSums = .allocate(capacity: 8 * max(blockWidth, 1))
        rowSums.initialize(repeating: 0, count: 8 * max(blockWidth, 1))
        let tapCount = max(width * columns.taps, 1)
        tapWeights = .allocate(capacity: 8 * tapCount)
        var fits = true
        for i in 0..<tapCount {
            let w = i < width * columns.taps ? columns.weights[i] : 0
            fits = fits && w <= UInt32(UInt16.max)
            (tapWeights + 8 * i).initialize(repeating: UInt16(truncatingIfNeeded: w), count: 8)
        }
        weighsEightRows = fits || columns.taps == 1
        levels = .allocate(capacity: 8 * max(width, 1))
        levels.initialize(repeating: 0, count: 8 * max(width, 1))
    }

    deinit {
        columnSums.deallocate()
        rowSums.deallocate()
        tapWeights.deallocate()
        levels.deallocate()
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
        guard rows.isPrecise && columns.isPrecise && weighsEightRows else {
            // Row weights in 1/256 would be too coarse, or a column weight needs more than 16
            // bits (an output pixel nearly one source pixel wide); no analysis size comes near this.
            scaleLumaExactly(base: base, stride: stride, into: image)
            if stretch {
                for y in 0..<height { for x in 0..<width { image.row(y)[x] = Self.videoRangeTable[Int(image.row(y)[x])] } }
            }
            return
        }
        for oy in Swift.stride(from: 0, to: height, by: 8) {
            // A last group of fewer than eight rows repeats its last row (the copies' results
            // are not stored).
            for r in 0..<8 {
                verticalSums(row: min(oy + r, height - 1), base: base, stride: stride, into: rowSums + r * blockWidth)
            }
            interleaveRowSums()
            switch (columns.taps, stretch) {
            case (1, _): horizontalShift(stretch: stretch)
            case (2, false): horizontal(taps: 2, stretch: false)
            case (2, true): horizontal(taps: 2, stretch: true)
            case (3, false): horizontal(taps: 3, stretch: false)
            case (3, true): horizontal(taps: 3, stretch: true)
            case (4, false): horizontal(taps: 4, stretch: false)
            case (4, true): horizontal(taps: 4, stretch: true)
            case (5, false): horizontal(taps: 5, stretch: false)
            case (5, true): horizontal(taps: 5, stretch: true)
            case (6, false): horizontal(taps: 6, stretch: false)
            case (6, true): horizontal(taps: 6, stretch: true)
            default: horizontal(taps: columns.taps, stretch: stretch)
            }
            storeLevels(rows: oy, into: image)
        }
    }

    /// ``rowSums`` into ``columnSums``: each source column's eight sums side by side.
    private func interleaveRowSums() {
        let from = UnsafeRawPointer(rowSums), to = UnsafeMutableRawPointer(columnSums), row = 2 &* blockWidth
        for x in Swift.stride(from: 0, to: blockWidth, by: 8) {
            let p = from + 2 &* x
            let c = Transpose8x8.transpose(
                p.loadUnaligned(as: SIMD8<UInt16>.self), (p + row).loadUnaligned(as: SIMD8<UInt16>.self),
                (p + 2 &* row).loadUnaligned(as: SIMD8<UInt16>.self), (p + 3 &* row).loadUnaligned(as: SIMD8<UInt16>.self),
                (p + 4 &* row).loadUnaligned(as: SIMD8<UInt16>.self), (p + 5 &* row).loadUnaligned(as: SIMD8<UInt16>.self),
                (p + 6 &* row).loadUnaligned(as: SIMD8<UInt16>.self), (p + 7 &* row).loadUnaligned(as: SIMD8<UInt16>.self))
            let q = to + 16 &* x
            q.storeBytes(of: c.0, toByteOffset: 0, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.1, toByteOffset: 16, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.2, toByteOffset: 32, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.3, toByteOffset: 48, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.4, toByteOffset: 64, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.5, toByteOffset: 80, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.6, toByteOffset: 96, as: SIMD8<UInt16>.self)
            q.storeBytes(of: c.7, toByteOffset: 112, as: SIMD8<UInt16>.self)
        }
    }

    /// ``levels`` into the image's rows `oy` on (eight, or as many as are left), eight columns
    /// at a time.
    private func storeLevels(rows oy: Int, into image: LumaImage) {
        let from = UnsafeRawPointer(levels), count = min(8, height - oy)
        var ox = 0
        while ox + 8 <= width {
            let p = from + 8 &* ox
            let r = Transpose8x8.transpose(
                p.loadUnaligned(as: SIMD8<UInt8>.self), (p + 8).loadUnaligned(as: SIMD8<UInt8>.self),
                (p + 16).loadUnaligned(as: SIMD8<UInt8>.self), (p + 24).loadUnaligned(as: SIMD8<UInt8>.self),
                (p + 32).loadUnaligned(as: SIMD8<UInt8>.self), (p + 40).loadUnaligned(as: SIMD8<UInt8>.self),
                (p + 48).loadUnaligned(as: SIMD8<UInt8>.self), (p + 56).loadUnaligned(as: SIMD8<UInt8>.self))
            func store(_ levels: SIMD8<UInt8>, _ k: Int) {
                if k < count { UnsafeMutableRawPointer(image.row(oy &+ k) + ox).storeBytes(of: levels, as: SIMD8<UInt8>.self) }
            }
            store(r.0, 0); store(r.1, 1); store(r.2, 2); store(r.3, 3)
            store(r.4, 4); store(r.5, 5); store(r.6, 6); store(r.7, 7)
            ox &+= 8
        }
        let levels = self.levels
        for k in 0..<count {
            let row = image.row(oy + k)
            for x in ox..<width { row[x] = levels[8 &* x &+ k] }
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

    /// Each output column's weighted sum of its columns of ``columnSums`` (unused taps weigh
    /// 0), eight rows at once, turned into levels in ``levels``. Called with constant
    /// arguments, so that the loop over taps unrolls and the level's branch goes.
    @inline(__always)
    private func horizontal(taps: Int, stretch: Bool) {
        let start = columns.start, sums = UnsafeRawPointer(columnSums), weights = UnsafeRawPointer(tapWeights)
        let levels = UnsafeMutableRawPointer(self.levels)
        for ox in 0..<width {
            let p = sums + 16 &* start[ox], w = weights + 16 &* taps &* ox
            var total = SIMD8<UInt32>.zero
            for k in 0..<taps {
                // Both factors below 2^16: the product is the 16-bit multiply's two halves.
                let column = SIMD8<UInt32>(truncatingIfNeeded: p.loadUnaligned(fromByteOffset: 16 &* k, as: SIMD8<UInt16>.self))
                let weight = SIMD8<UInt32>(truncatingIfNeeded: w.loadUnaligned(fromByteOffset: 16 &* k, as: SIMD8<UInt16>.self))
                total &+= column &* weight
            }
            levels.storeBytes(of: Self.level(total, stretch: stretch), toByteOffset: 8 &* ox, as: SIMD8<UInt8>.self)
        }
    }

    /// ``horizontal(taps:stretch:)`` for a width kept as it is: one tap weighing 2^16.
    private func horizontalShift(stretch: Bool) {
        let start = columns.start, sums = UnsafeRawPointer(columnSums), levels = UnsafeMutableRawPointer(self.levels)
        for ox in 0..<width {
            let column = sums.loadUnaligned(fromByteOffset: 16 &* start[ox], as: SIMD8<UInt16>.self)
            let total = SIMD8<UInt32>(truncatingIfNeeded: column) &<< 16
            levels.storeBytes(of: Self.level(total, stretch: stretch), toByteOffset: 8 &* ox, as: SIMD8<UInt8>.self)
        }
    }

    /// 255 / 219 levels per video-range level, over a quarter of the sum's 2^24.
    static var videoRangeScale: Float { Float(255.0 / 219.0 / 4_194_304.0) }
    /// 1.5 * 2^23: added to a value under 2^22 in magnitude, rounds it to an integer held in
    /// the low bits of its representation.
    static var roundingBias: Float { 12_582_912 }

    /// The levels of eight exact weighted sums (24 fractional bits). The video-range stretch
    /// is applied to the exact sum, not to the rounded average: rounding first would leave
    /// only every other level after the stretch and cost a faint ball a level of its
    /// contrast. In single precision the sum keeps 2^-14 of a level, and the stretched value
    /// is rounded half to even by adding 1.5 * 2^23 (whose unit in the last place is 1).
    @inline(__always)
    static func level(_ total: SIMD8<UInt32>, stretch: Bool) -> SIMD8<UInt8> {
        guard stretch else { return SIMD8<UInt8>(truncatingIfNeeded: (total &+ (1 << 23)) &>> 24) }
        // A quarter of the sum, centred on black, fits a signed 32-bit lane.
        let centred = SIMD8<Int32>(truncatingIfNeeded: (total &>> 2) &- (16 << 22))
        let rounded = SIMD8<Float>(centred) * videoRangeScale + roundingBias
        var v = unsafeBitCast(rounded, to: SIMD8<Int32>.self) &- Int32(bitPattern: roundingBias.bitPattern)
        // Clamped to 0...255 with shifts and masks (comparisons would not stay in vectors).
        v &= ~(v &>> 31)
        let over = (255 &- v) &>> 31
        v = (v & ~over) | (255 & over)
        return SIMD8<UInt8>(truncatingIfNeeded: v)
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
