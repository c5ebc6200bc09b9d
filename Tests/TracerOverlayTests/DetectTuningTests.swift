import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite struct DetectTuning {
    @Test func tuningFigures() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["DETECT_TUNING"] != nil else { return }
        var lines: [String] = []
        for view in [CameraView.downTheLine, .skyCrossing] {
            for seed in UInt64(1)...3 {
                var s = GroundTruthSettings()
                s.view = view
                s.seed = seed
                s.width = Int(env["W"] ?? "640")!
                s.height = Int(env["H"] ?? "360")!
                s.noiseSigma = Double(env["NOISE"] ?? "2")!
                s.jitter = Int(env["JITTER"] ?? "1")!
                s.walkers = Int(env["WALKERS"] ?? "1")!
                s.birds = Int(env["BIRDS"] ?? "1")!
                s.duration = 4
                if let name = env["SCENARIO"] {
                    guard view == .downTheLine || env["BOTH"] != nil else { continue }
                    s = try GroundTruthScenario.named(name).settings(seed: seed, width: s.width, height: s.height, frameRate: 60, duration: 4)
                }
                let clip = try GroundTruthClip(settings: s)
                let start = Date()
                let r = try DetectHarness.run(clip)
                lines.append("time \(Date().timeIntervalSince(start))")
                if let dump = env["DUMP"], Int(dump) == Int(seed) {
                    for i in [0, 60, 80, 90, 120, 150, 200] {
                        let f = try clip.frame(at: i)
                        let path = "/tmp/det-\(view)-\(i).pgm"
                        var data = Data("P5 \(f.width) \(f.height) 255\n".utf8)
                        let (fw, fh) = (f.width, f.height)
                        f.withUnsafePlane(0) { b, stride in
                            for y in 0..<fh { data.append(b.baseAddress! + y * stride, count: fw) }
                        }
                        try data.write(to: URL(fileURLWithPath: path))
                    }
                }
                if env["TRUTH"] != nil {
                    for ft in clip.truth.frames where ft.visible && ft.index % 4 == 0 {
                        lines.append(String(format: "   truth %d %.3f (%.1f,%.1f) r %.2f", ft.index, ft.time, ft.x!, ft.y!, ft.radius!))
                    }
                }
                for t in r.trajectories {
                    let p0 = t.points.first!, p1 = t.points.last!
                    lines.append(String(format: "   traj first %.3f s (%.0f,%.0f) -> %.3f s (%.0f,%.0f) n=%d", p0.time, p0.x * Double(s.width), p0.y * Double(s.height), p1.time, p1.x * Double(s.width), p1.y * Double(s.height), t.points.count) + " " + (r.notes[t.id] ?? ""))
                }
                lines.append(DetectHarness.describe("\(view) seed \(seed)", r))
                for t in r.score.perTrajectory { lines.append("   \(t.points) pts, matched \(t.matchedPoints), false \(t.isFalse), firstReport \(t.firstReportFrame)") }
            }
        }
        print(lines.joined(separator: "\n"))
    }
}
