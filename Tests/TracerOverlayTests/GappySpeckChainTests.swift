import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A fast arc of faint specks that shows in only three frames of five, in frames crowded with
/// noise specks, is chance hopping over the frames where its gate held none, and is not
/// reported; the same arc seen in every frame, standing out further, or among few specks, is a
/// flight.
@Suite struct GappySpeckChainTests {
    /// The arc's centre in frame `n` (30 fps, 480x270): 20 px a frame across, rising and falling.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(40 + 20 * k, 150 - 8 * k + 0.3 * k * k)
    }

    /// Feeds 24 frames: the arc's speck of `contrast` (in every frame, or in three of five), and
    /// `noise` still specks of 6 levels in the frame's lower left, the frame's threshold 5.
    /// Returns whether the arc was reported.
    func reportsArc(contrast: Int, noise: Int, gappy: Bool, support: Double? = nil) -> Bool {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5 * (480.0 * 480 + 270 * 270).squareRoot())
        settings.minimumConfirmSpeed = 0.33 * 480
        if let support { settings.gappyChainSupport = support }
        var tracker = BallTracker(settings: settings)
        let specks = (0..<noise).map { j in
            BallCandidate(x: 6 + 7 * Double(j % 12), y: 200 + 6 * Double(j / 12), radius: 0.7, halfLength: 0.7, area: 2,
                          polarity: 1, peakContrast: 6, neighbourhoodActivity: 0)
        }
        for n in 0..<24 {
            let p = Self.place(n)
            var candidates = specks
            if !gappy || n % 5 % 2 == 0 {
                candidates.append(BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8, area: 3, polarity: 1,
                                                peakContrast: contrast, neighbourhoodActivity: 0))
            }
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 30),
                                          t: Double(n) / 30, noiseThreshold: 5)
            if reported.contains(where: { tracker.tracks[$0].points.last.map { abs($0.x - p.x) < 1 } ?? false }) { return true }
        }
        return false
    }

    @Test func aGappyArcOfFaintSpecksAmongManyIsNotReported() {
        // 3 levels past the threshold, too far for the speck-chain test, in three frames of five
        // among 120 specks a frame: chance.
        #expect(!reportsArc(contrast: 8, noise: 120, gappy: true))
        // It is this test that holds it back.
        #expect(reportsArc(contrast: 8, noise: 120, gappy: true, support: 0))
    }

    @Test func aGappyArcIsAFlightWhereItStandsOutOrTheFrameIsQuiet() {
        #expect(reportsArc(contrast: 8, noise: 120, gappy: false))
        #expect(reportsArc(contrast: 12, noise: 120, gappy: true))
        #expect(reportsArc(contrast: 8, noise: 30, gappy: true))
    }

    /// Ten points along the arc, in three frames of five or in every frame.
    func arcPoints(gappy: Bool) -> ArraySlice<TrackPoint> {
        let frames = (0..<24).filter { !gappy || $0 % 5 % 2 == 0 }.prefix(10)
        return ArraySlice(frames.map { n in
            let p = Self.place(n)
            return TrackPoint(BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8, area: 3, polarity: 1,
                                            peakContrast: 30, neighbourhoodActivity: 0),
                              time: MediaTime(value: Int64(n), timescale: 30), t: Double(n) / 30, frame: n)
        })
    }

    /// A tracker that has seen frames 0-23, each with `specks` still noise specks (threshold 5).
    func tracker(specks: Int) -> BallTracker {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 1000))
        let candidates = (0..<specks).map { j in
            BallCandidate(x: 6 + 7 * Double(j % 12), y: 200 + 6 * Double(j / 12), radius: 0.7, halfLength: 0.7, area: 2,
                          polarity: 1, peakContrast: 6, neighbourhoodActivity: 0)
        }
        for n in 0..<24 {
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 30),
                               t: Double(n) / 30, noiseThreshold: 5)
        }
        return tracker
    }

    @Test func aGappyWindowWhosePointsBeatChanceByTooLittleIsChanceHoweverBright() {
        // Points 25 levels past the threshold, among 30 specks a frame: only the evidence says.
        let crowded = tracker(specks: 30)
        #expect(crowded.isGappySpeckChain(arcPoints(gappy: true), evidence: 1.3))
        #expect(!crowded.isGappySpeckChain(arcPoints(gappy: true), evidence: 8))
        // A window with a point in every frame is never a gappy chain.
        #expect(!crowded.isGappySpeckChain(arcPoints(gappy: false), evidence: 0))
        // Among 5 specks a frame chance has too little to chain: a receding ball's first points
        // land off its predictions, and that is no evidence against it.
        #expect(!tracker(specks: 5).isGappySpeckChain(arcPoints(gappy: true), evidence: 1.3))
    }

    @Test func aGappyWindowLeaningOnSearchesIsChanceHoweverStrongItsEvidence() {
        // Among 5 specks a frame and with evidence to spare, as above, but four of the ten
        // points found by searches (a young track's look in the full-size frame): chance.
        let quiet = tracker(specks: 5)
        var points = arcPoints(gappy: true)
        for i in points.indices.dropFirst(3).prefix(4) { points[i].foundByLocalSearch = true }
        #expect(quiet.isGappySpeckChain(points, evidence: 8))
        // Three of ten are not too many: a far ball seen now and then leans on some.
        points[points.startIndex + 3].foundByLocalSearch = false
        #expect(!quiet.isGappySpeckChain(points, evidence: 8))
        // Nor are searches in a window with a point in every frame.
        var every = arcPoints(gappy: false)
        for i in every.indices.dropFirst(3).prefix(6) { every[i].foundByLocalSearch = true }
        #expect(!quiet.isGappySpeckChain(every, evidence: 8))
    }
}
