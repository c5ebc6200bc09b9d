import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A confirmed flight that misses its ball for a frame and finds it again looks between its
/// points, where both sides place the ball and the full-size frame may still show it.
@Suite struct LiveGapFillTests {
    /// The ball's place in frame `n`: 3 px a frame to the right, rising and slowing.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(100 + 3 * k, 300 - 4 * k + 0.05 * k * k)
    }

    /// Feeds 24 frames, the ball a candidate in each but frame 16; only a gap fill's search of
    /// frame 16 finds it there. Returns the confirmed tracks.
    func run(fillsGapsAtFullSize: Bool) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.fillsGapsAtFullSize = fillsGapsAtFullSize
        var tracker = BallTracker(settings: settings)
        for n in 0..<24 {
            let p = Self.place(n)
            let candidates = n == 16 ? [] : [BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                                           peakContrast: 20, neighbourhoodActivity: 0)]
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                guard request.fillsGap, request.frame == 16 else { return nil }
                let q = Self.place(16)
                return BallCandidate(x: q.x + 0.2, y: q.y - 0.1, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                     peakContrast: 9, neighbourhoodActivity: 0)
            }
        }
        return tracker.tracks.filter(\.confirmed)
    }

    @Test func theMissedFrameIsFilledOnceTheBallIsFoundAgain() throws {
        let filled = try #require(run(fillsGapsAtFullSize: true).first)
        let point = try #require(filled.points.first { $0.frame == 16 }, "no point in frame 16")
        #expect(point.foundByLocalSearch)
        #expect(abs(point.x - Self.place(16).x - 0.2) < 1e-9)
        #expect(filled.points.map(\.frame) == Array(0..<24))
        // Where the full-size frames are not kept, the gap stays.
        let kept = try #require(run(fillsGapsAtFullSize: false).first)
        #expect(!kept.points.contains { $0.frame == 16 })
    }
}
