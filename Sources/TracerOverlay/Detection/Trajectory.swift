import Foundation
import MediaKitLinux

/// One detected ball centre in the app's model: normalized, origin top-left (seed 000's
/// `TrajectoryPoint`).
public struct TrajectoryPoint: Sendable, Hashable, Codable {
    /// The presentation time of the frame the centre was found in.
    public var time: MediaTime
    /// The centre, normalized, origin top-left.
    public var normalized: NormalizedPoint

    /// Creates a point.
    public init(time: MediaTime, normalized: NormalizedPoint) {
        self.time = time
        self.normalized = normalized
    }
}

/// A whole trajectory in the app's model (seed 000): every detected point so far, top-left.
public struct Trajectory: Sendable, Hashable, Codable, Identifiable {
    /// The observation's uuid.
    public var id: UUID
    /// Every detected centre, oldest first, at strictly increasing times.
    public var points: [TrajectoryPoint]
    /// The best confidence seen for this trajectory.
    public var confidence: Float

    /// Creates a trajectory.
    public init(id: UUID, points: [TrajectoryPoint], confidence: Float) {
        self.id = id
        self.points = points
        self.confidence = confidence
    }

    /// A trajectory holding the observation's detected points, converted to top-left space.
    public init(observation: TrajectoryObservation) {
        self.init(id: observation.uuid, points: [], confidence: observation.confidence)
        merge(observation)
    }

    /// Adds the observation's points (``TrajectoryObservation/earlierPoints`` and
    /// ``TrajectoryObservation/detectedPoints``), converting them from Vision space to top-left
    /// space, and keeps the best confidence.
    ///
    /// Observations of one trajectory overlap (each carries the last `trajectoryLength` points),
    /// so merging by time keeps every centre exactly once. Points before the observation's
    /// ``TrajectoryObservation/timeRange`` go: the detector took them off the flight's start
    /// after reporting them (a first point that proved to be the club head coming through, not
    /// the ball), and the trajectory holds what the detector holds.
    public mutating func merge(_ observation: TrajectoryObservation) {
        precondition(observation.uuid == id, "merging an observation of another trajectory")
        add(observation.trajectoryPoints)
        points.removeFirst(points.prefix { $0.time < observation.timeRange.start }.count)
        confidence = max(confidence, observation.confidence)
    }

    /// Adds the points, in time order wherever they fall (a point found late may precede the
    /// first one held); a point at a time already held replaces the one held, for the detector
    /// revises a centre when it learns the ball was elsewhere. Returns how many points were
    /// added or changed.
    @discardableResult
    public mutating func add(_ newPoints: [TrajectoryPoint]) -> Int {
        var changed = 0
        for point in newPoints {
            guard let last = points.last, point.time <= last.time else {
                points.append(point)
                changed += 1
                continue
            }
            // The first held point not earlier than this one (the times are sorted).
            var low = 0, high = points.count
            while low < high {
                let mid = (low + high) / 2
                if points[mid].time < point.time { low = mid + 1 } else { high = mid }
            }
            if points[low].time != point.time {
                points.insert(point, at: low)
                changed += 1
            } else if points[low] != point {
                points[low] = point
                changed += 1
            }
        }
        return changed
    }

    /// From the first to the last point.
    public var timeRange: MediaTimeRange {
        guard let first = points.first, let last = points.last else { return MediaTimeRange(start: .zero, duration: .zero) }
        return MediaTimeRange(start: first.time, end: last.time)
    }
}

extension TrajectoryObservation {
    /// Every centre the observation carries (``earlierPoints``, then ``detectedPoints``), as the
    /// app model's top-left points.
    public var trajectoryPoints: [TrajectoryPoint] {
        zip(earlierTimes, earlierPoints).map { TrajectoryPoint(time: $0, normalized: $1.visionToTopLeft()) }
            + zip(detectedTimes, detectedPoints).map { TrajectoryPoint(time: $0, normalized: $1.visionToTopLeft()) }
    }
}
