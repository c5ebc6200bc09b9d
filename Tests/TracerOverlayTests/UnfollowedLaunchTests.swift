import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A young track that continues a lost launch takes it up only while no confirmed flight
/// follows the launch's object already: taken up again, a branch of a flight confirmed since
/// it ended becomes a second flight on the same ball (``BallTracker/lostLaunch(continuedBy:unfollowed:)``).
@Suite struct UnfollowedLaunchTests {
    /// The ball's centre in analysed frame `n` (30 fps, 800x450): struck up and away, slowing.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(400 + 3 * k, 420 - 24 * k + 0.5 * k * k)
    }

    static func point(_ n: Int, offset: SIMD2<Double> = .zero) -> TrackPoint {
        let p = place(n) + offset
        return TrackPoint(time: MediaTime(value: Int64(n), timescale: 30), t: Double(n) / 30, x: p.x, y: p.y,
                          radius: 0.8, halfLength: 0.8, axisX: 1, axisY: 0, contrast: 20, activity: 0, frame: n,
                          polarity: 1)
    }

    /// A track through the ball's places in `frames`, `offset` pixels off them.
    static func track(_ frames: ClosedRange<Int>, offset: SIMD2<Double> = .zero) -> Track {
        var track = Track(point: point(frames.lowerBound, offset: offset))
        for n in frames.dropFirst() { track.points.append(point(n, offset: offset)) }
        track.lastFrame = frames.upperBound
        return track
    }

    /// The launch, lost after frame 5, and the young track that picks the ball up in frames 8-10.
    let launch = Self.track(0...5)
    let young = Self.track(8...10)

    func tracker(confirmed: [Track], endedConfirmed: [Track] = []) -> BallTracker {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1.0 / 30)
        let flights = confirmed.map { var t = $0; t.confirmed = true; return t }
        let endedFlights = endedConfirmed.map { var t = $0; t.confirmed = true; return t }
        return BallTracker(settings: settings, tracks: flights + [young], ended: [launch] + endedFlights, frame: 10)
    }

    @Test func aLaunchNoFlightFollowsIsTakenUp() {
        // A confirmed flight elsewhere in the frame (another ball) does not follow it.
        let elsewhere = Self.track(0...10, offset: SIMD2(-200, 0))
        let tracker = tracker(confirmed: [elsewhere])
        #expect(tracker.lostLaunch(continuedBy: young) == 0)
        #expect(tracker.lostLaunch(continuedBy: young, unfollowed: tracker.unfollowedLaunches()) == 0)
    }

    @Test func aLaunchAConfirmedFlightRetracesIsLeftAlone() {
        // Another hypothesis on the same ball, confirmed since the launch ended: it holds the
        // launch's points within a pixel.
        let flight = Self.track(0...10, offset: SIMD2(0.6, -0.4))
        let tracker = tracker(confirmed: [flight])
        #expect(tracker.lostLaunch(continuedBy: young) == nil)
        let record = tracker.unfollowedLaunches()
        #expect(tracker.lostLaunch(continuedBy: young, unfollowed: record) == nil)
        // The answer is kept for the next young track that asks.
        #expect(tracker.lostLaunch(continuedBy: Self.track(8...11), unfollowed: record) == nil)
    }

    @Test func aLaunchWhoseUuidAFlightCarriesIsLeftAlone() {
        // A branch of the launch (same uuid) confirmed on points of its own, and one that ended.
        var branch = Self.track(6...10, offset: SIMD2(5, 5))
        branch.uuid = launch.uuid
        #expect(tracker(confirmed: [branch]).lostLaunch(continuedBy: young) == nil)
        #expect(tracker(confirmed: [], endedConfirmed: [branch]).lostLaunch(continuedBy: young) == nil)
    }
}
