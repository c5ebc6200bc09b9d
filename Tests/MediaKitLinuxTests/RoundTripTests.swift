import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct RoundTripTests {
    @Test(arguments: [PixelFormat.bgra, .yuv420p, .gray8])
    func ffv1IsPixelIdenticalWithIdenticalTimes(format: PixelFormat) throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/roundtrip.mkv"
        let frames = try (0..<12).map { try TestMedia.indexedFrame($0, format: format, time: MediaTime(value: Int64($0), timescale: 25)) }
        try TestMedia.write(frames, to: path, codec: .ffv1)
        let back = try TestMedia.readAll(path, options: .init(pixelFormat: format))
        #expect(back.count == frames.count)
        for (original, decoded) in zip(frames, back) {
            #expect(decoded.time == original.time)
            #expect(decoded.hasSamePixels(as: original), "frame at \(original.time) differs")
        }
    }

    @Test func h264KeepsFrameCountTimesAndQuality() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/roundtrip.mp4"
        let frames = try (0..<30).map { try TestMedia.smoothFrame($0, time: MediaTime(value: Int64($0) * 1001, timescale: 30000)) }
        try TestMedia.write(frames, to: path, codec: .h264(crf: 18, preset: "fast"))
        let back = try TestMedia.readAll(path)
        #expect(back.map(\.time) == frames.map(\.time))
        for (original, decoded) in zip(frames, back) {
            #expect(TestMedia.lumaPSNR(original, decoded) >= 40)
        }
        let asset = try MediaAsset(path: path)
        let track = try asset.requireVideoTrack()
        #expect(track.codec == "h264")
        #expect(track.width == 320 && track.height == 180)
        #expect(abs(track.averageFrameRate - 29.97) < 0.01)
    }

    @Test func variableFrameRateTimesComeBackExactly() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let milliseconds: [Int64] = [0, 40, 100, 110, 200, 333, 334, 500, 750, 760, 1000, 1337]
        let frames = try milliseconds.enumerated().map { try TestMedia.indexedFrame($0.offset, format: .yuv420p, time: MediaTime(value: $0.element, timescale: 1000)) }
        for (name, codec) in [("vfr.mkv", VideoCodec.ffv1), ("vfr.mp4", .h264(crf: 10, preset: "ultrafast"))] {
            let path = dir + "/" + name
            try TestMedia.write(frames, to: path, codec: codec)
            let back = try TestMedia.readAll(path)
            #expect(back.map(\.time) == frames.map(\.time), "\(name)")
        }
    }

    @Test func seekLandsOnFirstFrameAtOrAfterTarget() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/seek.mp4"
        let frames = try (0..<75).map { try TestMedia.indexedFrame($0, format: .yuv420p, time: MediaTime(value: Int64($0), timescale: 25)) }
        try TestMedia.write(frames, to: path, codec: .h264(crf: 20, preset: "ultrafast", keyframeInterval: 12))
        let reader = try VideoReader(path: path)
        let targets: [(Double, Int)] = [(0, 0), (0.04, 1), (0.05, 2), (1.0, 25), (1.01, 26), (2.2, 55), (0.5, 13), (2.96, 74)]
        for (seconds, expected) in targets {
            try reader.seek(to: MediaTime(seconds: seconds, preferredTimescale: 1000))
            let frame = try #require(try reader.next())
            #expect(frame.time == MediaTime(value: Int64(expected), timescale: 25), "seek to \(seconds)")
        }
        try reader.seek(to: MediaTime(value: 4, timescale: 1))
        #expect(try reader.next() == nil)
    }

    @Test func timeRangeReadsOnlyThatSpan() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/range.mkv"
        let frames = try (0..<50).map { try TestMedia.indexedFrame($0, format: .yuv420p, time: MediaTime(value: Int64($0), timescale: 25)) }
        try TestMedia.write(frames, to: path, codec: .ffv1)
        let range = MediaTimeRange(start: MediaTime(value: 10, timescale: 25), end: MediaTime(value: 20, timescale: 25))
        let back = try TestMedia.readAll(path, options: .init(timeRange: range))
        #expect(back.map(\.time) == (10..<20).map { MediaTime(value: Int64($0), timescale: 25) })
        #expect(back.first?.hasSamePixels(as: frames[10]) == true)
    }

    @Test func scalingAndFormatConversion() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/scale.mkv"
        let frames = try (0..<3).map { try TestMedia.smoothFrame($0, time: MediaTime(value: Int64($0), timescale: 25)) }
        try TestMedia.write(frames, to: path, codec: .ffv1)
        let small = try TestMedia.readAll(path, options: .init(pixelFormat: .gray8, outputSize: PixelSize(width: 160, height: 90)))
        #expect(small.count == 3)
        #expect(small[0].width == 160 && small[0].height == 90 && small[0].pixelFormat == .gray8)
        let bgra = try TestMedia.readAll(path, options: .init(pixelFormat: .bgra))
        #expect(bgra[0].pixel(x: 5, y: 5)[3] == 255)
        // The pictures carry the source: gray is full-range luma, and a halved picture's pixel
        // is the mean of the 2x2 block it covers.
        let gray = try TestMedia.readAll(path, options: .init(pixelFormat: .gray8))
        for (x, y) in [(3, 4), (100, 50), (250, 170), (319, 0)] {
            let luma = Double(frames[1].pixel(x: x, y: y)[0])
            let expected = (luma - 16) * 255 / 219
            #expect(abs(Double(gray[1].pixel(x: x, y: y)[0]) - expected) <= 2, "(\(x), \(y))")
        }
        for (x, y) in [(10, 10), (80, 45), (150, 80)] {
            let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Double(gray[1].pixel(x: 2 * x + $0.0, y: 2 * y + $0.1)[0]) }
            let mean = block.reduce(0, +) / 4
            #expect(abs(Double(small[1].pixel(x: x, y: y)[0]) - mean) <= 2, "(\(x), \(y))")
        }
    }
}

