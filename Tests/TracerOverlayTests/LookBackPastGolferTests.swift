import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A look back confirms a young flight from its own points and what it finds before them. A
/// ball struck in a portrait view passes in front of the golfer's moving body for a few frames
/// after the tee: those points count as evidence where the latest are in the open. And what a
/// look back finds must be the size of a ball, not the club or an arm.
@Suite struct LookBackPastGolferTests {
    /// 480x270 60 fps dtl-portrait-6's ball, frame by frame from its launch (the frame after
    /// the strike is 0): place, contrast and the motion around it (changed pixels nearby).
    /// Frames 0-1 (on the tee, beside the club) and 7, 9 (erased by x264) are no candidates.
    static let ball: [Int: (x: Double, y: Double, contrast: Int, activity: Int)] = [
        2: (190.2, 381.3, 22, 1), 3: (195.2, 350.4, 21, 29), 4: (197.1, 328.4, 28, 89), 5: (198.9, 309.5, 14, 86),
        6: (199.0, 298.0, 49, 0), 8: (200.9, 279.1, 18, 11), 10: (201.9, 266.0, 9, 0), 13: (205.3, 253.9, 17, 0),
        14: (203.5, 249.0, 27, 3), 15: (204.0, 246.0, 13, 0), 16: (204.5, 243.1, 15, 1), 17: (205.0, 240.5, 16, 0),
        18: (205.4, 238.2, 14, 0), 19: (205.8, 236.1, 15, 0),
    ]
    /// Where a search finds the ball in the frames without a candidate.
    static let launch: [Int: (x: Double, y: Double)] = [0: (180.1, 504.0), 1: (187.7, 426.7)]

    /// Feeds the flight to a tracker whose searches find the launch frames' blobs at
    /// `launchRadius`; returns the frame of the first report and the reported track.
    func run(launchRadius: Double = 1.5, activityTrimmedOnly: Bool = false) -> (frame: Int, track: Track)? {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.lookBackCountsPointsInMotion = !activityTrimmedOnly
        var tracker = BallTracker(settings: settings)
        for n in 0...19 {
            let candidates = Self.ball[n].map {
                [BallCandidate(x: $0.x, y: $0.y, radius: 1.1, halfLength: 1.5, area: 4, polarity: 1, peakContrast: $0.contrast,
                               neighbourhoodActivity: $0.activity)]
            } ?? []
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60),
                                          t: Double(n) / 60) { request in
                guard let f = request.frame, let p = Self.launch[f] else { return nil }
                let dx = p.x - request.x, dy = p.y - request.y
                guard dx * dx + dy * dy <= request.radius * request.radius else { return nil }
                return BallCandidate(x: p.x, y: p.y, radius: launchRadius, halfLength: max(launchRadius, 2.5), area: 9,
                                     polarity: 1, peakContrast: 25, neighbourhoodActivity: 0)
            }
            if let i = reported.first { return (n, tracker.tracks[i]) }
        }
        return nil
    }

    @Test func pointsInFrontOfTheGolferCountOnceTheBallIsInTheOpen() throws {
        // Nine of the ball's own points, two of them in the golfer's motion, and its two launch
        // frames found by the look back: reported at its ninth point, with the launch.
        let reported = try #require(run())
        #expect(reported.frame == 14)
        #expect(reported.track.points.prefix(2).map(\.frame) == [0, 1])
        // Without the points in motion the look back holds too few of the ball's own, and the
        // flight waits for a window of its own points.
        let trimmed = try #require(run(launchRadius: 1.5, activityTrimmedOnly: true))
        #expect(trimmed.frame > 14)
    }

    @Test func aLookBackTakesNothingLargerThanABall() throws {
        // The same searches finding blobs of radius 14 (the club, an arm) at the launch: the
        // look back stops there, and the flight is reported without them.
        let reported = try #require(run(launchRadius: 14))
        #expect(!reported.track.points.contains { $0.frame < 2 })
    }
}
