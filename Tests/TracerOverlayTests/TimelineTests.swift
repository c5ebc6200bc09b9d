import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// The tracer timeline and styles.
@Suite struct TimelineTests {
    @Test func jsonKeepsExactTimesPointsAndStyle() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        var timeline = TracerTimeline(videoSize: PixelSize(width: 320, height: 180), style: .tourYellow)
        let t1 = MediaTime(value: 1001, timescale: 30000), t2 = MediaTime(value: 2002, timescale: 30000)
        try timeline.record(time: t1, paths: [TracerPath(points: [TracerPoint(x: 0.1, y: 0.9)])])
        try timeline.record(time: t2, paths: [TracerPath(points: [TracerPoint(x: 0.1, y: 0.9), TracerPoint(x: 0.2, y: 0.7, extrapolated: true)])])
        try timeline.write(to: dir + "/t.json")
        let loaded = try TracerTimeline.load(path: dir + "/t.json")
        #expect(loaded == timeline)
        #expect(loaded.frames[1].time.value == 2002 && loaded.frames[1].time.timescale == 30000)
        #expect(loaded.paths(at: t2)[0].points[1].extrapolated)
        #expect(loaded.paths(at: MediaTime(value: 1502, timescale: 30000)).isEmpty)
        // The same instant in another timescale finds the same frame.
        #expect(loaded.paths(at: MediaTime(value: 2002 * 2, timescale: 60000)) == loaded.paths(at: t2))
    }

    @Test func recordingRefusesTimeGoingBackAndSkipsEmptyFrames() throws {
        var timeline = TracerTimeline(videoSize: PixelSize(width: 320, height: 180), style: .classicRed)
        try timeline.record(time: MediaTime(value: 2, timescale: 60), paths: [])
        #expect(timeline.frames.isEmpty)
        try timeline.record(time: MediaTime(value: 2, timescale: 60), paths: [TracerPath(points: [TracerPoint(x: 0.5, y: 0.5)])])
        #expect(throws: MediaError.self) {
            try timeline.record(time: MediaTime(value: 1, timescale: 60), paths: [TracerPath(points: [TracerPoint(x: 0.5, y: 0.5)])])
        }
    }

    @Test func badTimelineFilesAreNamedErrors() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        #expect(throws: MediaError.fileMissing(path: dir + "/none.json", message: "no tracer timeline there")) {
            try TracerTimeline.load(path: dir + "/none.json")
        }
        try Data("{\"frames\": 3}".utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        #expect {
            try TracerTimeline.load(path: dir + "/bad.json")
        } throws: { error in
            guard case .corruptData(let path, _) = error as? MediaError else { return false }
            return path == dir + "/bad.json"
        }
    }

    @Test func coloursByNameAndHexAndPresets() throws {
        #expect(try TracerStyle.parseColor("red") == Color(red: 1, green: 0, blue: 0))
        #expect(try TracerStyle.parseColor("#00FF00") == Color(red: 0, green: 1, blue: 0))
        #expect(try TracerStyle.parseColor("0000ff") == Color(red: 0, green: 0, blue: 1))
        #expect(throws: MediaError.self) { try TracerStyle.parseColor("nocolour") }
        #expect(try TracerStyle.preset(named: "tour") == .tourYellow)
        #expect(throws: MediaError.self) { try TracerStyle.preset(named: "rainbow") }
    }
}

/// What the renderer draws, on pixels.
@Suite struct TracerRenderingTests {
    static func gray(_ size: PixelSize) throws -> VideoFrame {
        var frame = try VideoFrame(width: size.width, height: size.height, pixelFormat: .yuv420p)
        frame.withUnsafeMutablePlane(0) { bytes, _ in bytes.update(repeating: 120) }
        return frame
    }

    @Test func theTracerEndsAtItsHeadAndTheExtrapolatedPartIsDashed() throws {
        let size = PixelSize(width: 320, height: 180)
        let compositor = TracerCompositor(size: size, style: TracerTestMedia.plainStyle)
        var frame = try Self.gray(size)
        // Seen from (40, 150) up to (160, 30); then extrapolated to (280, 30).
        let path = TracerPath(points: [TracerPoint(x: 40.0 / 320, y: 150.0 / 180), TracerPoint(x: 160.0 / 320, y: 30.0 / 180),
                                       TracerPoint(x: 280.0 / 320, y: 30.0 / 180, extrapolated: true)])
        try compositor.draw([path], over: &frame)
        let luma = { (x: Int, y: Int) in Int(frame.pixel(x: x, y: y)[0]) }
        #expect(abs(luma(100, 90) - 120) > 20)          // on the seen part
        #expect(luma(100, 80) == 120)                   // 10 px off the line
        #expect(luma(300, 30) == 120)                   // past the extrapolated end
        // Dashes 10 on, 8 off along y = 30 from x = 160: ink at 165, none at 174, ink at 183.
        #expect(abs(luma(165, 30) - 120) > 5)
        #expect(luma(174, 30) == 120)
        #expect(abs(luma(183, 30) - 120) > 5)
    }

    @Test func noPathsLeaveTheFrameUntouched() throws {
        let size = PixelSize(width: 64, height: 36)
        let compositor = TracerCompositor(size: size, style: .neonGlow)
        let original = try Self.gray(size)
        var frame = original
        try compositor.draw([], over: &frame)
        #expect(frame.hasSamePixels(as: original))
        #expect(throws: MediaError.self) {
            var wrong = try VideoFrame(width: 32, height: 18, pixelFormat: .yuv420p)
            try compositor.draw([TracerPath(points: [TracerPoint(x: 0.5, y: 0.5)])], over: &wrong)
        }
    }
}
