import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// What the detector saw in each frame (``TrajectoryDetector/latestCandidates``), and how often
/// the ball was among it (``DetectionEvaluator/candidateCoverage(truth:candidates:minimumContrast:minimumDecodedContrast:)``).
@Suite struct MotionCandidateTests {
    @Test func aMovingDiscIsACandidateWhereItIsInVisionSpace() throws {
        let scene = SyntheticScene()
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        #expect(detector.latestCandidates.isEmpty)
        // A bright disc and a dark one crossing a still, noisy background.
        let bright = { (n: Int) in SyntheticScene.Disc(x: 40 + 6 * Double(n), y: 50, radius: 1.5, luma: 200) }
        let dark = { (n: Int) in SyntheticScene.Disc(x: 280 - 5 * Double(n), y: 140, radius: 1.5, luma: 40) }
        for n in 0..<12 {
            _ = try detector.process(try scene.frame(n, discs: [bright(n), dark(n)]))
        }
        let seen = detector.latestCandidates
        func nearest(to disc: SyntheticScene.Disc) throws -> MotionCandidate {
            let target = NormalizedPoint(x: disc.x / Double(scene.width), y: disc.y / Double(scene.height)).topLeftToVision()
            return try #require(seen.min {
                $0.location.pixelDistance(to: target, width: scene.width, height: scene.height)
                    < $1.location.pixelDistance(to: target, width: scene.width, height: scene.height)
            })
        }
        let b = try nearest(to: bright(11)), d = try nearest(to: dark(11))
        let size = (scene.width, scene.height)
        let brightPlace = NormalizedPoint(x: bright(11).x / 320, y: 1 - bright(11).y / 180)
        let darkPlace = NormalizedPoint(x: dark(11).x / 320, y: 1 - dark(11).y / 180)
        #expect(b.location.pixelDistance(to: brightPlace, width: size.0, height: size.1) < 1)
        #expect(d.location.pixelDistance(to: darkPlace, width: size.0, height: size.1) < 1)
        #expect(b.isBrighter && !d.isBrighter)
        // 80 levels over the background of 120, less the noise band and the threshold.
        #expect(b.contrast >= 40 && d.contrast >= 40, "contrast \(b.contrast), \(d.contrast)")
        #expect(b.radius > 0 && b.radius < 4.0 / 320)
        // The still background and its noise are no candidates.
        #expect(seen.count <= 4, "\(seen.count) candidates")
        detector.reset()
        #expect(detector.latestCandidates.isEmpty)
    }

    /// A report's frames: the ball's place in frames 2, 3 and 5, 10 px off it in frame 4, none
    /// in frame 7 (analysed, nothing seen), frame 6 not analysed; a candidate elsewhere in frame 1,
    /// where the ball is not visible.
    static func report() -> CandidateReport {
        func on(_ n: Int, dx: Double = 0) -> CandidateReport.Candidate {
            let p = EvaluationTests.onBall(n, dx: dx)
            return CandidateReport.Candidate(MotionCandidate(location: NormalizedPoint(x: p.x, y: p.y).topLeftToVision(),
                                                             radius: 0.001, contrast: 9, isBrighter: false))
        }
        let elsewhere = CandidateReport.Candidate(MotionCandidate(location: NormalizedPoint(x: 0.9, y: 0.1), radius: 0.001,
                                                                  contrast: 30, isBrighter: true))
        var frames: [CandidateReport.Frame] = []
        for n in [0, 1, 2, 3, 4, 5, 7, 8, 9] {
            var candidates = [elsewhere]
            switch n {
            case 2, 3, 5: candidates.append(on(n))
            case 4: candidates.append(on(n, dx: 10))
            default: break
            }
            frames.append(CandidateReport.Frame(time: Double(n) / 10, candidates: candidates))
        }
        return CandidateReport(width: 1000, height: 500, frames: frames)
    }

    @Test func coverageCountsTheAnalysedVisibleFramesWithACandidateOnTheBall() {
        let coverage = DetectionEvaluator.candidateCoverage(truth: EvaluationTests.truth(), candidates: Self.report())
        // Visible 2...7; 6 was not analysed.
        #expect(coverage.analysedVisibleFrames == 5)
        #expect(coverage.coveredFrames == 3)
        #expect(coverage.coverage == 0.6)
        // The first eight analysed visible frames are all five: three covered.
        #expect(coverage.coveredLaunchFrames == 3)
        // Frames whose ball is fainter than asked for are left out, as recall leaves them
        // (the hand-made truth's contrast is 10 n: 2 and 3 go).
        let bright = DetectionEvaluator.candidateCoverage(truth: EvaluationTests.truth(), candidates: Self.report(),
                                                          minimumContrast: 35)
        #expect(bright.analysedVisibleFrames == 3 && bright.coveredFrames == 1 && bright.coveredLaunchFrames == 1)
        // The launch is the first eight analysed visible frames, not any eight: with the ball
        // visible throughout and also a candidate in frames 8 and 9, frames 0-5, 7 and 8 hold 4.
        var later = Self.report()
        for n in [8, 9] {
            let p = EvaluationTests.onBall(n)
            later.frames[n - 1].candidates.append(CandidateReport.Candidate(MotionCandidate(
                location: NormalizedPoint(x: p.x, y: p.y).topLeftToVision(), radius: 0.001, contrast: 9, isBrighter: false)))
        }
        let throughout = DetectionEvaluator.candidateCoverage(truth: EvaluationTests.truth(visible: 0...9), candidates: later)
        #expect(throughout.analysedVisibleFrames == 9 && throughout.coveredFrames == 5)
        #expect(throughout.coveredLaunchFrames == 4)
        let none = DetectionEvaluator.candidateCoverage(truth: EvaluationTests.truth(visible: 20...21), candidates: Self.report())
        #expect(none.analysedVisibleFrames == 0 && none.coverage == nil)
    }

    @Test func aReportIsWrittenWholeAndReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("candidates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.json").path
        try Self.report().write(to: path)
        #expect(try CandidateReport.load(path: path) == Self.report())
        // Nothing but the report is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["c.json"])
        #expect(throws: MediaError.self) { try CandidateReport.load(path: folder.appendingPathComponent("none.json").path) }
        let corrupt = folder.appendingPathComponent("bad.json").path
        try Data("{\"width\": 3}".utf8).write(to: URL(fileURLWithPath: corrupt))
        do {
            _ = try CandidateReport.load(path: corrupt)
            Issue.record("a report without frames loaded")
        } catch {
            guard case .corruptData(let p, _) = error else { Issue.record("\(error)"); return }
            #expect(p == corrupt)
        }
        #expect(throws: MediaError.self) { try Self.report().write(to: folder.appendingPathComponent("no/such/c.json").path) }
    }
}
