internal import CCairo
import Foundation

/// Gaussian-like blur of 8-bit alpha by three box blurs in each direction (a box blurred three
/// times is within a few percent of a Gaussian), each in O(pixels) with running sums.
///
/// Both passes walk memory row by row (the vertical one keeps a running sum per column), so
/// large masks stay cache-friendly; rows with no ink are skipped in the horizontal pass.
enum BoxBlur {
    /// Blurs `height` rows of `width` bytes, `stride` apart, in place.
    static func blurA8(data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0.2, width > 0, height > 0 else { return }
        let radius = Self.radius(sigma: sigma)
        let window = 2 * radius + 1
        // sum / window as (sum * reciprocal + half) >> 24.
        let reciprocal = (1 << 24) / window + 1
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, 1) * (height + 1))
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        defer { scratch.deallocate(); sums.deallocate(); line.deallocate() }
        for _ in 0..<3 {
            for y in 0..<height {
                horizontal(data + y * stride, count: width, radius: radius, reciprocal: reciprocal, copy: line)
            }
            vertical(data, stride: stride, width: width, height: height, radius: radius, reciprocal: reciprocal,
                     scratch: scratch, sums: sums)
        }
    }

    /// Averages each `scale` x `scale` block of an A8 image into one pixel of a `width` x
    /// `height` A8 image (rounded to nearest).
    static func shrinkA8(_ source: UnsafeMutablePointer<UInt8>, stride sourceStride: Int, into target: UnsafeMutablePointer<UInt8>,
                         stride targetStride: Int, width: Int, height: Int, scale: Int) {
        let area = scale * scale
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width)
        defer { sums.deallocate() }
        for y in 0..<height {
            sums.initialize(repeating: 0, count: width)
            for line in 0..<scale {
                let row = source + (y * scale + line) * sourceStride
                for x in 0..<width {
                    var sum = 0
                    for i in 0..<scale { sum += Int(row[x * scale + i]) }
                    sums[x] += sum
                }
            }
            let out = target + y * targetStride
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sums[x] + area / 2) / area) }
        }
    }

    /// The box radius of each of the three passes for `sigma` (0: no blur).
    static func radius(sigma: Double) -> Int {
        guard sigma > 0.2 else { return 0 }
        // Three boxes of width w have variance 3 (w^2 - 1) / 12 = sigma^2.
        let boxWidth = (4 * sigma * sigma + 1).squareRoot()
        return max(1, Int((boxWidth - 1) / 2 + 0.5))
    }

    private static func horizontal(_ row: UnsafeMutablePointer<UInt8>, count: Int, radius: Int, reciprocal: Int,
                                   copy: UnsafeMutablePointer<UInt8>) {
        var any = false
        for i in 0..<count where row[i] != 0 { any = true; break }
        guard any else { return }
        copy.update(from: row, count: count)
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(copy[i]) }
        let half = 1 << 23
        for i in 0..<count {
            let incoming = i + radius
            if incoming < count { sum += Int(copy[incoming]) }
            row[i] = UInt8(truncatingIfNeeded: (sum * reciprocal + half) >> 24)
            let outgoing = i - radius
            if outgoing >= 0 { sum -= Int(copy[outgoing]) }
        }
    }

    private static func vertical(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, radius: Int,
                                 reciprocal: Int, scratch: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<Int>) {
        // Keep the unblurred rows in scratch, since output rows overwrite inputs still needed;
        // one extra zero row stands for the rows outside the mask.
        for y in 0..<height { (scratch + y * width).update(from: data + y * stride, count: width) }
        let zero = scratch + height * width
        zero.initialize(repeating: 0, count: width)
        sums.initialize(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let r = scratch + y * width
            for x in 0..<width { sums[x] += Int(r[x]) }
        }
        let half = 1 << 23
        for y in 0..<height {
            let incoming = y + radius < height ? scratch + (y + radius) * width : zero
            let outgoing = y - radius >= 0 ? scratch + (y - radius) * width : zero
            let out = data + y * stride
            for x in 0..<width {
                let sum = sums[x] + Int(incoming[x])
                out[x] = UInt8(truncatingIfNeeded: (sum * reciprocal + half) >> 24)
                sums[x] = sum - Int(outgoing[x])
            }
        }
    }

    /// A new A8 surface `width` x `height` holding `small` (an A8 surface) enlarged `scale` times
    /// with bilinear interpolation (sample centres aligned), and the horizontal span of each
    /// band of `scale` output rows that may hold ink. Only those spans are computed; the rest
    /// stays Cairo's zero fill, so a thin curve with a large bounding box costs little.
    static func upsampleA8(_ small: OpaquePointer, scale: Int, width: Int, height: Int)
        -> (surface: OpaquePointer, bands: [(y: Int, height: Int, x: Int, width: Int)]) {
        let smallWidth = Int(cairo_image_surface_get_width(small)), smallHeight = Int(cairo_image_surface_get_height(small))
        let smallStride = Int(cairo_image_surface_get_stride(small))
        let source = cairo_image_surface_get_data(small)!
        let big = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        cairo_surface_flush(big)
        let target = cairo_image_surface_get_data(big)!
        let bigStride = Int(cairo_image_surface_get_stride(big))
        // Ink range of each small row (lo > hi when empty).
        var lo = [Int](repeating: Int.max, count: smallHeight), hi = [Int](repeating: -1, count: smallHeight)
        for y in 0..<smallHeight {
            let row = source + y * smallStride
            var first = -1
            for i in 0..<smallWidth where row[i] != 0 { first = i; break }
            guard first >= 0 else { continue }
            var last = first
            for i in stride(from: smallWidth - 1, to: first, by: -1) where row[i] != 0 { last = i; break }
            lo[y] = first; hi[y] = last
        }
        // Output columns touched by small columns lo...hi (bilinear reaches one sample further).
        func columns(_ l: Int, _ h: Int) -> Range<Int> {
            guard l <= h else { return 0..<0 }
            return max(0, (l - 1) * scale)..<min(width, (h + 2) * scale)
        }
        let left = UnsafeMutablePointer<Int>.allocate(capacity: width), weight = UnsafeMutablePointer<Int>.allocate(capacity: width)
        let wide = UnsafeMutablePointer<UInt16>.allocate(capacity: width * smallHeight)
        defer { left.deallocate(); weight.deallocate(); wide.deallocate() }
        for x in 0..<width {
            let position = max(0, (Double(x) + 0.5) / Double(scale) - 0.5)
            let i = min(Int(position), smallWidth - 1)
            left[x] = i
            weight[x] = i + 1 < smallWidth ? Int(((position - Double(i)) * 256).rounded()) : 0
        }
        // Horizontal pass over each small row's range widened by its neighbours' ranges, so the
        // vertical pass below only reads computed samples.
        var computed = [Range<Int>](repeating: 0..<0, count: smallHeight)
        for y in 0..<smallHeight {
            let l = min(lo[y], y > 0 ? lo[y - 1] : .max, y + 1 < smallHeight ? lo[y + 1] : .max)
            let h = max(hi[y], y > 0 ? hi[y - 1] : -1, y + 1 < smallHeight ? hi[y + 1] : -1)
            let range = columns(l, h)
            computed[y] = range
            let row = source + y * smallStride, out = wide + y * width
            for x in range {
                let i = left[x], f = weight[x]
                out[x] = UInt16(Int(row[i]) * (256 - f) + Int(row[min(i + 1, smallWidth - 1)]) * f)
            }
        }
        var bands: [(y: Int, height: Int, x: Int, width: Int)] = []
        for y in 0..<height {
            let position = max(0, (Double(y) + 0.5) / Double(scale) - 0.5)
            let i = min(Int(position), smallHeight - 1), j = min(i + 1, smallHeight - 1)
            let range = columns(min(lo[i], lo[j]), max(hi[i], hi[j]))
            guard !range.isEmpty else { continue }
            let f = j > i ? Int(((position - Double(i)) * 256).rounded()) : 0
            let out = target + y * bigStride
            let a = wide + i * width, b = wide + j * width
            for x in range {
                out[x] = UInt8(truncatingIfNeeded: (Int(a[x]) * (256 - f) + Int(b[x]) * f + 32768) >> 16)
            }
            if let last = bands.last, last.y + last.height == y, last.x == range.lowerBound, last.width == range.count {
                bands[bands.count - 1].height += 1
            } else {
                bands.append((y, 1, range.lowerBound, range.count))
            }
        }
        cairo_surface_mark_dirty(big)
        return (big, bands)
    }
}
