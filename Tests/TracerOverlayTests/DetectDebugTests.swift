import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite struct DetectDebug {
    @Test func candidatesNearTheBall() throws {
        let env = ProcessInfo.processInfo.environment
        guard let view = env["DEBUG_VIEW"] else { return }
        var s = GroundTruthSettings()
        s.view = view == "dtl" ? .downTheLine : .skyCrossing
        s.seed = UInt64(env["SEED"] ?? "1")!
        s.width = 640; s.height = 360; s.noiseSigma = 2; s.jitter = 1; s.walkers = 1; s.birds = 1; s.duration = 4
        let clip = try GroundTruthClip(settings: s)
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        let from = Int(env["FROM"] ?? "70")!, to = Int(env["TO"] ?? "100")!
        let watch = Int(env["WATCH"] ?? "-1")!
        for (frame, truth) in clip.frames() {
            if truth.index == watch, let tx = truth.x, let ty = truth.y {
                let t = (frame.time - MediaTime.zero).seconds - 0
                for track in detector.tracker.tracks where track.points.count >= 4 {
                    let p = track.points.last!
                    guard abs(p.x - tx) < 15 && abs(p.y - ty) < 15 else { continue }
                    let tt = t - detector.tracker.tracks[0].points[0].t + detector.tracker.tracks[0].points[0].t
                    let pr = detector.tracker.predict(track, t: tt)
                    print("watch track n=\(track.points.count) last (\(p.x),\(p.y)) f\(p.frame) pred \(pr.map { "(\($0.x),\($0.y)) gate \($0.gate)" } ?? "nil") pts \(track.points.suffix(12).map { String(format: "%d:(%.1f,%.1f)", $0.frame, $0.x, $0.y) })")
                }
            }
            let obs = try detector.process(frame)
            guard truth.index >= from && truth.index <= to else { continue }
            var line = String(format: "f%d truth %@", truth.index, truth.visible ? String(format: "(%.1f,%.1f) r%.2f", truth.x!, truth.y!, truth.radius!) : "-")
            line += " thr \(detector.tracker.settings.maxSpeed) cands \(detector.lastCandidates.count)"
            if let tx = truth.x, let ty = truth.y {
                let near = detector.lastCandidates.filter { abs($0.x - tx) < 12 && abs($0.y - ty) < 12 }
                for c in near { line += String(format: " [%.1f,%.1f r%.2f a%d pol%d c%d act%d]", c.x, c.y, c.radius, c.area, c.polarity, c.peakContrast, c.neighbourhoodActivity) }
                let tracks = detector.tracker.tracks.filter { t in let p = t.points.last!; return abs(p.x - tx) < 6 && abs(p.y - ty) < 6 }
                line += " tracks: " + tracks.map { "\($0.points.count)\($0.confirmed ? "C" : "")m\($0.misses)" }.joined(separator: ",")
            }
            line += " obs \(obs.count)"
            print(line)
        }
    }
}
