import Foundation
import MediaKitLinux

/// Settings of a ``ShotTracker``.
public struct ShotTrackerSettings: Sendable, Hashable, Codable {
    /// Where the ball sits at address, top-left normalized; a new shot must start near it.
    /// nil accepts launches anywhere in ``launchRegion``.
    public var marker: NormalizedPoint?
    /// How far (normalized, in picture-width units) a flight's first point may be from the marker.
    public var launchRadius: Double = 0.12
    /// Where a new flight may start, top-left normalized (default: the lower 70% of the picture).
    public var launchRegion: NormalizedRect = NormalizedRect(x: 0, y: 0.3, width: 1, height: 0.7)
    /// A shot ends when no point was added for this long.
    public var quietTime: MediaTime = MediaTime(value: 1, timescale: 1)
    /// Observations below this confidence are ignored.
    public var minimumConfidence: Float = 0
    /// How far (normalized) a new uuid's first point may be from the current shot's fitted path
    /// at that time to be taken as the same flight.
    public var bridgeTolerance: Double = 0.04
    /// How long before its first reported point a flight may have left the marker, at the speed
    /// it has when first reported.
    public var launchLead: MediaTime = MediaTime(value: 3, timescale: 5)
    /// The longest gap a bridged split may leave between two sightings.
    public var bridgeGap: MediaTime = MediaTime(value: 1, timescale: 2)

    /// Creates settings with the defaults.
    public init(marker: NormalizedPoint? = nil) { self.marker = marker }
}

/// Turns the detector's observations into golf shots (seed 000's "choose best observation" and
/// "merge new points"): it picks the ball's trajectory among the observations, merges its
/// updates, bridges a uuid split of the same flight, ends a shot after a quiet time (or when a
/// new ball leaves the marker) and keeps every shot of a recording.
///
/// Feed it every analysed frame's observations, with the frame's time, even when there are
/// none (the quiet time runs on frame times). One tracker has one owner.
public final class ShotTracker {
    /// Its settings.
    public var settings: ShotTrackerSettings
    /// Every shot so far, oldest first; the last one may still be in flight.
    public private(set) var shots: [Shot] = []
    /// Trajectories of uuids not (yet) part of a shot, assembled from their first report on, so
    /// that a launch is judged by where the flight started, not by its latest points.
    private var candidates: [UUID: Trajectory] = [:]
    /// Uuids judged not to be a launch: never reconsidered.
    private var dismissed: Set<UUID> = []

    /// Creates a tracker.
    public init(settings: ShotTrackerSettings = ShotTrackerSettings()) { self.settings = settings }

    /// The shot in flight, if any.
    public var currentShot: Shot? {
        guard let last = shots.last, !last.isFinished else { return nil }
        return last
    }

    /// Takes the observations the detector returned for the frame at `time`. Returns true when
    /// a shot changed (a point added, a shot started or ended).
    @discardableResult
    public func update(_ observations: [TrajectoryObservation], at time: MediaTime) -> Bool {
        var changed = false
        let usable = observations.filter { $0.confidence >= settings.minimumConfidence && !$0.detectedPoints.isEmpty }
        var fresh: [TrajectoryObservation] = []
        for observation in usable {
            if let index = activeIndex, shots[index].observationIDs.contains(observation.uuid) {
                changed = merge(observation.trajectoryPoints, confidence: observation.confidence, into: index) || changed
            } else if !dismissed.contains(observation.uuid) && !shots.contains(where: { $0.observationIDs.contains(observation.uuid) }) {
                if candidates[observation.uuid] == nil {
                    candidates[observation.uuid] = Trajectory(observation: observation)
                } else {
                    candidates[observation.uuid]!.merge(observation)
                }
                fresh.append(observation)
            }
        }
        // A new uuid on the flight's fitted path continues it (the detector split the flight).
        if let index = activeIndex {
            for observation in fresh.sorted(by: { ($0.detectedTimes.first ?? .zero) < ($1.detectedTimes.first ?? .zero) })
            where continuesFlight(candidates[observation.uuid]!, of: shots[index]) {
                let candidate = candidates.removeValue(forKey: observation.uuid)!
                shots[index].observationIDs.append(observation.uuid)
                changed = merge(candidate.points, confidence: candidate.confidence, into: index) || changed
            }
        }
        // A ball leaving the marker starts a shot (and ends one still in flight: a new swing).
        // Two flights from the marker at once cannot both be the ball: the one whose path points
        // back at the marker more exactly wins, and the other is dropped.
        var launches: [(trajectory: Trajectory, miss: Double)] = []
        for candidate in fresh.compactMap({ candidates[$0.uuid] }) {
            guard let miss = launchMiss(candidate) else {
                dismissed.insert(candidate.id)
                candidates[candidate.id] = nil
                continue
            }
            launches.append((candidate, miss))
        }
        if let best = launches.min(by: { $0.miss != $1.miss ? $0.miss < $1.miss : $0.trajectory.confidence > $1.trajectory.confidence }) {
            var accept = true
            if let index = activeIndex, let last = shots[index].trajectory.points.last {
                if (best.trajectory.points.first?.time ?? .zero) > last.time {
                    shots[index].endTime = time
                } else if let activeMiss = launchMiss(shots[index].trajectory), best.miss < activeMiss {
                    for id in shots[index].observationIDs { dismissed.insert(id) }
                    shots.remove(at: index)
                } else {
                    accept = false
                    dismissed.insert(best.trajectory.id)
                    candidates[best.trajectory.id] = nil
                }
            }
            if accept {
                candidates[best.trajectory.id] = nil
                let points = best.trajectory.points
                let fit = points.count >= 3 ? TimeQuadraticFit.fit(times: points.map(\.time), points: points.map(\.normalized)) : nil
                shots.append(Shot(trajectory: best.trajectory, timeFit: fit))
                changed = true
            }
        }
        // Forget flights that went quiet without becoming a shot (a long recording has many).
        candidates = candidates.filter { _, candidate in
            guard let last = candidate.points.last else { return false }
            return time - last.time < settings.quietTime + settings.quietTime
        }
        changed = endQuietShot(at: time) || changed
        return changed
    }

