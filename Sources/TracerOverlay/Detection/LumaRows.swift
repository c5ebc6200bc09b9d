/// Rows of 8-bit luma pixels: an analysis-size image or a full-size frame's plane, so the
/// comparisons a local search makes read either alike.
protocol LumaRows {
    /// The first pixel of row `y`.
    func pixels(_ y: Int) -> UnsafePointer<UInt8>
}

extension LumaRows {
    /// The sum of the pixels in columns `xs` of rows `ys` (both inside the image).
    func sum(columns xs: ClosedRange<Int>, rows ys: ClosedRange<Int>) -> Int {
        var total = 0
        let n = xs.count
        for y in ys {
            // A row's sum in 32 bits (255 a pixel over 16 million pixels would still fit), over
            // a plain index range: the shape the compiler vectorises.
            let r = pixels(y) + xs.lowerBound
            var row: UInt32 = 0
            for i in 0..<n { row &+= UInt32(r[i]) }
            total += Int(row)
        }
        return total
    }
}

extension LumaImage {
    /// The mean of the 3x3 pixels around (`x`, `y`), clamped to the image.
    func mean3x3(x: Int, y: Int) -> Int {
        let xs = max(x - 1, 0)...min(x + 1, width - 1), ys = max(y - 1, 0)...min(y + 1, height - 1)
        return sum(columns: xs, rows: ys) / (xs.count * ys.count)
    }
}

/// How much brighter `current` is than each of `references` over the box `xs` x `ys` (the
/// mean luma difference, rounded to a step): the light's change since each reference
/// (exposure, clouds), which a comparison with it takes off (``changes(inColumns:rows:of:beyond:offsets:polarity:)``).
func lightOffsets<C: LumaRows, R: LumaRows>(inColumns xs: ClosedRange<Int>, rows ys: ClosedRange<Int>, of current: C,
                                            since references: [R]) -> [Int] {
    let area = Double(xs.count * ys.count)
    let currentLevel = current.sum(columns: xs, rows: ys)
    return references.map { Int((Double(currentLevel - $0.sum(columns: xs, rows: ys)) / area).rounded()) }
}

/// How far each pixel of the box `xs` x `ys` of `current` lies beyond every pixel of the 3x3
/// neighbourhood of the same place in `references` (each raised by its `offsets` level),
/// brighter for a positive `polarity`, darker otherwise: negative where it does not. Row by row;
/// the box and a pixel around it must lie inside every image. References show the background
/// where the object now is, and the neighbourhood absorbs a pixel of camera shake. Each
/// reference's 3x3 extreme is taken along rows and then down columns: 6 comparisons a pixel and
/// reference instead of 9, which a full-size gate of 30x30 pixels asked several times a frame
/// notices.
func changes<C: LumaRows, R: LumaRows>(inColumns xs: ClosedRange<Int>, rows ys: ClosedRange<Int>, of current: C,
                                       beyond references: [R], offsets: [Int], polarity: Int8) -> [Int] {
    let w = xs.count, h = ys.count, x0 = xs.lowerBound, y0 = ys.lowerBound
    let brighter = polarity > 0
    // The extremes stay bytes and the band 16 bits (a level plus an offset of at most 255
    // either way), in loops over plain pointers with the polarity decided outside them: the
    // shapes the compiler vectorises. A 3x3 extreme of levels each raised by one offset is the
    // raised extreme.
    let band = UnsafeMutablePointer<Int16>.allocate(capacity: w * h)
    defer { band.deallocate() }
    band.initialize(repeating: brighter ? Int16.min : Int16.max, count: w * h)
    let rowExtreme = UnsafeMutablePointer<UInt8>.allocate(capacity: w * (h + 2))
    defer { rowExtreme.deallocate() }
    for (ref, offset) in zip(references, offsets) {
        let raise = Int16(clamping: offset)
        for r in 0..<(h + 2) {
            let p = ref.pixels(y0 - 1 + r) + x0, out = rowExtreme + r * w
            if brighter {
                for i in 0..<w { out[i] = max(p[i - 1], max(p[i], p[i + 1])) }
            } else {
                for i in 0..<w { out[i] = min(p[i - 1], min(p[i], p[i + 1])) }
            }
        }
        for r in 0..<h {
            let a = UnsafePointer(rowExtreme + r * w), b = UnsafePointer(rowExtreme + (r + 1) * w)
            let c = UnsafePointer(rowExtreme + (r + 2) * w), out = band + r * w
            if brighter {
                for i in 0..<w { out[i] = max(out[i], Int16(max(a[i], max(b[i], c[i]))) &+ raise) }
            } else {
                for i in 0..<w { out[i] = min(out[i], Int16(min(a[i], min(b[i], c[i]))) &+ raise) }
            }
        }
    }
    return [Int](unsafeUninitializedCapacity: w * h) { result, initialized in
        for r in 0..<h {
            let p = current.pixels(y0 + r) + x0, row = band + r * w, out = result.baseAddress! + r * w
            if brighter {
                for i in 0..<w { out[i] = Int(p[i]) - Int(row[i]) }
            } else {
                for i in 0..<w { out[i] = Int(row[i]) - Int(p[i]) }
            }
        }
        initialized = w * h
    }
}
