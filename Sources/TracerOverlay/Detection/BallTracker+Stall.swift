/// Whether a flight is hovering at its apex, or would stall or jump by taking a find: the
/// encoder repeating a patch, a bird passing a hovering ball.
extension BallTracker {
    /// Whether a confirmed track's last ``TrackerSettings/hoverWindow`` points moved at most
    /// ``TrackerSettings/hoverSpeed`` pixels a frame: a ball hanging near its apex.
    func isHovering(_ track: Track) -> Bool {
        let n = track.points.count, k = settings.hoverWindow
        guard track.confirmed, k >= 2, n >= k else { return false }
        return Self.speed(from: track.points[n - k], to: track.points[n - 1]) <= settings.hoverSpeed
    }

    /// Pixels a frame along the straight line from `p` to `q` (at least a frame apart).
    static func speed(from p: TrackPoint, to q: TrackPoint) -> Double {
        distance(p, q) / Double(max(q.frame - p.frame, 1))
    }

    /// Whether a confirmed track hovers (``isHovering(_:)``) after slowing into it: its
    /// ``TrackerSettings/hoverWindow`` points before the last ones moved at most
    /// ``TrackerSettings/settlingSpeedFactor`` times ``TrackerSettings/hoverSpeed`` a frame.
    /// A ball receding down the line slows gradually towards its apex; a flight that stops dead
    /// has taken a still speck beside the ball it was following.
    func settlesIntoHover(_ track: Track) -> Bool {
        let n = track.points.count, k = settings.hoverWindow
        guard isHovering(track), n >= 2 * k else { return false }
        return Self.speed(from: track.points[n - 2 * k], to: track.points[n - k]) <= settings.settlingSpeedFactor * settings.hoverSpeed
    }

    /// Whether the track moved at least ``TrackerSettings/frozenPriorSpeed`` pixels a frame over
    /// the three points before its last `k` (true when it has too few points to tell).
    func movedBefore(_ track: Track, last k: Int) -> Bool {
        let n = track.points.count
        guard n >= k + 3 else { return true }
        let a = track.points[n - k - 3], b = track.points[n - k]
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot() >= settings.frozenPriorSpeed * Double(max(b.frame - a.frame, 1))
    }

    /// Whether taking `found` would leave the track parked: its last local finds sit still to a
    /// fraction of a pixel right after it moved at a clear speed. A ball at its apex slows down
    /// over many frames; stopping dead from one frame to the next is x264 repeating the ball's
    /// old image (skipped blocks whose pixels change by a level or two) while the ball flies on.
    func isStalled(_ track: Track, adding found: BallCandidate) -> Bool {
        isStalled(track, adding: found, window: settings.stallWindow, spread: settings.stallSpread)
            || isStalled(track, adding: found, window: settings.frozenStallWindow, spread: settings.frozenStallSpread)
            || (isStalled(track, adding: found, window: settings.frozenStallWindow, spread: settings.momentumStallSpread)
                && expectedTravel(track, over: settings.frozenStallWindow) >= settings.momentumStallTravel)
    }

    /// Whether `found` far outshines `track`'s recent points (``TrackerSettings/outshiningContrastRatio``):
    /// something else passing where the ball is.
    func outshines(_ track: Track, _ found: BallCandidate) -> Bool {
        let strongest = track.points.suffix(settings.trajectoryLength).reduce(4) { max($0, $1.contrast) }
        return found.peakContrast > settings.outshiningContrastRatio * strongest
    }

    /// Whether `found` is a jump no ball hovering as `track`'s object does could make (see
    /// ``TrackerSettings/hoverSpeed``).
    func jumpsFromHover(_ track: Track, to found: BallCandidate) -> Bool {
        guard isHovering(track) else { return false }
        let k = settings.hoverWindow
        let recent = track.points.suffix(k)
        let first = recent[recent.startIndex], last = recent[recent.endIndex - 1]
        let frames = Double(max(last.frame - first.frame, 1))
        let chord = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
        var largest = 0.0, repeats = 0
        for i in (recent.startIndex + 1)..<recent.endIndex {
            let a = recent[i - 1], b = recent[i]
            if a.x == b.x && a.y == b.y { repeats += 1 }
            let step = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / Double(max(b.frame - a.frame, 1))
            largest = max(largest, step)
        }
        // Finds repeating one centre are x264's frozen image of a ball it erased, which flies
        // on: where it shows again is no jump (1280x720 crf 23 dtl-club-walkers-2 lost its last
        // 65 frames to this rule without this).
        guard repeats < 2 else { return false }
        let jump = ((found.x - last.x) * (found.x - last.x) + (found.y - last.y) * (found.y - last.y)).squareRoot()
            / Double(max(frame - last.frame, 1))
        if jump > max(settings.hoverJump, settings.hoverJumpFactor * largest) { return true }
        // Nor may it stray from where the ball has hung: in shaken video the finds around a
        // hovering ball step 2-3 px frame to frame, and the rule above then let a local search
        // take a change 4.7 px above the ball and follow it off (1280x720 dtl-noise-jitter-8
        // lost the last 60 frames of a ball hanging at its apex for a second). Measured from
        // the recent points' centre, against their spread, allowing for the way the ball moved
        // over twice as many points (at 120 fps the recent points alone may be x264's repeats
        // of the ball's image, which look still while the ball drifts on).
        let count = Double(k)
        let cx = recent.reduce(0) { $0 + $1.x } / count, cy = recent.reduce(0) { $0 + $1.y } / count
        let centreFrame = Double(recent.reduce(0) { $0 + $1.frame }) / count
        var spread = 0.0
        for p in recent { spread = max(spread, ((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)).squareRoot()) }
        let longer = track.points.suffix(2 * k)
        let a = longer[longer.startIndex], b = longer[longer.endIndex - 1]
        let drift = max(chord / frames, ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            / Double(max(b.frame - a.frame, 1)))
        let offset = ((found.x - cx) * (found.x - cx) + (found.y - cy) * (found.y - cy)).squareRoot()
        return offset > max(settings.hoverJump, settings.hoverJumpFactor * spread) + drift * (Double(frame) - centreFrame)
    }

