/// Objects followed too long to be a ball: a hypothesis that takes one up again is not a ball
/// either.
extension BallTracker {
    /// Whether `track` is an object followed for longer than a struck ball goes unconfirmed
    /// (``TrackerSettings/longestUnconfirmedTrack``) and rejected for it, seen in nearly every
    /// frame of its latest window and slower than a struck ball over it: a bird, a walker.
    /// Not a chain of noise specks: a fast one that never fitted a flight has gates wide enough
    /// to hold a ball's first points by chance (640x360 30 fps sky-dark-ball-2 and
    /// dtl-noise-jitter-3 were found nowhere), and a gappy one wandering where a ball receding
    /// down the line comes to hover holds its last ones (1280x720 25 fps dtl-floodlights-3).
    func isAbandonedObject(_ track: Track) -> Bool {
        guard !track.confirmed, track.rejected, track.pointCount > settings.longestUnconfirmedTrack else { return false }
        let length = settings.trajectoryLength
        let window = track.points.suffix(length)
        guard let first = window.first, let last = window.last, last.t > first.t else { return false }
        // (Asked of every hypothesis that runs out of misses: counted without copying.)
        var seen = 0
        for p in window where last.frame - p.frame < length { seen += 1 }
        guard 5 * seen >= 4 * length else { return false }
        return Self.distance(first, last) / (last.t - first.t) < settings.minimumConfirmSpeed
    }

    /// Whether `young`'s first points lie where an abandoned object (``isAbandonedObject(_:)``),
    /// still followed or lost within ``TrackerSettings/resumeWindow`` frames, was heading: the
    /// same bird seen again, after it crossed something that hid it, as a hypothesis of its
    /// own with no history of failing. (A 10 s 1280x720 60 fps clip's bird, dark against the
    /// sky and followed for 136 frames, faded crossing the tree line; six frames later a new
    /// hypothesis on it, fainter now, passed as a launch and was reported as a
    /// shot: quiet dtl-birds-walkers-no-shot-67.) Asked only of a track about to be confirmed.
    func continuesAbandonedObject(_ young: Track) -> Bool {
        func takesUp(_ old: Track) -> Bool {
            isAbandonedObject(old) && old.uuid != young.uuid && isAhead(young, of: old)
                && Self.movesAlike(old.points.suffix(settings.trajectoryLength), young.points.prefix(settings.trajectoryLength))
                && continues(old, with: young)
        }
        return tracks.contains(where: takesUp) || abandoned.contains(where: takesUp)
    }

    /// Whether two runs of points move the same way at much the same pace, end to end: within
    /// 37 degrees, neither more than twice as fast. Where they only pass near each other, the
    /// loose gates of a slow object's prediction take another's first points (a 480x270
    /// 120 fps ball slowing near its apex, 1-3 px a frame, rose through the place a bird
    /// flying level at 1.5 px a frame had lately been, and was reported two frames later:
    /// dtl-everything-5).
    static func movesAlike(_ a: ArraySlice<TrackPoint>, _ b: ArraySlice<TrackPoint>) -> Bool {
        func velocity(_ run: ArraySlice<TrackPoint>) -> (x: Double, y: Double)? {
            guard let first = run.first, let last = run.last, last.t > first.t else { return nil }
            return ((last.x - first.x) / (last.t - first.t), (last.y - first.y) / (last.t - first.t))
        }
        guard let u = velocity(a), let v = velocity(b) else { return false }
        let su = (u.x * u.x + u.y * u.y).squareRoot(), sv = (v.x * v.x + v.y * v.y).squareRoot()
        guard su > 0, sv > 0, sv <= 2 * su, su <= 2 * sv else { return false }
        return (u.x * v.x + u.y * v.y) / (su * sv) >= 0.8
    }

    /// Keeps `track`, an abandoned object (``isAbandonedObject(_:)``) that ran out of misses,
    /// among the lately lost ``abandoned``: once for each last point (a bird's hypotheses
    /// branch, and many branches end on the same point). Unconfirmed tracks all run out of
    /// misses the same number of frames after their last point, so ``abandoned`` is in order of
    /// last frames, and only its end can hold the same point.
    mutating func rememberAbandoned(_ track: Track) {
        guard let last = track.points.last else { return }
        for kept in abandoned.reversed() {
            guard kept.lastFrame == last.frame else { break }
            if kept.points.last?.x == last.x && kept.points.last?.y == last.y { return }
        }
        abandoned.append(track)
    }
}
