import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// Real-time pacing and skipping analysis under load.
@Suite struct LivePipelineTests {
    @Test func slowAnalysisSkipsFramesButRecordsAndPreviewsEveryOne() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 1.0, frameRate: 30, path: dir + "/clip.mp4")
        var options = LiveShotOptions()
        options.pacing = .realTime
        options.recordingPath = dir + "/recording.mp4"
        options.alignment = Alignment(marker: TracerTestMedia.syntheticMarker)
        let pipeline = LiveShotPipeline(input: dir + "/clip.mp4", options: options)
        // Analysis that takes 2.5 frame durations: the pipeline must fall behind and catch up.
        pipeline.analysisHook = { _ in usleep(83_000) }
        var previewed: [MediaTime] = []
        pipeline.previewHandler = { frame throws(MediaError) in previewed.append(frame.time) }
        let started = ContinuousClock.now
        let result = try pipeline.run()
        let elapsed = ContinuousClock.now - started
        #expect(result.framesRead == 30)
        #expect(result.framesSkipped > 10, "skipped \(result.framesSkipped)")
        #expect(result.framesAnalysed + result.framesSkipped == result.framesRead)
        #expect(result.timings.analysis.count == result.framesAnalysed)
        #expect(previewed.count == 30)
        let recorded = try TracerTestMedia.readAll(dir + "/recording.mp4")
        #expect(recorded.map(\.time) == previewed)
        // Real time: the run took about the clip's length, not 30 x 83 ms.
        #expect(elapsed < .milliseconds(2500), "took \(elapsed)")
    }

    @Test func realTimePacingWaitsForEachFrame() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 0.8, frameRate: 30, path: dir + "/clip.mp4")
        var options = LiveShotOptions()
        options.pacing = .realTime
        let started = ContinuousClock.now
        let result = try LiveShotPipeline(input: dir + "/clip.mp4", options: options).run()
        let elapsed = ContinuousClock.now - started
        // Cheap analysis keeps up (a busy machine may still make a few frames late).
        #expect(result.framesAnalysed + result.framesSkipped == 24)
        #expect(result.framesAnalysed >= 16)
        // The last frame is due 23/30 s after the first.
        #expect(elapsed >= .milliseconds(760), "took \(elapsed)")
    }

    @Test func asFastAsPossibleAnalysesEveryFrame() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 0.5, frameRate: 30, path: dir + "/clip.mp4")
        let pipeline = LiveShotPipeline(input: dir + "/clip.mp4")
        pipeline.analysisHook = { _ in usleep(20_000) }
        let result = try pipeline.run()
        #expect(result.framesSkipped == 0 && result.framesAnalysed == 15)
    }

    @Test func aMissingInputIsAnErrorNamingIt() {
        let pipeline = LiveShotPipeline(input: "/nonexistent/clip.mp4")
        #expect {
            _ = try pipeline.run()
        } throws: { error in
            (error as? MediaError)?.description.contains("/nonexistent/clip.mp4") == true
        }
    }
}
