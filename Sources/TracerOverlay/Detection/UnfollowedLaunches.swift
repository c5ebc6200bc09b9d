/// Which of the tracker's ended lost launches no confirmed flight follows
/// (``BallTracker/isUnfollowedLaunch(_:confirmedTracks:)``), worked out for a launch the first time a young
/// track continues it, and kept while ``BallTracker/ended`` and the confirmed tracks stay as
/// they are.
///
/// Dozens of young hypotheses a frame ask after a handful of launches, and most launches none
/// continues: each answer compares a launch with every confirmed flight's points.
///
/// A class, so that the tracker's non-mutating look-ups can fill it.
final class UnfollowedLaunches {
    /// The indices of the confirmed tracks among the tracker's hypotheses.
    let confirmedTracks: [Int]
    private var known: [Bool?]

    /// An empty record for `launches` ended tracks and the confirmed tracks at `confirmedTracks`.
    init(launches: Int, confirmedTracks: [Int]) {
        self.confirmedTracks = confirmedTracks
        known = [Bool?](repeating: nil, count: launches)
    }

    /// The answer for ended track `k`, worked out by `compute` the first time it is asked for.
    func answer(_ k: Int, compute: () -> Bool) -> Bool {
        if let answer = known[k] { return answer }
        let answer = compute()
        known[k] = answer
        return answer
    }
}
