import Foundation

/// Gaussian-like blur of 8-bit alpha by three box blurs in each direction (a box blurred three
/// times is within a few percent of a Gaussian), each in O(pixels) with a running sum.
enum BoxBlur {
    /// Blurs `height` rows of `width` bytes, `stride` apart, in place.
    static func blurA8(data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0.2, width > 0, height > 0 else { return }
        // Three boxes of width w have variance 3 (w^2 - 1) / 12 = sigma^2.
        let boxWidth = (4 * sigma * sigma + 1).squareRoot()
        let radius = max(1, Int((boxWidth - 1) / 2 + 0.5))
        let longest = max(width, height)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { scratch.deallocate() }
        for _ in 0..<3 {
            for y in 0..<height { blurLine(data + y * stride, step: 1, count: width, radius: radius, scratch: scratch) }
            for x in 0..<width { blurLine(data + x, step: stride, count: height, radius: radius, scratch: scratch) }
        }
    }

    /// One box pass over `count` samples `step` apart; samples outside are 0.
    private static func blurLine(_ line: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int, scratch: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count { scratch[i] = line[i * step] }
        let window = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(scratch[i]) }
        let half = window / 2
        for i in 0..<count {
            let incoming = i + radius
            if incoming < count { sum += Int(scratch[incoming]) }
            line[i * step] = UInt8((sum + half) / window)
            let outgoing = i - radius
            if outgoing >= 0 { sum -= Int(scratch[outgoing]) }
        }
    }
}
