import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Runs the detector over generated clips and scores it with the ground-truth evaluator.
enum DetectHarness {
    struct Result {
        var score: DetectionScore
        var trajectories: [EvaluatedTrajectory]
        var observations: Int
        /// Updates in which two observations carried the same uuid (one flight, one uuid: never).
        var sharedIdentifiers = 0
        var notes: [String: String] = [:]
    }

    /// Generates `scenario` with `seed` at this size and rate, through H.264 at CRF 18, and runs
    /// the detector (trajectoryLength 10) over its decoded frames.
    /// Without `finishes`, what the detector still holds when the video ends is not asked for
    /// (``TrajectoryDetector/finish()``).
    static func runEncoded(_ scenario: String, seed: UInt64, width: Int, height: Int, frameRate: Double,
                           duration: Double = 3, finishes: Bool = true) throws -> Result {
        var settings = try GroundTruthScenario.named(scenario).settings(seed: seed, width: width, height: height,
                                                                        frameRate: frameRate, duration: duration)
        settings.compressionCRF = 18
        return try run(try GroundTruthClip(settings: settings), trajectoryLength: 10, compressed: true, finishes: finishes)
    }

    /// Feeds every frame of `clip` to a fresh detector and merges its observations by uuid.
    /// With `compressed`, the frames are those decoded after the clip's H.264 round trip;
    /// `retime` may change their times or leave some out (a recorder's irregular timestamps).
    static func run(_ clip: GroundTruthClip, trajectoryLength: Int = 10, compressed: Bool = false, finishes: Bool = true,
                    retime: ([VideoFrame]) -> [VideoFrame] = { $0 },
                    configure: (TrajectoryDetector) -> Void = { _ in }) throws -> Result {
        let detector = try TrajectoryDetector(trajectoryLength: trajectoryLength)
        configure(detector)
        var merged: [Trajectory] = []
        var firstReported: [Double] = []
        var count = 0
        var notes: [String: String] = [:]
        var shared = 0
        let frames = retime(compressed ? try clip.compressedFrames().map(\.frame) : clip.frames().map(\.frame))
        for frame in frames {
            let observations = try detector.process(frame)
            if Set(observations.map(\.uuid)).count < observations.count { shared += 1 }
            for observation in observations {
                count += 1
                merge(observation, at: frame.time.seconds, into: &merged, firstReported: &firstReported)
                if let track = detector.tracker.tracks.first(where: { $0.uuid == observation.uuid }) {
                    let acts = track.points.map(\.activity)
                    let contrasts = track.points.map(\.contrast)
                    let radii = track.points.map { String(format: "%.1f/%.1f/%.2f", $0.radius, $0.halfLength, $0.axisX) }
                    notes[observation.uuid.uuidString] = "act \(acts.prefix(14)) c \(contrasts.prefix(14)) r \(radii.prefix(10))"
                }
            }
        }
        for observation in finishes ? detector.finish() : [] {
            count += 1
            merge(observation, at: frames.last?.time.seconds ?? 0, into: &merged, firstReported: &firstReported)
        }
        let evaluated = evaluate(merged, firstReported: firstReported)
        return Result(score: DetectionEvaluator.score(truth: clip.truth, trajectories: evaluated),
                      trajectories: evaluated, observations: count, sharedIdentifiers: shared, notes: notes)
    }

    /// Adds `observation`, reported at `time` seconds, to the trajectory of its uuid.
    private static func merge(_ observation: TrajectoryObservation, at time: Double, into merged: inout [Trajectory],
                              firstReported: inout [Double]) {
        if let i = merged.firstIndex(where: { $0.id == observation.uuid }) {
            merged[i].merge(observation)
        } else {
            merged.append(Trajectory(observation: observation))
            firstReported.append(time)
        }
    }

    /// The merged trajectories as the evaluator takes them.
    private static func evaluate(_ merged: [Trajectory], firstReported: [Double]) -> [EvaluatedTrajectory] {
        merged.enumerated().map { i, t in
            EvaluatedTrajectory(id: t.id.uuidString, firstReportedTime: firstReported[i],
                                points: t.points.map { EvaluatedPoint(time: $0.time.seconds, x: $0.normalized.x, y: $0.normalized.y) })
        }
    }

    /// Feeds every frame of the video at `path` (decoded as yuv420p) to a fresh detector and
    /// scores what it reports against `truth`.
    static func run(path: String, truth: ClipTruth, trajectoryLength: Int = 10) throws -> Result {
        let detector = try TrajectoryDetector(trajectoryLength: trajectoryLength)
        let reader = try VideoReader(path: path)
        var merged: [Trajectory] = []
        var firstReported: [Double] = []
        var count = 0
        var lastTime = 0.0
        while let frame = try reader.next() {
            for observation in try detector.process(frame) {
                count += 1
                merge(observation, at: frame.time.seconds, into: &merged, firstReported: &firstReported)
            }
            lastTime = frame.time.seconds
        }
        for observation in detector.finish() {
            count += 1
            merge(observation, at: lastTime, into: &merged, firstReported: &firstReported)
        }
        let evaluated = evaluate(merged, firstReported: firstReported)
        return Result(score: DetectionEvaluator.score(truth: truth, trajectories: evaluated),
                      trajectories: evaluated, observations: count)
    }

    /// One line of figures for a clip.
    static func describe(_ name: String, _ r: Result) -> String {
        let s = r.score
        func f(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "-" }
        return "\(name): recall \(f(s.recall)) (\(s.foundFrames)/\(s.visibleFrames)) precision \(f(s.precision)) (\(s.matchedPoints)/\(s.reportedPoints)) trajectories \(s.trajectories) false \(s.falseTrajectories) firstVisible \(s.firstVisibleFrame.map(String.init) ?? "-") toReport \(s.framesToFirstReport.map(String.init) ?? "-") sharedIdentifiers \(r.sharedIdentifiers)"
    }

    /// Runs `duration` seconds of `scenario` through H.264 and expects its shot found cleanly:
    /// no false trajectory, precision at least `precision`, recall at least `recall`.
    static func expectFound(_ scenario: String, seed: UInt64, width: Int, height: Int, frameRate: Double,
                            duration: Double = 10, recall: Double = 0.95, precision: Double = 0.98) throws {
        let result = try runEncoded(scenario, seed: seed, width: width, height: height, frameRate: frameRate, duration: duration)
        let description = describe("\(scenario)-\(seed) \(width)x\(height) \(Int(frameRate)) fps \(Int(duration)) s", result)
        #expect(result.score.falseTrajectories == 0, "\(description)")
        #expect(try #require(result.score.precision) >= precision, "\(description)")
        #expect(try #require(result.score.recall) >= recall, "\(description)")
    }
}
