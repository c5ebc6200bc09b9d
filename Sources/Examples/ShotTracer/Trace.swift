import ArgumentParser
import Foundation
import MediaKitLinux
import TracerOverlay

/// `shot-tracer trace`: detect and burn in, in one pass: the output is what the live preview
/// shows, encoded.
struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Trace a video and write it with the tracer burned in, as seen live.")

    @Argument(help: "The input video.")
    var input: String

    @Option(name: .shortAndLong, help: "The output video (.mp4, .mov; .mkv means lossless FFV1).")
    var output: String

    @Option(help: "Also write the tracer timeline (JSON) here.")
    var timeline: String?

    @Option(help: "Where a poster PNG of the last frame and the shot's figures is written.")
    var poster: String?

    @Option(help: "H.264 constant rate factor.")
    var crf: Int = 18

    @Option(help: "H.264 preset.")
    var x264Preset: String = "medium"

    @OptionGroup var style: StyleOptions
    @OptionGroup var alignment: AlignmentOptions
    @OptionGroup var detector: DetectorOptions
    @OptionGroup var outputOptions: OutputOptions

    mutating func run() throws {
        try runReportingErrors {
            guard FileManager.default.fileExists(atPath: input) else {
                throw MediaError.fileMissing(path: input, message: "no such file")
            }
            var options = LiveShotOptions()
            options.style = try style.style()
            options.detector = detector.settings()
            try alignment.apply(to: &options)
            var run = LiveRun(input: input, options: options, previewPath: output, timelinePath: timeline, posterPath: poster)
            run.previewCodec = .h264(crf: crf, preset: x264Preset)
            if let asset = try? MediaAsset(path: input), !asset.audioTracks.isEmpty { run.previewAudioSource = input }
            var summary = try run.run()
            summary.files["output"] = summary.files.removeValue(forKey: "preview")
            if outputOptions.json { try printJSON(summary) } else { print(summary.text) }
        }
    }
}
