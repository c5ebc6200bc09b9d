import Foundation
import MediaKitLinux

/// One point of a drawn tracer: normalized, origin top-left.
public struct TracerPoint: Sendable, Hashable, Codable {
    /// From the left edge, as a fraction of the picture's width.
    public var x: Double
    /// From the top edge, as a fraction of the picture's height.
    public var y: Double
    /// True when the point comes from the fitted path rather than from a detected ball centre.
    public var extrapolated: Bool

    /// Creates a point.
    public init(x: Double, y: Double, extrapolated: Bool = false) {
        self.x = x
        self.y = y
        self.extrapolated = extrapolated
    }

    /// The point as a ``NormalizedPoint`` (top-left).
    public var normalized: NormalizedPoint { NormalizedPoint(x: x, y: y) }
}

/// One tracer line drawn in a frame (one shot's flight so far).
public struct TracerPath: Sendable, Hashable, Codable {
    /// The points in flight order.
    public var points: [TracerPoint]

    /// Creates a path.
    public init(points: [TracerPoint]) { self.points = points }

    /// The last point: where the tracer's head is.
    public var head: TracerPoint? { points.last }
}

/// What was drawn over one frame.
public struct TracerFrame: Sendable, Hashable, Codable {
    /// The frame's presentation time, exactly as the reader delivered it.
    public var time: MediaTime
    /// The tracers drawn over it (empty: the frame was shown untouched).
    public var paths: [TracerPath]

    /// Creates a frame record.
    public init(time: MediaTime, paths: [TracerPath]) {
        self.time = time
        self.paths = paths
    }
}

/// The record of what the live preview drew on every frame: replaying it through the same
/// drawing code gives the same pictures (DESIGN.md, "Live equals export").
///
/// Saved as JSON beside the recording. Only frames with something drawn are listed; a frame
/// missing from the list was shown without a tracer.
public struct TracerTimeline: Sendable, Hashable, Codable {
    /// The format version of the JSON.
    public var version: Int = 1
    /// The picture size the tracer was drawn on (the recording's display size).
    public var videoSize: PixelSize
    /// The style it was drawn with.
    public var style: TracerStyle
    /// The frames with a tracer, in presentation order.
    public private(set) var frames: [TracerFrame] = []
    /// The shots the tracker found, with every sighting's time (what a retimed export follows).
    public var shots: [Shot] = []
    /// The alignment the recording was traced with, if any.
    public var alignment: Alignment?

    /// Creates an empty timeline.
    public init(videoSize: PixelSize, style: TracerStyle) {
        self.videoSize = videoSize
        self.style = style
    }

    /// Records what was drawn over the frame at `time`. Times must increase; empty paths are
    /// not stored (the frame had no tracer).
    /// - Throws: ``MediaError/invalidArgument(_:)`` when `time` is not after the last recorded time.
    public mutating func record(time: MediaTime, paths: [TracerPath]) throws(MediaError) {
        let drawn = paths.filter { !$0.points.isEmpty }
        guard !drawn.isEmpty else { return }
        if let last = frames.last, time <= last.time {
            throw .invalidArgument("timeline frame at \(time.seconds) s is not after the previous one at \(last.time.seconds) s")
        }
        frames.append(TracerFrame(time: time, paths: drawn))
    }

    /// What was drawn over the frame at exactly `time` (empty when nothing was).
    public func paths(at time: MediaTime) -> [TracerPath] {
        var low = 0, high = frames.count
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].time < time { low = mid + 1 } else { high = mid }
        }
        guard low < frames.count, frames[low].time == time else { return [] }
        return frames[low].paths
    }

    /// Writes the timeline as JSON, atomically.
    /// - Throws: ``MediaError/io(path:message:)`` naming `path`.
    public func write(to path: String) throws(MediaError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(self)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .io(path: path, message: "cannot write the tracer timeline: \(error.localizedDescription)")
        }
    }

    /// Reads a timeline written by ``write(to:)``.
    /// - Throws: ``MediaError/fileMissing(path:message:)`` or ``MediaError/corruptData(path:message:)``.
    public static func load(path: String) throws(MediaError) -> TracerTimeline {
        try JSONFile.load(TracerTimeline.self, path: path, what: "a tracer timeline", missing: "no tracer timeline there")
    }
}
