import Testing
@testable import TracerOverlay

/// A slow object leaves faint specks of the other sign at its edges (background that every
/// reference frame still showed covered): they move with it, and are not a ball.
@Suite struct WakeTests {
    /// A blob at (x, y) of this sign and peak contrast.
    func blob(x: Double, y: Double, polarity: Int8, contrast: Int, halfLength: Double = 0.6) -> BallCandidate {
        BallCandidate(x: x, y: y, radius: min(halfLength, 1.2), halfLength: halfLength, area: 3, polarity: polarity,
                      peakContrast: contrast, neighbourhoodActivity: 0)
    }

    /// Marks `candidates` and returns which are wakes.
    func wakes(_ candidates: [BallCandidate]) -> [Bool] {
        var marked = candidates
        DetectionPipeline.markWakes(&marked)
        return marked.map(\.inWake)
    }

    @Test func aFaintSpeckBesideAFarStrongerBlobOfTheOtherSignIsItsWake() {
        // A bird of contrast 120, 2 px long, and a bright speck of 8 three pixels ahead of it.
        let bird = blob(x: 100, y: 50, polarity: -1, contrast: 120, halfLength: 2)
        #expect(wakes([bird, blob(x: 103, y: 50, polarity: 1, contrast: 8)]) == [false, true])
        // The speck of the bird's own sign is another part of it or another object, not a wake.
        #expect(wakes([bird, blob(x: 103, y: 50, polarity: -1, contrast: 8)]) == [false, false])
        // Only three times fainter: an object in its own right (a ball passing a bird).
        #expect(wakes([blob(x: 100, y: 50, polarity: -1, contrast: 30, halfLength: 2),
                       blob(x: 103, y: 50, polarity: 1, contrast: 10)]) == [false, false])
        // Beyond both half lengths and the clearance (2 + 0.6 + 3 px): elsewhere.
        #expect(wakes([bird, blob(x: 105.7, y: 50, polarity: 1, contrast: 8)]) == [false, false])
        #expect(wakes([bird, blob(x: 105.5, y: 50, polarity: 1, contrast: 8)]) == [false, true])
        // Where the video is large enough for the mask to flag changes of 2 levels, a speck of 2
        // beside a blob of 10 is its wake as well: the ratio counts, not the levels.
        #expect(wakes([blob(x: 100, y: 50, polarity: -1, contrast: 10, halfLength: 2), blob(x: 103, y: 50, polarity: 1, contrast: 2)])
                == [false, true])
        // A frame of faint specks alone has no wakes.
        #expect(wakes([blob(x: 10, y: 10, polarity: 1, contrast: 6), blob(x: 12, y: 10, polarity: -1, contrast: 5)])
                == [false, false])
    }

    /// A steady window at a launch's speed, over the sky: a flight, until its points are
    /// wakes (most of the window, most of its later half, or its latest point).
    @Test func aWindowOfWakesOrEndingOnOneIsNotAFlight() {
        let points: [(x: Double, y: Double)] = (0..<10).map { i in
            let k = Double(i)
            return (x: 100 + 5 * k, y: 200 - 3 * k)
        }
        func judged(wakes: Set<Int>) -> BallTracker.Verdict {
            var track = LaunchSpeedTests.track(points, firstFrame: 40, frameRate: 60)
            for i in track.points.indices {
                track.points[i].background = 200
                track.points[i].inWake = wakes.contains(i)
            }
            return BallTracker(settings: LaunchSpeedTests.settings).judge(track)
        }
        #expect(judged(wakes: []) == .trajectory)
        // A wake or two inside the window (a ball passing a bird) does not matter...
        #expect(judged(wakes: [3, 4]) == .trajectory)
        // ...nor at its start, where a ball leaves the club head.
        #expect(judged(wakes: [0, 1, 2, 3, 4]) == .trajectory)
        // More than half of it is the wake of something else.
        #expect(judged(wakes: [0, 1, 2, 3, 4, 5]) == .notYet)
        // Most of its later half is: a bird's hypothesis drifting onto the specks ahead of it.
        #expect(judged(wakes: [5, 6, 7]) == .notYet)
        #expect(judged(wakes: [6, 8]) == .trajectory)
        // Its latest point, which sets the window's speed, is.
        #expect(judged(wakes: [9]) == .notYet)
    }
}
