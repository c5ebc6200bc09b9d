import Testing
@testable import TracerOverlay

/// The tracker fits x(t) and y(t) together; each must be bit for bit the fit of that series
/// alone as the detector's decisions were tuned on it (a reference kept here, written the plain
/// way: loops over the elimination's columns), or sharing the work would change which
/// hypotheses win.
@Suite struct QuadraticFitPairTests {
    /// A small deterministic generator, so a failure names the case that failed.
    struct Lcg {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// The single fit, step by step as the detector computed it before the pair existed.
    static func reference(_ xs: [Double], _ ys: [Double]) -> QuadraticFit {
        let count = xs.count, n = Double(count)
        var sumX = 0.0, sumY = 0.0
        for i in 0..<count { sumX += xs[i]; sumY += ys[i] }
        let mean = sumX / n, meanY = sumY / n
        var spread = 0.0
        for i in 0..<count { spread = max(spread, abs(xs[i] - mean)) }
        var fit = QuadraticFit(a: 0, b: 0, c: meanY)
        if spread > 1e-12 {
            var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, t0 = 0.0, t1 = 0.0, t2 = 0.0
            for i in 0..<count {
                let u = (xs[i] - mean) / spread, u2 = u * u
                s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
                t0 += ys[i]; t1 += u * ys[i]; t2 += u2 * ys[i]
            }
            var rows = [[s4, s3, s2, t2], [s3, s2, s1, t1], [s2, s1, n, t0]]
            var solution: (Double, Double, Double)?
            var scale = 0.0
            for i in 0..<3 { for k in 0..<3 { scale = max(scale, abs(rows[i][k])) } }
            var singular = !(scale > 0)
            for col in 0..<3 where !singular {
                var pivot = col
                for r in (col + 1)..<3 where abs(rows[r][col]) > abs(rows[pivot][col]) { pivot = r }
                guard abs(rows[pivot][col]) > 1e-10 * scale else { singular = true; break }
                rows.swapAt(pivot, col)
                for r in (col + 1)..<3 {
                    let f = rows[r][col] / rows[col][col]
                    for k in col..<4 { rows[r][k] -= f * rows[col][k] }
                }
            }
            if !singular {
                let z = rows[2][3] / rows[2][2]
                let y = (rows[1][3] - rows[1][2] * z) / rows[1][1]
                let x = (rows[0][3] - rows[0][1] * y - rows[0][2] * z) / rows[0][0]
                if x.isFinite && y.isFinite && z.isFinite { solution = (x, y, z) }
            }
            let (p, q, r): (Double, Double, Double)
            if let solution {
                (p, q, r) = solution
            } else {
                let det = n * s2 - s1 * s1
                (p, q, r) = abs(det) < 1e-12 ? (0, 0, meanY) : (0, (n * t1 - s1 * t0) / det, (s2 * t0 - s1 * t1) / det)
            }
            let inv = 1 / spread
            fit = QuadraticFit(a: p * inv * inv, b: -2 * p * mean * inv * inv + q * inv,
                               c: p * mean * mean * inv * inv - q * mean * inv + r)
        }
        var sum = 0.0
        for i in 0..<count {
            let e = ys[i] - fit.value(at: xs[i])
            sum += e * e
        }
        fit.rmsResidual = (sum / n).squareRoot()
        return fit
    }

    static func expectSame(_ xs: [Double], _ ys: [Double], _ zs: [Double]) {
        let pair = QuadraticFit.fitPair(count: xs.count) { (xs[$0], ys[$0], zs[$0]) }
        let single = QuadraticFit.fit(xs: xs, ys: ys)
        for (got, want) in [(pair.y, reference(xs, ys)), (pair.z, reference(xs, zs)), (single, reference(xs, ys))] {
            #expect(got.a.bitPattern == want.a.bitPattern && got.b.bitPattern == want.b.bitPattern
                    && got.c.bitPattern == want.c.bitPattern && got.rmsResidual.bitPattern == want.rmsResidual.bitPattern,
                    "xs \(xs) got \(got) want \(want)")
        }
    }

