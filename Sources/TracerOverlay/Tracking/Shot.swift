import Foundation
import MediaKitLinux

/// One golf shot: the ball's flight as the tracker assembled it from the detector's
/// observations (one or several uuids when the detector split the flight).
public struct Shot: Sendable, Hashable, Codable, Identifiable {
    /// The uuid of the first observation of the flight.
    public var id: UUID { trajectory.id }
    /// Every detected centre of the flight, top-left normalized, oldest first.
    public var trajectory: Trajectory
    /// The detector uuids merged into this shot (more than one when a split was bridged).
    public var observationIDs: [UUID]
    /// The latest fit in time of the flight (x(t), y(t)), for extrapolation.
    public var timeFit: TimeQuadraticFit?
    /// When the tracker decided the shot was over (quiet for its quiet time); nil while in flight.
    public var endTime: MediaTime?

    /// Creates a shot from its first observation.
    public init(observation: TrajectoryObservation) {
        trajectory = Trajectory(observation: observation)
        observationIDs = [observation.uuid]
        timeFit = observation.timeFit
    }

    /// Creates a shot from a trajectory assembled so far.
    public init(trajectory: Trajectory, timeFit: TimeQuadraticFit?) {
        self.trajectory = trajectory
        observationIDs = [trajectory.id]
        self.timeFit = timeFit
    }

    /// Whether the tracker has ended the shot.
    public var isFinished: Bool { endTime != nil }

    /// The points seen at or before `time`.
    public func points(upTo time: MediaTime) -> [TrajectoryPoint] {
        var count = trajectory.points.count
        while count > 0 && trajectory.points[count - 1].time > time { count -= 1 }
        return Array(trajectory.points[..<count])
    }

    /// The shot's figures, measured in the image.
    public var figures: ShotFigures { ShotFigures(points: trajectory.points) }
}

/// What can be said of a shot from its image path alone.
public struct ShotFigures: Sendable, Hashable, Codable {
    /// The angle above the horizontal, in degrees, of the first part of the path in the image
    /// (pixels taken as square on a 16:9 picture scaled to its normalized size).
    public var launchAngle: Double?
    /// The highest point of the path, top-left normalized.
    public var apex: NormalizedPoint?
    /// Seconds from the first to the last sighting.
    public var timeInAir: Double
    /// How many frames the ball was found in.
    public var framesTracked: Int

    /// Measures a path; `aspect` is the picture's width over its height.
    public init(points: [TrajectoryPoint], aspect: Double = 16.0 / 9.0) {
        framesTracked = points.count
        timeInAir = points.count > 1 ? (points[points.count - 1].time - points[0].time).seconds : 0
        apex = points.min(by: { $0.normalized.y < $1.normalized.y })?.normalized
        if points.count >= 2 {
            let k = min(points.count - 1, 4)
            let dx = (points[k].normalized.x - points[0].normalized.x) * aspect
            let dy = points[0].normalized.y - points[k].normalized.y
            launchAngle = atan2(dy, abs(dx)) * 180 / .pi
        } else {
            launchAngle = nil
        }
    }
}
