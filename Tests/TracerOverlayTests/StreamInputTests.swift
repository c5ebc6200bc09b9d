import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// A stream as the camera: an ffmpeg process sends MPEG-TS in real time through a pipe.
@Suite struct StreamInputTests {
    @Test func aStreamFromAnFFmpegProcessIsTracedAndRecorded() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 2, path: dir + "/clip.mp4")
        let fifo = dir + "/camera.ts"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The sender: real-time pace (-re), packets copied into MPEG-TS, like a network camera.
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sender.arguments = ["ffmpeg", "-nostdin", "-loglevel", "error", "-re", "-i", dir + "/clip.mp4",
                            "-c", "copy", "-flush_packets", "1", "-f", "mpegts", "-y", fifo]
        try sender.run()
        // The test stops the camera part-way through the clip (SIGKILL: started from the test runner,
        // ffmpeg did not react to SIGINT or SIGTERM; a camera dying mid-stream is the harder case anyway).
        let stopper = Thread {
            usleep(1_200_000)
            kill(sender.processIdentifier, SIGKILL)
        }
        stopper.start()
        var options = LiveShotOptions()
        options.pacing = .realTime
        options.recordingPath = dir + "/recording.mkv"
        options.alignment = Alignment(marker: TracerTestMedia.syntheticMarker)
        let pipeline = LiveShotPipeline(input: fifo, options: options)
        var previewed: [MediaTime] = []
        pipeline.previewHandler = { frame throws(MediaError) in previewed.append(frame.time) }
        let result = try pipeline.run()
        sender.waitUntilExit()
        #expect(result.framesRead == previewed.count)
        #expect(result.framesRead > 30 && result.framesRead < 120, "read \(result.framesRead) frames")
        #expect(previewed.first == .zero)
        #expect(result.shots.count == 1)
        // The recording holds every frame that was traced.
        let recorded = try TracerTestMedia.readAll(dir + "/recording.mkv")
        #expect(recorded.count == result.framesRead)
        let millisecond = MediaTime(value: 1, timescale: 1000)
        #expect(zip(recorded, previewed).allSatisfy { abs(($0.time - $1).seconds) <= millisecond.seconds })
    }
}
