import Foundation

/// A stroke with round ends: the segment from `a` to `b` thickened by `radius` (pixels).
/// A capsule whose ends coincide is a disc. Limbs, clubs and birds are drawn from these.
struct Capsule {
    var a: SIMD2<Double>
    var b: SIMD2<Double>
    var radius: Double
}

/// A pixel rectangle, empty when `x0 >= x1` or `y0 >= y1`.
struct PixelBox {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    mutating func formUnion(_ o: PixelBox) {
        x0 = min(x0, o.x0); y0 = min(y0, o.y0); x1 = max(x1, o.x1); y1 = max(y1, o.y1)
    }
}

/// The floating-point luma image a frame is composed on, with a coverage scratch plane for
/// anti-aliased, motion-blurred shapes.
///
/// A moving object is drawn by accumulating its coverage at several instants of the shutter
/// interval (each weighted by 1/count) and then blending its colour once by that coverage: the
/// result is the faint streak a real exposure gives, not a row of overlapping discs.
final class LumaCanvas {
    let width: Int
    let height: Int
    /// Working luma in 8-bit levels (not yet clamped).
    var luma: [Float]
    private var coverage: [Float]
    private var dirty = PixelBox()
    /// Shift added to every shape (the camera shake of the current frame).
    var offset = SIMD2<Double>(0, 0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        luma = [Float](repeating: 0, count: width * height)
        coverage = [Float](repeating: 0, count: width * height)
    }

    private func box(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> PixelBox {
        PixelBox(x0: max(0, Int(floor(minX))), y0: max(0, Int(floor(minY))),
                 x1: min(width, Int(ceil(maxX)) + 1), y1: min(height, Int(ceil(maxY)) + 1))
    }

    /// Adds `weight` times the coverage of `capsule` (analytic: 1 inside, a one-pixel ramp at
    /// the edge, which also gives sub-pixel strokes about the right total ink).
    func accumulate(_ capsule: Capsule, weight: Float) {
        let a = capsule.a + offset, b = capsule.b + offset
        let r = max(capsule.radius, 0.05)
        let area = box(min(a.x, b.x) - r - 1, min(a.y, b.y) - r - 1, max(a.x, b.x) + r + 1, max(a.y, b.y) + r + 1)
        guard !area.isEmpty else { return }
        dirty.formUnion(area)
        let ab = b - a
        let lengthSquared = max((ab * ab).sum(), 1e-12)
        let w = width
        coverage.withUnsafeMutableBufferPointer { cov in
            for y in area.y0..<area.y1 {
                let py = Double(y) + 0.5
                let row = y * w
                for x in area.x0..<area.x1 {
                    let p = SIMD2<Double>(Double(x) + 0.5, py) - a
                    let t = min(1, max(0, (p * ab).sum() / lengthSquared))
                    let d = p - ab * t
                    let distance = (d * d).sum().squareRoot()
                    let c = r + 0.5 - distance
                    if c > 0 { cov[row + x] += weight * Float(min(1, c) * min(1, 2 * r + 0.2)) }
                }
            }
        }
    }

    /// Adds `weight` times the exact area of a disc in each pixel (4 x 4 samples per pixel),
    /// for the ball, whose faintness is what a detector has to cope with.
    func accumulateDisc(center: SIMD2<Double>, radius: Double, weight: Float) {
        let c = center + offset
        let area = box(c.x - radius - 1, c.y - radius - 1, c.x + radius + 1, c.y + radius + 1)
        guard !area.isEmpty else { return }
        dirty.formUnion(area)
        let r2 = radius * radius
        let w = width
        coverage.withUnsafeMutableBufferPointer { cov in
            for y in area.y0..<area.y1 {
                for x in area.x0..<area.x1 {
                    var inside = 0
                    for sy in 0..<4 {
                        let dy = Double(y) + (Double(sy) + 0.5) / 4 - c.y
                        for sx in 0..<4 {
                            let dx = Double(x) + (Double(sx) + 0.5) / 4 - c.x
                            if dx * dx + dy * dy <= r2 { inside += 1 }
                        }
                    }
                    if inside > 0 { cov[y * w + x] += weight * Float(inside) / 16 }
                }
            }
        }
    }

    /// Blends `value` over the image by the accumulated coverage (clamped to 1) times
    /// `opacity`, and clears the coverage for the next shape.
    func composite(value: Float, opacity: Float) {
        guard !dirty.isEmpty else { return }
        let area = dirty
        dirty = PixelBox()
        let w = width
        luma.withUnsafeMutableBufferPointer { image in
            coverage.withUnsafeMutableBufferPointer { cov in
                for y in area.y0..<area.y1 {
                    for i in (y * w + area.x0)..<(y * w + area.x1) {
                        let c = min(cov[i], 1) * opacity
                        if c > 0 { image[i] += (value - image[i]) * c }
                        cov[i] = 0
                    }
                }
            }
        }
    }
}
