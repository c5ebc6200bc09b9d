import ArgumentParser
import ExampleSupport
import Foundation
import MediaKitLinux
import TracerOverlay

/// `shot-tracer live`: the camera stand-in. Reads a file or stream as it comes, records its
/// packets, traces live and writes the preview and the tracer timeline.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Trace a video or stream live: record it, write the preview and the tracer timeline.",
        discussion: "INPUT may be a file or a URL FFmpeg opens (udp://, rtsp://, http://) or - for stdin.")

    @Argument(help: "The input file or stream URL.")
    var input: String

    @Option(help: "Where the input's packets are recorded (remuxed, not re-encoded).")
    var record: String

    @Option(help: "Where the tracer timeline (JSON) is written.")
    var timeline: String

    @Option(help: "Where the preview goes: a video file (.mkv means lossless FFV1), or - for raw yuv420p frames on stdout.")
    var preview: String?

    @Flag(help: "Handle frames at their own pace (a file plays in real time); analysis that falls behind is skipped.")
    var realTime = false

    @Option(help: "Where a poster PNG of the last frame and the shot's figures is written.")
    var poster: String?

    @Flag(help: "Report per-frame costs (decode, analysis, draw) as percentiles.")
    var timings = false

    @OptionGroup var style: StyleOptions
    @OptionGroup var alignment: AlignmentOptions
    @OptionGroup var detector: DetectorOptions
    @OptionGroup var output: OutputOptions

    mutating func run() throws {
        try runReportingErrors {
            var options = LiveShotOptions()
            options.recordingPath = record
            options.pacing = realTime ? .realTime : .asFastAsPossible
            options.style = try style.style()
            options.detector = detector.settings()
            try alignment.apply(to: &options)
            var run = LiveRun(input: input, options: options, previewPath: preview, timelinePath: timeline, posterPath: poster)
            run.reportsTimings = timings
            let summary = try run.run()
            if preview == "-" {
                // stdout carries the frames: the summary goes to stderr.
                FileHandle.standardError.write(Data((output.json ? try jsonText(summary) : summary.text + "\n").utf8))
            } else if output.json { try printJSON(summary) } else { print(summary.text) }
        }
    }
}

/// One live run with its files, shared by `live`, `trace` and `demo`.
struct LiveRun {
    var input: String
    var options: LiveShotOptions
    var previewPath: String?
    var timelinePath: String?
    var posterPath: String?
    var previewCodec: VideoCodec = .h264()
    var previewAudioSource: String?
    var reportsTimings = false

    func run() throws -> TraceSummary {
        let pipeline = LiveShotPipeline(input: input, options: options)
        // Probe only regular files: probing a stream or a FIFO would consume its data.
        let isRegularFile = (try? FileManager.default.attributesOfItem(atPath: input)[.type] as? FileAttributeType) == .typeRegular
        let asset = isRegularFile ? try? MediaAsset(path: input) : nil
        let total = asset?.duration.seconds ?? 0
        let progress = TerminalProgress("tracing", total: total.isFinite ? total : 0)
        let frameRate = asset?.videoTracks.first.map { $0.averageFrameRate > 0 ? $0.averageFrameRate : 30 }
        let sink = previewPath.flatMap { $0 == "-" ? nil : PreviewFileSink(path: $0, frameRate: frameRate, h264: previewCodec, audioSourcePath: previewAudioSource) }
        if let sink { pipeline.previewHandler = { frame throws(MediaError) in try sink.write(frame) } }
        if previewPath == "-" { pipeline.previewHandler = { frame throws(MediaError) in try writeRawFrame(frame) } }
        pipeline.progressHandler = { _, time in progress.update(time.seconds) }
        pipeline.keepsLastFrame = posterPath != nil
        let result: LiveShotResult
        do {
            result = try pipeline.run()
            try sink?.finish()
        } catch {
            sink?.cancel()
            progress.finish()
            throw error
        }
        progress.finish()
        var summary = TraceSummary()
        summary.add(live: result)
        if reportsTimings { summary.add(timings: result.timings) }
        if let timelinePath {
            try result.timeline.write(to: timelinePath)
            summary.files["timeline"] = timelinePath
        }
        if let record = options.recordingPath { summary.files["recording"] = record }
        if let previewPath, previewPath != "-" { summary.files["preview"] = previewPath }
        if let posterPath, let frame = result.lastFrame {
            let poster = try ShotPoster.render(frame: frame, shots: result.shots, style: options.style)
            try ShotPoster.writePNG(poster, to: posterPath)
            summary.files["poster"] = posterPath
        }
        return summary
    }
}

/// Writes a yuv420p frame's planes, row by row without padding, to stdout (what `ffplay -f
/// rawvideo -pixel_format yuv420p -video_size WxH -` reads).
func writeRawFrame(_ frame: VideoFrame) throws(MediaError) {
    var bytes = [UInt8]()
    bytes.reserveCapacity(frame.width * frame.height * 3 / 2)
    for plane in 0..<frame.planeCount {
        let width = frame.pixelFormat.planeWidth(plane, frameWidth: frame.width) * (plane == 0 ? frame.pixelFormat.bytesPerPixel : 1)
        frame.withUnsafePlane(plane) { data, stride in
            for row in 0..<frame.rows(plane: plane) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: data[(row * stride)..<(row * stride + width)]))
            }
        }
    }
    do { try FileHandle.standardOutput.write(contentsOf: bytes) } catch {
        throw .io(path: "stdout", message: "cannot write preview frames: \(error.localizedDescription)")
    }
}
