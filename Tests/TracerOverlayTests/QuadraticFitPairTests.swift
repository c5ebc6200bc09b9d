import Testing
@testable import TracerOverlay

/// The tracker fits x(t) and y(t) together; the pair must be bit for bit the two single fits,
/// or sharing the work would change which hypotheses win.
@Suite struct QuadraticFitPairTests {
    /// A small deterministic generator, so a failure names the case that failed.
    struct Lcg {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    static func expectSame(_ xs: [Double], _ ys: [Double], _ zs: [Double]) {
        let pair = QuadraticFit.fitPair(count: xs.count) { (xs[$0], ys[$0], zs[$0]) }
        let fy = QuadraticFit.fit(count: xs.count) { (xs[$0], ys[$0]) }
        let fz = QuadraticFit.fit(count: xs.count) { (xs[$0], zs[$0]) }
        for (got, want) in [(pair.y, fy), (pair.z, fz)] {
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
