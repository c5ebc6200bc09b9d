import Foundation
import MediaKitLinux
import TracerOverlay

/// The JSON printed by `shot-tracer detect --json`.
struct DetectionOutput {
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
    struct Entry {
        var id: String
        var confidence: Float
        var timeRange: Range
        /// When the detector first reported it (seconds): how quickly it was found.
        var firstReportedTime: Double
        var points: [Point]
        var equationCoefficients: [Float]
    }

    /// A time range in seconds.
    struct Range {
        var start: Double
        var duration: Double
    }

    /// A detected centre: seconds, normalized top-left.
    struct Point {
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


    /// The report as one line of JSON with the keys in the documented order (JSONEncoder on
    /// Linux orders keys by hash, which makes the output hard to read and to diff).
    var jsonText: String {
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        func number(_ v: Float) -> String { v.isFinite ? "\(v)" : "null" }
        let entries = trajectories.map { t -> String in
            let points = t.points.map { "{\"time\":\(number($0.time)),\"x\":\(number($0.x)),\"y\":\(number($0.y))}" }
            return "{\"id\":\"\(t.id)\",\"confidence\":\(number(t.confidence)),"
                + "\"timeRange\":{\"start\":\(number(t.timeRange.start)),\"duration\":\(number(t.timeRange.duration))},"
                + "\"firstReportedTime\":\(number(t.firstReportedTime)),"
                + "\"points\":[\(points.joined(separator: ","))],"
                + "\"equationCoefficients\":[\(t.equationCoefficients.map(number).joined(separator: ","))]}"
        }
        return "{\"width\":\(width),\"height\":\(height),\"frameRate\":\(number(frameRate)),"
            + "\"duration\":\(number(duration)),\"trajectories\":[\(entries.joined(separator: ","))]}"
    }

    /// A few human-readable lines.
    var summary: String {
        var lines = ["\(width)x\(height) @ \(String(format: "%.3f", frameRate)) fps, \(String(format: "%.3f", duration)) s: \(trajectories.count) trajectories"]
        for t in trajectories {
            lines.append("  \(t.id)  \(t.points.count) points  \(String(format: "%.3f", t.timeRange.start))-\(String(format: "%.3f", t.timeRange.start + t.timeRange.duration)) s  confidence \(String(format: "%.2f", t.confidence))")
        }
        return lines.joined(separator: "\n")
    }
}
