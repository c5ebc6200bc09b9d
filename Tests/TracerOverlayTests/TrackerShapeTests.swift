import Testing
import MediaKitLinux
@testable import TracerOverlay

/// What the shape of a window says about it, beyond how well a model fits it.
@Suite struct TrackerShapeTests {
    /// Feeds one candidate a frame along `y(n)` (top-left, pixels), moving 9 px a frame to the
    /// right; returns whether any track was confirmed.
    func confirms(_ y: (Double) -> Double) -> Bool {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        for n in 0..<14 {
            let c = BallCandidate(x: 100 + 9 * Double(n), y: y(Double(n)), radius: 0.6, halfLength: 0.6, area: 1,
                                  polarity: 1, peakContrast: 8, neighbourhoodActivity: 0)
            _ = tracker.update([c], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        return tracker.tracks.contains(where: \.confirmed)
    }

    @Test func aFlightBendsDownward() {
        // Rising and slowing under gravity: y falls ever less quickly.
        #expect(confirms { 300 - 8 * $0 + 0.4 * $0 * $0 })
        // The same path mirrored bends upward, against gravity (12 px at the window's middle):
        // a chance chain of specks, however well it fits a parabola.
        #expect(!confirms { 200 + 8 * $0 - 0.4 * $0 * $0 })
        // Nearly straight either way is left to the other tests.
        #expect(confirms { 200 + 3 * $0 - 0.02 * $0 * $0 })
    }
}
