import Foundation
import Synchronization
import Testing
@testable import MediaKitLinux

/// The same frames and settings always encode to the same bytes, whatever the process did
/// before: tests and tools that compare encodes, and ground-truth clips regenerated across
/// runs, rely on it. The threat met so far is x264's AVX-512 code (see
/// `VideoWriter.reproducibleX264Instructions`); on CPUs without AVX-512 the test still guards
/// against any other source of variation.
@Suite struct WriterReproducibilityTests {
    /// Footage x264 works hard on: a textured scene, sensor noise and a camera that shakes by a
    /// pixel or two, with a small bright object crossing it.
    static func shakyFrame(_ index: Int, width: Int, height: Int) throws -> VideoFrame {
        var frame = try VideoFrame(width: width, height: height, pixelFormat: .yuv420p,
                                   time: MediaTime(value: Int64(index), timescale: 120))
        var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func noise() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 61) - 4
        }
        let shakeX = (index * 7919) % 5 - 2, shakeY = (index * 104_729) % 3 - 1
        let dotX = 40 + index * 2, dotY = height - 60 - index * 3
        for plane in 0..<3 {
            let w = PixelFormat.yuv420p.planeWidth(plane, frameWidth: width)
            let h = PixelFormat.yuv420p.planeHeight(plane, frameHeight: height)
            let scale = plane == 0 ? 1 : 2
            frame.withUnsafeMutablePlane(plane) { bytes, stride in
                for y in 0..<h {
                    for x in 0..<w {
                        let sx = Double(x * scale + shakeX), sy = Double(y * scale + shakeY)
                        var v = 110 + 50 * sin(sx / 9 + Double(plane)) * cos(sy / 7) + 20 * sin((sx + sy) / 3)
                        if plane == 0 {
                            v += Double(noise())
                            let dx = x - dotX, dy = y - dotY
                            if dx * dx + dy * dy <= 4 { v = 230 }
                        }
                        bytes[y * stride + x] = UInt8(max(16, min(235, v)))
                    }
                }
            }
        }
        return frame
    }

    /// Leaves freed heap memory full of changing bytes, as earlier work in a process does.
    static func dirtyHeap(_ round: Int) {
        for size in [1 << 16, 1 << 18, 1 << 20, 1 << 22] {
            let block = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            for i in 0..<size { block[i] = UInt8(truncatingIfNeeded: i &* 31 &+ round &* 97) }
            block.deallocate()
        }
    }

    @Test func reEncodingTheSameFramesGivesTheSameBytes() throws {
        let directory = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(directory) }
        let frames = try (0..<120).map { try Self.shakyFrame($0, width: 360, height: 640) }
        let takes = 16
        let digests = Mutex<[Int: Data]>([:])
        DispatchQueue.concurrentPerform(iterations: takes) { take in
            Self.dirtyHeap(take)
            let path = "\(directory)/take\(take).mp4"
            do {
                let writer = try VideoWriter(path: path, settings: VideoWriterSettings(
                    width: 360, height: 640, codec: .h264(crf: 18, preset: "veryfast", keyframeInterval: 250, pixelFormat: .yuv420p),
                    timescale: 120, frameRate: 120, threadCount: 1))
                for frame in frames { try writer.append(frame) }
                try writer.finish()
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                digests.withLock { $0[take] = data }
            } catch {
                Issue.record("take \(take): \(error)")
            }
        }
        let all = digests.withLock { $0 }
        let first = try #require(all[0])
        for take in 1..<takes {
            #expect(all[take] == first, "take \(take) encoded differently from take 0 (\(all[take]?.count ?? 0) bytes, not \(first.count))")
        }
    }
}
