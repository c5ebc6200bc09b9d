import ArgumentParser
import ExampleSupport
import Foundation
import MediaKitLinux
import TracerOverlay

/// `shot-tracer demo`: the whole flow on a built-in clip. Renders a down-the-line shot with a
/// golfer, walkers and noise (the ground-truth generator), traces it live (recording, preview,
/// timeline), exports it as seen live and retimed, and writes a poster.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the built-in clip, trace it live, export it and write a poster.")

    @Option(help: "Directory for the demo's files.")
    var directory: String = "demo-output"

    @Option(help: "Clip size WxH.")
    var size: String = "1280x720"

    @Option(help: "Clip length in seconds.")
    var duration: Double = 3.5

    @Option(help: "Generator scenario (see golf-clip).")
    var scenario: String = "dtl-club-walkers"

    @Option(help: "Generator seed.")
    var seed: UInt64 = 2

    @OptionGroup var style: StyleOptions
    @OptionGroup var outputOptions: OutputOptions

    mutating func run() throws {
        let directory = self.directory, size = self.size, duration = self.duration, seed = self.seed
        let scenarioName = self.scenario, style = self.style, json = outputOptions.json
        try runReportingErrors {
            let dims = size.lowercased().split(separator: "x").compactMap { Int($0) }
            guard dims.count == 2, dims[0] >= 64, dims[1] >= 64 else {
                throw MediaError.invalidArgument("--size '\(size)' must be WxH, e.g. 1280x720")
            }
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw MediaError.io(path: directory, message: "cannot create the demo directory: \(error.localizedDescription)")
            }
            let path = { (name: String) in (directory as NSString).appendingPathComponent(name) }
            let scenario = try GroundTruthScenario.named(scenarioName)
            let settings = scenario.settings(seed: seed, width: dims[0], height: dims[1], frameRate: 60, duration: duration)
            let clip = try GroundTruthClip(settings: settings)
            let progress = TerminalProgress("rendering clip", total: Double(clip.frameCount))
            try clip.write(videoPath: path("clip.mp4"), truthPath: path("clip-truth.json")) { progress.update(Double($0)) }
            progress.finish()

            var options = LiveShotOptions()
            options.recordingPath = path("recording.mp4")
            options.style = try style.style()
            options.autoAlign = true
            var live = LiveRun(input: path("clip.mp4"), options: options, previewPath: path("preview.mp4"),
                               timelinePath: path("timeline.json"), posterPath: path("poster.png"))
            live.previewCodec = .h264(crf: 18, preset: "veryfast")
            var summary = try live.run()

            let timeline = try TracerTimeline.load(path: path("timeline.json"))
            for (name, mode) in [("traced.mp4", ShotExportOptions.Mode.asSeenLive), ("traced-retimed.mp4", .retimed)] {
                let exporter = ShotExporter(recordingPath: path("recording.mp4"), timeline: timeline,
                                            options: ShotExportOptions(codec: .h264(crf: 18, preset: "veryfast"), mode: mode))
                let bar = TerminalProgress("exporting \(name)", total: 1)
                exporter.progressHandler = { _, fraction in bar.update(fraction) }
                let result = try exporter.export(to: path(name))
                bar.finish()
                summary.files[mode == .retimed ? "retimed" : "export"] = result.outputPath
                if mode == .asSeenLive {
                    summary.framesWritten = result.framesWritten
                    summary.framesWithTracer = result.framesWithTracer
                }
            }
            summary.files["clip"] = path("clip.mp4")
            if json { try printJSON(summary) } else { print(summary.text) }
        }
    }
}