    /// How far (pixels) the track's object should move over the `k` frames after the still
    /// run's start, by the speed and the slowing along its path that a constant-acceleration
    /// fit of the (up to ten) points before the run gives: a ball slowing into its apex is
    /// expected to stop, one flying on at a steady pace is not.
    func expectedTravel(_ track: Track, over k: Int) -> Double {
        let n = track.points.count
        let before = Array(track.points[max(0, n - k - 9)...(n - k)])
        guard before.count >= 6 else { return 0 }
        let fit = Self.fitTime(before)
        let last = before[before.count - 1], first = before[0]
        let span = last.t - first.t
        let frameTime = span / Double(max(last.frame - first.frame, 1))
        let vx = fit.x.slope(at: span) * frameTime, vy = fit.y.slope(at: span) * frameTime
        let v = (vx * vx + vy * vy).squareRoot()
        guard v > 0 else { return 0 }
        let along = (2 * fit.x.a * vx + 2 * fit.y.a * vy) / v * frameTime * frameTime
        var travel = 0.0
        for j in 1...k { travel += max(0, v + along * Double(j)) }
        return travel
    }

    func isStalled(_ track: Track, adding found: BallCandidate, window k: Int, spread: Double) -> Bool {
        let n = track.points.count
        guard k >= 2, n >= k + 3 else { return false }
        guard track.points[(n - k + 1)...].allSatisfy(\.foundByLocalSearch),
              Self.endsStill(track, window: k, x: found.x, y: found.y, spread: spread) else { return false }
        // Speed over the three points before the still run.
        let a = track.points[n - k - 3], b = track.points[n - k]
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot() >= settings.stallPriorSpeed * Double(max(b.frame - a.frame, 1))
    }

    /// Whether the last `k - 1` points of `track` and (`x`, `y`) lie in a box `spread` pixels
    /// a side (the track has at least `k - 1` points).
    static func endsStill(_ track: Track, window k: Int, x: Double, y: Double, spread: Double) -> Bool {
        let n = track.points.count
        var minX = x, maxX = x, minY = y, maxY = y
        for p in track.points[(n - k + 1)...] { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        return maxX - minX <= spread && maxY - minY <= spread
    }
}

extension BallTracker {
    /// Whether a point at (`x`, `y`) would leave a confirmed flight stopped dead where it had
    /// been falling (moving down the picture): its last ``TrackerSettings/landingWindow``
    /// points with this one lie within ``TrackerSettings/landingSpread`` pixels, after it moved
    /// at least ``TrackerSettings/landingPriorSpeed`` pixels a frame, and the path before says
    /// it would have travelled ``TrackerSettings/landingTravel`` pixels meanwhile. A ball in
    /// the air slows into its apex gradually; one that stops dead has landed (or gone behind
    /// something), and what lies at that place after it (a bright speck of the landscape found
    /// by its look, a change the shake makes at the horizon) is no flight.
    func landsHere(_ track: Track, x: Double, y: Double) -> Bool {
        guard track.confirmed else { return false }
        let n = track.points.count, k = settings.landingWindow
        guard n >= k + 3, Self.endsStill(track, window: k, x: x, y: y, spread: settings.landingSpread) else { return false }
        // The pace before, over as many points as the path's fit takes: a ball hanging at its
        // apex in shaken video steps a pixel either way from frame to frame, and three points
        // alone made it seem to move fast (1280x720 60 fps dtl-everything-3 lost 11 frames).
        // Only a falling ball lands: one still rising in the picture stops only at its apex (a
        // far ball receding down the line slows from a pixel a frame to a tenth in a few frames).
        let a = track.points[max(0, n - k - 9)], b = track.points[n - k]
        guard b.y > a.y, Self.speed(from: a, to: b) >= settings.landingPriorSpeed else { return false }
        return expectedTravel(track, over: k) >= settings.landingTravel
    }
}
