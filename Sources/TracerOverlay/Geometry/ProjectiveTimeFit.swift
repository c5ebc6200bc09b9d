/// A flight fitted in time as a ballistic path seen through a pinhole camera:
/// `x(t) = (a0 + a1 t + a2 t^2) / D(t)`, `y(t) = (b0 + b1 t + b2 t^2) / D(t)` with the shared
/// depth term `D(t) = 1 + c1 t + c2 t^2`.
///
/// A ball flying away from the camera (a golf shot filmed down the line) slows down in the image
/// as it recedes, which no polynomial in time follows; this model does, and it reduces to the
/// constant-acceleration parabola when depth does not change (c1 = c2 = 0, which a ridge term
/// prefers unless the data clearly ask for more).
struct ProjectiveTimeFit {
    private var p = SIMD8<Double>()
    private let t0: Double
    private let tScale: Double
    private let x0: Double
    private let y0: Double
    private let sScale: Double
    /// A `ridgeReferenceSpread` for samples in pixels: the ridge keeps its strength on paths up
    /// to about 20 pixels across.
    static let pixelRidgeSpread = 10.0
    /// RMS distance between the samples and the fitted path, in the samples' units.
    private(set) var rmsResidual = 0.0
    /// Largest distance between a sample and the fitted path.
    private(set) var maxResidual = 0.0

    /// The fitted position at time `t`, or nil where the depth term vanishes.
    func point(at t: Double) -> (x: Double, y: Double)? {
        let u = (t - t0) / tScale
        let d = 1 + p[6] * u + p[7] * u * u
        guard d > 0.05 else { return nil }
        let x = (p[0] + p[1] * u + p[2] * u * u) / d
        let y = (p[3] + p[4] * u + p[5] * u * u) / d
        return (x0 + x * sScale, y0 + y * sScale)
    }

    /// Fits at least four samples; nil when the system is degenerate or the depth term turns
    /// non-positive inside the samples' time span.
    ///
    /// `ridge` holds the depth terms back in units of the samples' spread. With
    /// `ridgeReferenceSpread` (in the samples' units) it weakens on samples spread wider than
    /// that, with the square of the ratio, so it weighs against the depth terms as it would
    /// on a path that small: relative to pixel noise, not to the path's size.
    static func fit(ts: [Double], xs: [Double], ys: [Double], ridge: Double = 1e-3,
                    ridgeReferenceSpread: Double? = nil) -> ProjectiveTimeFit? {
        guard xs.count == ts.count, ys.count == ts.count else { return nil }
        return fit(count: ts.count, ridge: ridge, ridgeReferenceSpread: ridgeReferenceSpread) { (ts[$0], xs[$0], ys[$0]) }
    }

    /// Fits the `count` samples that `sample` gives by index (as
    /// ``fit(ts:xs:ys:ridge:ridgeReferenceSpread:)``), without arrays of them.
    static func fit(count n: Int, ridge: Double = 1e-3, ridgeReferenceSpread: Double? = nil,
                    sample: (Int) -> (t: Double, x: Double, y: Double)) -> ProjectiveTimeFit? {
        guard n >= 4 else { return nil }
        // This runs for every live track on every frame: scratch lives on the stack, not in arrays.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 7 * n) { scratch in
            let base = scratch.baseAddress!
            for i in 0..<n {
                let s = sample(i)
                base[i] = s.t
                base[n + i] = s.x
                base[2 * n + i] = s.y
            }
            return fit(ts: UnsafeBufferPointer(start: base, count: n), xs: UnsafeBufferPointer(start: base + n, count: n),
                       ys: UnsafeBufferPointer(start: base + 2 * n, count: n), ridge: ridge,
                       ridgeReferenceSpread: ridgeReferenceSpread, scratch: base + 3 * n)
        }
    }

    private static func fit(ts: UnsafeBufferPointer<Double>, xs: UnsafeBufferPointer<Double>,
                            ys: UnsafeBufferPointer<Double>, ridge: Double, ridgeReferenceSpread: Double?,
                            scratch: UnsafeMutablePointer<Double>) -> ProjectiveTimeFit? {
        let n = ts.count
        let t0 = ts[0]
        let tScale = max(ts[n - 1] - t0, 1e-9)
        var sumX = 0.0, sumY = 0.0
        for i in 0..<n { sumX += xs[i]; sumY += ys[i] }
        let x0 = sumX / Double(n), y0 = sumY / Double(n)
        var spread = 1e-9
        for i in 0..<n { spread = max(spread, abs(xs[i] - x0), abs(ys[i] - y0)) }
        var fit = ProjectiveTimeFit(t0: t0, tScale: tScale, x0: x0, y0: y0, sScale: spread)
        let scaledRidge = ridgeReferenceSpread.map { ridge * min(1, ($0 / spread) * ($0 / spread)) } ?? ridge
        let us = scratch, nx = scratch + n, ny = scratch + 2 * n, weights = scratch + 3 * n
        for i in 0..<n {
            us[i] = (ts[i] - t0) / tScale
            nx[i] = (xs[i] - x0) / spread
            ny[i] = (ys[i] - y0) / spread
            weights[i] = 1
        }
        // Linearised (algebraic) least squares, reweighted twice by 1/D(t) so the error
        // minimised approaches the distance in the image. A weak ridge can let the depth term
        // cross zero inside the samples (a pole, not a flight): strengthen it step by step,
        // up to `ridge`, until the depth stays positive.
        var strength = scaledRidge
        while !solve(&fit, us: us, nx: nx, ny: ny, weights: weights, n: n, ridge: strength) {
            guard strength < ridge else { return nil }
            strength = min(ridge, strength * 3)
            for i in 0..<n { weights[i] = 1 }
        }
        var sum = 0.0, worst = 0.0
        for i in 0..<n {
            guard let q = fit.point(at: ts[i]) else { return nil }
            let e = (q.x - xs[i]) * (q.x - xs[i]) + (q.y - ys[i]) * (q.y - ys[i])
            sum += e
            worst = max(worst, e)
        }
        fit.rmsResidual = (sum / Double(n)).squareRoot()
        fit.maxResidual = worst.squareRoot()
        return fit
    }

    /// The reweighted solve at one ridge strength: false when degenerate or when the depth
    /// term falls to 0.1 or below at a sample.
    private static func solve(_ fit: inout ProjectiveTimeFit, us: UnsafeMutablePointer<Double>,
                              nx: UnsafeMutablePointer<Double>, ny: UnsafeMutablePointer<Double>,
                              weights: UnsafeMutablePointer<Double>, n: Int, ridge: Double) -> Bool {
        for _ in 0..<3 {
            var sums = ProjectiveNormalEquations()
            for i in 0..<n { sums.add(u: us[i], x: nx[i], y: ny[i], weight: weights[i] * weights[i]) }
            guard let solution = sums.solve(ridge: ridge * Double(n)) else { return false }
            fit.p = solution
            for i in 0..<n {
                let d = 1 + solution[6] * us[i] + solution[7] * us[i] * us[i]
                guard d > 0.1 else { return false }
                weights[i] = 1 / d
            }
        }
        return true
    }

    private init(t0: Double, tScale: Double, x0: Double, y0: Double, sScale: Double) {
        self.t0 = t0
        self.tScale = tScale
        self.x0 = x0
        self.y0 = y0
        self.sScale = sScale
    }
}
