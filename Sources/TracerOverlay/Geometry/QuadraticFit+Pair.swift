extension QuadraticFit {
    /// Fits `y` and `z` as functions of the same `x` (`count` samples from `sample`), giving
    /// bit for bit what two calls of ``fit(count:sample:)`` give: the tracker fits x(t) and
    /// y(t) of its hypotheses on every frame, and the work on the abscissae is shared.
    static func fitPair(count: Int, sample: (Int) -> (x: Double, y: Double, z: Double)) -> (y: QuadraticFit, z: QuadraticFit) {
        precondition(count > 0, "fit needs non-empty samples")
        let n = Double(count)
        var sumX = 0.0, sumY = 0.0, sumZ = 0.0
        for i in 0..<count {
            let s = sample(i)
            sumX += s.x
            sumY += s.y
            sumZ += s.z
        }
        let mean = sumX / n
        var spread = 0.0
        for i in 0..<count { spread = max(spread, abs(sample(i).x - mean)) }
        let meanY = sumY / n, meanZ = sumZ / n
        let fits: (y: QuadraticFit, z: QuadraticFit)
        if spread > 1e-12 {
            var powers = PowerSums()
            var y0 = 0.0, y1 = 0.0, y2 = 0.0, z0 = 0.0, z1 = 0.0, z2 = 0.0
            for i in 0..<count {
                let s = sample(i)
                let u = (s.x - mean) / spread
                let u2 = u * u
                powers.add(u, u2)
                y0 += s.y; y1 += u * s.y; y2 += u2 * s.y
                z0 += s.z; z1 += u * s.z; z2 += u2 * s.z
            }
            fits = (solved(powers, n: n, mean: mean, spread: spread, t0: y0, t1: y1, t2: y2, meanY: meanY),
                    solved(powers, n: n, mean: mean, spread: spread, t0: z0, t1: z1, t2: z2, meanY: meanZ))
        } else {
            fits = (QuadraticFit(a: 0, b: 0, c: meanY), QuadraticFit(a: 0, b: 0, c: meanZ))
        }
        var sumYY = 0.0, sumZZ = 0.0
        for i in 0..<count {
            let s = sample(i)
            let ey = s.y - fits.y.value(at: s.x), ez = s.z - fits.z.value(at: s.x)
            sumYY += ey * ey
            sumZZ += ez * ez
        }
        var result = fits
        result.y.rmsResidual = (sumYY / n).squareRoot()
        result.z.rmsResidual = (sumZZ / n).squareRoot()
        return result
    }
}
