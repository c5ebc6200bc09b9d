import Testing
@testable import TracerOverlay

/// A golf ball is white: it shows darker than its background only against sky or cloud.
@Suite struct DarkObjectTests {
    /// A dark object gliding down over grass at a struck ball's speed (unseen 1920x1080
    /// dtl-everything-5's bird, at 800 px): a white ball is darker only than sky or cloud.
    @Test func aDarkObjectOverGrassIsNotAFlight() {
        let points: [(x: Double, y: Double)] = (0..<10).map { i in
            let k = Double(i)
            return (x: 709 + 4 * k, y: 205 + 3 * k)
        }
        func judged(background: Int) -> BallTracker.Verdict {
            var track = LaunchSpeedTests.track(points, firstFrame: 224, frameRate: 60)
            for i in track.points.indices { track.points[i].background = background }
            return BallTracker(settings: LaunchSpeedTests.settings).judge(track)
        }
        #expect(judged(background: 88) == .notYet)
        // The same path against the sky is a flight.
        #expect(judged(background: 190) == .trajectory)
    }

    /// Through H.264 at 25 fps, a bird crossing the grass in dtl-everything-2 (1280x720, crf 18)
    /// was reported as a flight.
    @Test func aBirdOverGrassIsNotReported() throws {
        let result = try DetectHarness.runEncoded("dtl-everything", seed: 2, width: 1280, height: 720, frameRate: 25, duration: 4)
        #expect(result.score.falseTrajectories == 0, "\(DetectHarness.describe("dtl-everything-2 25 fps", result))")
    }
}
