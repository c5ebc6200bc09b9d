/// Holding back a confirmed flight's local finds that stray from its path: where a ball lands,
/// or leaves by any way the video does not show, a flight goes on from speck to speck of noise
/// near its prediction, and those finds must not be reported.
extension BallTracker {
    /// Updates what `track` holds back now that its newest point, expected at `prediction`, was
    /// appended.
    ///
    /// A run is held back from a local search's find more than
    /// ``TrackerSettings/heldBackOffset`` pixels off the prediction, when at least
    /// ``TrackerSettings/heldBackCandidateShare`` of the track's
    /// ``TrackerSettings/trajectoryLength`` points before it were the frame's candidates: a
    /// flight that had been seeing its ball among them, and now finds only something beside
    /// where the ball should be, may have lost it. The run is released (reported) once the
    /// object shows among the candidates again within twice that offset of the prediction and
    /// of the sign the last reported point had, or once
    /// ``TrackerSettings/heldBackReleasingFinds`` finds in a row lie within it: a ball hovering
    /// near its apex, too still to be a candidate, stays on its path, specks of noise do not. A
    /// flight that has gone on by local searches for a while (a far ball in a 1920x1080 video,
    /// a fraction of an analysis pixel) holds nothing back.
    func noteNewestPoint(of track: inout Track, prediction: Prediction?) {
        guard track.confirmed, let newest = track.points.last else { return }
        let offset = prediction?.offset(newest.x, newest.y).error ?? .infinity
        if track.heldBackFrom != nil {
            let limit = newest.foundByLocalSearch ? settings.heldBackOffset : 2 * settings.heldBackOffset
            track.heldBackAgreeingFinds = offset <= limit ? track.heldBackAgreeingFinds + 1 : 0
            // A candidate of the other sign is something else the flight took (a still speck
            // of the background where a ball landed), not its ball showing again.
            let sameSign = newest.polarity == track.reportablePoints.last?.polarity
            if !newest.foundByLocalSearch && offset <= limit && sameSign
                || track.heldBackAgreeingFinds >= settings.heldBackReleasingFinds {
                track.heldBackFrom = nil
                // Released points may lie before the next report's window.
                track.historyRevised = true
            }
            return
        }
        guard newest.foundByLocalSearch, offset > settings.heldBackOffset else { return }
        let k = settings.trajectoryLength
        let before = track.points.dropLast().suffix(k)
        guard before.count == k else { return }
        let seen = before.reduce(0) { $0 + ($1.foundByLocalSearch ? 0 : 1) }
        guard Double(seen) >= settings.heldBackCandidateShare * Double(k) else { return }
        track.heldBackFrom = newest.frame
        track.heldBackAgreeingFinds = 0
    }
}
