extension QuadraticFit {
    /// Fits `y` and `z` as functions of the same `x` (`count` samples from `sample`, at least
    /// one), each as ``fit(xs:ys:)`` fits it alone: the tracker fits x(t) and y(t) of its
    /// hypotheses on every frame, and the work on the abscissae is shared. The normal equations
    /// are solved in centred, scaled abscissae u = (x - mean) / spread.
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
            let (s1, s2, s3, s4) = (powers.s1, powers.s2, powers.s3, powers.s4)
            let solutions = solve3Pair((SIMD8(s4, s3, s2, y2, z2, 0, 0, 0), SIMD8(s3, s2, s1, y1, z1, 0, 0, 0),
                                        SIMD8(s2, s1, n, y0, z0, 0, 0, 0)))
            fits = (expanded(solutions.y, powers, n: n, mean: mean, spread: spread, t0: y0, t1: y1, meanY: meanY),
                    expanded(solutions.z, powers, n: n, mean: mean, spread: spread, t0: z0, t1: z1, meanY: meanZ))
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

    /// Gaussian elimination with partial pivoting on a 3 x 3 system with two right-hand sides:
    /// each row's lanes 0-2 are the matrix, lanes 3 and 4 the two right-hand sides. Each
    /// solution is nil where the matrix is (nearly) singular or the solution not finite. The
    /// pivots depend on the matrix alone and every lane takes the same operations, so each
    /// solution is bit for bit what the system with that right-hand side alone gives (the
    /// pre-pair fit, kept as a reference in `QuadraticFitPairTests`).
    static func solve3Pair(_ system: (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>))
        -> (y: (Double, Double, Double)?, z: (Double, Double, Double)?) {
        var rows = system
        var scale = 0.0
        for k in 0..<3 { scale = max(scale, abs(rows.0[k])) }
        for k in 0..<3 { scale = max(scale, abs(rows.1[k])) }
        for k in 0..<3 { scale = max(scale, abs(rows.2[k])) }
        guard scale > 0 else { return (nil, nil) }
        // Column 0: the pivot is the largest of the three, the first of equals.
        if abs(rows.1[0]) > abs(rows.0[0]) {
            if abs(rows.2[0]) > abs(rows.1[0]) { swap(&rows.0, &rows.2) } else { swap(&rows.0, &rows.1) }
        } else if abs(rows.2[0]) > abs(rows.0[0]) {
            swap(&rows.0, &rows.2)
        }
        guard abs(rows.0[0]) > 1e-10 * scale else { return (nil, nil) }
        // Lanes left of the pivot change too; nothing reads them again.
        rows.1 -= SIMD8(repeating: rows.1[0] / rows.0[0]) * rows.0
        rows.2 -= SIMD8(repeating: rows.2[0] / rows.0[0]) * rows.0
        // Column 1.
        if abs(rows.2[1]) > abs(rows.1[1]) { swap(&rows.1, &rows.2) }
        guard abs(rows.1[1]) > 1e-10 * scale else { return (nil, nil) }
        rows.2 -= SIMD8(repeating: rows.2[1] / rows.1[1]) * rows.1
        guard abs(rows.2[2]) > 1e-10 * scale else { return (nil, nil) }
        func back(_ lane: Int) -> (Double, Double, Double)? {
            let z = rows.2[lane] / rows.2[2]
            let y = (rows.1[lane] - rows.1[2] * z) / rows.1[1]
            let x = (rows.0[lane] - rows.0[1] * y - rows.0[2] * z) / rows.0[0]
            guard x.isFinite, y.isFinite, z.isFinite else { return nil }
            return (x, y, z)
        }
        return (back(3), back(4))
    }
}

