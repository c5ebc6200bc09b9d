import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct FrameReadAheadTests {
    /// A 40-frame FFV1 clip whose every frame is distinct.
    func clip(_ directory: String) throws -> String {
        let path = directory + "/clip.mkv"
        let frames = try (0..<40).map { i in
            try TestMedia.indexedFrame(i, format: .yuv420p, time: MediaTime(value: Int64(i) * 40, timescale: 1000))
        }
        try TestMedia.write(frames, to: path, codec: .ffv1)
        return path
    }

    @Test(arguments: [1, 4])
    func deliversTheReadersFramesInOrder(depth: Int) throws {
        let directory = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(directory) }
        let path = try clip(directory)
        let expected = try TestMedia.readAll(path)
        let ahead = FrameReadAhead(try VideoReader(path: path), depth: depth)
        var got: [VideoFrame] = []
        while let frame = try ahead.next() {
            // A slow consumer: the thread must wait at `depth`, not drop or reorder.
            if got.count % 10 == 0 { Thread.sleep(forTimeInterval: 0.01) }
            got.append(frame)
        }
        #expect(try ahead.next() == nil)
        #expect(got.count == expected.count)
        #expect(zip(got, expected).allSatisfy { $0.time == $1.time && $0.hasSamePixels(as: $1) })
    }

    @Test func finishingEarlyKeepsTheRecordingOfWhatWasRead() throws {
        let directory = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(directory) }
        let path = try clip(directory)
        let recording = directory + "/rec.mkv"
        let ahead = FrameReadAhead(try VideoReader(path: path, options: .init(recordingPath: recording)), depth: 2)
        for _ in 0..<5 { _ = try ahead.next() }
        try ahead.finish()
        // Five frames taken; the thread stopped a few frames beyond them, far from the end.
        let recorded = try TestMedia.readAll(recording)
        #expect(recorded.count >= 5 && recorded.count < 20, "\(recorded.count) frames recorded")
        #expect(recorded.first?.time == .zero)
    }

    @Test func droppingItUnreadStopsTheThread() throws {
        let directory = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(directory) }
        let path = try clip(directory)
        // The thread fills its queue and waits; once the read-ahead is released the thread must
        // end and let go of the reader (a thread left waiting would keep it alive forever).
        weak var released: VideoReader?
        do {
            let reader = try VideoReader(path: path)
            released = reader
            let ahead = FrameReadAhead(reader, depth: 2)
            _ = try ahead.next()
        }
        let deadline = Date().addingTimeInterval(5)
        while released != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released == nil, "the decoding thread still holds the reader")
    }
}
