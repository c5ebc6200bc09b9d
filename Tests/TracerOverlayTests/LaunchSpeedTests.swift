import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The speed a new trajectory must start with is judged over the same time at every frame rate.
@Suite struct LaunchSpeedTests {
    /// A hypothesis of one-pixel dots of contrast 20 at these frames of a `frameRate` video.
    static func track(framed points: [(frame: Int, x: Double, y: Double)], frameRate: Double,
                      polarity: Int8 = -1) -> Track {
        let made = points.map { p in
            TrackPoint(BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: polarity,
                                     peakContrast: 20, neighbourhoodActivity: 0),
                       time: MediaTime(seconds: Double(p.frame) / frameRate, preferredTimescale: 600),
                       t: Double(p.frame) / frameRate, frame: p.frame)
        }
        return Track(points: made)
    }

    /// ``track(framed:frameRate:polarity:)`` with one point a frame from `firstFrame`.
    static func track(_ points: [(x: Double, y: Double)], firstFrame: Int, frameRate: Double) -> Track {
        track(framed: points.enumerated().map { (frame: firstFrame + $0, x: $1.x, y: $1.y) }, frameRate: frameRate)
    }

    /// The detector's settings for an analysis frame `width` pixels across (launch speed 0.33
    /// of it a second).
    static func settings(width: Double) -> TrackerSettings {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.minimumConfirmSpeed = 0.33 * width
        return settings
    }

    /// The detector's settings for an 800 px analysis frame.
    static var settings: TrackerSettings { settings(width: 800) }

    /// A dark ball struck down the line in a 1280x720 25 fps clip, first seen three frames after
    /// the strike (at 800 px): 19 px on in its first frame, 3 px a frame by its tenth. Averaged
    /// over the first half of ten 25 fps points it had slowed below a struck ball's speed, and
    /// the flight was never reported.
    @Test func aBallFirstSeenAfterItSlowedIsAFlightAt25Fps() {
        let points: [(x: Double, y: Double)] = [(415.5, 190.5), (416.3, 171.6), (417.0, 159.8), (417.5, 151.2),
                                               (417.5, 144.8), (417.8, 139.3), (418.0, 134.9), (418.1, 131.5),
                                               (418.1, 128.8), (418.1, 125.6)]
        let tracker = BallTracker(settings: Self.settings)
        #expect(tracker.judge(Self.track(points, firstFrame: 33, frameRate: 25)) == .trajectory)
    }

    /// Something as fast over its whole window as that ball was over its middle (a walker's
    /// head, a bird gliding at 25 fps) is still too slow.
    @Test func aSteadySlowObjectIsNotAFlightAt25Fps() {
        let points: [(x: Double, y: Double)] = (0..<10).map { i in
            let k = Double(i)
            return (x: 300 + 7 * k, y: 200 - 2 * k)
        }
        let tracker = BallTracker(settings: Self.settings)
        #expect(tracker.judge(Self.track(points, firstFrame: 40, frameRate: 25)) == .notYet)
    }
}

/// A window quick enough only over its first steps must slow down over its whole length.
@Suite struct EarlySpeedTests {
    /// A 640x360 30 fps bird gliding at 6 px a frame (unseen dtl-birds-walkers-no-shot seed 14),
    /// its first point a speck 12 px ahead of the next: nine points as a look back confirmed
    /// them, frames 9 and 14 missed. Over its first two steps it was as quick as a ball that
    /// slows, over its whole window not, and it did not slow: reported as a shot.
    static let bird: [(frame: Int, x: Double, y: Double)] = [
        (5, 444.2, 160.5), (6, 432.5, 163.5), (7, 426.5, 163.5), (8, 420.5, 164.5), (10, 411.8, 166.5),
        (11, 406.0, 165.9), (12, 402.0, 164.9), (13, 395.4, 165.6), (15, 380.2, 162.5),
    ]

    static func track(_ points: [(frame: Int, x: Double, y: Double)]) -> Track {
        LaunchSpeedTests.track(framed: points, frameRate: 30)
    }

    /// The detector's settings for a 640x360 video.
    static var settings: TrackerSettings { LaunchSpeedTests.settings(width: 640) }

