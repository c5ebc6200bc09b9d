import Testing
@testable import TracerOverlay

/// A window is judged a flight on the frames' own candidates: a local search at a track's
/// prediction takes whatever lies there, and a hypothesis fed mostly by its own searches can
/// follow anything (unseen 1920x1080 120 fps: a club head swung up through the sky, 19 of its
/// 20 points found by searches, was reported as a second flight).
@Suite struct SearchedWindowTests {
    /// The verdict on a steady window at a launch's speed over the sky, its points at
    /// `searched` found by local searches.
    func judged(searched: Set<Int>, settings: TrackerSettings = LaunchSpeedTests.settings) -> BallTracker.Verdict {
        let points: [(x: Double, y: Double)] = (0..<10).map { i in
            let k = Double(i)
            return (x: 100 + 5 * k, y: 200 - 3 * k)
        }
        var track = LaunchSpeedTests.track(points, firstFrame: 40, frameRate: 60)
        for i in track.points.indices {
            track.points[i].background = 200
            track.points[i].foundByLocalSearch = searched.contains(i)
        }
        return BallTracker(settings: settings).judge(track)
    }

    @Test func aWindowMostlyOfSearchFindsIsNotAFlight() {
        #expect(judged(searched: []) == .trajectory)
        // Two candidates in ten will do: x264 leaves a far ball in clean sky too faint for the
        // analysis frame in most frames (the fewest in a true flight's window were three).
        #expect(judged(searched: Set(0..<10).subtracting([2, 7])) == .trajectory)
        // One will not: the searches made the window.
        #expect(judged(searched: Set(0..<10).subtracting([7])) == .notYet)
        // Every other test passes it: allowed ten points a candidate, it is a flight.
        var lenient = LaunchSpeedTests.settings
        lenient.mostPointsPerCandidate = 10
        #expect(judged(searched: Set(0..<10).subtracting([7]), settings: lenient) == .trajectory)
    }
}
