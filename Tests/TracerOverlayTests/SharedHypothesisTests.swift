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

/// Of two hypotheses ending on the same two points, alike in fit and length, the one seen frame
/// after frame is the ball's: a chain of specks that happened onto it skipped frames.
@Suite struct SkippedFrameHypothesisTests {
    /// A point of a ball receding down the line at 25 fps, frame `n` after its launch.
    static func point(frame n: Int, x: Double, y: Double) -> TrackPoint {
        TrackPoint(BallCandidate(x: x, y: y, radius: 1, halfLength: 1, area: 3, polarity: 1, peakContrast: 15,
                                 neighbourhoodActivity: 0),
                   time: MediaTime(value: Int64(n), timescale: 25), t: Double(n) / 25, frame: n)
    }

    /// The ball, frames 23-28 (1920x1080 25 fps dtl-noise-jitter-3 at the analysis size), and a
    /// chain that took specks in frames 19, 21 and 23 before the ball's points in 25, 27 and 28.
    static let ball = [(23, 403.0, 327.0), (24, 407, 240), (25, 409, 191), (26, 410, 160), (27, 411, 140), (28, 412, 123)]
        .map { point(frame: $0.0, x: $0.1, y: $0.2) }
    static let chain = [(19, 584.0, 373.0), (21, 482, 291), (23, 434, 230), (25, 409, 191), (27, 411, 140), (28, 412, 123)]
        .map { point(frame: $0.0, x: $0.1, y: $0.2) }

    static func isBetter(_ a: Track, than b: Track) -> Bool {
        BallTracker.isBetterHypothesis(a, than: b, trajectoryLength: 10, crowdedActivity: 40) { first, count in
            BallTracker.fitTime((first ? a : b).points.suffix(count)).rms
        }
    }

    @Test func theHypothesisThatSkippedNoFrameIsKept() {
        let ball = Track(points: Self.ball), chain = Track(points: Self.chain)
        // Neither fits twice as well as the other: the fit alone does not decide.
        let ballFit = BallTracker.fitTime(Self.ball).rms, chainFit = BallTracker.fitTime(Self.chain).rms
        #expect(max(ballFit, chainFit) < 2 * min(ballFit, chainFit))
        #expect(Self.isBetter(ball, than: chain))
        #expect(!Self.isBetter(chain, than: ball))
    }

    @Test func aSpeckAmongTheLatestPointsLosesOnItsFit() {
        // A smooth flight against the same frames with one point 8 px off the path: the fit
        // decides before the span or the motion around the points.
        let smooth = (0..<6).map { k in
            Self.point(frame: 30 + k, x: 400 + 0.8 * Double(k), y: 380 - 9 * Double(k) + 0.2 * Double(k * k))
        }
        var specked = smooth
        specked[2].y += 8
        #expect(Self.isBetter(Track(points: smooth), than: Track(points: specked)))
        #expect(!Self.isBetter(Track(points: specked), than: Track(points: smooth)))
    }

    @Test func oneFrameOfSpanDoesNotDecide() {
        // The same launch, its first point taken a frame earlier: only a clear difference counts,
        // and neither is better (the hypothesis already held stays).
        var early = Self.ball
        early[0] = Self.point(frame: 22, x: 403, y: 327)
        let ball = Track(points: Self.ball), other = Track(points: early)
        #expect(!Self.isBetter(ball, than: other) && !Self.isBetter(other, than: ball))
    }
}
