import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct RecordingTests {
    func packetHashes(_ path: String, _ stream: String) throws -> [String] {
        try TestMedia.run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries", "packet=data_hash",
                                      "-show_data_hash", "sha256", "-of", "csv=p=0", path])
            .split(separator: "\n").compactMap { line in line.split(separator: ",").first { $0.hasPrefix("SHA256:") }.map(String.init) }
    }

    func makeSource(_ path: String) throws {
        try TestMedia.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=2",
                                     "-f", "lavfi", "-i", "sine=frequency=300:sample_rate=44100:duration=2",
                                     "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", "-c:a", "aac", "-shortest", path])
    }

    @Test(arguments: [("camera.mkv", "rec.mp4"), ("camera.mp4", "rec.mkv"), ("camera.mov", "rec.mov")])
    func recordingCopiesPacketsByteForByte(source name: String, recording recordingName: String) throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = dir + "/" + name
        try makeSource(source)
        let recording = dir + "/" + recordingName
        let reader = try VideoReader(path: source, options: .init(recordingPath: recording))
        var times: [MediaTime] = []
        while let frame = try reader.next() { times.append(frame.time) }
        #expect(times.count == 60)
        #expect(try packetHashes(recording, "v:0") == packetHashes(source, "v:0"))
        #expect(try packetHashes(recording, "a:0") == packetHashes(source, "a:0"))
        // Matroska stores milliseconds; compare at that precision.
        let replay = try TestMedia.readAll(recording).map { $0.time.convertScale(1000) }
        #expect(replay == times.map { $0.convertScale(1000) })
    }

    @Test func streamInputIsRecordedWithoutReencodingAndStartsAtZero() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        // An MPEG-TS input starts at a non-zero PTS and carries Annex B H.264 and ADTS AAC, like
        // a live stream; MP4 stores both differently, so compare decoded pixels, not bytes.
        let source = dir + "/camera.ts"
        try makeSource(source)
        let recording = dir + "/rec.mp4"
        let reader = try VideoReader(path: source, options: .init(recordingPath: recording))
        var frames: [VideoFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        #expect(frames.first?.time == .zero)
        let replay = try TestMedia.readAll(recording)
        #expect(replay.map(\.time) == frames.map(\.time))
        #expect(zip(replay, frames).allSatisfy { $0.hasSamePixels(as: $1) })
        #expect(try packetHashes(recording, "a:0").count == packetHashes(source, "a:0").count)
    }

    @Test func abandonedRecordingLeavesNoFile() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = dir + "/in.mkv"
        try TestMedia.write(try (0..<10).map { try TestMedia.indexedFrame($0, format: .yuv420p, time: MediaTime(value: Int64($0), timescale: 25)) },
                            to: source, codec: .ffv1)
        do {
            let reader = try VideoReader(path: source, options: .init(recordingPath: dir + "/rec.mkv"))
            _ = try reader.next()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["in.mkv"])
    }
}
