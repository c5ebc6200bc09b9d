import Foundation
import Testing
@testable import MediaKitLinux

/// The decoder's threads change how fast frames come, never which frames: the automatic choice
/// (two per core, more frames in flight than FFmpeg's own) delivers every frame of an H.264
/// clip, in order, with the same times and pixels as one thread does, clips shorter than the
/// frames it keeps in flight included.
@Suite struct DecoderThreadTests {
    /// An H.264 clip (x264 medium: B-frames and references across frames) of `count` moving frames.
    func clip(_ directory: String, count: Int) throws -> String {
        let path = directory + "/clip.mp4"
        let frames = try (0..<count).map { i in
            try TestMedia.smoothFrame(i, time: MediaTime(value: Int64(i), timescale: 30))
        }
        try TestMedia.write(frames, to: path, codec: .h264())
        return path
    }

    @Test(arguments: [48, 3])
    func everyThreadCountDeliversTheSameFrames(count: Int) throws {
        let directory = TestMedia.temporaryDirectory("\(#function)\(count)")
        defer { TestMedia.cleanup(directory) }
        let path = try clip(directory, count: count)
        let single = try TestMedia.readAll(path, options: .init(threadCount: 1))
        #expect(single.count == count)
        #expect(single.map(\.time) == (0..<count).map { MediaTime(value: Int64($0), timescale: 30) })
        for threads in [0, 3, 16] {
            let frames = try TestMedia.readAll(path, options: .init(threadCount: threads))
            #expect(frames.count == single.count, "\(threads) threads")
            #expect(zip(frames, single).allSatisfy { $0.time == $1.time && $0.hasSamePixels(as: $1) }, "\(threads) threads")
        }
    }
}
