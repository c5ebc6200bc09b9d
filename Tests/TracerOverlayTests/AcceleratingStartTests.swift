import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A confirmed flight does not start with a step far shorter than its next: a struck ball
/// only slows.
@Suite struct AcceleratingStartTests {
    /// A track at 120 fps whose points lie on a vertical line at x = 400, at these heights.
    static func track(_ ys: [Double]) -> Track {
        Track.confirmed(onVerticalLineAt: 400, heights: ys, frameRate: 120, firstFrame: 107)
    }

    /// A ball struck down the line at 800 px, slowing from 36 px a frame as it recedes.
    static let flight: [Double] = [402.1, 365.8, 338.0, 313.0, 291.7, 272.6, 255.4, 240.0, 226.1, 213.5, 202.0, 191.5]

    /// A fresh tracker per use: a tracker keeps memos of its answers and is not to be shared across tests running at once.
    static var tracker: BallTracker { BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)) }

    /// 1280x720 120 fps dtl-everything-3: the club head coming through the tee the frame before
    /// the launch, 20 px below the ball's launch point, led its flight.
    @Test func theClubHeadBeforeTheLaunchIsNoPartOfTheFlight() {
        #expect(Self.tracker.startsAccelerating(Self.track([422.9] + Self.flight)))
    }

    /// A flight confirmed early, before it holds a window's worth of points, is checked as
    /// well: the check runs once, at confirmation.
    @Test func aFlightConfirmedEarlyIsCheckedToo() {
        #expect(Self.tracker.startsAccelerating(Self.track([422.9] + Self.flight.prefix(5))))
    }

    /// 1280x720 25 fps dtl-floodlights-3: a lamp's flicker taken along the path traced back,
    /// two points before the launch and two after it, each step as long as the next, then the
    /// ball's own 20 px a frame: the run goes one point at a time, the ball's stays.
    @Test func aRunOfSlowPointsBeforeTheFlightGoesPointByPoint() {
        let ball: [Double] = [290.2, 257.8, 223.0, 198.0, 179.0, 163.0, 149.5, 138.0, 128.0, 119.5, 112.0]
        var ys = [351.2, 340.0, 327.6, 307.5] + ball
        var removed = 0
        while Self.tracker.startsAccelerating(Self.track(ys)) {
            ys.removeFirst()
            removed += 1
        }
        #expect(removed == 4)
        #expect(ys == ball)
    }

    /// 640x360 sky-birds-clouds-1: a far ball crossing the sky at 6-8 px a frame, its steps
    /// varying by the pixel or two its centring does. The fastest of the next three steps
    /// would call its true first point an acceleration; their median does not.
    @Test func aSlowFarBallsJitteryStepsKeepItsFirstPoint() {
        let steps = [6.0, 8.1, 5.4, 8.6, 3.9, 7.2, 4.1, 6.5, 5.9, 7.0, 6.1]
        var ys = [300.0]
        for step in steps { ys.append(ys[ys.count - 1] - step) }
        #expect(!Self.tracker.startsAccelerating(Self.track(ys)))
    }

    /// 1920x1080 25 fps dtl-portrait-1 (450x800 analysis frames): the look back took two points
    /// of the swing below the tee, 74 and then 56 px a frame apart (over a missed frame), before
    /// the ball's own 93 and 46. The first step is no shorter than the next, but the second is
    /// far shorter than the third: both points go, one a frame, and the flight starts at the
    /// launch.
    @Test func twoPointsBeforeAFastLaunchGo() {
        func removed(_ settings: TrackerSettings) -> [Double] {
            let tracker = BallTracker(settings: settings)
            var track = Track.confirmed(onVerticalLineAt: 240, heights: [705.2, 630.8, 574.0, 518.0, 425.0, 379.3, 352.3, 335.3],
                                        frameRate: 25, firstFrame: 20)
            track.points.remove(at: 2)
            var gone: [Double] = []
            while tracker.startsAccelerating(track) { gone.append(track.points.removeFirst().y) }
            return gone
        }
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        #expect(removed(settings) == [705.2, 630.8])
        // Comparing the first step alone with the next ones keeps both.
        settings.acceleratingThirdStep = .infinity
        #expect(removed(settings).isEmpty)
    }

    /// 1280x720 25 fps dtl-noise-jitter-1 at 800x450: the look back from the launch took the
    /// ball at rest 86 px below (twice) and the club head between, steps of 1, 33 and 53 px
    /// before the ball's 80 and 37. All three go in one revision, which ends at the launch.
    @Test func aRunBeforeTheLaunchGoesAtOnce() {
        let ball: [Double] = [317, 237, 200, 178, 165, 154, 147, 138, 137, 133, 129]
        var track = Track.confirmed(onVerticalLineAt: 410, heights: [402, 403, 370] + ball, frameRate: 25, firstFrame: 20)
        #expect(Self.tracker.dropAcceleratingStart(&track) == 3)
        #expect(track.points.map(\.y) == ball)
        #expect(track.points[0].frame == 23)
        // Asked again, the ball's own first point stays.
        #expect(Self.tracker.dropAcceleratingStart(&track) == 0)
    }

    /// No more than ``TrackerSettings/acceleratingStartLongestRun`` points go at once: steps
    /// growing by 1.6 times each (6, 10, 16, 26, 42 and 67 px) before a receding ball.
    @Test func atMostTheLongestRunGoesAtOnce() {
        var ys = [600.0]
        for step in [6.0, 10, 16, 26, 42, 67] { ys.append(ys[ys.count - 1] - step) }
        var track = Self.track(ys + Self.flight.map { $0 - 200 })
        let tracker = Self.tracker
        #expect(tracker.dropAcceleratingStart(&track) == tracker.settings.acceleratingStartLongestRun)
        #expect(track.points[0].y == ys[tracker.settings.acceleratingStartLongestRun])
    }

    @Test func aBallSlowingAsItRecedesStartsWhereItStarts() {
        #expect(!Self.tracker.startsAccelerating(Self.track(Self.flight)))
    }

    /// A first centre a few pixels short along the path (a launch frame's blob without the ball
    /// on the tee) is still the ball.
    @Test func aFirstStepALittleShortIsKept() {
        var ys = Self.flight
        ys[0] -= 8
        #expect(!Self.tracker.startsAccelerating(Self.track(ys)))
    }

    /// A slow object's steps are mostly centring noise: they say nothing of its speed.
    @Test func aSlowTrackIsLeftAlone() {
        let slow = (0..<12).map { 300 - 3 * Double($0) - ($0 == 0 ? 2 : 0) }
        #expect(!Self.tracker.startsAccelerating(Self.track(slow)))
    }
}

