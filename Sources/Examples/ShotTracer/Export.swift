import ArgumentParser
import ExampleSupport
import Foundation
import MediaKitLinux
import TracerOverlay

/// `shot-tracer export`: burns the recorded tracer timeline into the recording.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a recording with its tracer, as seen live (default) or retimed.")

    @Argument(help: "The recording written by `live --record`.")
    var recording: String

    @Option(help: "The tracer timeline written by `live --timeline`.")
    var timeline: String

    @Option(name: .shortAndLong, help: "The output video (.mp4, .mov, or .mkv).")
    var output: String

    @Option(help: "h264 or ffv1 (lossless, .mkv only).")
    var codec: String = "h264"

    @Option(help: "H.264 constant rate factor.")
    var crf: Int = 18

    @Option(help: "H.264 preset.")
    var x264Preset: String = "medium"

    @Flag(help: "Retime the tracer: head on the ball every frame, flight extended (dashed) past the last sighting.")
    var retime = false

    @Option(help: "Where a poster PNG of the last frame and the shot's figures is written.")
    var poster: String?

    @OptionGroup var outputOptions: OutputOptions

    mutating func run() throws {
        try runReportingErrors {
            let loaded = try TracerTimeline.load(path: timeline)
            var options = ShotExportOptions(codec: try Self.codec(codec, crf: crf, preset: x264Preset), mode: retime ? .retimed : .asSeenLive)
            options.includesAudio = true
            let exporter = ShotExporter(recordingPath: recording, timeline: loaded, options: options)
            let progress = TerminalProgress("exporting", total: 1)
            exporter.progressHandler = { _, fraction in progress.update(fraction) }
            exporter.keepsLastFrame = poster != nil
            let result = try exporter.export(to: output)
            progress.finish()
            var summary = TraceSummary()
            summary.framesWritten = result.framesWritten
            summary.framesWithTracer = result.framesWithTracer
            summary.add(shots: loaded.shots, size: loaded.videoSize)
            summary.files["output"] = output
            if let poster, let frame = exporter.lastFrame {
                try ShotPoster.writePNG(try ShotPoster.render(frame: frame, shots: loaded.shots, style: loaded.style), to: poster)
                summary.files["poster"] = poster
            }
            if outputOptions.json { try printJSON(summary) } else { print(summary.text) }
        }
    }

    static func codec(_ name: String, crf: Int, preset: String) throws(MediaError) -> VideoCodec {
        switch name.lowercased() {
        case "h264": return .h264(crf: crf, preset: preset)
        case "ffv1": return .ffv1
        default: throw .invalidArgument("--codec '\(name)' must be h264 or ffv1")
        }
    }
}
