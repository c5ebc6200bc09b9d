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
        for y in ys {
            let r = pixels(y)
            for x in xs { total += Int(r[x]) }
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
    var band = [Int](repeating: brighter ? Int.min : Int.max, count: w * h)
    var rowExtreme = [Int](repeating: 0, count: w * (h + 2))
    for (ref, offset) in zip(references, offsets) {
        for r in 0..<(h + 2) {
            let p = ref.pixels(y0 - 1 + r)
            for i in 0..<w {
                let x = x0 + i
                let e = brighter ? max(p[x - 1], p[x], p[x + 1]) : min(p[x - 1], p[x], p[x + 1])
                rowExtreme[r * w + i] = Int(e) + offset
            }
        }
        for r in 0..<h {
            for i in 0..<w {
                let a = rowExtreme[r * w + i], b = rowExtreme[(r + 1) * w + i], c = rowExtreme[(r + 2) * w + i]
                band[r * w + i] = brighter ? max(band[r * w + i], a, b, c) : min(band[r * w + i], a, b, c)
            }
        }
    }
    for r in 0..<h {
        let p = current.pixels(y0 + r)
        for i in 0..<w {
            let v = Int(p[x0 + i])
            band[r * w + i] = brighter ? v - band[r * w + i] : band[r * w + i] - v
        }
    }
    return band
}
