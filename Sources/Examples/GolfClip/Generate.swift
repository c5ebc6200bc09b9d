import ArgumentParser
import Foundation
import MediaKitLinux
import TracerOverlay

/// `golf-clip generate` (the default): renders one scenario to a video and its truth file.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scenario to an H.264 video plus a JSON truth file beside it.")

    @Flag(help: "List the scenarios and their settings, then exit.")
    var list = false

    @Option(help: "The scenario to render (see --list).")
    var scenario: String = "dtl-clean"

    @Option(help: "The seed: it picks the shot and every random placement.")
    var seed: UInt64 = 1

    @Option(help: "Image size WIDTHxHEIGHT (even numbers). Portrait scenarios turn it upright.")
    var size: String = "1920x1080"

    @Option(help: "Frames per second.")
    var fps: Double = 60

    @Option(help: "Length in seconds.")
    var duration: Double = 4

    @Option(help: ArgumentHelp(
        "When the ball leaves the tee, in seconds (default: 30% of the duration, from 0.3 to 1.2 s).",
        discussion: "Real shots launch at any moment between two frames; a time off the frame grid "
            + "(e.g. 0.9 + 0.4/fps) makes the launch frame show the ball part-way off the tee."))
    var launchTime: Double?

    @Option(name: .shortAndLong, help: "The video to write (.mp4, .mov or .mkv).")
    var output: String = "clip.mp4"

    @Option(help: "The truth file (default: the video's path with .json).")
    var truth: String?

    @Option(help: "H.264 constant rate factor (default: the scenario's, 18; at 23 x264 erases a far ball from most frames).")
    var crf: Int?

    @Flag(help: "Write only the truth JSON (no video).")
    var truthOnly = false

    @Option(help: "x264 preset.")
    var preset: String = "veryfast"

    mutating func run() throws {
        if list {
            for s in GroundTruthScenario.all {
                let settings = s.settings(seed: s.seeds[0])
                print("\(s.name)\n  \(s.summary)\n  seeds \(s.seeds.map(String.init).joined(separator: ",")); \(describe(settings, portrait: s.portrait))")
            }
            return
        }
        do {
            try generate()
        } catch {
            FileHandle.standardError.write(Data("golf-clip: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func generate() throws(MediaError) {
        let scenario = try GroundTruthScenario.named(scenario)
        let (width, height) = try parseSize(size)
        var settings = scenario.settings(seed: seed, width: width, height: height, frameRate: fps, duration: duration)
        if let crf { settings.compressionCRF = crf }
        if let launchTime {
            guard launchTime > 0, launchTime < duration else {
                throw .invalidArgument("launch time \(launchTime) s must lie inside the clip (0 to \(duration) s)")
            }
            settings.launchTime = launchTime
        }
        let clip = try GroundTruthClip(settings: settings)
        let truthPath = truth ?? (URL(fileURLWithPath: output).deletingPathExtension().path + ".json")
        if truthOnly {
            let data = try clip.truth.jsonData()
            do { try data.write(to: URL(fileURLWithPath: truthPath), options: .atomic) } catch {
                throw .io(path: truthPath, message: error.localizedDescription)
            }
            print("wrote \(truthPath)")
            return
        }
        try clip.write(videoPath: output, truthPath: truthPath, preset: preset)
        let t = clip.truth
        let visible = t.visibleFrames
        print("wrote \(output) and \(truthPath): \(t.width)x\(t.height) @ \(fps) fps, \(clip.frameCount) frames, "
            + "\(visible.count) with the ball visible"
            + (t.launchFrame.map { ", launch at frame \($0)" } ?? ", no shot")
            + (t.carry.map { String(format: ", carry %.0f m, apex %.0f m", $0, t.apexHeight ?? 0) } ?? ""))
    }

    private func describe(_ s: GroundTruthSettings, portrait: Bool) -> String {
        var parts = ["view \(s.view.rawValue)\(portrait ? " portrait" : "")"]
        parts.append(s.shot == nil ? "no shot" : "shot from seed")
        if s.golfer { parts.append(s.practiceSwingTimes.isEmpty ? "golfer" : "practice swings") }
        if s.walkers > 0 { parts.append("\(s.walkers) walkers") }
        if s.birds > 0 { parts.append("\(s.birds) birds") }
        parts.append(String(format: "clouds %.2f drift %.0f px/s", s.cloudCover, s.cloudDrift))
        parts.append(String(format: "noise %.1f", s.noiseSigma))
        if s.jitter > 0 { parts.append("jitter \(s.jitter) px") }
        if s.lightChange > 0 { parts.append(String(format: "light %.0f%% every %g s", s.lightChange * 100, s.lightChangePeriod)) }
        if let readout = s.rollingShutterReadout { parts.append(String(format: "rolling shutter %.1f ms", readout * 1000)) }
        parts.append(String(format: "ball luma %.0f opacity %.2f", s.ballLuma, s.ballOpacity))
        return parts.joined(separator: ", ")
    }
}

/// Parses "1920x1080".
func parseSize(_ text: String) throws(MediaError) -> (Int, Int) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
        throw .invalidArgument("size \"\(text)\" must look like 1920x1080")
    }
    return (w, h)
}
