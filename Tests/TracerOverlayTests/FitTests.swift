import Testing
@testable import TracerOverlay

@Suite struct FitTests {
    /// A ball launched away from a pinhole camera: image position = projection of a ballistic path.
    func receding(_ t: Double) -> (Double, Double) {
        let X = 0.3 + 2 * t, Y = 1.2 + 25 * t - 4.9 * t * t, Z = 3 + 45 * t
        return (320 + 500 * X / Z, 300 - 500 * Y / Z)
    }

    @Test func lineFitHoldsALineAndMeasuresTheScatter() {
        // On a line: exact. Off it by +/-1 alternately (a mean of 0, no trend): the same line
        // and an RMS of 1. From a closure, the very numbers the arrays give.
        let xs = (0..<6).map { Double($0) / 30 }
        let line = LinearFit(count: 6) { (xs[$0], 4 + 90 * xs[$0]) }
        #expect(abs(line.slope - 90) < 1e-9 && abs(line.intercept - 4) < 1e-9 && line.rms < 1e-9)
        let ys = xs.enumerated().map { 4 + 90 * $0.element + ($0.offset % 2 == 0 ? 1.0 : -1.0) }
        let scattered = LinearFit(xs: xs, ys: ys)
        #expect(abs(scattered.rms - 1) < 0.2 && abs(scattered.value(at: xs[5]) - (4 + 90 * xs[5])) < 1.5)
        let sampled = LinearFit(count: 6) { (xs[$0], ys[$0]) }
        #expect(sampled.slope == scattered.slope && sampled.intercept == scattered.intercept && sampled.rms == scattered.rms)
    }

    @Test func projectiveFitFollowsARecedingBall() throws {
        // Without the ridge (the tracker uses one to keep noise from bending paths) the model
        // holds a ballistic path seen in perspective exactly.
        let ts = (0..<10).map { Double($0) / 60 }
        let pts = ts.map(receding)
        let fit = try #require(ProjectiveTimeFit.fit(ts: ts, xs: pts.map(\.0), ys: pts.map(\.1), ridge: 1e-12))
        #expect(fit.rmsResidual < 0.01)
        // Two frames ahead it predicts within a small fraction of a pixel; a parabola in time
        // is pixels off.
        let ahead = 11.0 / 60
        let p = try #require(fit.point(at: ahead))
        let truth = receding(ahead)
        #expect(abs(p.x - truth.0) < 0.05 && abs(p.y - truth.1) < 0.05)
        let qy = QuadraticFit.fit(xs: ts, ys: pts.map(\.1))
        #expect(abs(qy.value(at: ahead) - truth.1) > 2)
        // With the tracker's ridge it still fits better than the parabola.
        let ridged = try #require(ProjectiveTimeFit.fit(ts: ts, xs: pts.map(\.0), ys: pts.map(\.1)))
        #expect(ridged.rmsResidual < qy.rmsResidual)
    }

    @Test func ridgeScaledToTheSpreadFollowsALaunchFromNearTheCamera() throws {
        // Ten frames just after impact, 3 to 10 m from a camera behind the golfer: the path is
        // ~200 px long and bends hard. A ridge fixed in units of the spread bends the fit by
        // pixels; scaled to the spread it holds the ball to a fraction of a pixel.
        func launch(_ t: Double) -> (Double, Double) {
            let X = 0.1 + 1.5 * t, Y = 0.1 + 22 * t - 4.9 * t * t, Z = 3 + 60 * t
            return (400 + 600 * X / Z, 400 - 600 * Y / Z)
        }
        let ts = (0..<10).map { Double($0) / 60 }
        let pts = ts.map(launch)
        let fixed = try #require(ProjectiveTimeFit.fit(ts: ts, xs: pts.map(\.0), ys: pts.map(\.1)))
        let scaled = try #require(ProjectiveTimeFit.fit(ts: ts, xs: pts.map(\.0), ys: pts.map(\.1),
                                                        ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread))
        #expect(fixed.rmsResidual > 1, "\(fixed.rmsResidual)")
        #expect(scaled.rmsResidual < 0.3, "\(scaled.rmsResidual)")
        // On a path no wider than the reference spread the ridge keeps its full strength.
        let small = ts.map { (100 + 60 * $0, 80 - 40 * $0 + 20 * $0 * $0) }
        let a = try #require(ProjectiveTimeFit.fit(ts: ts, xs: small.map(\.0), ys: small.map(\.1)))
        let b = try #require(ProjectiveTimeFit.fit(ts: ts, xs: small.map(\.0), ys: small.map(\.1),
                                                   ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread))
        #expect(a.point(at: 0.2)! == b.point(at: 0.2)!)
    }

    @Test func aRidgeTooWeakForTheSamplesIsStrengthenedUntilTheDepthStaysPositive() throws {
        // Centres the detector found in a generated 1280x720 down-the-line launch (analysis
        // pixels at 800 px), the launch frame first. At the spread-scaled ridge the algebraic
        // solution puts a pole inside the window (the depth term crosses zero); a slightly
        // stronger ridge gives the flight, within a pixel.
        let frames = [54.0, 55, 56, 57, 58, 59, 60, 61, 62, 63]
        let xs = [400.663, 404.722, 408.119, 410.735, 412.687, 414.363, 415.659, 416.848, 417.820, 418.810]
        let ys = [395.424, 335.484, 287.721, 252.184, 224.590, 202.612, 186.875, 169.985, 158.073, 147.600]
        let ts = frames.map { $0 / 60 }
        let fit = try #require(ProjectiveTimeFit.fit(ts: ts, xs: xs, ys: ys, ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread))
        #expect(fit.rmsResidual < 1.2, "\(fit.rmsResidual)")
        // The fixed ridge fits it three times worse, the parabola five.
        let fixed = try #require(ProjectiveTimeFit.fit(ts: ts, xs: xs, ys: ys))
        #expect(fixed.rmsResidual > 2.5 * fit.rmsResidual)
    }

    @Test func projectiveFitReducesToAParabolaWithoutDepthChange() throws {
        let ts = (0..<12).map { Double($0) / 30 }
        let xs = ts.map { 100 + 150 * $0 }, ys = ts.map { 200 - 120 * $0 + 90 * $0 * $0 }
        let fit = try #require(ProjectiveTimeFit.fit(ts: ts, xs: xs, ys: ys))
        #expect(fit.rmsResidual < 0.05)
        let p = try #require(fit.point(at: 13.0 / 30))
        let t = 13.0 / 30
        #expect(abs(p.x - (100 + 150 * t)) < 0.3 && abs(p.y - (200 - 120 * t + 90 * t * t)) < 0.3)
    }
}
