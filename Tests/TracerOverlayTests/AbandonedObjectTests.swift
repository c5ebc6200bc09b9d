import Testing
import MediaKitLinux
@testable import TracerOverlay

/// An object followed too long to be a ball (a bird) stays no ball when it is seen again after
/// something hid it for a few frames, even where its new hypothesis alone would pass as one.
@Suite struct AbandonedObjectTests {
    /// Feeds 60 fps frames 0..<90 of an 800 px analysis frame: a bird gliding left along a
    /// level line at 4 px a frame (240 px a second, under a launch's 264) from frame
    /// `birdFrom`, hidden in frames 40-45, on from frame 46 at 4.6 px a frame (276 px a
    /// second, a launch's speed) where its path led. Returns the frames in which a track was
    /// reported.
    static func reports(birdFrom: Int) -> [Int] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.minimumConfirmSpeed = 0.33 * 800
        var tracker = BallTracker(settings: settings)
        var reported: [Int] = []
        for n in 0..<90 {
            var candidates: [BallCandidate] = []
            if n >= birdFrom && (n < 40 || n > 45) {
                let x = n < 40 ? 600 - 4 * Double(n) : 600 - 4 * 39 - 4.3 * Double(46 - 39) - 4.6 * Double(n - 46)
                candidates.append(BallCandidate(x: x, y: 150, radius: 1, halfLength: 1.2, area: 4, polarity: 1,
                                                peakContrast: 20, neighbourhoodActivity: 0))
            }
            if !tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60).isEmpty {
                reported.append(n)
            }
        }
        return reported
    }

    @Test func aBirdSeenAgainAfterItWasFollowedTooLongIsNotReported() {
        #expect(Self.reports(birdFrom: 0).isEmpty)
    }

    /// The same path from frame 46 on, with nothing followed before it, passes as a flight:
    /// what stops it above is the object it continues.
    @Test func theSamePathSeenOnlyAfterTheGapIsAFlight() {
        #expect(!Self.reports(birdFrom: 46).isEmpty)
    }

    /// Only an object slower than a launch over its latest window is one: a fast chain of noise
    /// specks, rejected once it had gathered too many points without fitting a flight, has
    /// gates wide enough to hold a ball's first points by chance.
    @Test func onlyASlowObjectFollowedTooLongIsAbandoned() {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.minimumConfirmSpeed = 0.33 * 800
        let tracker = BallTracker(settings: settings)
        func track(step: Double, count: Int, rejected: Bool) -> Track {
            var track = LaunchSpeedTests.track(framed: (0..<count).map { (frame: $0, x: 600 - step * Double($0), y: 150) },
                                               frameRate: 60)
            track.rejected = rejected
            return track
        }
        // 4 px a frame at 60 fps is 240 px a second, under a launch's 264; 10 px is over it.
        #expect(tracker.isAbandonedObject(track(step: 4, count: 40, rejected: true)))
        #expect(!tracker.isAbandonedObject(track(step: 10, count: 40, rejected: true)))
        #expect(!tracker.isAbandonedObject(track(step: 4, count: 40, rejected: false)))
        #expect(!tracker.isAbandonedObject(track(step: 4, count: 20, rejected: true)))
    }

    /// A young track takes up an abandoned object only where it moves as that object did.
    @Test func onlyATrackMovingAsTheObjectDidTakesItUp() {
        func run(_ vx: Double, _ vy: Double) -> ArraySlice<TrackPoint> {
            LaunchSpeedTests.track(framed: (0..<10).map { (frame: $0, x: 300 + vx * Double($0), y: 200 + vy * Double($0)) },
                                   frameRate: 60).points[...]
        }
        let bird = run(-4, 2)
        #expect(BallTracker.movesAlike(bird, run(-4.6, 2.4)))
        // A ball slowing near its apex, rising where the bird flew level (480x270 120 fps
        // dtl-everything-5): across its way.
        #expect(!BallTracker.movesAlike(run(-1.5, 0), run(0.1, -2)))
        // The same way, but three times as fast, or the other way.
        #expect(!BallTracker.movesAlike(bird, run(-12, 6)))
        #expect(!BallTracker.movesAlike(bird, run(4, -2)))
    }
}
