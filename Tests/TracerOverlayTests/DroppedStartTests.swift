import Testing
@testable import TracerOverlay

/// A flight confirmed on a window whose first points its own revisions then drop (something
/// else before the object) must pass without them.
@Suite struct DroppedStartTests {
    /// A confirmed track at 60 fps over the sky, from frame 42, `step` px a frame along a line
    /// rising to the right.
    func track(step: Double, count: Int = 18) -> Track {
        let points: [(x: Double, y: Double)] = (0..<count).map { i in
            let k = Double(i)
            return (x: 280 + step * k, y: 180 - 0.3 * step * k)
        }
        var track = LaunchSpeedTests.track(points, firstFrame: 42, frameRate: 60)
        for i in track.points.indices { track.points[i].background = 230 }
        track.confirmed = true
        return track
    }

    @Test func aSlowRemainderIsNoFlight() {
        let tracker = BallTracker(settings: LaunchSpeedTests.settings)
        // A bird gliding at 1.5 px a frame, its confirmation resting on two fast points before
        // frame 42 that were dropped: not a flight.
        #expect(tracker.passesOnlyWithDroppedStart(track(step: 1.5), firstFrame: 38))
        // Nothing dropped: the verdict stands.
        #expect(!tracker.passesOnlyWithDroppedStart(track(step: 1.5), firstFrame: 42))
        // A ball's pace without them: still a flight.
        #expect(!tracker.passesOnlyWithDroppedStart(track(step: 6), firstFrame: 38))
    }
}
