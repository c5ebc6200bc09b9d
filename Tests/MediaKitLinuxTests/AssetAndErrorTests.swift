import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct AssetAndErrorTests {
    @Test func rotatedClipReportsSwappedDisplaySizeAndReadsUpright() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/portrait"
        var frame = try VideoFrame(width: 64, height: 32, pixelFormat: .bgra)
        frame.withUnsafeMutablePlane(0) { bytes, stride in
            // A white block in the top-left corner of the stored picture.
            for y in 0..<8 { for x in 0..<8 { for c in 0..<4 { bytes[y * stride + x * 4 + c] = 255 } } }
        }
        try TestMedia.write([frame], to: path + ".mp4", codec: .h264(crf: 0, preset: "ultrafast", pixelFormat: .bgra), rotation: 90)
        let asset = try MediaAsset(path: path + ".mp4")
        let track = try asset.requireVideoTrack()
        #expect(track.rotation == 90)
        #expect(track.codedWidth == 64 && track.codedHeight == 32)
        #expect(track.width == 32 && track.height == 64)
        let upright = try #require(try TestMedia.readAll(path + ".mp4", options: .init(pixelFormat: .bgra)).first)
        #expect(upright.width == 32 && upright.height == 64)
        // Turned clockwise, the top-left block lands in the top-right corner.
        #expect(upright.pixel(x: 28, y: 3)[0] == 255)
        #expect(upright.pixel(x: 3, y: 3)[0] == 0)
    }

    @Test func missingFileIsNamed() {
        #expect(throws: MediaError.self) { try MediaAsset(path: "/nonexistent/clip.mp4") }
        do {
            _ = try MediaAsset(path: "/nonexistent/clip.mp4")
        } catch {
            guard case .fileMissing(let path, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == "/nonexistent/clip.mp4")
            #expect(error.description.contains("/nonexistent/clip.mp4"))
        }
    }

    @Test func textFileIsNotMedia() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/notes.mp4"
        try "just some words, not a video".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try VideoReader(path: path)
            Issue.record("a text file opened as video")
        } catch {
            guard case .notMediaFile(let named, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(named == path)
        }
    }

    @Test func writerRefusesItsOwnInputAndUnknownContainers() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/in.mkv"
        try TestMedia.write([try TestMedia.indexedFrame(0, format: .yuv420p, time: .zero)], to: path, codec: .ffv1)
        let reader = try VideoReader(path: path)
        #expect(throws: MediaError.self) { try VideoWriter(path: path, settings: .init(width: 320, height: 180)) }
        _ = reader
        #expect(throws: MediaError.self) { try VideoWriter(path: dir + "/out.avi", settings: .init(width: 320, height: 180)) }
        #expect(throws: MediaError.self) { try VideoWriter(path: "/nonexistent-dir/out.mp4", settings: .init(width: 320, height: 180)) }
    }

    @Test func cancelledOrFailedWriteLeavesNothing() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let path = dir + "/out.mp4"
        let writer = try VideoWriter(path: path, settings: .init(width: 320, height: 180, codec: .h264(preset: "ultrafast")))
        try writer.append(try TestMedia.indexedFrame(0, format: .yuv420p, time: .zero))
        writer.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)

        #expect(throws: MediaError.self) { try VideoWriter(path: path, settings: .init(width: 320, height: 180, codec: .ffv1)) }
        let second = try VideoWriter(path: dir + "/out.mkv", settings: .init(width: 320, height: 180, codec: .ffv1))
        try second.append(try TestMedia.indexedFrame(0, format: .yuv420p, time: MediaTime(value: 1, timescale: 25)))
        #expect(throws: MediaError.self) { try second.append(try TestMedia.indexedFrame(1, format: .yuv420p, time: .zero)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func audioPassThroughCopiesPacketsByteForByte() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = dir + "/source.mp4"
        try TestMedia.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=2",
                                     "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2",
                                     "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", source])
        let output = dir + "/copy.mp4"
        let reader = try VideoReader(path: source)
        let writer = try VideoWriter(path: output, settings: .init(width: 320, height: 180, codec: .h264(preset: "ultrafast"), audioSourcePath: source))
        var count = 0
        while let frame = try reader.next() { try writer.append(frame); count += 1 }
        try writer.finish()
        func audioPackets(_ path: String) throws -> [String] {
            try TestMedia.run("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=data_hash",
                                          "-show_data_hash", "sha256", "-of", "csv=p=0", path])
                .split(separator: "\n").compactMap { line in line.split(separator: ",").first { $0.hasPrefix("SHA256:") }.map(String.init) }
        }
        let original = try audioPackets(source)
        #expect(original.count > 50)
        #expect(try audioPackets(output) == original)
        #expect(try TestMedia.readAll(output).count == count)

        let audio = try AudioReader(path: output)
        #expect(audio.track.sampleRate == 48000 && audio.track.channelCount == 1)
        var samples: [Float] = []
        while let buffer = try audio.next() { samples += buffer.samples }
        #expect(abs(samples.count - 96000) < 2048)
        // A 440 Hz sine: count zero crossings over the middle second.
        let middle = samples[24000..<72000]
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 880) <= 4)
    }
}
