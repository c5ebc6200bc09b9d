import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Two hypotheses that reach the same points, alike in fit and length, are one object: the one
/// kept is the one that started in the open, not on something moving beside it.
@Suite struct SharedHypothesisTests {
    /// The ball's place in frame `n`: up 9 px a frame, slowing, drifting right.
    static func ball(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(400 + 0.8 * k, 380 - 9 * k + 0.2 * k * k)
    }

    /// Feeds 14 frames of the ball; in frame 0 a second blob (the golfer's head, say) lies 2 px
    /// beside it among other motion, listed first when `crowdedFirst`. Returns the confirmed
    /// tracks.
    func run(crowdedFirst: Bool) -> [Track] {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        for n in 0..<14 {
            let p = Self.ball(n)
            var candidates = [BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                            peakContrast: 20, neighbourhoodActivity: 0)]
            if n == 0 {
                let crowded = BallCandidate(x: p.x + 2, y: p.y - 1, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                            peakContrast: 20, neighbourhoodActivity: 120)
                candidates.insert(crowded, at: crowdedFirst ? 0 : 1)
            }
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        return tracker.tracks.filter(\.confirmed)
    }

    @Test func theHypothesisStartedInTheOpenIsKept() throws {
        for crowdedFirst in [true, false] {
            let confirmed = run(crowdedFirst: crowdedFirst)
            #expect(confirmed.count == 1)
            let first = try #require(confirmed.first?.points.first)
            // Without the preference the older hypothesis (the first listed) won the tie.
            #expect(first.frame == 0 && first.activity == 0,
                    "crowded listed first: \(crowdedFirst); started at frame \(first.frame), activity \(first.activity)")
        }
    }
}
