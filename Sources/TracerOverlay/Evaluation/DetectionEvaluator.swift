import Foundation

/// Scores reported trajectories against a generated clip's truth.
///
/// A reported point belongs to the frame whose time is nearest (it is ignored as unmatched
/// when no frame is within half a frame interval). It is on the ball when that frame's ball is
/// visible and the point lies within the tolerance of the true centre:
/// max(0.4% of the image diagonal, 2 ball radii), measured in pixels.
public enum DetectionEvaluator {
    /// The fraction of the image diagonal a point may be off.
    public static let diagonalTolerance = 0.004
    /// The number of ball radii a point may be off.
    public static let radiusTolerance = 2.0

    /// The distance in pixels within which a point matches the ball of `frame`.
    public static func tolerance(for frame: FrameTruth, width: Int, height: Int) -> Double {
        let diagonal = (Double(width * width + height * height)).squareRoot()
        return max(diagonalTolerance * diagonal, radiusTolerance * (frame.radius ?? 0))
    }

    /// The index of the frame a time belongs to, or nil when no frame is within half a frame.
    public static func frameIndex(of time: Double, in truth: ClipTruth) -> Int? {
        guard !truth.frames.isEmpty, time.isFinite else { return nil }
        let interval = 1 / truth.frameRate
        let last = truth.frames.count - 1
        let guess = min(max(Int(max(-1e9, min(1e9, (time * truth.frameRate).rounded()))), 0), last)
        var best: Int?
        var bestDistance = Double.infinity
        for i in max(0, guess - 2)...min(last, guess + 2) {
            let d = abs(truth.frames[i].time - time)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return bestDistance <= interval / 2 + 1e-9 ? best : nil
    }

    /// Whether `point` lies on the ball in its frame.
    public static func matches(_ point: EvaluatedPoint, truth: ClipTruth) -> Bool {
        guard let i = frameIndex(of: point.time, in: truth) else { return false }
        let frame = truth.frames[i]
        guard frame.visible, let bx = frame.x, let by = frame.y else { return false }
        let dx = point.x * Double(truth.width) - bx
        let dy = point.y * Double(truth.height) - by
        return (dx * dx + dy * dy).squareRoot() <= tolerance(for: frame, width: truth.width, height: truth.height)
    }

    /// Scores `trajectories` against `truth`.
    /// - Parameter minimumContrast: visible frames whose ball changes no pixel by this many luma
    ///   levels (``FrameTruth/contrast``) are counted as faint: left out of recall and of the
    ///   first visible frame, though points on them still count as on the ball. 0 counts all.
    /// - Parameter minimumDecodedContrast: likewise for frames whose encoded video kept less of
    ///   the ball than this many luma levels (``FrameTruth/decodedContrast``; frames without the
    ///   measurement are kept), counted as erased. 0 counts all.
    public static func score(truth: ClipTruth, trajectories: [EvaluatedTrajectory],
                             minimumContrast: Double = 0, minimumDecodedContrast: Double = 0) -> DetectionScore {
        var found = Set<Int>()
        var reported = 0
        var matched = 0
        var perTrajectory: [TrajectoryScore] = []
        for trajectory in trajectories {
            var hits = 0
            for point in trajectory.points {
                reported += 1
                if matches(point, truth: truth), let i = frameIndex(of: point.time, in: truth) {
                    hits += 1
                    found.insert(i)
                }
            }
            matched += hits
            let reportFrame = frameIndex(of: trajectory.firstReportedTime, in: truth)
                ?? Int((trajectory.firstReportedTime * truth.frameRate).rounded())
            perTrajectory.append(TrajectoryScore(id: trajectory.id, points: trajectory.points.count, matchedPoints: hits,
                                                 isFalse: trajectory.points.isEmpty || 2 * hits < trajectory.points.count,
                                                 firstReportFrame: reportFrame))
        }
        let allVisible = truth.frames.filter(\.visible)
        let bright = allVisible.filter { ($0.contrast ?? .infinity) >= minimumContrast }
        let visible = bright.filter { ($0.decodedContrast ?? .infinity) >= minimumDecodedContrast }
        found.formIntersection(visible.map(\.index))
        let firstVisible = visible.first?.index
        let firstReport = perTrajectory.filter { !$0.isFalse }.map(\.firstReportFrame).min()
        return DetectionScore(
            visibleFrames: visible.count,
            faintFrames: allVisible.count - bright.count,
            erasedFrames: bright.count - visible.count,
            foundFrames: found.count,
            recall: visible.isEmpty ? nil : Double(found.count) / Double(visible.count),
            reportedPoints: reported,
            matchedPoints: matched,
            precision: reported == 0 ? nil : Double(matched) / Double(reported),
            trajectories: trajectories.count,
            falseTrajectories: perTrajectory.filter(\.isFalse).count,
            firstVisibleFrame: firstVisible,
            firstReportFrame: firstReport,
            framesToFirstReport: firstReport.flatMap { r in firstVisible.map { r - $0 } },
            perTrajectory: perTrajectory)
    }
}
