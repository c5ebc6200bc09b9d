import ArgumentParser
import Foundation
import MediaKitLinux
import TracerOverlay

/// `golf-clip catalogue`: renders every scenario with each of its seeds, for a benchmark run.
struct Catalogue: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every scenario and seed into a folder (NAME-SEED.mp4 and NAME-SEED.json).")

    @Option(name: .shortAndLong, help: "The folder to write into (created if missing).")
    var output: String = "clips"

    @Option(help: "Image size WIDTHxHEIGHT. Portrait scenarios turn it upright.")
    var size: String = "1920x1080"

    @Option(help: "Frames per second.")
    var fps: Double = 60

    @Option(help: "Length in seconds.")
    var duration: Double = 4

    @Option(help: "Only scenarios whose name contains this text.")
    var only: String?

    @Option(help: "x264 preset.")
    var preset: String = "veryfast"

    @Option(help: "H.264 constant rate factor (default: the scenarios', 18; at 23 x264 erases a far ball from most frames).")
    var crf: Int?

    mutating func run() throws {
        do {
            try render()
        } catch {
            FileHandle.standardError.write(Data("golf-clip: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func render() throws(MediaError) {
        let (width, height) = try parseSize(size)
        do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            throw .io(path: output, message: error.localizedDescription)
        }
        for scenario in GroundTruthScenario.all where only.map({ scenario.name.contains($0) }) ?? true {
            for seed in scenario.seeds {
                var settings = scenario.settings(seed: seed, width: width, height: height, frameRate: fps, duration: duration)
                if let crf { settings.compressionCRF = crf }
                let clip = try GroundTruthClip(settings: settings)
                let base = (output as NSString).appendingPathComponent("\(scenario.name)-\(seed)")
                try clip.write(videoPath: base + ".mp4", truthPath: base + ".json", preset: preset)
                print("\(base).mp4: \(clip.truth.visibleFrames.count) visible frames")
            }
        }
    }
}
