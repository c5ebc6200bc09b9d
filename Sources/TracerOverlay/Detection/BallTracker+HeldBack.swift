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
    /// find at its predecessor's very centre does not count: it is x264 repeating a block, which
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
            track.heldBackAgreeingFinds = offset <= limit && !repeats ? track.heldBackAgreeingFinds + 1 : 0
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
}
