import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Scores the detector on the whole ground-truth catalogue and prints a Markdown table (run with
/// DETECT_CATALOGUE=WxH; it takes minutes, so the normal suite skips it and runs the small
/// accuracy suite instead).
@Suite struct DetectCatalogue {
    @Test func catalogueFigures() throws {
        let env = ProcessInfo.processInfo.environment
        guard let size = env["DETECT_CATALOGUE"] else { return }
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let duration = Double(env["DURATION"] ?? "4")!
        let only = env["SCENARIO"]
        var lines = ["| scenario | seed | recall | precision | trajectories | false | frames to report |", "|---|---|---|---|---|---|---|"]
        for scenario in GroundTruthScenario.all where only == nil || scenario.name == only {
            for seed in scenario.seeds {
                let settings = scenario.settings(seed: seed, width: parts[0], height: parts[1], frameRate: 60, duration: duration)
                let clip = try GroundTruthClip(settings: settings)
                let r = try DetectHarness.run(clip)
                let s = r.score
                func f(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "-" }
                lines.append("| \(scenario.name) | \(seed) | \(f(s.recall)) | \(f(s.precision)) | \(s.trajectories) | \(s.falseTrajectories) | \(s.framesToFirstReport.map(String.init) ?? "-") |")
                print(lines.last!)
            }
        }
        print(lines.joined(separator: "\n"))
    }
}
