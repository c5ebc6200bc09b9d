import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A launch lost before its tenth point, taken up by a young track after a gap of frames: the
/// frames between are searched before the two are counted, so the flight need not wait for the
/// young track's own points to make up the window; and a launch that passed as a flight on its
/// own is taken up by a young track's second point.
@Suite struct LostLaunchGapFillTests {
    /// The ball's centre in frame `n` (30 fps, 640x360): struck upward down the line, slowing
    /// as it recedes (640x360 30 fps dtl-clean-4's flight).
    static let heights: [Double] = [318, 230, 183, 154, 134, 120, 110, 101, 95, 89, 85, 81, 78, 75, 73, 71]
    static func place(_ n: Int) -> SIMD2<Double> { SIMD2(320 - 0.1 * Double(n), heights[n]) }

    /// The ball is a candidate in frames 0-3 (bright, fast) and from frame 8 on (faint, slow);
    /// in frames 4-7 only a gap fill's search finds it (where `searchFindsGap`). Returns the
    /// frame of the first report and the reported track.
    func run(searchFindsGap: Bool) -> (frame: Int, track: Track)? {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1.0 / 30)
        var tracker = BallTracker(settings: settings)
        for n in 0..<Self.heights.count {
            let p = Self.place(n)
            let contrast = n < 4 ? 40 : 15
            let candidates = (4...7).contains(n) ? [] : [BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8,
                                                                         area: 3, polarity: 1, peakContrast: contrast,
                                                                         neighbourhoodActivity: 0)]
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 30),
                                          t: Double(n) / 30) { request in
                guard searchFindsGap, request.fillsGap, let f = request.frame, (4...7).contains(f) else { return nil }
                let q = Self.place(f)
                return BallCandidate(x: q.x + 0.2, y: q.y - 0.1, radius: 0.6, halfLength: 0.6, area: 3, polarity: 1,
                                     peakContrast: 7, neighbourhoodActivity: 0)
            }
            if let i = reported.first { return (n, tracker.tracks[i]) }
        }
        return nil
    }

    @Test func theGapIsSearchedBeforeTheLaunchAndTheYoungTrackAreCounted() throws {
        let filled = try #require(run(searchFindsGap: true))
        // Four launch points, the four between and two of the young track's (the launch passed
        // as a flight on its own): ten.
        #expect(filled.frame == 9)
        #expect(filled.track.points.map(\.frame) == Array(0...9))
        #expect(filled.track.points.filter(\.foundByLocalSearch).map(\.frame) == [4, 5, 6, 7])
        // Where the gap shows nothing, the young track must make up the window with its own points.
        let counted = try #require(run(searchFindsGap: false))
        #expect(counted.frame > 10)
    }

    /// The ball's centre in frame `n` at 25 fps: seen from the side, rising and slowing.
    static func place25(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(200 + 8 * k, 400 - 20 * k + 0.6 * k * k)
    }

    /// The ball a candidate in frames 0-7 and from frame 11 on, nowhere in frames 8-10 (x264
    /// erased it, and the launch's hypothesis ran out of misses); returns the frame of the first
    /// report.
    func reportFrameAt25Fps() -> Int? {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1.0 / 25)
        var tracker = BallTracker(settings: settings)
        for n in 0..<14 {
            let p = Self.place25(n)
            let candidates = (8...10).contains(n) ? [] : [BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8,
                                                                         area: 3, polarity: 1, peakContrast: n < 4 ? 40 : 15,
                                                                         neighbourhoodActivity: 0)]
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 25),
                                          t: Double(n) / 25) { _ in nil }
            if !reported.isEmpty { return n }
        }
        return nil
    }

    @Test func aLaunchThatPassedAsAFlightIsTakenUpByTwoPoints() {
        // Eight points of a launch, on a flight's path at a launch's speed: the young track's
        // second point makes up the window (frame 12), not its third (frame 13).
        #expect(reportFrameAt25Fps() == 12)
    }
}
