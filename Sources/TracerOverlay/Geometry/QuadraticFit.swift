/// A least-squares parabola `y = a*x^2 + b*x + c`.
///
/// The normal equations are solved in centred, scaled coordinates (u = (x - mean) / spread) and
/// only then expanded back, because raw normalized x values near 1 square into a badly
/// conditioned system.
public struct QuadraticFit: Sendable, Hashable, Codable {
    /// The coefficient of the squared term.
    public var a: Double
    /// The coefficient of the linear term.
    public var b: Double
    /// The constant term.
    public var c: Double
    /// Root mean square of the residuals `y_i - f(x_i)` over the fitted samples.
    public var rmsResidual: Double

    /// Creates a fit from known coefficients.
    public init(a: Double, b: Double, c: Double, rmsResidual: Double = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.rmsResidual = rmsResidual
    }

    /// The value of the parabola at `x`.
    public func value(at x: Double) -> Double { (a * x + b) * x + c }

    /// The slope of the parabola at `x`.
    public func slope(at x: Double) -> Double { 2 * a * x + b }

    /// Fits `ys` as a function of `xs` (same count, at least one sample).
    ///
    /// With fewer than three distinct abscissae the fit degrades gracefully: two give the line
    /// through them (a = 0), one gives the constant mean (a = b = 0). It never returns NaN.
    public static func fit(xs: [Double], ys: [Double]) -> QuadraticFit {
        precondition(xs.count == ys.count && !xs.isEmpty, "fit needs matching, non-empty samples")
        return fit(count: xs.count) { (xs[$0], ys[$0]) }
    }

    /// Fits the `count` samples (x, y) that `sample` gives by index, as ``fit(xs:ys:)`` does,
    /// without arrays of them: the tracker fits its hypotheses in time on every frame.
    static func fit(count: Int, sample: (Int) -> (x: Double, y: Double)) -> QuadraticFit {
        fitPair(count: count) {
            let s = sample($0)
            return (s.x, s.y, s.y)
        }.y
    }

    /// Sums of the powers 1-4 of the centred, scaled abscissae.
    struct PowerSums {
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0

        @inline(__always) mutating func add(_ u: Double, _ u2: Double) {
            s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
        }
    }

    /// The parabola in x from the solution (p, q, r) in u of the normal equations, or, where
    /// there is none, from the line or constant that the sums still determine.
    static func expanded(_ solved: (Double, Double, Double)?, _ powers: PowerSums, n: Double, mean: Double,
                         spread: Double, t0: Double, t1: Double, meanY: Double) -> QuadraticFit {
        let (s1, s2) = (powers.s1, powers.s2)
        let (p, q, r): (Double, Double, Double)
        if let solution = solved {
            (p, q, r) = solution
        } else {
            // Not enough distinct abscissae for a parabola: fit a line in u.
            let det = n * s2 - s1 * s1
            if abs(det) < 1e-12 {
                (p, q, r) = (0, 0, meanY)
            } else {
                (p, q, r) = (0, (n * t1 - s1 * t0) / det, (s2 * t0 - s1 * t1) / det)
            }
        }
        // y = p ((x - m)/s)^2 + q (x - m)/s + r, expanded in x.
        let inv = 1 / spread
        let a = p * inv * inv
        let b = -2 * p * mean * inv * inv + q * inv
        let c = p * mean * mean * inv * inv - q * mean * inv + r
        return QuadraticFit(a: a, b: b, c: c)
    }
}