    @Test func matchesTwoSingleFitsOnNoisyParabolas() {
        var random = Lcg(state: 7)
        for count in 1...16 {
            for _ in 0..<20 {
                // Times as a track holds them (seconds, irregular steps), places in pixels.
                var t = 0.0
                let xs = (0..<count).map { _ -> Double in t += 1.0 / 60 * (0.5 + random.next()); return t }
                let ys = xs.map { 400 - 900 * $0 + 300 * $0 * $0 + 2 * random.next() }
                let zs = xs.map { 100 + 50 * $0 + random.next() }
                Self.expectSame(xs, ys, zs)
            }
        }
    }

    @Test func matchesTwoSingleFitsWhereTheyDegrade() {
        // One time, two distinct times, and a straight line in x: the fallbacks of the single fit.
        Self.expectSame([0.5, 0.5, 0.5], [1, 2, 3], [4, 4, 5])
        Self.expectSame([0, 1, 0, 1], [1, 2, 1, 2], [3, -1, 3, -1])
        Self.expectSame([0, 1, 2, 3], [0, 1, 2, 3], [5, 5, 5, 5])
        Self.expectSame([2], [7], [-3])
    }
}

/// The 3 x 3 solver behind every parabola fit: pivots, singular systems, two right-hand sides.
@Suite struct Solve3Tests {
    /// The system whose rows (matrix entries, then right-hand side) are lanes 0-3, 4-7 and
    /// 8-11, solved alone.
    static func solve3(_ system: SIMD16<Double>) -> (Double, Double, Double)? {
        QuadraticFit.solve3Pair((SIMD8(system[0], system[1], system[2], system[3], system[3], 0, 0, 0),
                                 SIMD8(system[4], system[5], system[6], system[7], system[7], 0, 0, 0),
                                 SIMD8(system[8], system[9], system[10], system[11], system[11], 0, 0, 0))).y
    }

    @Test func solvesSystemsThatNeedPivoting() throws {
        // A zero where the first pivot would be, and a tiny one in the second column.
        let a: [[Double]] = [[0, 2, 1], [1e-3, 1, 4], [3, -1, 2]]
        let x = (1.5, -2.0, 0.25)
        let b = a.map { $0[0] * x.0 + $0[1] * x.1 + $0[2] * x.2 }
        let s = try #require(Self.solve3(SIMD16(a[0][0], a[0][1], a[0][2], b[0], a[1][0], a[1][1], a[1][2], b[1],
                                                        a[2][0], a[2][1], a[2][2], b[2], 0, 0, 0, 0)))
        #expect(abs(s.0 - x.0) < 1e-12 && abs(s.1 - x.1) < 1e-12 && abs(s.2 - x.2) < 1e-12)
        // The same matrix with a second right-hand side gives both solutions, each as alone.
        let c = a.map { $0[0] * 2 - $0[1] + $0[2] * 3 }
        let pair = QuadraticFit.solve3Pair((SIMD8(a[0][0], a[0][1], a[0][2], b[0], c[0], 0, 0, 0),
                                            SIMD8(a[1][0], a[1][1], a[1][2], b[1], c[1], 0, 0, 0),
                                            SIMD8(a[2][0], a[2][1], a[2][2], b[2], c[2], 0, 0, 0)))
        let y = try #require(pair.y), z = try #require(pair.z)
        #expect(y.0 == s.0 && y.1 == s.1 && y.2 == s.2)
        #expect(abs(z.0 - 2) < 1e-12 && abs(z.1 + 1) < 1e-12 && abs(z.2 - 3) < 1e-12)
    }

    @Test func refusesSingularSystems() {
        // Third row the sum of the first two; and all zeros.
        #expect(Self.solve3(SIMD16(1, 2, 3, 1, 4, 5, 6, 2, 5, 7, 9, 3, 0, 0, 0, 0)) == nil)
        #expect(Self.solve3(SIMD16<Double>(repeating: 0)) == nil)
    }
}

/// The tracker thins its hypotheses in place.
@Suite struct RemoveKeepingTests {
    @Test func keepsTheFlaggedElementsInOrder() {
        var values = ["a", "b", "c", "d", "e", "f"]
        values.removeAll(keeping: [false, true, true, false, false, true])
        #expect(values == ["b", "c", "f"])
        var none = [1, 2, 3]
        none.removeAll(keeping: [false, false, false])
        #expect(none.isEmpty)
        var all = [1, 2, 3]
        all.removeAll(keeping: [true, true, true])
        #expect(all == [1, 2, 3])
    }
}
