import Foundation
import MediaKitLinux
@testable import TracerOverlay

/// Generated clips, folders and frame comparisons for the shot tracer's tests.
enum TracerTestMedia {
    /// A fresh empty folder; remove it with `cleanup`.
    static func temporaryDirectory(_ name: String = #function) -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = NSTemporaryDirectory() + "shot-\(safe)-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func cleanup(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    /// A generated golf clip (H.264 .mp4) and its truth.
    static func clip(_ scenario: String = "dtl-clean", seed: UInt64 = 1, width: Int = 320, height: Int = 180,
                     frameRate: Double = 60, duration: Double = 2, in directory: String) throws -> (path: String, truth: ClipTruth) {
        let settings = try GroundTruthScenario.named(scenario).settings(seed: seed, width: width, height: height,
                                                                        frameRate: frameRate, duration: duration)
        let clip = try GroundTruthClip(settings: settings)
        let path = directory + "/\(scenario)-\(seed).mp4"
        try clip.write(videoPath: path, truthPath: path + ".json")
        return (path, clip.truth)
    }

    /// Runs ffmpeg (test set-up: footage the toolkit's writer does not make) and waits for it.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MediaError.io(path: "ffmpeg", message: "ffmpeg \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }

    /// Where the ball sits at address in a generated clip, top-left normalized.
    static func address(_ truth: ClipTruth) -> NormalizedPoint {
        let p = truth.camera.project(GolferSwing.ball)!
        return NormalizedPoint(x: p.x / Double(truth.width), y: p.y / Double(truth.height))
    }

    /// Every frame of `path`, decoded as yuv420p.
    static func readAll(_ path: String) throws -> [VideoFrame] {
        let reader = try VideoReader(path: path)
        var frames: [VideoFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        return frames
    }

    /// Luma PSNR in dB of `a` against `b` inside a pixel box (infinity when identical).
    static func lumaPSNR(_ a: VideoFrame, _ b: VideoFrame, box: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Double {
        var squared = 0.0, count = 0
        a.withUnsafePlane(0) { pa, sa in
            b.withUnsafePlane(0) { pb, sb in
                for y in max(0, box.y0)..<min(a.height, box.y1) {
                    for x in max(0, box.x0)..<min(a.width, box.x1) {
                        let d = Double(pa[y * sa + x]) - Double(pb[y * sb + x])
                        squared += d * d
                        count += 1
                    }
                }
            }
        }
        guard count > 0, squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(count)))
    }

    /// Where the synthetic clips' ball sits at address, top-left normalized.
    static let syntheticMarker = NormalizedPoint(x: 0.45, y: 0.85)

    /// The synthetic ball's centre (top-left normalized) `t` seconds after a launch.
    static func syntheticFlight(_ t: Double) -> NormalizedPoint {
        NormalizedPoint(x: syntheticMarker.x + 0.12 * t, y: syntheticMarker.y - 1.5 * t + 0.8 * t * t)
    }

    /// A fixed-camera clip made with the writer: a still ground-and-sky backdrop with a resting
    /// ball at ``syntheticMarker``, and one shot per launch time, each a bright ball of radius
    /// 1.8 px flying ``syntheticFlight`` (the ball goes back to the marker for the next shot).
    /// `visibleFor`: seconds after launch after which the ball is no longer seen (lost in the sky).
    static func syntheticShots(launches: [Double], duration: Double, width: Int = 320, height: Int = 180,
                               frameRate: Int = 60, visibleFor: Double = .infinity, path: String) throws {
        let writer = try VideoWriter(path: path, settings: VideoWriterSettings(
            width: width, height: height, codec: path.hasSuffix(".mkv") ? .ffv1 : .h264(crf: 16, preset: "veryfast"),
            frameRate: Double(frameRate)))
        let count = Int(duration * Double(frameRate))
        for index in 0..<count {
            let time = MediaTime(value: Int64(index), timescale: Int32(frameRate))
            var frame = try VideoFrame(width: width, height: height, pixelFormat: .yuv420p, time: time)
            let t = time.seconds
            let launch = launches.last(where: { $0 <= t })
            let ball = launch.map { syntheticFlight(t - $0) } ?? syntheticMarker
            let seen = launch.map { t - $0 < visibleFor } ?? true
            let bx = ball.x * Double(width), by = ball.y * Double(height), r = seen ? 1.8 : 0
            frame.withUnsafeMutablePlane(0) { bytes, stride in
                for y in 0..<height {
                    for x in 0..<width {
                        // Sky above 40% of the height, textured grass below.
                        var v = y < height * 2 / 5 ? 150 + 40 * Double(y) / Double(height) : 70 + Double((x * 7 + y * 13) % 9)
                        let d = ((Double(x) + 0.5 - bx) * (Double(x) + 0.5 - bx) + (Double(y) + 0.5 - by) * (Double(y) + 0.5 - by)).squareRoot()
                        let coverage = r > 0 ? min(max(r + 0.5 - d, 0), 1) : 0
                        v = v * (1 - coverage) + 235 * coverage
                        bytes[y * stride + x] = UInt8(v)
                    }
                }
            }
            try writer.append(frame)
        }
        try writer.finish()
    }

    /// A style whose ink is easy to find: one opaque colour, no shadow, glow, tail or dot.
    static let plainStyle = TracerStyle(color: .black, lineWidth: 4, shadow: nil)
}
