import Foundation

/// One drawn piece of a path: a line or a cubic Bézier (quadratics are raised to cubics,
/// which is exact), with a table of arc length against curve parameter for measuring and trimming.
struct PathSegment: Sendable {
    let isLine: Bool
    let p0, p1, p2, p3: CGPoint
    /// Whether this segment is the implicit line of a `closeSubpath`.
    let isClosing: Bool
    /// Index of the subpath it belongs to.
    let subpath: Int

    var start: CGPoint { p0 }
    var end: CGPoint { p3 }

    static func line(_ a: CGPoint, _ b: CGPoint, closing: Bool = false, subpath: Int) -> PathSegment {
        PathSegment(isLine: true, p0: a, p1: a, p2: b, p3: b, isClosing: closing, subpath: subpath)
    }

    func point(at t: CGFloat) -> CGPoint {
        if isLine { return CGPoint(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t) }
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The direction of travel at `t` (not normalised).
    func tangent(at t: CGFloat) -> CGPoint {
        if isLine { return CGPoint(x: p3.x - p0.x, y: p3.y - p0.y) }
        let u = 1 - t
        let x = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
        let y = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
        if x == 0 && y == 0 { return CGPoint(x: p3.x - p0.x, y: p3.y - p0.y) }
        return CGPoint(x: x, y: y)
    }

    /// Parameters in (0, 1) where x or y has a local extreme (for tight bounding boxes).
    func extremaParameters() -> [CGFloat] {
        if isLine { return [] }
        var result: [CGFloat] = []
        for (a0, a1, a2, a3) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // Derivative / 3 = A t^2 + B t + C.
            let A = -a0 + 3 * a1 - 3 * a2 + a3, B = 2 * (a0 - 2 * a1 + a2), C = a1 - a0
            if abs(A) < 1e-12 {
                if abs(B) > 1e-12 { result.append(-C / B) }
            } else {
                let disc = B * B - 4 * A * C
                if disc >= 0 {
                    let r = disc.squareRoot()
                    result.append((-B + r) / (2 * A)); result.append((-B - r) / (2 * A))
                }
            }
        }
        return result.filter { $0 > 0 && $0 < 1 }
    }

    /// Cumulative chord lengths at evenly spaced parameters; `table[i]` is the length up to `t = i / (n - 1)`.
    func lengthTable() -> [CGFloat] {
        if isLine { return [0, hypot(p3.x - p0.x, p3.y - p0.y)] }
        let polygon = hypot(p1.x - p0.x, p1.y - p0.y) + hypot(p2.x - p1.x, p2.y - p1.y) + hypot(p3.x - p2.x, p3.y - p2.y)
        // About one sample per pixel of control polygon: chords then differ from the arc by far
        // less than a pixel over the whole curve.
        let n = min(max(Int(polygon.rounded(.up)), 16), 2048)
        var table = [CGFloat](repeating: 0, count: n + 1)
        var previous = p0
        for i in 1...n {
            let p = point(at: CGFloat(i) / CGFloat(n))
            table[i] = table[i - 1] + hypot(p.x - previous.x, p.y - previous.y)
            previous = p
        }
        return table
    }

    /// The parameter at which the arc length from the start is `length`, by the table.
    static func parameter(forLength length: CGFloat, in table: [CGFloat]) -> CGFloat {
        let total = table[table.count - 1]
        if length <= 0 || total <= 0 { return 0 }
        if length >= total { return 1 }
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < length { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (length - table[lo]) / span : 0
        return (CGFloat(lo) + f) / CGFloat(table.count - 1)
    }

    /// The part of this segment between parameters `t0 < t1`, as a segment of the same kind.
    func split(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
        if isLine { return .line(point(at: t0), point(at: t1), closing: false, subpath: subpath) }
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        // Left part [0, t1] by de Casteljau.
        let a = lerp(p0, p1, t1), b = lerp(p1, p2, t1), c = lerp(p2, p3, t1)
        let d = lerp(a, b, t1), e = lerp(b, c, t1), f = lerp(d, e, t1)
        let l0 = p0, l1 = a, l2 = d, l3 = f
        // Right part of that at t0 / t1.
        let s = t1 > 0 ? t0 / t1 : 0
        let g = lerp(l0, l1, s), h = lerp(l1, l2, s), i = lerp(l2, l3, s)
        let j = lerp(g, h, s), k = lerp(h, i, s), m = lerp(j, k, s)
        return PathSegment(isLine: false, p0: m, p1: k, p2: i, p3: l3, isClosing: false, subpath: subpath)
    }
}

extension Path {
    /// The drawn segments in order (moves start subpaths; closes add their closing line).
    var segments: [PathSegment] {
        var result: [PathSegment] = []
        var current = CGPoint.zero, start = CGPoint.zero
        var subpath = -1
        for element in elements {
            switch element {
            case .move(let p):
                current = p; start = p; subpath += 1
            case .line(let p):
                result.append(.line(current, p, subpath: subpath)); current = p
            case .quadCurve(let p, let q):
                let c1 = CGPoint(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y))
                result.append(PathSegment(isLine: false, p0: current, p1: c1, p2: c2, p3: p, isClosing: false, subpath: subpath))
                current = p
            case .curve(let p, let c1, let c2):
                result.append(PathSegment(isLine: false, p0: current, p1: c1, p2: c2, p3: p, isClosing: false, subpath: subpath))
                current = p
            case .closeSubpath:
                result.append(.line(current, start, closing: true, subpath: subpath)); current = start
            }
        }
        return result
    }
}
