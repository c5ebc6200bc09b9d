import Foundation
import MediaKitLinux
import TracerOverlay

/// The `--json` summary of `trace`, `live`, `export` and `demo`.
struct TraceSummary: Encodable {
    struct ShotEntry: Encodable {
        var start: Double
        var end: Double
        var framesTracked: Int
        var launchAngle: Double?
        var apex: [Double]?
        var timeInAir: Double
    }

    var files: [String: String] = [:]
    var framesRead: Int?
    var framesAnalysed: Int?
    var framesSkipped: Int?
    var framesWritten: Int?
    var framesWithTracer: Int?
    var marker: [Double]?
    var shots: [ShotEntry] = []
    /// Per-frame cost percentiles in milliseconds: {"decode": {"p50": .., "p99": ..}, ...}.
    var frameCosts: [String: [String: Double]]?

    mutating func add(timings: LiveFrameTimings) {
        func percentiles(_ values: [Double]) -> [String: Double] {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return [:] }
            func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((q * Double(sorted.count - 1)).rounded()))] }
            return ["p50": at(0.5), "p99": at(0.99), "max": sorted[sorted.count - 1], "mean": sorted.reduce(0, +) / Double(sorted.count)]
        }
        frameCosts = ["decode": percentiles(timings.decode), "analysis": percentiles(timings.analysis),
                      "draw": percentiles(timings.draw), "total": percentiles(timings.total)]
    }

    mutating func add(shots: [Shot], size: PixelSize) {
        self.shots = shots.map { shot in
            let figures = ShotFigures(points: shot.trajectory.points, aspect: Double(size.width) / Double(size.height))
            return ShotEntry(start: shot.trajectory.points.first?.time.seconds ?? 0,
                             end: shot.trajectory.points.last?.time.seconds ?? 0,
                             framesTracked: figures.framesTracked, launchAngle: figures.launchAngle,
                             apex: figures.apex.map { [$0.x, $0.y] }, timeInAir: figures.timeInAir)
        }
    }

    mutating func add(live result: LiveShotResult) {
        framesRead = result.framesRead
        framesAnalysed = result.framesAnalysed
        framesSkipped = result.framesSkipped
        marker = result.alignment.map { [$0.marker.x, $0.marker.y] }
        add(shots: result.shots, size: result.timeline.videoSize)
    }

    /// Human-readable lines.
    var text: String {
        var lines: [String] = []
        if let framesRead { lines.append("frames: \(framesRead) read, \(framesAnalysed ?? 0) analysed, \(framesSkipped ?? 0) skipped") }
        if let framesWritten { lines.append("exported: \(framesWritten) frames, \(framesWithTracer ?? 0) with a tracer") }
        if let marker { lines.append(String(format: "marker: %.3f, %.3f", marker[0], marker[1])) }
        lines.append("shots: \(shots.count)")
        for (index, shot) in shots.enumerated() {
            lines.append(String(format: "  shot %d: %.2f-%.2f s, %d frames tracked, launch %@, air time %.2f s", index + 1,
                                shot.start, shot.end, shot.framesTracked,
                                shot.launchAngle.map { String(format: "%.0f deg", $0) } ?? "-", shot.timeInAir))
        }
        for (name, values) in (frameCosts ?? [:]).sorted(by: { $0.key < $1.key }) {
            lines.append(String(format: "%@ per frame: p50 %.2f ms, p99 %.2f ms", name, values["p50"] ?? 0, values["p99"] ?? 0))
        }
        for key in files.keys.sorted() { lines.append("\(key): \(files[key]!)") }
        return lines.joined(separator: "\n")
    }
}
