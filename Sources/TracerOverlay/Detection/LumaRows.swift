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

/// How far pixel (x, y) of `current` lies beyond every pixel of the 3x3 neighbourhood of
/// (x, y) in `references` (each raised by its `offsets` level), brighter for a positive
/// `polarity`, darker otherwise: negative when it does not. References show the background
/// where the object now is, and the neighbourhood absorbs a pixel of camera shake.
@inline(__always)
func change<C: LumaRows, R: LumaRows>(at x: Int, _ y: Int, of current: C, beyond references: [R], offsets: [Int],
                                      polarity: Int8) -> Int {
    var hi = Int.min, lo = Int.max
    for (ref, offset) in zip(references, offsets) {
        for yy in (y - 1)...(y + 1) {
            let rr = ref.pixels(yy)
            for xx in (x - 1)...(x + 1) {
                let v = Int(rr[xx]) + offset
                hi = max(hi, v); lo = min(lo, v)
            }
        }
    }
    let v = Int(current.pixels(y)[x])
    return polarity > 0 ? v - hi : lo - v
}
