import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A ball whose launch the encoder erased is first seen receding, slower than a struck ball
/// but slowing as nothing else in the picture does: it is a flight, while a steady object at
/// its early pace, or one followed long before its window seemed to slow, is not.
@Suite struct RecedingLaunchTests {
    /// A 640x360 30 fps dark ball struck down the line (ten/640x360-30 dtl-dark-ball-1), as the
    /// detector found it: its first four frames erased against the trees (decoded contrast
    /// 1-6), then 10 px a frame, slowing to 2 px by its tenth point. It was found nowhere.
    static let ball: [(x: Double, y: Double)] = [
        (333.0, 146.2), (333.2, 136.0), (333.6, 127.8), (333.9, 122.0), (334.2, 117.1),
        (334.3, 113.5), (334.3, 110.2), (334.4, 107.4), (334.5, 105.2), (334.5, 103.2),
    ]

    static var settings: TrackerSettings { LaunchSpeedTests.settings(width: 640) }

    static func track(_ points: [(x: Double, y: Double)], firstFrame: Int = 31) -> Track {
        LaunchSpeedTests.track(points, firstFrame: firstFrame, frameRate: 30)
    }

    @Test func aBallFirstSeenRecedingIsAFlight() {
        let launch = Self.settings.minimumConfirmSpeed
        let first = Self.ball[0], last = Self.ball[9]
        #expect(hypot(last.x - first.x, last.y - first.y) * 30 / 9 < 0.7 * launch, "the case: well under a launch's speed")
        #expect(BallTracker(settings: Self.settings).judge(Self.track(Self.ball)) == .trajectory)
        // The slowing is what passes it.
        var steady = Self.settings
        steady.recedingSlowdown = 0
        #expect(BallTracker(settings: steady).judge(Self.track(Self.ball)) == .notYet)
    }

    /// The ball's slowing laid along a level line (specks beside walkers, then a bird, at one
    /// height: 10 s 1280x720 30 fps dtl-birds-walkers-no-shot-52) is no flight: a ball that
    /// slows so is receding, and climbs or falls in the picture as it does.
    @Test func aLevelPathThatSlowsIsNotAFlight() {
        let wobble = [0.3, -0.2, 0.1, -0.3, 0.2, 0.0, -0.1, 0.3, -0.2, 0.1]
        let level = Self.ball.enumerated().map { i, p in (x: 200 + (146.2 - p.y), y: 200 + wobble[i]) }
        #expect(BallTracker(settings: Self.settings).judge(Self.track(level)) == .notYet)
        // Its pace alone would pass it, as it passes the ball.
        var anyDirection = Self.settings
        anyDirection.flatSlowingShare = 0
        #expect(BallTracker(settings: anyDirection).judge(Self.track(level)) == .trajectory)
    }

    /// Something at the ball's mean pace that keeps it (a bird gliding at 5 px a frame, well
    /// over the share of a launch's speed a receding ball must start with) is too slow.
    @Test func aSteadyObjectAtTheBallsPaceIsNotAFlight() {
        let points: [(x: Double, y: Double)] = (0..<10).map { i in
            let k = Double(i)
            return (x: 300 + 0.6 * k, y: 146 - 5 * k)
        }
        let settings = Self.settings
        #expect(5 * 30 > settings.recedingLaunchShare * settings.minimumConfirmSpeed, "the case: quick enough to start a receding flight")
        #expect(BallTracker(settings: settings).judge(Self.track(points)) == .notYet)
    }

    /// The same slowing at the end of a track followed for eight frames before (at 120 fps,
    /// birds' wandering centres gave such windows late in their tracks) is no ball first seen.
    @Test func aSlowingWindowAfterALongHistoryIsNotAFlight() {
        let before: [(x: Double, y: Double)] = (0..<8).map { i in
            let k = Double(8 - i)
            return (x: 333.0 - 0.2 * k, y: 146.2 + 4 * k)
        }
        let track = Self.track(before + Self.ball, firstFrame: 23)
        #expect(BallTracker(settings: Self.settings).judge(track) == .notYet)
        // Its window alone would pass.
        var anyHistory = Self.settings
        anyHistory.recedingLongestHead = 100
        #expect(BallTracker(settings: anyHistory).judge(track) == .trajectory)
    }
}
