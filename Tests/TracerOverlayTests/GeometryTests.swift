import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite struct GeometryTests {
    @Test func pointConversionFlipsYOnly() {
        let vision = NormalizedPoint(x: 0.25, y: 0.8)
        let topLeft = vision.visionToTopLeft()
        #expect(topLeft == NormalizedPoint(x: 0.25, y: 0.2).visionToTopLeft().visionToTopLeft())
        #expect(abs(topLeft.x - 0.25) < 1e-15 && abs(topLeft.y - 0.2) < 1e-12)
        #expect(topLeft.topLeftToVision() == vision)
    }

    @Test func rectConversionMovesTheOriginCorner() {
        // A region covering the top quarter of the frame, left half (top-left space).
        let topLeft = NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.25)
        let vision = topLeft.topLeftToVision()
        #expect(vision.minX == 0 && vision.width == 0.5 && vision.height == 0.25)
        #expect(abs(vision.minY - 0.75) < 1e-12)
        #expect(vision.visionToTopLeft() == topLeft)
        // A top-left point inside maps to a Vision point inside the converted rect.
        #expect(vision.contains(NormalizedPoint(x: 0.1, y: 0.1).topLeftToVision()))
        #expect(!vision.contains(NormalizedPoint(x: 0.1, y: 0.9).topLeftToVision()))
    }

    @Test func parabolaFitRecoversCoefficients() {
        let xs = stride(from: 0.40, through: 0.70, by: 0.03).map { $0 }
        let ys = xs.map { -3.5 * $0 * $0 + 2.9 * $0 + 0.1 }
        let fit = QuadraticFit.fit(xs: xs, ys: ys)
        #expect(abs(fit.a + 3.5) < 1e-9 && abs(fit.b - 2.9) < 1e-9 && abs(fit.c - 0.1) < 1e-9)
        #expect(fit.rmsResidual < 1e-12)
    }

    @Test func parabolaFitOfAVerticalPathStaysFinite() {
        let xs = [Double](repeating: 0.5, count: 8)
        let ys = (0..<8).map { 0.2 + 0.05 * Double($0) }
        let fit = QuadraticFit.fit(xs: xs, ys: ys)
        #expect(fit.a.isFinite && fit.b.isFinite && fit.c.isFinite)
        #expect(abs(fit.value(at: 0.5) - ys.reduce(0, +) / 8) < 1e-12)
        // Two distinct abscissae give the line through their means.
        let line = QuadraticFit.fit(xs: [0, 0, 1, 1], ys: [1, 1, 3, 3])
        #expect(abs(line.a) < 1e-12 && abs(line.b - 2) < 1e-9 && abs(line.c - 1) < 1e-9)
    }

    @Test func timeFitFollowsANearVerticalFlight() {
        // x barely moves, y climbs and slows: y = f(x) is meaningless, x(t), y(t) are exact.
        let times = (0..<12).map { MediaTime(value: Int64(100 + $0), timescale: 60) }
        let points = (0..<12).map { i -> NormalizedPoint in
            let t = Double(i) / 60
            return NormalizedPoint(x: 0.5 + 0.001 * t, y: 0.1 + 1.8 * t - 2.5 * t * t)
        }
        let fit = TimeQuadraticFit.fit(times: times, points: points)
        #expect(fit.rmsResidual < 1e-9)
        let later = MediaTime(value: 115, timescale: 60)
        let expected = NormalizedPoint(x: 0.5 + 0.001 * 0.25, y: 0.1 + 1.8 * 0.25 - 2.5 * 0.0625)
        let predicted = fit.point(at: later)
        #expect(abs(predicted.x - expected.x) < 1e-9 && abs(predicted.y - expected.y) < 1e-9)
        let v = fit.velocity(at: times[0])
        #expect(abs(v.y - 1.8) < 1e-6)
    }
}