@Suite struct ForeignInputTests {
    @Test func hevcTenBitDecodesAndConverts() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/hevc10.mp4"
        try TestMedia.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=1",
                                     "-c:v", "libx265", "-x265-params", "log-level=none", "-pix_fmt", "yuv420p10le", path])
        let track = try MediaAsset(path: path).requireVideoTrack()
        #expect(track.codec == "hevc" && track.bitDepth == 10)
        let frames = try TestMedia.readAll(path, options: .init(pixelFormat: .bgra))
        #expect(frames.count == 25)
        #expect(frames.map(\.time) == (0..<25).map { MediaTime(value: Int64($0), timescale: 25) })
        // testsrc2 is colourful: the decoded picture must not be flat.
        let distinct = Set((0..<16).map { frames[3].pixel(x: $0 * 20, y: 90) })
        #expect(distinct.count > 4)
    }

    /// A full-range source (H.264 "yuvj420p", and HEVC tagged full range, which decodes to plain
    /// yuv420p) comes out as video-range yuv420p, the range the compositor, the writer and the
    /// detector work in, and as full-range gray8.
    @Test(arguments: [("h264", "yuvj420p", ["-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuvj420p"]),
                      ("hevc", "yuv420p", ["-c:v", "libx265", "-x265-params", "log-level=none:lossless=1", "-pix_fmt", "yuv420p"])])
    func fullRangeSourcesComeOutInVideoRange(codec: String, rawFormat: String, encoding: [String]) throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/full-\(codec).mp4"
        // Luma 4x across the frame (0...252) in full range, raw, then coded losslessly.
        let width = 64, height = 32
        let luma = (0..<height).flatMap { _ in (0..<width).map { UInt8(4 * $0) } }
        let picture = luma + [UInt8](repeating: 128, count: width * height / 2)
        let raw = dir + "/full.yuv"
        try Data((0..<3).flatMap { _ in picture }).write(to: URL(fileURLWithPath: raw))
        try TestMedia.run("ffmpeg", ["-v", "error", "-f", "rawvideo", "-pix_fmt", rawFormat, "-color_range", "pc",
                                     "-s", "\(width)x\(height)", "-r", "10", "-i", raw] + encoding + [path])
        let yuv = try TestMedia.readAll(path, options: .init(pixelFormat: .yuv420p))
        let gray = try TestMedia.readAll(path, options: .init(pixelFormat: .gray8))
        #expect(yuv.count == 3 && gray.count == 3)
        for x in [0, 10, 32, 50, 63] {
            let full = 4 * x
            let video = 16 + Double(full) * 219 / 255
            #expect(abs(Double(yuv[1].pixel(x: x, y: 16)[0]) - video) <= 1, "yuv420p at x \(x)")
            #expect(abs(Int(gray[1].pixel(x: x, y: 16)[0]) - full) <= 1, "gray8 at x \(x)")
        }
        #expect(!yuv[1].isFullRange && gray[1].isFullRange)
    }
}
