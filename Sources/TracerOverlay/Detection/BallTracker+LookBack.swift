import Foundation
import MediaKitLinux

extension BallTracker {
    /// Drops the points before a newly confirmed track's window that do not lie on its flight
    /// traced back: a hypothesis may have grown out of the club's head or a speck of noise
    /// before it found the ball, and those points must not be reported as the flight's start.
    func trimLeadingPoints(_ track: inout Track) {
        let windowStart = track.points.count - settings.trajectoryLength
        guard windowStart > 0 else { return }
        for i in stride(from: windowStart - 1, through: 0, by: -1) {
            let later = Array(track.points[(i + 1)...].prefix(settings.trajectoryLength))
            guard let back = backPrediction(from: later, t: track.points[i].t) else { return }
            let p = track.points[i]
            let dx = p.x - back.x, dy = p.y - back.y
            if dx * dx + dy * dy > back.gate * back.gate {
                track.points.removeFirst(i + 1)
                return
            }
        }
    }

    /// Looks for a newly confirmed track's object in the frames before its first point, where
    /// its flight traced back puts it: the launch frame (the ball still beside the club) and a
    /// faint ball's first frames, too weak among the frame's candidates, are clear once the
    /// path is known. Each frame is compared with later frames, from which the ball has gone;
    /// the look back stops at the first frame where nothing is found.
    func extendBackwards(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) {
        let polarity: Int8 = track.points.prefix(8).reduce(0) { $0 + Int($1.polarity) } >= 0 ? 1 : -1
        for _ in 0..<settings.longestLookBack {
            let first = track.points[0]
            let f = first.frame - 1
            // Frames still held by the detector (it keeps 96) and whose time is known.
            guard f >= 0, frame - f < 90 else { return }
            let entry = frameTimes[f % frameTimes.count]
            guard entry.frame == f else { return }
            let later = Array(track.points.prefix(settings.trajectoryLength))
            guard let back = backPrediction(from: later, t: entry.t) else { return }
            let clearance = settings.referenceClearance + first.radius
            var references: [Int] = []
            for p in track.points where p.frame - f >= 2 {
                let dx = p.x - back.x, dy = p.y - back.y
                if dx * dx + dy * dy >= clearance * clearance {
                    references.append(p.frame)
                    if references.count == 2 { break }
                }
            }
            guard !references.isEmpty else { return }
            let request = LocalSearch(x: back.x, y: back.y, radius: back.gate, polarity: polarity, references: references,
                                      frame: f, byAppearance: false)
            guard let found = search(request) else { return }
            let dx = found.x - back.x, dy = found.y - back.y
            guard dx * dx + dy * dy <= back.gate * back.gate else { return }
            // Over a wide gate (a fast ball's first frames) some lone pixel of noise always passes
            // the threshold; the ball there is fast and near, a streak of several pixels.
            guard found.area >= 3 || back.gate <= settings.lookBackSinglePixelGate else { return }
            // Before the launch the ball sat still where the flight begins: a find that barely
            // moves to the next point while the flight says it should is the ball at rest.
            let expected = ((back.x - first.x) * (back.x - first.x) + (back.y - first.y) * (back.y - first.y)).squareRoot()
            let moved = ((found.x - first.x) * (found.x - first.x) + (found.y - first.y) * (found.y - first.y)).squareRoot()
            if expected > 3 && moved < 0.5 * expected { return }
            var p = TrackPoint(time: entry.time, t: entry.t, x: found.x, y: found.y, radius: found.radius,
                               halfLength: found.halfLength, axisX: found.axisX, axisY: found.axisY,
                               contrast: found.peakContrast, activity: found.neighbourhoodActivity, frame: f,
                               polarity: found.polarity)
            p.foundByLocalSearch = true
            track.points.insert(p, at: 0)
        }
    }

    /// Where the flight of `points` (oldest first) puts the object at the earlier time `t`, and
    /// how far off it may be: the flight model when it fits, else a constant-acceleration fit.
    func backPrediction(from points: [TrackPoint], t: Double) -> (x: Double, y: Double, gate: Double)? {
        guard points.count >= 4 else { return nil }
        let first = points[0], second = points[1]
        let step = ((second.x - first.x) * (second.x - first.x) + (second.y - first.y) * (second.y - first.y)).squareRoot()
            / max(Double(second.frame - first.frame), 1)
        if points.count >= 8,
           let flight = ProjectiveTimeFit.fit(ts: points.map(\.t), xs: points.map(\.x), ys: points.map(\.y),
                                              ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread),
           let p = flight.point(at: t) {
            return (p.x, p.y, max(3, 2 + 2.5 * flight.rmsResidual + 0.25 * step))
        }
        let t0 = first.t
        let ts = points.map { $0.t - t0 }
        let fx = QuadraticFit.fit(xs: ts, ys: points.map(\.x)), fy = QuadraticFit.fit(xs: ts, ys: points.map(\.y))
        let rms = (fx.rmsResidual * fx.rmsResidual + fy.rmsResidual * fy.rmsResidual).squareRoot()
        return (fx.value(at: t - t0), fy.value(at: t - t0), max(3, 2 + 2.5 * rms + 0.35 * step))
    }
}
