import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// Live equals export: the preview written live and the export replayed from the timeline.
@Suite struct LiveExportTests {
    /// Traces a generated clip live (recording + FFV1 preview + timeline).
    static func traceLive(in dir: String, style: TracerStyle = .classicRed) throws -> (result: LiveShotResult, recording: String, preview: String) {
        let clip = dir + "/clip.mp4"
        try TracerTestMedia.syntheticShots(launches: [0.4], duration: 1.5, path: clip)
        var options = LiveShotOptions()
        options.recordingPath = dir + "/recording.mp4"
        options.alignment = Alignment(marker: TracerTestMedia.syntheticMarker)
        options.style = style
        let pipeline = LiveShotPipeline(input: clip, options: options)
        let sink = PreviewFileSink(path: dir + "/preview.mkv")
        pipeline.previewHandler = { frame throws(MediaError) in try sink.write(frame) }
        let result = try pipeline.run()
        try sink.finish()
        try result.timeline.write(to: dir + "/timeline.json")
        return (result, dir + "/recording.mp4", dir + "/preview.mkv")
    }

    @Test func ffv1ExportIsPixelIdenticalToThePreviewOnEveryFrame() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        let live = try Self.traceLive(in: dir)
        #expect(live.result.shots.count == 1)
        #expect(live.result.timeline.frames.count > 20)
        let timeline = try TracerTimeline.load(path: dir + "/timeline.json")
        #expect(timeline == live.result.timeline)
        let summary = try ShotExporter(recordingPath: live.recording, timeline: timeline,
                                       options: ShotExportOptions(codec: .ffv1)).export(to: dir + "/export.mkv")
        #expect(summary.framesWithTracer == timeline.frames.count)
        let preview = try TracerTestMedia.readAll(live.preview)
        let export = try TracerTestMedia.readAll(dir + "/export.mkv")
        let source = try TracerTestMedia.readAll(live.recording)
        #expect(preview.count == live.result.framesRead)
        #expect(export.count == preview.count)
        #expect(export.map(\.time) == preview.map(\.time))
        for (index, (a, b)) in zip(export, preview).enumerated() {
            #expect(a.hasSamePixels(as: b), "frame \(index) at \(a.time.seconds) s differs")
        }
        // The tracer is really there: traced frames differ from the recording, others do not.
        // (Matroska stores milliseconds, so frames are matched by index, times by the recording.)
        #expect(source.count == preview.count)
        let traced = Set(timeline.frames.map(\.time))
        for (frame, raw) in zip(preview, source) {
            #expect(frame.hasSamePixels(as: raw) == !traced.contains(raw.time), "frame at \(raw.time.seconds) s")
        }
    }

    @Test func h264ExportMatchesThePreviewInTheTracerRegion() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        let live = try Self.traceLive(in: dir)
        _ = try ShotExporter(recordingPath: live.recording, timeline: live.result.timeline).export(to: dir + "/export.mp4")
        let preview = try TracerTestMedia.readAll(live.preview)
        let export = try TracerTestMedia.readAll(dir + "/export.mp4")
        #expect(export.count == preview.count)
        let points = live.result.timeline.frames.flatMap { $0.paths.flatMap(\.points) }
        let size = live.result.timeline.videoSize
        let pad = Int(live.result.timeline.style.inkRadius.rounded(.up))
        let box = (x0: Int((points.map(\.x).min()! * Double(size.width)).rounded(.down)) - pad,
                   y0: Int((points.map(\.y).min()! * Double(size.height)).rounded(.down)) - pad,
                   x1: Int((points.map(\.x).max()! * Double(size.width)).rounded(.up)) + pad,
                   y1: Int((points.map(\.y).max()! * Double(size.height)).rounded(.up)) + pad)
        let traced = Set(live.result.timeline.frames.map(\.time))
        let source = try TracerTestMedia.readAll(live.recording)
        var worst = Double.infinity, compared = 0
        for ((a, b), raw) in zip(zip(export, preview), source) where traced.contains(raw.time) {
            worst = min(worst, TracerTestMedia.lumaPSNR(a, b, box: box))
            compared += 1
        }
        #expect(compared == traced.count)
        #expect(worst >= 40, "worst PSNR in the tracer's region: \(worst) dB")
    }

    @Test func theFrameAtTimeTShowsExactlyTheRecordedTracer() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        let style = TracerTestMedia.plainStyle
        let live = try Self.traceLive(in: dir, style: style)
        let preview = try TracerTestMedia.readAll(live.preview)
        let source = try TracerTestMedia.readAll(live.recording)
        let size = live.result.timeline.videoSize
        var checked = 0
        #expect(source.count == preview.count)
        for (frame, raw) in zip(preview, source) {
            let paths = live.result.timeline.paths(at: raw.time)
            guard let path = paths.first, path.points.count >= 3, let head = path.head else { continue }
            let previous = path.points[path.points.count - 2]
            let hx = head.x * Double(size.width), hy = head.y * Double(size.height)
            var dx = hx - previous.x * Double(size.width), dy = hy - previous.y * Double(size.height)
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0.5 else { continue }
            dx /= length; dy /= length
            // On the head: opaque tracer ink, far from the picture's own luma.
            let onHead = frame.pixel(x: Int(hx), y: Int(hy))[0], below = raw.pixel(x: Int(hx), y: Int(hy))[0]
            #expect(abs(Int(onHead) - Int(below)) > 40, "no tracer on the head at \(raw.time.seconds) s: \(onHead) vs \(below)")
            let reach = style.lineWidth / 2 + 3
            let bx = Int(hx + dx * reach), by = Int(hy + dy * reach)
            guard bx >= 0, by >= 0, bx < size.width, by < size.height else { continue }
            // Beyond the head no ink: luma equals the recording's (FFV1 is lossless).
            #expect(frame.pixel(x: bx, y: by)[0] == raw.pixel(x: bx, y: by)[0], "ink past the head at \(frame.time.seconds) s")
            checked += 1
        }
        #expect(checked > 10)
    }
}
