import ArgumentParser
import Foundation
import MediaKitLinux
import TracerOverlay

/// `golf-clip score`: scores a `shot-tracer detect --json` report against a truth file.
struct Score: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score detections against a clip's truth.",
        discussion: """
            Recall: visible-ball frames with a reported point within max(0.4% of the diagonal, \
            2 ball radii) of the true centre. Precision: reported points on the ball. A false \
            trajectory has fewer than half its points on the ball. Frames to first report: from \
            the first visible frame to the first report of a true trajectory.
            """)

    @Option(help: "The truth JSON written by golf-clip.")
    var truth: String

    @Option(help: "The output of `shot-tracer detect --json`.")
    var detections: String

    @Option(help: "For trajectories without firstReportedTime: report time is that of this point.")
    var trajectoryLength: Int = 5

    @Option(help: "Leave out of recall the visible frames whose ball changes no pixel by this many luma levels.")
    var minimumContrast: Double = 0

    @Option(help: ArgumentHelp("Leave out of recall the visible frames where the encoded video kept less of the ball than this many luma levels.",
                               discussion: "Uses the decodedContrast that golf-clip measures when it writes a clip; x264 drops faint balls from whole runs of frames."))
    var minimumDecodedContrast: Double = 0

    @Option(help: ArgumentHelp("The candidates `shot-tracer detect --candidates` wrote: also count the visible frames with a candidate on the ball.",
                               valueName: "file"))
    var candidates: String?

    @Flag(help: "Print the score as JSON.")
    var json = false

    mutating func run() throws {
        do {
            try score()
        } catch let error as MediaError {
            FileHandle.standardError.write(Data("golf-clip: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func score() throws {
        do {
            let clipTruth = try ClipTruth.load(path: truth)
            let report = try DetectionReport.load(path: detections)
            guard report.width == clipTruth.width, report.height == clipTruth.height else {
                throw MediaError.invalidArgument("\(detections) is \(report.width)x\(report.height) but \(truth) is \(clipTruth.width)x\(clipTruth.height)")
            }
            var score = DetectionEvaluator.score(truth: clipTruth,
                                                 trajectories: report.evaluatedTrajectories(trajectoryLength: trajectoryLength),
                                                 minimumContrast: minimumContrast,
                                                 minimumDecodedContrast: minimumDecodedContrast)
            if let candidates {
                let seen = try CandidateReport.load(path: candidates)
                guard seen.width == clipTruth.width, seen.height == clipTruth.height else {
                    throw MediaError.invalidArgument("\(candidates) is \(seen.width)x\(seen.height) but \(truth) is \(clipTruth.width)x\(clipTruth.height)")
                }
                score.candidateCoverage = DetectionEvaluator.candidateCoverage(truth: clipTruth, candidates: seen,
                                                                               minimumContrast: minimumContrast,
                                                                               minimumDecodedContrast: minimumDecodedContrast)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                FileHandle.standardOutput.write(try encoder.encode(score))
                FileHandle.standardOutput.write(Data("\n".utf8))
            } else {
                func f(_ v: Double?) -> String { v.map { String(format: "%.4f", $0) } ?? "n/a" }
                print("""
                    clip \(clipTruth.scenario) seed \(clipTruth.seed) \(clipTruth.width)x\(clipTruth.height)
                    recall \(f(score.recall)) (\(score.foundFrames)/\(score.visibleFrames) visible frames, \(score.faintFrames) faint and \(score.erasedFrames) erased left out)
                    precision \(f(score.precision)) (\(score.matchedPoints)/\(score.reportedPoints) points)
                    trajectories \(score.trajectories), false \(score.falseTrajectories)
                    frames to first report \(score.framesToFirstReport.map(String.init) ?? "n/a")
                    """)
                if let c = score.candidateCoverage {
                    print("ball among the candidates \(f(c.coverage)) (\(c.coveredFrames)/\(c.analysedVisibleFrames) analysed visible frames, \(c.coveredLaunchFrames) of the first \(min(CandidateCoverage.launchFrameCount, c.analysedVisibleFrames)))")
                }
            }
        }
    }
}
