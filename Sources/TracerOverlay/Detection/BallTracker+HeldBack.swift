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
    /// the prediction and of the sign the last reported point had, or once
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
            // of the background where a ball landed), not its ball showing again.
            if !newest.foundByLocalSearch && offset <= limit && newest.polarity == track.reportablePoints.last?.polarity
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
