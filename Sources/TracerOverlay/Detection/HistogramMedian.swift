/// The median of whole values counted in `counts` (the value is the index), interpolated inside
/// its bin as if each bin spread its count evenly over half a value either side, so that a
/// median is not rounded to a whole value; nil when `total` (the sum of `counts`) is 0.
func interpolatedMedian<Count: BinaryInteger>(_ counts: UnsafeBufferPointer<Count>, total: Int) -> Double? {
    guard total > 0 else { return nil }
    var below = 0
    for (value, count) in counts.enumerated() {
        let count = Int(count)
        if 2 * (below + count) >= total {
            return Double(value) + (Double(total) / 2 - Double(below)) / Double(max(count, 1)) - 0.5
        }
        below += count
    }
    return nil
}
