import Foundation
import MediaKitLinux

/// The JSON that `shot-tracer detect --json` prints, read for scoring.
public struct DetectionReport: Sendable, Hashable, Codable {
    /// A time range in seconds.
    public struct TimeRange: Sendable, Hashable, Codable {
        /// Start in seconds.
        public var start: Double
        /// Duration in seconds.
        public var duration: Double
    }

    /// One reported trajectory.
    public struct Trajectory: Sendable, Hashable, Codable {
        /// The trajectory's UUID string.
        public var id: String
        /// The detector's confidence.
        public var confidence: Double?
        /// First detection to last.
        public var timeRange: TimeRange?
        /// Every detected centre, normalized, origin top-left.
        public var points: [EvaluatedPoint]
        /// y = a x^2 + b x + c in Vision's space.
        public var equationCoefficients: [Double]?
        /// When the detector first reported it (seconds), if the detector says so.
        public var firstReportedTime: Double?
    }

    /// Display width in pixels.
    public var width: Int
    /// Display height in pixels.
    public var height: Int
    /// Frames per second.
    public var frameRate: Double?
    /// Video length in seconds.
    public var duration: Double?
    /// The trajectories, each once with all its points.
    public var trajectories: [Trajectory]

    /// Reads a report file.
    public static func load(path: String) throws(MediaError) -> DetectionReport {
        try JSONFile.load(DetectionReport.self, path: path, what: "a shot-tracer detection report")
    }

    /// The trajectories for ``DetectionEvaluator``. A trajectory without `firstReportedTime`
    /// is taken as reported at its `trajectoryLength`-th point (when a Vision-like detector
    /// first has enough points), or its last point if it has fewer.
    public func evaluatedTrajectories(trajectoryLength: Int = 5) -> [EvaluatedTrajectory] {
        trajectories.map { t in
            let sorted = t.points.sorted { $0.time < $1.time }
            let fallback = sorted.isEmpty ? 0 : sorted[min(sorted.count, max(1, trajectoryLength)) - 1].time
            return EvaluatedTrajectory(id: t.id, firstReportedTime: t.firstReportedTime ?? fallback, points: sorted)
        }
    }
}
