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
        // Three boxes of width w have variance 3 (w^2 - 1) / 12 = sigma^2.
        let boxWidth = (4 * sigma * sigma + 1).squareRoot()
        let radius = max(1, Int((boxWidth - 1) / 2 + 0.5))
        let window = 2 * radius + 1
        // sum / window as (sum * reciprocal + half) >> 24.
        let reciprocal = (1 << 24) / window + 1
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, 1) * height)
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
        // Keep the unblurred rows in scratch, since output rows overwrite inputs still needed.
        for y in 0..<height { (scratch + y * width).update(from: data + y * stride, count: width) }
        sums.initialize(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let r = scratch + y * width
            for x in 0..<width { sums[x] += Int(r[x]) }
        }
        let half = 1 << 23
        for y in 0..<height {
            let incoming = y + radius
            if incoming < height {
                let r = scratch + incoming * width
                for x in 0..<width { sums[x] += Int(r[x]) }
            }
            let out = data + y * stride
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sums[x] * reciprocal + half) >> 24) }
            let outgoing = y - radius
            if outgoing >= 0 {
                let r = scratch + outgoing * width
                for x in 0..<width { sums[x] -= Int(r[x]) }
            }
        }
    }

    /// A new A8 surface `width` x `height` holding `small` (an A8 surface) enlarged `scale` times
    /// with bilinear interpolation (sample centres aligned). Rows that come only from empty
    /// rows of `small` are left as Cairo's zero fill.
    static func upsampleA8(_ small: OpaquePointer, scale: Int, width: Int, height: Int) -> OpaquePointer {
        let smallWidth = Int(cairo_image_surface_get_width(small)), smallHeight = Int(cairo_image_surface_get_height(small))
        let smallStride = Int(cairo_image_surface_get_stride(small))
        let source = cairo_image_surface_get_data(small)!
        let big = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        cairo_surface_flush(big)
        let target = cairo_image_surface_get_data(big)!
        let bigStride = Int(cairo_image_surface_get_stride(big))
        // Horizontal pass into rows of full width (weights in 1/256).
        let wide = UnsafeMutablePointer<UInt16>.allocate(capacity: width * smallHeight)
        let rowHasInk = UnsafeMutablePointer<Bool>.allocate(capacity: smallHeight)
        let left = UnsafeMutablePointer<Int>.allocate(capacity: width), weight = UnsafeMutablePointer<Int>.allocate(capacity: width)
        defer { wide.deallocate(); rowHasInk.deallocate(); left.deallocate(); weight.deallocate() }
        for x in 0..<width {
            let position = max(0, (Double(x) + 0.5) / Double(scale) - 0.5)
            let i = min(Int(position), smallWidth - 1)
            left[x] = i
            weight[x] = i + 1 < smallWidth ? Int(((position - Double(i)) * 256).rounded()) : 0
        }
        for y in 0..<smallHeight {
            let row = source + y * smallStride
            var ink = false
            for i in 0..<smallWidth where row[i] != 0 { ink = true; break }
            rowHasInk[y] = ink
            guard ink else { continue }
            let out = wide + y * width
            for x in 0..<width {
                let i = left[x], f = weight[x]
                let a = Int(row[i]), b = Int(row[min(i + 1, smallWidth - 1)])
                out[x] = UInt16(a * (256 - f) + b * f)
            }
        }
        for y in 0..<height {
            let position = max(0, (Double(y) + 0.5) / Double(scale) - 0.5)
            let i = min(Int(position), smallHeight - 1), j = min(i + 1, smallHeight - 1)
            guard rowHasInk[i] || rowHasInk[j] else { continue }
            let f = j > i ? Int(((position - Double(i)) * 256).rounded()) : 0
            let out = target + y * bigStride
            let a = wide + i * width, b = wide + j * width
            let inkA = rowHasInk[i], inkB = rowHasInk[j]
            for x in 0..<width {
                let va = inkA ? Int(a[x]) : 0, vb = inkB ? Int(b[x]) : 0
                out[x] = UInt8(truncatingIfNeeded: (va * (256 - f) + vb * f + 32768) >> 16)
            }
        }
        cairo_surface_mark_dirty(big)
        return big
    }
}
