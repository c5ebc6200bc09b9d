import Foundation
import MediaKitLinux

/// One detected centre on a track, in analysis pixels.
struct TrackPoint {
    var time: MediaTime
    /// Seconds since the tracker's first frame (cheap arithmetic for fits).
    var t: Double
    var x: Double
    var y: Double
    var radius: Double
    var contrast: Int
    var activity: Int
}

/// A hypothesis that a sequence of candidates is one object in flight.
struct Track {
    var uuid: UUID
    var points: [TrackPoint]
    /// Consecutive analysed frames without a matching candidate.
    var misses = 0
    /// Passed the trajectory tests once; from then on it is reported on every new point.
    var confirmed = false
    /// Points held when it was last reported.
    var reportedCount = 0
    /// Analysed-frame number of the latest point.
    var lastFrame: Int

    init(point: TrackPoint, frame: Int) {
        uuid = UUID()
        points = [point]
        lastFrame = frame
    }
}

/// The tuning of the tracker, in analysis pixels and seconds.
struct TrackerSettings {
    /// Points needed (and fitted) before a track is reported: Vision's `trajectoryLength`.
    var trajectoryLength: Int
    /// Fastest image motion considered, in pixels per second.
    var maxSpeed: Double
    /// Analysed frames a confirmed track may go without a detection before it ends.
    var maxMissesConfirmed = 3
    /// Analysed frames an unconfirmed track may go without a detection.
    var maxMissesTentative = 2
    /// Largest RMS distance (pixels) of a window's points from its constant-acceleration fit.
    var fitTolerance = 1.0
    /// Smallest distance (pixels) between the first and last point of a reported window.
    var minimumTravel = 4.0
    /// Changed pixels around a candidate above which it counts as inside a moving region.
    var crowdedActivity = 40
    /// Most live hypotheses; beyond that the least promising are dropped.
    var maxTracks = 600
}

/// Links candidates frame to frame into tracks (several hypotheses per object while young),
/// predicts with constant acceleration, and confirms a track only when its recent points lie on
/// a smooth parabola in time, move consistently and leave where they started.
struct BallTracker {
    var settings: TrackerSettings
    private(set) var tracks: [Track] = []
    private var frame = 0

    init(settings: TrackerSettings) { self.settings = settings }

    mutating func reset() { tracks.removeAll(); frame = 0 }

    /// Takes this frame's candidates; returns the indices into ``tracks`` of confirmed tracks
    /// that gained a point (each to be reported once).
    mutating func update(_ candidates: [BallCandidate], time: MediaTime, t: Double) -> [Int] {
        frame += 1
        var taken = [Bool](repeating: false, count: candidates.count)
        var next: [Track] = []
        next.reserveCapacity(tracks.count + candidates.count)

        // 1. Tracks with three or more points: one-to-one, best match first, most mature first.
        var pairs: [(track: Int, candidate: Int, cost: Double)] = []
        for (ti, track) in tracks.enumerated() where track.points.count >= 3 {
            for (ci, c) in candidates.enumerated() {
                if let cost = matchCost(track, c, t: t) { pairs.append((ti, ci, cost)) }
            }
        }
        pairs.sort { a, b in
            let ca = tracks[a.track].confirmed, cb = tracks[b.track].confirmed
            if ca != cb { return ca }
            let na = tracks[a.track].points.count, nb = tracks[b.track].points.count
            if na != nb { return na > nb }
            return a.cost < b.cost
        }
        var extended = [Bool](repeating: false, count: tracks.count)
        for pair in pairs where !extended[pair.track] && !taken[pair.candidate] {
            extended[pair.track] = true
            taken[pair.candidate] = true
            var track = tracks[pair.track]
            track.points.append(point(candidates[pair.candidate], time: time, t: t))
            track.misses = 0
            track.lastFrame = frame
            next.append(track)
        }
        // 2. Young tracks (one or two points) branch to every plausible free candidate.
        for (ti, track) in tracks.enumerated() where track.points.count < 3 {
            var options: [(Int, Double)] = []
            for (ci, c) in candidates.enumerated() where !taken[ci] {
                if let cost = matchCost(track, c, t: t) { options.append((ci, cost)) }
            }
            options.sort { $0.1 < $1.1 }
            for (ci, _) in options.prefix(3) {
                var branch = track
                if !options.isEmpty && ci != options[0].0 { branch.uuid = UUID() }
                branch.points.append(point(candidates[ci], time: time, t: t))
                branch.misses = 0
                branch.lastFrame = frame
                next.append(branch)
            }
            if !options.isEmpty { extended[ti] = true }
        }
        // 3. Tracks that found nothing coast for a few frames.
        for (ti, track) in tracks.enumerated() where !extended[ti] {
            var coasting = track
            coasting.misses += 1
            let limit = track.confirmed ? settings.maxMissesConfirmed : settings.maxMissesTentative
            if coasting.misses <= limit { next.append(coasting) }
        }
        // 4. Every free candidate may start a new object.
        for (ci, c) in candidates.enumerated() where !taken[ci] {
            next.append(Track(point: point(c, time: time, t: t), frame: frame))
        }
        if next.count > settings.maxTracks {
            next.sort { a, b in
                if a.confirmed != b.confirmed { return a.confirmed }
                if a.points.count != b.points.count { return a.points.count > b.points.count }
                return a.misses < b.misses
            }
            next.removeLast(next.count - settings.maxTracks)
        }
        tracks = next
        // 5. Confirm and report.
        var report: [Int] = []
        for i in tracks.indices where tracks[i].lastFrame == frame {
            if !tracks[i].confirmed && tracks[i].points.count >= settings.trajectoryLength {
                tracks[i].confirmed = isTrajectory(tracks[i])
            }
            if tracks[i].confirmed && tracks[i].points.count > tracks[i].reportedCount {
                tracks[i].reportedCount = tracks[i].points.count
                report.append(i)
            }
        }
        removeDuplicates(&report)
        return report
    }

