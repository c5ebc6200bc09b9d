extension BallTracker {
    /// The points less the codec's stale copies of the object: a point within
    /// ``TrackerSettings/staleCopyDistance`` of the last point kept before it, where the object
    /// had been moving ``TrackerSettings/staleCopyMinimumMotion`` pixels a frame or more.
    ///
    /// x264 codes a small ball on a flat sky as skipped blocks for a frame or a few: the decoded
    /// frame shows the ball where it was, not where it is, and its true place holds nothing
    /// (640x360 120 fps dtl-clean-6: frames 14, 15, 18 and 34-36 after the launch each repeat
    /// the point before to 0.3 px while the ball moved 1-4 px; decoded contrast at the true
    /// place 0-1 levels). Such a copy sits a step behind the flight and bends any fit through
    /// the window. A run longer than ``TrackerSettings/longestStaleCopyRun`` is the object
    /// standing still (a speck held for ten frames), and stays.
    ///
    /// Returns the slice itself when it holds no copy (the common case: no allocation).
    func withoutStaleCopies(_ points: ArraySlice<TrackPoint>) -> ArraySlice<TrackPoint> {
        guard points.count >= 3 else { return points }
        let closest = settings.staleCopyDistance * settings.staleCopyDistance
        var stale: [Bool] = []
        var kept = points[points.startIndex], motion = 0.0
        for i in (points.startIndex + 1)..<points.endIndex {
            let p = points[i]
            let dx = p.x - kept.x, dy = p.y - kept.y
            let d2 = dx * dx + dy * dy
            let frames = Double(max(p.frame - kept.frame, 1))
            if d2 <= closest && motion * frames >= settings.staleCopyMinimumMotion {
                if stale.isEmpty { stale = Array(repeating: false, count: points.count) }
                stale[i - points.startIndex] = true
                continue
            }
            motion = d2.squareRoot() / frames
            kept = p
        }
        guard !stale.isEmpty else { return points }
        var run = 0
        for i in 0...stale.count {
            if i < stale.count && stale[i] {
                run += 1
                continue
            }
            if run > settings.longestStaleCopyRun {
                for k in (i - run)..<i { stale[k] = false }
            }
            run = 0
        }
        var result: [TrackPoint] = []
        result.reserveCapacity(points.count)
        for (k, p) in points.enumerated() where !stale[k] { result.append(p) }
        return result[...]
    }
}
