import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A codec's skipped blocks repeat a small ball where it was for a frame or a few; the judge
/// sees the flight without those copies.
@Suite struct StaleCopyTests {
    static func point(_ frame: Int, _ x: Double, _ y: Double) -> TrackPoint {
        TrackPoint(BallCandidate(x: x, y: y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1, peakContrast: 30,
                                 neighbourhoodActivity: 0),
                   time: MediaTime(value: Int64(frame), timescale: 120), t: Double(frame) / 120, frame: frame)
    }

    let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))

    @Test func aRepeatOfTheLastPlaceOfAMovingObjectIsLeftOut() {
        // 4 px a frame, frames 3 and 4 repeating frame 2's place to 0.2 px.
        var points = (0..<8).map { Self.point($0, 100, 200 - 4 * Double($0)) }
        points[3].x = 100.2; points[3].y = 192
        points[4].x = 100; points[4].y = 192.1
        let kept = tracker.withoutStaleCopies(points[...])
        #expect(kept.map(\.frame) == [0, 1, 2, 5, 6, 7])
    }

    @Test func aSlowObjectOrOneStandingStillKeepsEveryPoint() {
        // 0.3 px a frame: as slow as the copies are near.
        let slow = (0..<8).map { Self.point($0, 100, 200 - 0.3 * Double($0)) }
        #expect(tracker.withoutStaleCopies(slow[...]).count == 8)
        // Moving 4 px a frame, then still for five frames: more than a codec's skips.
        var still = (0..<10).map { Self.point($0, 100, 200 - 4 * Double(min($0, 4))) }
        still[6].x += 0.1
        #expect(tracker.withoutStaleCopies(still[...]).count == 10)
        // Nothing repeated: the slice itself comes back.
        let clean = (0..<8).map { Self.point($0, 100, 200 - 4 * Double($0)) }
        #expect(tracker.withoutStaleCopies(clean[3...]).startIndex == 3)
    }

    /// The judge's verdict on ten points a frame along a rising, slowing flight moving `step`
    /// pixels a frame at first, the frames in `copies` showing the place of the frame before.
    func verdict(copies: Set<Int>, step: Double = 4, settings: (inout TrackerSettings) -> Void = { _ in }) -> BallTracker.Verdict {
        var trackerSettings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings(&trackerSettings)
        let tracker = BallTracker(settings: trackerSettings)
        var points: [TrackPoint] = []
        for n in 0..<10 {
            let t = Double(n)
            points.append(copies.contains(n) ? points[n - 1]
                : Self.point(n, 100 + 0.5 * step * t, 300 - step * t + 0.03 * step * t * t))
            points[n].frame = n; points[n].t = t / 60; points[n].time = MediaTime(value: Int64(n), timescale: 60)
        }
        return tracker.judge(Track(points: points))
    }

    @Test func aFlightWithCopiesInItsWindowIsAFlight() {
        #expect(verdict(copies: []) == .trajectory)
        // Frames 6 and 7 repeat frame 5 (a step and two behind the flight): judged with the
        // copies, the fit strays too far; without them, a flight.
        #expect(verdict(copies: [6, 7]) == .trajectory)
        #expect(verdict(copies: [6, 7]) { $0.staleCopyMinimumMotion = .infinity } == .notYet)
        #expect(verdict(copies: [4, 8]) == .trajectory)
        #expect(verdict(copies: [4, 8]) { $0.staleCopyMinimumMotion = .infinity } == .notYet)
    }

    @Test func aRunLongerThanACodecSkipsIsJudgedWhole() {
        // Five frames at one place: the object stopped; the window is no flight.
        #expect(verdict(copies: [4, 5, 6, 7, 8]) == .notYet)
        #expect(verdict(copies: [4, 5, 6, 7, 8]) { $0.longestStaleCopyRun = 5 } == .trajectory)
    }
}
