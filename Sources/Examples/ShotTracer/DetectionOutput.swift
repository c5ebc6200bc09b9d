import Foundation
import MediaKitLinux
import TracerOverlay

/// The JSON printed by `shot-tracer detect --json`.
struct DetectionOutput: Encodable {
    /// Display width in pixels.
    var width: Int
    /// Display height in pixels.
    var height: Int
    /// Average frames per second.
    var frameRate: Double
    /// Seconds.
    var duration: Double
    /// Every trajectory once, in order of first report.
    var trajectories: [Entry] = []

    private var merged: [Trajectory] = []
    private var firstReported: [Double] = []
    private var latest: [TrajectoryObservation] = []

    init(width: Int, height: Int, frameRate: Double, duration: Double) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.duration = duration
    }

    /// One trajectory with all its detected points.
    struct Entry: Encodable {
        var id: String
        var confidence: Float
        var timeRange: Range
        /// When the detector first reported it (seconds): how quickly it was found.
        var firstReportedTime: Double
        var points: [Point]
        var equationCoefficients: [Float]
    }

    /// A time range in seconds.
    struct Range: Encodable {
        var start: Double
        var duration: Double
    }

    /// A detected centre: seconds, normalized top-left.
    struct Point: Encodable {
        var time: Double
        var x: Double
        var y: Double
    }

    /// Adds an observation, merging it into the trajectory with the same uuid.
    mutating func merge(_ observation: TrajectoryObservation) {
        if let i = merged.firstIndex(where: { $0.id == observation.uuid }) {
            merged[i].merge(observation)
            latest[i] = observation
        } else {
            merged.append(Trajectory(observation: observation))
            firstReported.append(observation.detectedTimes.last?.seconds ?? 0)
            latest.append(observation)
        }
        trajectories = merged.indices.map(entry)
    }

    private func entry(_ i: Int) -> Entry {
        let t = merged[i]
        let range = t.timeRange
        let c = latest[i].equationCoefficients
        return Entry(id: t.id.uuidString, confidence: t.confidence,
                     timeRange: Range(start: range.start.seconds, duration: range.duration.seconds),
                     firstReportedTime: firstReported[i],
                     points: t.points.map { Point(time: $0.time.seconds, x: $0.normalized.x, y: $0.normalized.y) },
                     equationCoefficients: [c.x, c.y, c.z])
    }

    private enum CodingKeys: String, CodingKey { case width, height, frameRate, duration, trajectories }

    /// A few human-readable lines.
    var summary: String {
        var lines = ["\(width)x\(height) @ \(String(format: "%.3f", frameRate)) fps, \(String(format: "%.3f", duration)) s: \(trajectories.count) trajectories"]
        for t in trajectories {
            lines.append("  \(t.id)  \(t.points.count) points  \(String(format: "%.3f", t.timeRange.start))-\(String(format: "%.3f", t.timeRange.start + t.timeRange.duration)) s  confidence \(String(format: "%.2f", t.confidence))")
        }
        return lines.joined(separator: "\n")
    }
}