    /// Ends the shot in flight if it has been quiet for the quiet time at `time` (call it for
    /// frames that were not analysed, too).
    @discardableResult
    public func endQuietShot(at time: MediaTime) -> Bool {
        guard let index = activeIndex, let last = shots[index].trajectory.points.last else { return false }
        guard time - last.time >= settings.quietTime else { return false }
        shots[index].endTime = time
        return true
    }

    /// Ends the shot in flight now (the recording stopped).
    public func finish(at time: MediaTime) {
        if let index = activeIndex { shots[index].endTime = time }
    }

    private var activeIndex: Int? {
        guard let last = shots.indices.last, !shots[last].isFinished else { return nil }
        return last
    }

    /// Seed 000's choice among observations: plausible launches (see ``launchMiss(_:)``), the
    /// one pointing back at the marker most exactly, then the most confident.
    public func chooseBestObservation(from observations: [TrajectoryObservation]) -> TrajectoryObservation? {
        observations.compactMap { observation in launchMiss(Trajectory(observation: observation)).map { (observation, $0) } }
            .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.confidence > $1.0.confidence }?.0
    }

    /// Whether a flight (top-left points from its first sighting) looks like a ball leaving the
    /// address position.
    public func isPlausibleLaunch(_ trajectory: Trajectory) -> Bool { launchMiss(trajectory) != nil }

    /// How far (normalized) the flight's path, carried backwards from its first sighting, passes
    /// from the marker; nil when the flight is not a plausible launch.
    ///
    /// A launch rises first, and starts at the marker, or is reported a few frames late (the
    /// detector needs several points) on a path that points back at the marker and would have
    /// covered the distance from it, at its speed at first sighting, within
    /// ``ShotTrackerSettings/launchLead`` (a ball slows down in the image as it flies away, so a
    /// slow distractor far from the marker cannot pass). Without a marker, a launch starts in the
    /// launch region.
    public func launchMiss(_ trajectory: Trajectory) -> Double? {
        let points = trajectory.points
        guard let first = points.first, points.count >= 3 else { return nil }
        let k = min(points.count - 1, 3)
        guard points[k].normalized.y < first.normalized.y else { return nil }
        guard let marker = settings.marker else { return settings.launchRegion.contains(first.normalized) ? 0 : nil }
        let gap = Self.distance(first.normalized, marker)
        if gap <= settings.launchRadius { return 0 }
        let head = Array(points.prefix(8))
        let fit = TimeQuadraticFit.fit(times: head.map(\.time), points: head.map(\.normalized))
        let velocity = fit.velocity(at: first.time)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > 0 else { return nil }
        // Backwards along the path: unit vector opposite the velocity.
        let ux = -velocity.x / speed, uy = -velocity.y / speed
        let dx = marker.x - first.normalized.x, dy = marker.y - first.normalized.y
        let along = dx * ux + dy * uy
        guard along > 0, along / speed <= settings.launchLead.seconds else { return nil }
        let across = abs(dx * uy - dy * ux)
        return across <= settings.launchRadius / 2 ? across : nil
    }

    private static func distance(_ a: NormalizedPoint, _ b: NormalizedPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Whether a new uuid is the same flight: it agrees with the shot at a time both saw (the
    /// detector reported a duplicate), or its first point after the shot's last sighting lies on
    /// the shot's fitted path at that time, soon after (the detector split the flight).
    private func continuesFlight(_ candidate: Trajectory, of shot: Shot) -> Bool {
        guard let fit = shot.timeFit, let last = shot.trajectory.points.last else { return false }
        let seen = Dictionary(shot.trajectory.points.map { ($0.time, $0.normalized) }, uniquingKeysWith: { a, _ in a })
        if candidate.points.contains(where: { point in
            seen[point.time].map { Self.distance($0, point.normalized) <= settings.bridgeTolerance / 4 } ?? false
        }) { return true }
        guard let next = candidate.points.first(where: { $0.time > last.time }) else { return false }
        guard next.time - last.time <= settings.bridgeGap else { return false }
        return Self.distance(fit.point(at: next.time), next.normalized) <= settings.bridgeTolerance
    }

    private func merge(_ points: [TrajectoryPoint], confidence: Float, into index: Int) -> Bool {
        var trajectory = shots[index].trajectory
        let added = trajectory.add(points)
        trajectory.confidence = max(trajectory.confidence, confidence)
        shots[index].trajectory = trajectory
        let recent = trajectory.points.suffix(30)
        if recent.count >= 3 {
            shots[index].timeFit = TimeQuadraticFit.fit(times: recent.map(\.time), points: recent.map(\.normalized))
        }
        return added > 0
    }
}
