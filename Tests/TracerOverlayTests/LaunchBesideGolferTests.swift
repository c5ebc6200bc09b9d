import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A struck ball spends its first frames beside the swinging club and the golfer's body: a
/// window with half its points among that motion, and its latest in the open, is still a
/// flight; one with most of them among it, or ending among it, is not yet.
@Suite struct LaunchBesideGolferTests {
    /// Feeds 16 frames of a ball rising 9 px a frame, slowing; the points where `busy(n)` have
    /// other motion around them (20 changed pixels: more than a ball in the open has, fewer
    /// than a crowded region). Returns the first frame that reports a trajectory.
    func firstReport(busy: (Int) -> Bool) -> Int? {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        for n in 0..<16 {
            let k = Double(n)
            let c = BallCandidate(x: 400 + 0.8 * k, y: 380 - 9 * k + 0.2 * k * k, radius: 0.6, halfLength: 0.6, area: 1,
                                  polarity: 1, peakContrast: 20, neighbourhoodActivity: busy(n) ? 20 : 0)
            let reported = tracker.update([c], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: k / 60)
            if !reported.isEmpty { return n }
        }
        return nil
    }

    @Test func halfTheWindowBesideTheGolferIsReportedAtItsTenthPoint() {
        #expect(firstReport { _ in false } == 9)
        #expect(firstReport { $0 < 5 } == 9)
    }

    @Test func mostOfTheWindowBesideTheGolferWaitsForMoreInTheOpen() {
        // Six of ten busy: reported only once the window has slid to half in the open.
        #expect(firstReport { $0 < 6 } == 10)
    }

    @Test func aWindowEndingAmongOtherMotionIsNotALaunch() {
        // Half busy again, but the latest points: what leaves a moving region is a ball; what
        // enters one (a bird into x264's wake of itself) is not given the benefit.
        #expect(firstReport { $0 < 2 || $0 >= 7 } != 9)
    }
}
