import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct CompositionTests {
    static let width = 320, height = 180

    /// A 2 s, 25 fps moving picture written losslessly (FFV1), so decoding gives back exactly
    /// the source pixels to compare against.
    static func makeSource(in dir: String) throws -> String {
        let path = dir + "/source.mkv"
        let frames = try (0..<50).map { try TestMedia.smoothFrame($0, width: width, height: height, time: MediaTime(value: Int64($0), timescale: 25)) }
        try TestMedia.write(frames, to: path, codec: .ffv1)
        return path
    }

    static func decode(_ path: String) throws -> [VideoFrame] {
        let reader = try VideoReader(path: path)
        var frames: [VideoFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        return frames
    }

    // The tracer path: a line, an upper half circle, a line. Its geometry is known in closed
    // form, so the test finds points by arc length without the library's path measuring.
    static let radius = 60.0
    static let length = 80 + .pi * radius + 80

    static func tracerPath() -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 20, y: 90))
        path.addLine(to: CGPoint(x: 100, y: 90))
        path.addArc(center: CGPoint(x: 160, y: 90), radius: radius, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
        path.addLine(to: CGPoint(x: 300, y: 90))
        return path
    }

    static func point(atLength s: Double) -> (x: Int, y: Int) {
        let p: (Double, Double)
        if s < 80 {
            p = (20 + s, 90)
        } else if s < 80 + .pi * radius {
            let angle = Double.pi + (s - 80) / radius
            p = (160 + radius * cos(angle), 90 + radius * sin(angle))
        } else {
            p = (220 + (s - 80 - .pi * radius), 90)
        }
        return (Int(p.0.rounded(.down)), Int(p.1.rounded(.down)))
    }

    /// strokeEnd 0 -> 1 from 0.4 s for 1 s with ease-out; frame k is at k / 25 s.
    static func expectedStrokeEnd(frame k: Int, model: Double, fillMode: FillMode) -> Double {
        if k < 10 { return fillMode == .backwards || fillMode == .both ? 0 : model }
        if k >= 35 { return fillMode == .forwards || fillMode == .both ? 1 : model }
        return TimingFunction.easeOut.evaluate(Double(k - 10) / 25)
    }

    static func export(model: Double, fillMode: FillMode, dir: String, source: String) async throws -> String {
        let shape = ShapeLayer()
        shape.path = tracerPath()
        shape.fillColor = nil
        shape.strokeColor = .white
        shape.lineWidth = 6
        shape.strokeEnd = model
        shape.add(BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, beginTime: 0.4, duration: 1,
                                 timingFunction: .easeOut, fillMode: fillMode), forKey: "draw")
        let root = Layer()
        root.addSublayer(shape)
        let composition = try VideoComposition(sourcePath: source, overlayLayer: root)
        let output = dir + "/out-\(fillMode.rawValue)-\(Int(model)).mkv"
        try await VideoCompositionExportSession(composition: composition, outputPath: output, codec: .ffv1).export()
        return output
    }

    @Test(arguments: [(0.0, FillMode.removed), (0.0, .forwards), (1.0, .removed), (1.0, .backwards)])
    func strokeIsDrawnExactlyToTheTimedFraction(model: Double, fillMode: FillMode) async throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = try Self.makeSource(in: dir)
        let output = try await Self.export(model: model, fillMode: fillMode, dir: dir, source: source)
        let input = try Self.decode(source), result = try Self.decode(output)
        try #require(result.count == input.count)
        for (k, (inFrame, outFrame)) in zip(input, result).enumerated() {
            #expect(outFrame.time == inFrame.time)
            let f = Self.expectedStrokeEnd(frame: k, model: model, fillMode: fillMode)
            if f == 0 {
                #expect(outFrame.hasSamePixels(as: inFrame), "frame \(k) should be the untouched source")
                continue
            }
            let end = f * Self.length
            var s = 0.0
            var drawn = 0, clear = 0
            while s <= Self.length {
                let (x, y) = Self.point(atLength: s)
                let yIn = inFrame.pixel(x: x, y: y), yOut = outFrame.pixel(x: x, y: y)
                if s < end - 2 {
                    #expect(abs(Int(yOut[0]) - 235) <= 1, "frame \(k): behind the end at s=\(s) (\(x),\(y)) luma \(yOut[0])")
                    drawn += 1
                } else if s > end + 2 {
                    #expect(yOut[0] == yIn[0], "frame \(k): ahead of the end at s=\(s) (\(x),\(y)) was drawn")
                    if s > end + 4 { #expect(yOut[1] == yIn[1] && yOut[2] == yIn[2], "frame \(k): chroma ahead at s=\(s)") }
                    clear += 1
                }
                s += 1
            }
            #expect(drawn + clear > 300)
        }
    }

    @Test func outputKeepsFramesTimestampsAndAudioPackets() async throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = dir + "/av.mkv"
        try run("/usr/bin/env", ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30000/1001",
                                 "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "2",
                                 "-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-c:a", "aac", "-b:a", "96k", source])
        let marker = ShapeLayer()
        marker.path = Path(ellipseIn: CGRect(x: -8, y: -8, width: 16, height: 16))
        marker.fillColor = .yellow
        var move = KeyframeAnimation(keyPath: "position", calculationMode: .paced, duration: 2)
        move.path = Self.tracerPath()
        marker.add(move, forKey: "move")
        let composition = try VideoComposition(sourcePath: source, overlayLayer: marker)
        let output = dir + "/out.mkv"
        var reports: [ExportProgress] = []
        try await VideoCompositionExportSession(composition: composition, outputPath: output, codec: .h264(crf: 20, preset: "ultrafast"))
            .export { reports.append($0) }
        let input = try Self.decode(source), result = try Self.decode(output)
        #expect(result.count == input.count && result.count == 60)
        #expect(result.map(\.time) == input.map(\.time))
        let audioIn = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", "a", "-show_packets", "-show_data_hash", "md5",
                                                "-show_entries", "packet=pts_time,duration_time,size,data_hash", "-of", "csv=p=0", source])
        let audioOut = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", "a", "-show_packets", "-show_data_hash", "md5",
                                                 "-show_entries", "packet=pts_time,duration_time,size,data_hash", "-of", "csv=p=0", output])
        #expect(audioIn.split(separator: "\n").count > 80)
        #expect(audioOut == audioIn)
        #expect(reports.count == 60)
        #expect(abs(reports.last!.fractionCompleted - 1) < 0.02 && reports.last!.framesPerSecond > 0)
        #expect(reports.map(\.framesWritten) == Array(1...60))
    }

    @Test func cancellingRemovesThePartialOutput() async throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = try Self.makeSource(in: dir)
        let output = dir + "/cancelled.mkv"
        let task = Task { () async throws(MediaError) -> Int in
            let layer = ShapeLayer()
            layer.path = Path(rect: CGRect(x: 10, y: 10, width: 50, height: 50))
            let composition = try VideoComposition(sourcePath: source, overlayLayer: layer)
            var written = 0
            try await VideoCompositionExportSession(composition: composition, outputPath: output, codec: .ffv1).export { progress in
                written = progress.framesWritten
                // Cancel this very task part-way, as a caller's `task.cancel()` would.
                if progress.framesWritten == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return written
        }
        let result = await task.result
        #expect(throws: MediaError.cancelled(path: output)) { try result.get() }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["source.mkv"])
    }

    @Test func drawHandlerDrawsAtEachFramesTime() async throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = try Self.makeSource(in: dir)
        // A white 10x10 square whose left edge is at 100 px per second of video time.
        let composition = try VideoComposition(sourcePath: source) { canvas, time in
            canvas.fill(Path(rect: CGRect(x: 100 * time.seconds, y: 20, width: 10, height: 10)), with: .white)
        }
        let output = dir + "/drawn.mkv"
        try await VideoCompositionExportSession(composition: composition, outputPath: output, codec: .ffv1).export()
        let input = try Self.decode(source), result = try Self.decode(output)
        try #require(result.count == 50)
        for k in [0, 7, 25, 49] {
            let left = Int((100 * Double(k) / 25).rounded(.up))
            #expect(result[k].pixel(x: left + 1, y: 25)[0] == 235, "frame \(k) inside the square")
            #expect(result[k].pixel(x: left + 14, y: 25) == input[k].pixel(x: left + 14, y: 25), "frame \(k) right of it")
            if left >= 4 { #expect(result[k].pixel(x: left - 4, y: 25) == input[k].pixel(x: left - 4, y: 25), "frame \(k) left of it") }
        }
    }

    @Test func reusedStaticOverlayMatchesAFreshRender() async throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let source = try Self.makeSource(in: dir)
        let output = try await Self.export(model: 0, fillMode: .forwards, dir: dir, source: source)
        let input = try Self.decode(source), result = try Self.decode(output)
        // Frames 35...49 show the finished path; the exporter reused one rendering for them.
        let shape = ShapeLayer()
        shape.path = Self.tracerPath()
        shape.fillColor = nil
        shape.strokeColor = .white
        shape.lineWidth = 6
        let fresh = try VideoComposition(sourcePath: source, overlayLayer: shape)
        for k in [35, 42, 49] {
            var expected = input[k]
            try fresh.composite(&expected)
            #expect(result[k].hasSamePixels(as: expected), "frame \(k)")
            #expect(!result[k].hasSamePixels(as: input[k]))
        }
        let a = shape.presentation(at: .zero), b = shape.presentation(at: MediaTime(value: 1, timescale: 1))
        #expect(a.hasSameAppearance(as: b))
        shape.strokeEnd = 0.5
        #expect(!shape.presentation(at: .zero).hasSameAppearance(as: b))
    }

    @Test func badInputIsAClearError() async throws {
        #expect(throws: MediaError.self) { try VideoComposition(sourcePath: "/nonexistent/clip.mp4") }
        do {
            _ = try VideoComposition(sourcePath: "/nonexistent/clip.mp4")
        } catch {
            #expect(error.path == "/nonexistent/clip.mp4")
        }
    }

    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self)
    }
}
