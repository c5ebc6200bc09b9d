/// Whether a flight would stop falling by taking a point: its ball has landed.
extension BallTracker {
    /// Whether a point at height `y` in frame `frame` would stop a confirmed flight's fall:
    /// since its point ``TrackerSettings/fallStopWindow`` from the end it would have come down
    /// less than ``TrackerSettings/fallStopFraction`` of what its pace before says (at least
    /// ``TrackerSettings/fallStopTravel`` pixels). A ball past its apex falls on, faster and
    /// faster, until it lands; what is left where it landed (a speck, the stale copy x264
    /// keeps, a walker crossing there) does not fall.
    func stopsFalling(_ track: Track, y: Double, at frame: Int) -> Bool {
        track.confirmed && stopsFalling(track.points[...], y: y, at: frame)
    }

    /// ``stopsFalling(_:y:at:)`` for a confirmed flight's `points` (the ones before a gap it
    /// fills, say).
    func stopsFalling(_ points: ArraySlice<TrackPoint>, y: Double, at frame: Int) -> Bool {
        fallMark(points, at: frame).map { y < $0 } ?? false
    }

    /// How far down the picture (y, analysis pixels) a point in `frame` must lie for a confirmed
    /// flight with these `points` to go on falling; nil where its fall is not judged (too few
    /// points, no clear fall, or less of it in the window than ``TrackerSettings/fallStopTravel``).
    /// One mark serves every candidate a frame offers the flight.
    func fallMark(_ points: ArraySlice<TrackPoint>, at frame: Int) -> Double? {
        let n = points.count, k = settings.fallStopWindow
        guard n >= k + 6 else { return nil }
        // The pace and the place the window starts from: a line through the (up to
        // ``TrackerSettings/fallStopPacePoints``) points up to the window's start, by medians
        // (of the slopes between pairs, then of the offsets). A far ball falls a third of a
        // pixel a frame, its centre quantised to whole pixels and moved by the shake: over ten
        // points a least-squares line, or a median one, read its pace as half as fast again
        // (640x360 60 fps dtl-noise-jitter-56, a seed of no set: its fall cut short, recall 0.719).
        let base = points.startIndex
        let before = points[(base + max(0, n - k - settings.fallStopPacePoints + 1))...(base + n - k)]
        let start = points[base + n - k]
        guard start.y > before[before.startIndex].y else { return nil }
        var slopes: [Double] = []
        slopes.reserveCapacity(before.count * (before.count - 1) / 2)
        for i in before.indices {
            for j in before.indices where j > i && before[j].frame > before[i].frame {
                slopes.append((before[j].y - before[i].y) / Double(before[j].frame - before[i].frame))
            }
        }
        guard !slopes.isEmpty else { return nil }
        let pace = Self.median(slopes)
        guard pace >= settings.fallStopPriorSpeed else { return nil }
        let fall = pace * Double(frame - start.frame)
        guard fall >= settings.fallStopTravel else { return nil }
        let startY = Self.median(before.map { $0.y - pace * Double($0.frame - start.frame) })
        return startY + settings.fallStopFraction * fall
    }

    /// The median of `values` (not empty): the mean of the middle two where they are even.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted(), m = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2
    }
}