    @Test func aSteadyObjectQuickOnlyOverItsFirstStepIsNotAFlight() {
        let tracker = BallTracker(settings: Self.settings)
        let track = Self.track(Self.bird)
        let first = Self.bird[0], third = Self.bird[2], last = Self.bird[8]
        let speed = hypot(last.x - first.x, last.y - first.y) / (Double(last.frame - first.frame) / 30)
        let early = hypot(third.x - first.x, third.y - first.y) / (Double(third.frame - first.frame) / 30)
        #expect(speed < Self.settings.minimumConfirmSpeed && early > 1.2 * Self.settings.minimumConfirmSpeed,
                "the case: too slow over the window, quick enough over its first steps")
        #expect(tracker.judge(track, window: Self.bird.count) == .notYet)
    }

    /// The same first steps followed by a ball's slowing (each step four fifths of the last),
    /// climbing as a ball that slows so does (it recedes: ``TrackerSettings/flatSlowingRise``),
    /// are a flight.
    @Test func theSameStartSlowingDownIsAFlight() {
        var x = 432.5, y = 163.5, step = 11.0
        var points = [Self.bird[0], Self.bird[1]]
        for frame in 7...14 {
            step *= 0.8
            x -= step
            y -= 0.25 * step
            points.append((frame: frame, x: x, y: y))
        }
        let tracker = BallTracker(settings: Self.settings)
        #expect(tracker.judge(Self.track(points)) == .trajectory)
    }
}

/// A window whose speed is near the launch speed is judged between the ends of its fitted path
/// as well, so that one centre a pixel or two off at an end does not decide.
@Suite struct MarginalLaunchSpeedTests {
    /// A 640x360 120 fps clip's bird, as its window was judged (one point per 60 fps interval):
    /// crossing at 0.30 widths a second, its last centre 2 px ahead.
    static let bird: [(frame: Int, x: Double, y: Double)] = [
        (17, 72.9, 106.4), (19, 76.0, 104.2), (21, 79.1, 103.3), (23, 82.2, 102.9), (25, 85.5, 101.6), (27, 88.7, 100.7),
        (29, 91.9, 100.4), (31, 94.4, 99.0), (33, 98.2, 98.8), (35, 101.8, 98.4), (37, 106.7, 95.9),
    ]

    static func track(_ points: [(frame: Int, x: Double, y: Double)]) -> Track {
        LaunchSpeedTests.track(framed: points, frameRate: 120, polarity: 1)
    }

    /// The detector's settings for a 640x360 120 fps video: twenty frames judged as ten 60 fps
    /// points, a launch at 0.33 of the width a second.
    static var settings: TrackerSettings {
        var settings = TrackerSettings(trajectoryLength: 20, maxSpeed: 5000)
        settings.framesPerJudgedPoint = 2
        settings.minimumConfirmSpeed = 0.33 * 640
        return settings
    }

    /// Its first and last centres are 1% quicker than a launch; its fitted path's ends are not.
    @Test func aBirdJustUnderTheLaunchSpeedIsNotAFlight() {
        let tracker = BallTracker(settings: Self.settings)
        let track = Self.track(Self.bird)
        let first = Self.bird.first!, last = Self.bird.last!
        let measured = hypot(last.x - first.x, last.y - first.y) / (Double(last.frame - first.frame) / 120)
        #expect(measured > Self.settings.minimumConfirmSpeed, "the case: its centres alone pass")
        #expect(tracker.judge(track) == .notYet)
    }

    /// The same path a tenth quicker, its last centre as far off, is a flight.
    @Test func theSamePathATenthQuickerIsAFlight() {
        let first = Self.bird[0]
        let quicker = Self.bird.map { p in (frame: p.frame, x: first.x + 1.1 * (p.x - first.x), y: first.y + 1.1 * (p.y - first.y)) }
        let tracker = BallTracker(settings: Self.settings)
        #expect(tracker.judge(Self.track(quicker)) == .trajectory)
    }
}