    private func point(_ c: BallCandidate, time: MediaTime, t: Double) -> TrackPoint {
        TrackPoint(time: time, t: t, x: c.x, y: c.y, radius: c.radius, contrast: c.peakContrast,
                   activity: c.neighbourhoodActivity)
    }

    /// The cost of extending `track` with `c` (distance over gate), or nil when implausible.
    private func matchCost(_ track: Track, _ c: BallCandidate, t: Double) -> Double? {
        let last = track.points[track.points.count - 1]
        let dt = t - last.t
        guard dt > 0 else { return nil }
        let dx = c.x - last.x, dy = c.y - last.y
        let step = (dx * dx + dy * dy).squareRoot()
        if step > settings.maxSpeed * dt { return nil }
        let n = track.points.count
        if n == 1 {
            return step / (settings.maxSpeed * dt)
        }
        let prev = track.points[n - 2]
        let pdt = last.t - prev.t
        let vx = (last.x - prev.x) / pdt, vy = (last.y - prev.y) / pdt
        let prevSpeed = (vx * vx + vy * vy).squareRoot()
        let predicted: (Double, Double)
        var gate: Double
        if n < 4 {
            predicted = (last.x + vx * dt, last.y + vy * dt)
            gate = 2.5 + 0.35 * prevSpeed * dt
        } else {
            let window = track.points.suffix(8)
            let fit = fitTime(Array(window))
            predicted = (fit.x.value(at: t - window.first!.t), fit.y.value(at: t - window.first!.t))
            gate = 2.0 + 2.5 * fit.rms + 0.2 * prevSpeed * dt
        }
        let ex = c.x - predicted.0, ey = c.y - predicted.1
        let error = (ex * ex + ey * ey).squareRoot()
        guard error <= gate else { return nil }
        // Direction and speed must change smoothly once the motion is clearly above the noise.
        let newSpeed = step / dt
        if prevSpeed * dt > 2.5 && step > 2.5 {
            let cosine = (vx * dx + vy * dy) / (prevSpeed * step)
            if cosine < 0.64 { return nil }  // more than ~50 degrees of turn in one step
            let ratio = newSpeed / prevSpeed
            if ratio < 0.5 || ratio > 2.0 { return nil }
        }
        return error / gate
    }

    /// Whether the last `trajectoryLength` points look like an object in flight.
    private func isTrajectory(_ track: Track) -> Bool {
        let window = Array(track.points.suffix(settings.trajectoryLength))
        let first = window[0], last = window[window.count - 1]
        let chord = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
        guard chord >= settings.minimumTravel else { return false }
        var path = 0.0
        for i in 1..<window.count {
            let dx = window[i].x - window[i - 1].x, dy = window[i].y - window[i - 1].y
            path += (dx * dx + dy * dy).squareRoot()
        }
        guard chord >= 0.7 * path else { return false }
        let fit = fitTime(window)
        let meanRadius = window.reduce(0) { $0 + $1.radius } / Double(window.count)
        guard fit.rms <= settings.fitTolerance + 0.3 * meanRadius else { return false }
        // A ball leaves; a club head swings round a pivot: limit how far the direction turns.
        let t0 = 0.0, t1 = last.t - first.t
        let v0 = (fit.x.slope(at: t0), fit.y.slope(at: t0)), v1 = (fit.x.slope(at: t1), fit.y.slope(at: t1))
        let n0 = (v0.0 * v0.0 + v0.1 * v0.1).squareRoot(), n1 = (v1.0 * v1.0 + v1.1 * v1.1).squareRoot()
        if n0 > 0 && n1 > 0 {
            let cosine = (v0.0 * v1.0 + v0.1 * v1.1) / (n0 * n1)
            if cosine < 0.3 { return false }
        }
        // Mostly outside moving regions (a body, a club, a walker).
        let crowded = window.filter { $0.activity > settings.crowdedActivity }.count
        guard crowded * 3 <= window.count else { return false }
        return true
    }

    /// Constant-acceleration fit of points in time, with its RMS residual in pixels.
    private func fitTime(_ points: [TrackPoint]) -> (x: QuadraticFit, y: QuadraticFit, rms: Double) {
        let t0 = points[0].t
        let ts = points.map { $0.t - t0 }
        let fx = QuadraticFit.fit(xs: ts, ys: points.map(\.x))
        let fy = QuadraticFit.fit(xs: ts, ys: points.map(\.y))
        return (fx, fy, (fx.rmsResidual * fx.rmsResidual + fy.rmsResidual * fy.rmsResidual).squareRoot())
    }

    /// Two confirmed tracks ending on the same candidate are one object: keep the longer.
    private mutating func removeDuplicates(_ report: inout [Int]) {
        guard report.count > 1 else { return }
        var keep: [Int] = []
        for i in report {
            let p = tracks[i].points.last!
            if let j = keep.firstIndex(where: { k in
                let q = tracks[k].points.last!
                return q.x == p.x && q.y == p.y
            }) {
                if tracks[i].points.count > tracks[keep[j]].points.count { keep[j] = i }
            } else {
                keep.append(i)
            }
        }
        report = keep
    }
}
