import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A struck ball spends its first frames beside the swinging club and the golfer's body: a
/// window with half its points among that motion is still a flight, one with most of them is not.
@Suite struct LaunchBesideGolferTests {
    /// Feeds 16 frames of a ball rising 9 px a frame, slowing, whose first `busy` points have
    /// other motion around them (20 changed pixels: more than a ball in the open has, fewer
    /// than a crowded region). Returns the first frame that reports a trajectory.
    func firstReport(busy: Int) -> Int? {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        for n in 0..<16 {
            let k = Double(n)
            let c = BallCandidate(x: 400 + 0.8 * k, y: 380 - 9 * k + 0.2 * k * k, radius: 0.6, halfLength: 0.6, area: 1,
                                  polarity: 1, peakContrast: 20, neighbourhoodActivity: n < busy ? 20 : 0)
            let reported = tracker.update([c], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: k / 60)
            if !reported.isEmpty { return n }
        }
        return nil
    }

    @Test func halfTheWindowBesideTheGolferIsReportedAtItsTenthPoint() {
        #expect(firstReport(busy: 0) == 9)
        #expect(firstReport(busy: 5) == 9)
    }

    @Test func mostOfTheWindowBesideTheGolferWaitsForMoreInTheOpen() {
        // Six of ten busy: reported only once the window has slid to half in the open.
        #expect(firstReport(busy: 6) == 10)
    }
}