/// Near the launch speed, an object followed for longer than a window is judged over up to
/// twice the window as well: ten centres a few tenths of a pixel off can pass a launch that
/// twenty do not.
@Suite struct LongRunLaunchSpeedTests {
    /// A 10 s 1920x1080 60 fps clip's bird at 800 px (walkers-birds-no-shot seed 51), gliding
    /// down from the frame's top at 0.99 of a launch's speed: its 21 centres when its latest
    /// ten were 1% quicker than a launch, and it was reported as a shot.
    static let bird: [(frame: Int, x: Double, y: Double)] = [
        (251, 255.2, 2.8), (252, 259.0, 4.9), (253, 262.7, 7.1), (254, 266.3, 9.8), (255, 270.0, 12.0),
        (256, 273.3, 14.2), (257, 277.4, 16.0), (258, 280.7, 18.7), (259, 285.2, 20.2), (260, 288.1, 23.3),
        (261, 292.2, 25.2), (262, 295.9, 27.4), (263, 299.2, 29.2), (264, 303.3, 32.0), (265, 306.7, 33.9),
        (266, 311.2, 37.0), (267, 314.5, 38.6), (268, 318.1, 41.3), (269, 321.8, 43.7), (270, 325.6, 46.0),
        (271, 329.7, 48.8),
    ]

    static func speed(_ points: ArraySlice<(frame: Int, x: Double, y: Double)>) -> Double {
        let first = points.first!, last = points.last!
        return hypot(last.x - first.x, last.y - first.y) / (Double(last.frame - first.frame) / 60)
    }

    @Test func aBirdJustUnderTheLaunchSpeedFollowedLongIsNotAFlight() {
        let settings = LaunchSpeedTests.settings
        #expect(Self.speed(Self.bird.suffix(10)) > settings.minimumConfirmSpeed
                && Self.speed(Self.bird.suffix(20)) < settings.minimumConfirmSpeed,
                "the case: its latest ten centres pass a launch, its latest twenty do not")
        let tracker = BallTracker(settings: settings)
        #expect(tracker.judge(LaunchSpeedTests.track(framed: Self.bird, frameRate: 60)) == .notYet)
    }

    /// The same path 3% quicker, and the bird's latest ten points alone (an object first seen
    /// there), are flights: the longer run only counts where there is one.
    @Test func theSamePathQuickerOrSeenOnlyForAWindowIsAFlight() {
        let first = Self.bird[0]
        let quicker = Self.bird.map { p in (frame: p.frame, x: first.x + 1.03 * (p.x - first.x), y: first.y + 1.03 * (p.y - first.y)) }
        let tracker = BallTracker(settings: LaunchSpeedTests.settings)
        #expect(tracker.judge(LaunchSpeedTests.track(framed: quicker, frameRate: 60)) == .trajectory)
        #expect(tracker.judge(LaunchSpeedTests.track(framed: Array(Self.bird.suffix(10)), frameRate: 60)) == .trajectory)
    }
}

/// A struck ball only slows in the picture, or keeps its pace across the sky; a window whose
/// second half is much quicker than its first is a chain that ran from something slow onto
/// faster specks.
@Suite struct AcceleratingWindowTests {
    /// Ten 30 fps points left to right, 90 px across in all, with these nine steps, climbing
    /// `climb` px for each pixel across (level by default, so that no bow against gravity
    /// decides).
    static func track(steps: [Double], climb: Double = 0) -> Track {
        var along = 0.0
        let points = [(x: Double, y: Double)]([(x: 200, y: 300)]) + steps.map { step in
            along += step
            return (x: 200 + along, y: 300 - climb * along)
        }
        return LaunchSpeedTests.track(points, firstFrame: 40, frameRate: 30)
    }

    /// The steps growing evenly from 4 to 16 px (7 px a frame over the first half, 13.75 over
    /// the second): 640x360 30 fps dtl-everything-2, a bird's hypothesis that ran on over
    /// x264's specks at twice and three times its pace, was reported as a shot.
    @Test func aWindowThatSpeedsUpIsNotAFlight() {
        let steps = (0..<9).map { 4 + 1.5 * Double($0) }
        let tracker = BallTracker(settings: LaunchSpeedTests.settings)
        #expect(tracker.judge(Self.track(steps: steps)) == .notYet)
    }

    /// The same steps the other way round, slowing as a ball leaving down the line does (and
    /// climbing as it does: ``TrackerSettings/flatSlowingRise``), and the same way at an even
    /// pace, are flights.
    @Test func theSameWaySlowingOrEvenIsAFlight() {
        let tracker = BallTracker(settings: LaunchSpeedTests.settings)
        #expect(tracker.judge(Self.track(steps: (0..<9).map { 16 - 1.5 * Double($0) }, climb: 0.5)) == .trajectory)
        #expect(tracker.judge(Self.track(steps: Array(repeating: 10, count: 9))) == .trajectory)
    }
}
