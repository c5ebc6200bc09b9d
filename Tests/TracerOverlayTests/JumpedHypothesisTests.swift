import Testing
@testable import TracerOverlay

/// A hypothesis judged never a ball that skipped frames to land on another's latest points has
/// jumped onto that object (``BallTracker/seesMoreFrames(_:than:)``): the two both stay, where
/// the longer would otherwise have removed the other as its duplicate.
@Suite struct JumpedHypothesisTests {
    /// 640 px analysis frames at 30 fps: a launch is 0.33 widths a second, 211 px.
    static func tracker() -> BallTracker {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.minimumConfirmSpeed = 0.33 * 640
        return BallTracker(settings: settings)
    }

    /// The ball's own hypothesis: frames 38-41, rising 16, 16, 11 px a frame (480 px a second).
    static let ball = LaunchSpeedTests.track(framed: [(38, 322, 171), (39, 324, 155), (40, 324, 139), (41, 325, 128)],
                                             frameRate: 30)

    /// Something beside the golfer, creeping half a pixel a frame up to frame 37, then on the
    /// ball's points in those of `frames` from 38 on; rejected.
    static func creeper(seenIn frames: [Int]) -> Track {
        var track = LaunchSpeedTests.track(framed: frames.map { f in
            if let p = ball.points.first(where: { $0.frame == f }) { return (f, p.x, p.y) }
            return (f, 307 + 0.5 * Double(f - 12), 164 + 0.2 * Double(f - 12))
        }, frameRate: 30)
        track.rejected = true
        return track
    }

    @Test func aHypothesisThatSawTheFramesARejectedOneJumpedIsKept() {
        let jumped = Self.creeper(seenIn: Array(12...37) + [40, 41])
        #expect(Self.tracker().seesMoreFrames(Self.ball, than: jumped))
    }

    /// The rejected one saw every frame the other did (one it missed is a faint ball's usual
    /// gap, not a jump): the longer removes the other, as before.
    @Test func aRejectedOneThatSkippedAtMostOneFrameStillWins() {
        let everyFrame = Self.creeper(seenIn: Array(12...37) + [38, 39, 40, 41])
        let oneSkipped = Self.creeper(seenIn: Array(12...37) + [39, 40, 41])
        #expect(!Self.tracker().seesMoreFrames(Self.ball, than: everyFrame))
        #expect(!Self.tracker().seesMoreFrames(Self.ball, than: oneSkipped))
    }

    /// Only at a launch's pace: a slow chain of noise specks beside a gappy rejected one is no
    /// object that one jumped onto.
    @Test func aSlowHypothesisIsNoJumpedOnto() {
        let slow = LaunchSpeedTests.track(framed: [(38, 323, 131), (39, 324, 130), (40, 324, 139), (41, 325, 128)],
                                          frameRate: 30)
        #expect(!Self.tracker().seesMoreFrames(slow, than: Self.creeper(seenIn: Array(12...37) + [40, 41])))
    }

    /// Too few points to tell a jump from a gap.
    @Test func threePointsSayNothing() {
        var short = Self.ball
        short.points.removeFirst()
        #expect(!Self.tracker().seesMoreFrames(short, than: Self.creeper(seenIn: [30, 31, 40, 41])))
    }
}
