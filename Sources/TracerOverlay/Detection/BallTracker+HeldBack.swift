/// Holding back a confirmed flight's local finds that stray from its path: where a ball lands,
/// or leaves by any way the video does not show, a flight goes on from speck to speck of noise
/// near its prediction, and those finds must not be reported.
extension BallTracker {
    /// Updates what `track` holds back now that its newest point, expected at `prediction`, was
    /// appended.
    ///
    /// A run is held back from a local search's find more than
    /// ``TrackerSettings/heldBackOffset`` pixels off the prediction: a flight that finds only
    /// something beside where its ball should be may have lost it. The run is released
    /// (reported) once the object shows among the candidates again within twice that offset of
    /// the prediction, of the sign the last reported point had and on the path the reported
    /// points draw (``liesOnReportedPath(_:of:)``), or once
    /// ``TrackerSettings/heldBackReleasingFinds`` finds in a row lie within it: a ball hovering
    /// near its apex, too still to be a candidate, stays on its path, specks of noise do not. A
    /// find far fainter than the flight (``isFaintBesideFlight(_:_:)``) does not count, nor one
    /// at its predecessor's very centre: that is x264 repeating a block, which
    /// keeps the image of a ball that has landed where the flight is about to be (10 s 1920x1080
    /// 60 fps dtl-club-walkers-51 and dtl-dark-ball-51 reported 12 and 16 such frames after the
    /// landing, precision 0.968 and 0.952; none now, 1.000 and 0.994).
    func noteNewestPoint(of track: inout Track, prediction: Prediction?) {
        guard track.confirmed, let newest = track.points.last else { return }
        let offset = prediction?.offset(newest.x, newest.y).error ?? .infinity
        if track.heldBackFrom != nil {
            let limit = newest.foundByLocalSearch ? settings.heldBackOffset : 2 * settings.heldBackOffset
            let n = track.points.count
            let repeats = n >= 2 && track.points[n - 2].x == newest.x && track.points[n - 2].y == newest.y
            track.heldBackAgreeingFinds = offset <= limit && !repeats && !isFaintBesideFlight(newest, track)
                ? track.heldBackAgreeingFinds + 1 : 0
            // A candidate of the other sign is something else the flight took (a still speck
            // of the background where a ball landed), not its ball showing again. So is one off
            // the path the reported points draw: the held finds steer the prediction, and specks
            // after a landing led it 80 px aside, where a speck that was a candidate released
            // 19 at once (8 s 640x360 30 fps dtl-noise-jitter-4); in dtl-club-walkers-8 such a
            // release reported 7 points after the ball landed (precision 0.962 -> 1.000).
            if !newest.foundByLocalSearch && offset <= limit && newest.polarity == track.reportablePoints.last?.polarity
                && liesOnReportedPath(newest, of: track)
                || track.heldBackAgreeingFinds >= settings.heldBackReleasingFinds {
                track.heldBackFrom = nil
                // Released points may lie before the next report's window.
                track.historyRevised = true
            }
            return
        }
        guard newest.foundByLocalSearch, offset > settings.heldBackOffset else { return }
        track.heldBackFrom = newest.frame
        track.heldBackAgreeingFinds = 0
    }

    /// Whether `find` lies within the gate of where `track`'s reported points (those before its
    /// held run) put its object in `find`'s frame.
    func liesOnReportedPath(_ find: TrackPoint, of track: Track) -> Bool {
        var reported = track
        // All a prediction reads (``continuationHistory``), not a copy of a long flight.
        reported.points = Array(track.reportablePoints.suffix(Self.continuationHistory))
        reported.lastFrame = reported.points[reported.points.count - 1].frame
        guard let prediction = predict(reported, t: find.t) else { return false }
        return prediction.offset(find.x, find.y).error <= prediction.gate
    }

    /// Where the end of the video cuts `track`'s held run: an index into its points, those
    /// before it to be reported, the rest never (``BallTracker/releaseHeldBackPoints()``).
    ///
    /// Nothing more will show whether the held finds were the ball, so they are judged as they
    /// stand. From the first find whose window (the ``TrackerSettings/trajectoryLength`` points
    /// ending on it) leaves a constant-acceleration path by more than the judge's tolerance,
    /// the run followed something else, and so did the finds just before that, far fainter
    /// than the flight (``isFaintBesideFlight(_:_:)``), that led it there: specks where the
    /// ball vanished. A run that keeps to the path is cut only where every find in it is that
    /// faint: noise where the ball landed, which a prediction coming to rest there keeps
    /// agreeing with. A ball far off near the end of a clip is found as faintly, but among
    /// finds that are not. Over the `eight` set (8 s 640x360 30 fps clips whose balls land
    /// before the end) dtl-noise-jitter-4 reported 24 points after its ball landed, -5 13,
    /// dtl-clean-6, dtl-floodlights-6 and -7 and dtl-portrait-7 4-11 each; now none, 3 and none
    /// (precision 0.848 -> 0.975, 0.897 -> 0.965, the other four pass). Cutting every find
    /// that faint lost the last 30 frames of 1920x1080 25 fps dtl-portrait-3, its ball flying
    /// on at 4-8 levels.
    func endOfReleasedRun(_ track: Track) -> Int {
        let points = track.points
        guard let from = track.heldBackFrom, let start = points.firstIndex(where: { $0.frame >= from }) else {
            return points.endIndex
        }
        let length = settings.trajectoryLength
        let departure = points[start...].indices.first { k in
            let window = points[max(points.startIndex, k - length + 1)...k]
            return window.count >= 3 && Self.fitTime(window).rms > fitTolerance(window, path: Self.pathLength(window))
        }
        guard var end = departure else {
            return points[start...].allSatisfy { isFaintBesideFlight($0, track) } ? start : points.endIndex
        }
        while end > start, isFaintBesideFlight(points[end - 1], track) { end -= 1 }
        return end
    }

    /// Whether a held find is fainter than ``TrackerSettings/heldBackReleasingContrastShare`` of
    /// the median contrast of the flight's latest reported points: where a ball landed, the
    /// noise at the place it vanished keeps agreeing with a prediction that comes to rest there
    /// (10 s 1920x1080 60 fps dtl-portrait-51: 28 finds of 2-3 levels after its ball, median
    /// 12, were reported). A ball hanging near its apex, too still to be a candidate, is found
    /// fainter than it was in flight, but not that much fainter (at half, 0.5, 1920x1080 60 fps
    /// dtl-everything-51's tail was held too, and a test's hovering ball at 8 levels after 20).
    func isFaintBesideFlight(_ find: TrackPoint, _ track: Track) -> Bool {
        let recent = track.reportablePoints.suffix(settings.trajectoryLength).map(\.contrast).sorted()
        guard !recent.isEmpty else { return false }
        return Double(find.contrast) < settings.heldBackReleasingContrastShare * Double(recent[recent.count / 2])
    }
}
