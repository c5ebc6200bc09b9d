import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Full-range ("yuvj") recordings, which many phones make: the detector must see in them what it
/// sees in the same footage at video range.
@Suite struct FullRangeInputTests {
    /// The same generated shot transcoded by ffmpeg to video-range and to full-range H.264 at the
    /// same quality. Before the reader brought full-range pictures to video range, their luma was
    /// stretched twice, the bright sky clipped to white and the ball with it: the full-range file
    /// gave nothing.
    @Test func aFullRangeRecordingGivesTheSameFlight() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        var settings = try GroundTruthScenario.named("dtl-clean").settings(seed: 1, width: 1280, height: 720,
                                                                          frameRate: 60, duration: 2.5)
        settings.compressionCRF = 18
        let clip = try GroundTruthClip(settings: settings)
        let source = (path: dir + "/source.mp4", truth: try clip.write(videoPath: dir + "/source.mp4", truthPath: dir + "/source.json"))
        var scores: [String: DetectionScore] = [:]
        for format in ["yuv420p", "yuvj420p"] {
            let path = dir + "/\(format).mp4"
            try TracerTestMedia.ffmpeg(["-i", source.path, "-c:v", "libx264", "-preset", "veryfast",
                                        "-crf", "12", "-pix_fmt", format, path])
            let reader = try VideoReader(path: path)
            let first = try #require(try reader.next())
            #expect(!first.isFullRange, "\(format): the reader hands out video-range yuv420p")
            scores[format] = try DetectHarness.run(path: path, truth: source.truth).score
        }
        let video = try #require(scores["yuv420p"]), full = try #require(scores["yuvj420p"])
        #expect(video.recall ?? 0 >= 0.95)
        #expect(full.trajectories == 1 && full.falseTrajectories == 0)
        #expect(full.recall ?? 0 >= (video.recall ?? 0) - 0.02, "video range \(video.recall ?? 0), full range \(full.recall ?? 0)")
        #expect(full.precision ?? 0 >= 0.98)
    }
}
