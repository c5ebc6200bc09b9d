/// A straight flight at constant speed seen through a pinhole camera:
/// `x(t) = (a0 + a1 t) / D(t)`, `y(t) = (b0 + b1 t) / D(t)` with the shared depth term
/// `D(t) = 1 + c t`.
///
/// A ball struck down the line recedes from the camera, and its image slows every frame (95, 41,
/// 26, 14 px at 30 fps) far more steeply than a polynomial in time allows over its first few
/// points. Over those frames gravity and drag bend its flight little; depth changes much. Five
/// parameters, so it follows a young track's handful of points, which the 8-parameter
/// ``ProjectiveTimeFit`` would follow too closely.
struct RecedingLineFit {
    private var a0 = 0.0, a1 = 0.0, b0 = 0.0, b1 = 0.0, c = 0.0
    private let t0: Double
    private let tScale: Double
    private let x0: Double
    private let y0: Double
    /// RMS distance between the samples and the fitted path, in the samples' units.
    private(set) var rmsResidual = 0.0

    /// How fast depth grows, as a share of the depth at the first sample per span of the
    /// samples' time: positive for an object receding from the camera.
    var recession: Double { c }

    /// The fitted position at time `t`, or nil where the depth term falls to 0.05 or below
    /// (the object would be at or behind the camera).
    func point(at t: Double) -> (x: Double, y: Double)? {
        let u = (t - t0) / tScale
        let d = 1 + c * u
        guard d > 0.05 else { return nil }
        return (x0 + (a0 + a1 * u) / d, y0 + (b0 + b1 * u) / d)
    }

    /// Fits the `count` samples (at least four) that `sample` gives by index; nil when the
    /// system is degenerate or the depth term falls to 0.1 or below at a sample.
    static func fit(count n: Int, sample: (Int) -> (t: Double, x: Double, y: Double)) -> RecedingLineFit? {
        guard n >= 4 else { return nil }
        let first = sample(0), last = sample(n - 1)
        var mx = 0.0, my = 0.0
        for i in 0..<n { let s = sample(i); mx += s.x; my += s.y }
        var fit = RecedingLineFit(t0: first.t, tScale: max(last.t - first.t, 1e-9), x0: mx / Double(n), y0: my / Double(n))
        // Linearised least squares, x D(t) = a0 + a1 t, reweighted by 1/D(t) so that what is
        // minimised approaches the distance in the image.
        var weights = [Double](repeating: 1, count: n)
        for _ in 0..<3 {
            // Unknowns (a0, a1, b0, b1, c); each sample gives one row for x and one for y.
            var m = [Double](repeating: 0, count: 25), r = [Double](repeating: 0, count: 5)
            func add(_ row: [Double], _ value: Double, _ w: Double) {
                for j in 0..<5 {
                    r[j] += w * row[j] * value
                    for k in 0..<5 { m[5 * j + k] += w * row[j] * row[k] }
                }
            }
            for i in 0..<n {
                let s = sample(i)
                let u = (s.t - fit.t0) / fit.tScale, x = s.x - fit.x0, y = s.y - fit.y0
                let w = weights[i] * weights[i]
                add([1, u, 0, 0, -u * x], x, w)
                add([0, 0, 1, u, -u * y], y, w)
            }
            guard let p = solve5(m, r) else { return nil }
            (fit.a0, fit.a1, fit.b0, fit.b1, fit.c) = (p[0], p[1], p[2], p[3], p[4])
            for i in 0..<n {
                let u = (sample(i).t - fit.t0) / fit.tScale
                let d = 1 + fit.c * u
                guard d > 0.1 else { return nil }
                weights[i] = 1 / d
            }
        }
        var sum = 0.0
        for i in 0..<n {
            let s = sample(i)
            guard let q = fit.point(at: s.t) else { return nil }
            sum += (q.x - s.x) * (q.x - s.x) + (q.y - s.y) * (q.y - s.y)
        }
        fit.rmsResidual = (sum / Double(n)).squareRoot()
        return fit
    }

    /// Gaussian elimination with partial pivoting of a 5 x 5 system (row-major `m`).
    private static func solve5(_ matrix: [Double], _ rhs: [Double]) -> [Double]? {
        var m = matrix, r = rhs
        var scale = 0.0
        for v in m { scale = max(scale, abs(v)) }
        guard scale > 0 else { return nil }
        for col in 0..<5 {
            var pivot = col
            for row in (col + 1)..<5 where abs(m[5 * row + col]) > abs(m[5 * pivot + col]) { pivot = row }
            guard abs(m[5 * pivot + col]) > 1e-12 * scale else { return nil }
            if pivot != col {
                for k in 0..<5 { m.swapAt(5 * col + k, 5 * pivot + k) }
                r.swapAt(col, pivot)
            }
            for row in (col + 1)..<5 {
                let f = m[5 * row + col] / m[5 * col + col]
                guard f != 0 else { continue }
                for k in col..<5 { m[5 * row + k] -= f * m[5 * col + k] }
                r[row] -= f * r[col]
            }
        }
        var p = [Double](repeating: 0, count: 5)
        for row in stride(from: 4, through: 0, by: -1) {
            var s = r[row]
            for k in (row + 1)..<5 { s -= m[5 * row + k] * p[k] }
            p[row] = s / m[5 * row + row]
        }
        return p
    }

    private init(t0: Double, tScale: Double, x0: Double, y0: Double) {
        self.t0 = t0
        self.tScale = tScale
        self.x0 = x0
        self.y0 = y0
    }
}
