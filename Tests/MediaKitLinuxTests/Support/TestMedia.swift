import Foundation
@testable import MediaKitLinux

/// Temporary folders and generated frames for tests.
enum TestMedia {
    /// A fresh empty folder, removed by the caller with `cleanup`.
    static func temporaryDirectory(_ name: String = #function) -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = NSTemporaryDirectory() + "mediakit-\(safe)-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func cleanup(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A frame whose pixels encode `index` (every byte depends on index, x, y and channel), so
    /// a swapped, dropped or altered frame is detected.
    static func indexedFrame(_ index: Int, width: Int = 320, height: Int = 180, format: PixelFormat,
                             time: MediaTime) throws -> VideoFrame {
        var frame = try VideoFrame(width: width, height: height, pixelFormat: format, time: time)
        for plane in 0..<frame.planeCount {
            let w = format.planeWidth(plane, frameWidth: width) * (plane == 0 ? format.bytesPerPixel : 1)
            let h = format.planeHeight(plane, frameHeight: height)
            frame.withUnsafeMutablePlane(plane) { bytes, stride in
                for y in 0..<h {
                    for x in 0..<w {
                        bytes[y * stride + x] = UInt8(truncatingIfNeeded: index * 37 + x * 3 + y * 5 + plane * 71 + (x * y) % 13)
                    }
                }
            }
        }
        return frame
    }

    /// A smooth moving picture (compresses well, so H.264 quality can be judged by PSNR).
    static func smoothFrame(_ index: Int, width: Int = 320, height: Int = 180, time: MediaTime) throws -> VideoFrame {
        var frame = try VideoFrame(width: width, height: height, pixelFormat: .yuv420p, time: time)
        for plane in 0..<3 {
            let w = PixelFormat.yuv420p.planeWidth(plane, frameWidth: width)
            let h = PixelFormat.yuv420p.planeHeight(plane, frameHeight: height)
            frame.withUnsafeMutablePlane(plane) { bytes, stride in
                for y in 0..<h {
                    for x in 0..<w {
                        let v = 128 + 60 * sin(Double(x + index * 2) / 17.0 + Double(plane)) * cos(Double(y) / 13.0)
                        bytes[y * stride + x] = UInt8(max(16, min(235, v)))
                    }
                }
            }
        }
        return frame
    }

    /// Peak signal-to-noise ratio of the luma planes, in dB.
    static func lumaPSNR(_ a: VideoFrame, _ b: VideoFrame) -> Double {
        var squared = 0.0
        a.withUnsafePlane(0) { pa, sa in
            b.withUnsafePlane(0) { pb, sb in
                for y in 0..<a.height {
                    for x in 0..<a.width {
                        let d = Double(pa[y * sa + x]) - Double(pb[y * sb + x])
                        squared += d * d
                    }
                }
            }
        }
        let mse = squared / Double(a.width * a.height)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Writes `frames` to `path` with `codec`.
    static func write(_ frames: [VideoFrame], to path: String, codec: VideoCodec, audioFrom: String? = nil,
                      rotation: Int = 0) throws {
        var settings = VideoWriterSettings(width: frames[0].width, height: frames[0].height, codec: codec, audioSourcePath: audioFrom)
        settings.displayRotation = rotation
        let writer = try VideoWriter(path: path, settings: settings)
        for frame in frames { try writer.append(frame) }
        try writer.finish()
    }

    /// Reads every frame of `path`.
    static func readAll(_ path: String, options: VideoReader.Options = .init()) throws -> [VideoFrame] {
        let reader = try VideoReader(path: path, options: options)
        var frames: [VideoFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        return frames
    }

    /// Runs a command-line tool (ffmpeg/ffprobe in test set-up) and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MediaError.io(path: tool, message: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
