import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Recordings whose first frames are not evenly spaced (a second frame stamped a millisecond
/// after the first, a slow-motion clip that dropped its second frame): the frame rate the
/// detector works at is the median of the first intervals, not the first alone.
@Suite struct IrregularTimestampTests {
    /// Feeds blank frames at `times` (seconds); returns the detector.
    func detector(times: [Double]) throws -> TrajectoryDetector {
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        for time in times {
            let frame = try VideoFrame(width: 320, height: 180, pixelFormat: .gray8,
                                       time: MediaTime(seconds: time, preferredTimescale: 600_000))
            _ = try detector.process(frame)
        }
        return detector
    }

    @Test func anOddFirstIntervalIsCorrectedOnceFiveAreKnown() throws {
        // 60 fps, the second frame a millisecond after the first.
        let early = [0, 0.001] + (2..<8).map { Double($0) / 60 }
        let guessed = try detector(times: Array(early.prefix(5)))
        #expect(guessed.pipeline?.framesPerReferenceInterval == 17)
        let corrected = try detector(times: early)
        #expect(corrected.pipeline?.framesPerReferenceInterval == 1)
        #expect(corrected.pipeline?.mask.backgroundOffsets == MotionMask.defaultBackgroundOffsets)
        #expect(corrected.tracker.settings.trajectoryLength == 10)
        #expect(corrected.tracker.settings.longestUnconfirmedTrack == TrackerSettings.longestUnconfirmedTrackAt60Fps)

        // 120 fps without its second frame.
        let dropped = try detector(times: [0] + (2..<9).map { Double($0) / 120 })
        #expect(dropped.pipeline?.framesPerReferenceInterval == 2)
        #expect(dropped.tracker.settings.trajectoryLength == 20)

        // Even 120 fps with one long gap later: the first interval stands.
        let steady = try detector(times: [0, 1, 2, 3, 5, 6, 7, 8].map { Double($0) / 120 })
        #expect(steady.pipeline?.framesPerReferenceInterval == 2)
    }

    /// A generated 640x360 clip, its frames retimed by `retime` (after the H.264 round trip
    /// with `compressed`).
    func run(_ scenario: String, seed: UInt64, fps: Double, compressed: Bool = false,
             retime: @escaping ([VideoFrame]) -> [VideoFrame]) throws -> DetectHarness.Result {
        var settings = try GroundTruthScenario.named(scenario).settings(seed: seed, width: 640, height: 360,
                                                                        frameRate: fps, duration: 3)
        settings.compressionCRF = 18
        return try DetectHarness.run(try GroundTruthClip(settings: settings), compressed: compressed, retime: retime)
    }

    @Test func aShotWhoseSecondFrameCameAMillisecondLateIsFound() throws {
        // Taken as 17 times 60 fps, its motion mask compared frames half a second apart and a
        // window needed 170 points: nothing was reported.
        let result = try run("dtl-clean", seed: 1, fps: 60) { frames in
            var frames = frames
            frames[1].time = frames[0].time + MediaTime(seconds: 0.001, preferredTimescale: 600_000)
            return frames
        }
        let figures = DetectHarness.describe("dtl-clean-1 60 fps, second frame at 1 ms", result)
        #expect(result.score.trajectories == 1, "\(figures)")
        #expect(result.score.falseTrajectories == 0, "\(figures)")
        #expect((result.score.recall ?? 0) >= 0.95, "\(figures)")
        #expect((result.score.framesToFirstReport ?? .max) <= 12, "\(figures)")
    }

    @Test func aSlowMotionPracticeSwingThatDroppedItsSecondFrameIsNoShot() throws {
        // Taken as 60 fps, the club head swung up through the ball's place was judged over half
        // the time it is at 120 fps and passed for a flight (17 points).
        let result = try run("practice-swings-no-shot", seed: 1, fps: 120, compressed: true) { frames in
            var frames = frames
            frames.remove(at: 1)
            return frames
        }
        #expect(result.observations == 0, "\(DetectHarness.describe("practice-swings-no-shot-1 120 fps, second frame dropped", result))")
    }
}