/// A confirmed flight does not start on x264's early copy of its second point.
@Suite struct EarlyCopyStartTests {
    /// 640x360 60 fps dtl-noise-jitter-6, as the detector followed it (y at x = 336): its first
    /// point, a faint copy of the ball's next image a frame early, 0.6 px from the second, then
    /// the ball's 5.5 and 4.6 px steps.
    static let ys: [Double] = [141.1, 140.5, 135.1, 130.5, 125.8, 121.5, 120.7, 116.7, 113.3, 111.9, 110.1]

    static func track(_ ys: [Double]) -> Track {
        Track.confirmed(onVerticalLineAt: 336, heights: ys, frameRate: 60, firstFrame: 61)
    }

    static var tracker: BallTracker { BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)) }

    @Test func aFirstPointAtTheSecondsPlaceIsACopy() {
        #expect(Self.tracker.startsWithEarlyCopy(Self.track(Self.ys)))
        // Its steps are under a launch's, so the accelerating-start rule does not take it.
        #expect(!Self.tracker.startsAccelerating(Self.track(Self.ys)))
    }

    /// The ball's own first point, and a slow far ball whose first step is short by its
    /// centring, are no copies.
    @Test func aFlightsOwnFirstPointIsNoCopy() {
        #expect(!Self.tracker.startsWithEarlyCopy(Self.track(Array(Self.ys.dropFirst()))))
        let far: [Double] = [100.0, 99.2, 97.9, 96.5, 95.3, 94.0, 92.9, 91.7, 90.6, 89.5]
        #expect(!Self.tracker.startsWithEarlyCopy(Self.track(far)))
    }

    /// A flight confirmed on such a copy drops it, and its look back then finds the frames
    /// before, where the ball is (a ball receding down the line at 60 fps, x264's copy of its
    /// frame-62 image in frame 61).
    @Test func theCopyGoesAndTheLookBackFindsTheFramesBefore() {
        func y(_ n: Int) -> Double {
            var share = 1.0
            for _ in 0..<max(n - 54, 0) { share *= 0.8 }
            return 100 + 200 * share
        }
        var tracker = Self.tracker
        // The frames before, so that the tracker knows their times.
        for n in 0...72 { _ = tracker.update([], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) }
        var track = Track.confirmed(onVerticalLineAt: 336, heights: [y(62)] + (62...71).map(y), frameRate: 60, firstFrame: 61)
        // Searches of earlier frames find the ball where it was, when they look there.
        let dropped = tracker.dropEarlyCopy(&track) { request in
            guard let f = request.frame, f <= 61, abs(336 - request.x) <= request.radius,
                  abs(y(f) - request.y) <= request.radius else { return nil }
            return BallCandidate(x: 336, y: y(f), radius: 1, halfLength: 1, area: 3, polarity: 1, peakContrast: 40,
                                 neighbourhoodActivity: 0)
        }
        #expect(dropped)
        #expect(track.points[0].frame < 61, "first point in frame \(track.points[0].frame)")
        let at61 = track.points.first { $0.frame == 61 }
        #expect(at61.map { abs($0.y - y(61)) < 0.01 } ?? false, "frame 61: \(String(describing: at61))")
        // The ball's own first point is no copy: nothing goes.
        var own = Track.confirmed(onVerticalLineAt: 336, heights: (62...71).map(y), frameRate: 60, firstFrame: 62)
        #expect(!tracker.dropEarlyCopy(&own) { _ in nil })
        #expect(own.points[0].frame == 62)
    }
}
