/// Which ended flight, or launch lost before its confirmation, a young track takes up, and whether a
/// second hypothesis only repeats a confirmed one.
extension BallTracker {
    /// Whether most of `track`'s recent points lie beside a confirmed track's points of the same
    /// frames (within ``duplicateClearance`` beyond both radii): a second hypothesis following
    /// the same ball, not to be reported beside it.
    func duplicatesConfirmedTrack(_ track: Track) -> Bool {
        tracks.contains { $0.confirmed && $0.uuid != track.uuid && Self.repeats(track, other: $0, window: settings.trajectoryLength) }
    }

    /// Whether at least half of `track`'s last `window` points lie beside `other`'s points of
    /// the same frames (``duplicateClearance``).
    static func repeats(_ track: Track, other: Track, window: Int) -> Bool {
        let recent = track.points.suffix(window)
        var shared = 0
        for p in recent {
            guard let q = other.points.last(where: { $0.frame == p.frame }) else { continue }
            let dx = p.x - q.x, dy = p.y - q.y, near = duplicateClearance + p.radius + q.radius
            if dx * dx + dy * dy <= near * near { shared += 1 }
        }
        return 2 * shared >= recent.count
    }

    /// How far apart (analysis pixels, beyond both radii) two hypotheses' points of one frame
    /// may lie and still be one object's. A far, faint ball in noise is a ball's blob in some
    /// frames and specks 2-5 px around it in others, and the flight and a hypothesis started
    /// on the same launch can take different ones: at 1.5 px only 4 of a window's 10 points
    /// counted, and the one ball was reported twice, the second 27 points weaving beside the
    /// first (640x360 60 fps dtl-noise-jitter-5, precision 0.928). No second ball flies within
    /// a few pixels of the first for half a window.
    static let duplicateClearance = 4.5

    /// Whether `young` grew on `old`'s points and parted from them: at least three, and most, of
    /// its points in frames where both have one sit on `old`'s, its last does not.
    func grewOut(of old: Track, _ young: Track) -> Bool {
        guard old.points.count >= 4 else { return false }
        // The frames both have points in (either may have skipped some).
        let common = young.points.prefix { $0.frame <= old.lastFrame }.filter { p in old.points.contains { $0.frame == p.frame } }
        let onOld = { (p: TrackPoint) in onPoints(of: old, p) }
        let on = common.filter(onOld).count
        // It must also part from `old` at the end (one ending on the same point is a duplicate).
        return on >= 3 && 2 * on >= common.count && !onOld(young.points[young.points.count - 1])
    }

    /// Whether `young` follows the same flight as the ended `old` over frames they share: at
    /// least three, and most, of `old`'s points in frames both have sit on `young`'s. A track
    /// confirmed early that then strayed onto a bird crossing the ball ends; the track that
    /// follows the ball on, looking back, covers the same first frames, and must carry the
    /// flight on under the reported uuid rather than report it a second time (unseen 1920x1080
    /// dtl-everything-4).
    func retraces(_ old: Track, _ young: Track) -> Bool {
        let common = old.points.filter { p in young.points.contains { $0.frame == p.frame } }
        let on = common.filter { onPoints(of: young, $0) }.count
        return on >= 3 && 2 * on > common.count
    }

    /// Whether `p` sits on `track`'s point of the same frame.
    func onPoints(of track: Track, _ p: TrackPoint) -> Bool {
        guard let q = track.points.last(where: { $0.frame == p.frame }) else { return false }
        let dx = p.x - q.x, dy = p.y - q.y, near = 1.5 + p.radius + q.radius
        return dx * dx + dy * dy <= near * near
    }

    /// How many of the last `trajectoryLength` analysed frames a track has a point in.
    func recentSupport(_ track: Track) -> Int {
        track.points.suffix(settings.trajectoryLength).filter { frame - $0.frame < settings.trajectoryLength }.count
    }

    /// How far (RMS, pixels) the last `trajectoryLength` points lie from a constant-acceleration fit.
    func recentResidual(_ track: Track) -> Double {
        Self.fitTime(track.points.suffix(settings.trajectoryLength)).rms
    }

    /// Whether the young `track` carries on a confirmed flight, ended or still followed (or grew
    /// out of one still followed): it joins that flight once it has a window of its own, and is
    /// no new flight to confirm early.
    func carriesOnConfirmedFlight(_ track: Track) -> Bool {
        ended.contains(where: { $0.confirmed && continues($0, with: track) })
            || tracks.contains(where: { $0.confirmed && (continues($0, with: track) || grewOut(of: $0, track)) })
    }

    /// Whether `young`'s first points lie where `old`'s flight model puts the object then.
    ///
    /// `old`'s points from `young`'s first frame on are left out: a track that lost its ball may
    /// have taken a few points off it (a bird it crossed) before it ended, while the young
    /// track found the ball again.
    func continues(_ old: Track, with young: Track) -> Bool {
        let first = young.points[0].frame
        // What the answer depends on, read without copying `old`'s points.
        var count = 0, lastIndex = -1
        for (i, p) in old.points.enumerated() where p.frame < first {
            count += 1
            lastIndex = i
        }
        guard count >= 4, first - old.points[lastIndex].frame <= settings.resumeWindow else { return false }
        let last = old.points[lastIndex]
        var digest = Digest(), taken = 0
        for p in old.points[...lastIndex].reversed() where p.frame < first {
            guard taken < Self.continuationHistory else { break }
            taken += 1
            digest.mix(p.frame)
            digest.mix(p.t)
            digest.mix(p.x)
            digest.mix(p.y)
        }
        let head = young.points.prefix(3)
        var frames = SIMD3<Int>(repeating: 0), ts = SIMD3<Double>(repeating: 0), xs = ts, ys = ts
        for (k, p) in head.enumerated() {
            frames[k] = p.frame
            ts[k] = p.t
            xs[k] = p.x
            ys[k] = p.y
        }
        let key = ContinuationMemo.Key(uuid: old.uuid, confirmed: old.confirmed, count: count, lastFrame: last.frame,
                                       lastX: last.x, lastY: last.y, digest: digest.value, youngCount: head.count,
                                       youngFrames: frames, youngT: ts, youngX: xs, youngY: ys)
        return continuationMemo.answer(key) { continuesUnmemoized(old, with: young) }
    }

    /// How many of an earlier track's last points a prediction from it reads, and more: the
    /// flight fit's window (12) after dropping one point.
    static let continuationHistory = 16

    /// ``continues(_:with:)`` worked out.
    private func continuesUnmemoized(_ old: Track, with young: Track) -> Bool {
        // All a prediction reads, as the memo's key says, not a copy of a long flight's every point.
        let before = Self.before(young, old, keepingLast: Self.continuationHistory)
        guard young.points[0].frame - before.lastFrame <= settings.resumeWindow else { return false }
        // A track losing its ball often takes a wrong point on its way out (x264 erased the
        // ball in that frame and a speck nearby passed), which bends the flight it predicts
        // from: failing that, its flight without its last point is tried.
        for dropped in 0...1 {
            var base = before
            base.points.removeLast(min(dropped, base.points.count))
            guard base.points.count >= 4 else { return false }
            base.lastFrame = base.points[base.points.count - 1].frame
            if young.points.prefix(3).allSatisfy({ p in
                guard let prediction = predict(base, t: p.t) else { return false }
                let dx = p.x - prediction.x, dy = p.y - prediction.y
                // Looser than a frame-to-frame match: the model is extrapolated over the gap.
                let gate = 2 * prediction.gate + 2
                return dx * dx + dy * dy <= gate * gate
            }) { return true }
        }
        return false
    }

    /// `old` as it was before `young`'s first frame, keeping only its last `keepingLast` points
    /// there (all where nil).
    static func before(_ young: Track, _ old: Track, keepingLast limit: Int? = nil) -> Track {
        var track = old
        let first = young.points[0].frame
        // One buffer, sized once: a lost launch's every young follower asks for this.
        var kept: [TrackPoint] = []
        kept.reserveCapacity(min(limit ?? old.points.count, old.points.count))
        for p in old.points.reversed() where p.frame < first {
            kept.append(p)
            if kept.count == limit { break }
        }
        kept.reverse()
        track.points = kept
        track.lastFrame = track.points.last?.frame ?? old.lastFrame
        return track
    }

    func resumed(_ old: Track, with young: Track) -> Track {
        var track = Self.before(young, old)
        track.points += young.points
        track.historyRevised = true
        // The young track that took the flight up vouches for it.
        track.heldBackFrom = nil
        track.misses = 0
        track.lastFrame = young.lastFrame
        return track
    }

    /// The ended track `young` takes up: the first confirmed one it continues, else the first
    /// confirmed one it retraces (``retraces(_:_:)``), else the lost
    /// launch it continues that ended latest (the swing leaves short fast chains behind that an
    /// extrapolation over many frames may pass near too).
    func resumable(by young: Track) -> Int? {
        if let k = ended.indices.first(where: { ended[$0].confirmed && continues(ended[$0], with: young) }) { return k }
        if let k = ended.indices.first(where: { ended[$0].confirmed && retraces(ended[$0], young) }) { return k }
        return lostLaunch(continuedBy: young)
    }

    /// The ended lost launch (``isLostLaunch(_:)``) that `young` continues, the one that ended
    /// latest (the swing leaves short fast chains behind that an extrapolation over many frames
    /// may pass near too). Not one whose object a confirmed flight follows already (sharing its
    /// uuid, or retracing it: ``retraces(_:_:)``): a branch of a flight confirmed since it ended,
    /// taken up again, becomes a second flight on the same ball, and the two drew 640x360
    /// 120 fps dtl-everything-2's reported flight off the ball (recall 0.913 -> 0.254).
    ///
    /// `unfollowed`: the record of which launches no flight follows (``unfollowedLaunches()``),
    /// where the caller asks for many young tracks between changes to ``ended`` and the
    /// confirmed tracks.
    func lostLaunch(continuedBy young: Track, unfollowed: UnfollowedLaunches? = nil) -> Int? {
        // (A plain loop: asked tens of thousands of times a clip.)
        var latest: Int? = nil
        var unfollowed = unfollowed
        for k in ended.indices where !ended[k].confirmed {
            guard isAhead(young, of: ended[k]), continues(ended[k], with: young) else { continue }
            let record = unfollowed ?? unfollowedLaunches()
            unfollowed = record
            guard record.answer(k, compute: { isUnfollowedLaunch(k, confirmedTracks: record.confirmedTracks) }) else { continue }
            // The first of the latest-ending, longest ones.
            if let j = latest, (ended[k].lastFrame, ended[k].points.count) <= (ended[j].lastFrame, ended[j].points.count) { continue }
            latest = k
        }
        return latest
    }

    /// Whether no confirmed flight follows ended track `k`'s object already: none of the
    /// confirmed tracks (at `confirmedTracks`, a few among thousands of hypotheses, found once
    /// for all the launches asked about) shares its uuid or retraces it, nor does a confirmed
    /// ended track share its uuid (``lostLaunch(continuedBy:unfollowed:)``).
    func isUnfollowedLaunch(_ k: Int, confirmedTracks: [Int]) -> Bool {
        !confirmedTracks.contains { tracks[$0].uuid == ended[k].uuid || retraces(ended[k], tracks[$0]) }
            && !ended.contains { $0.confirmed && $0.uuid == ended[k].uuid }
    }

    /// An empty record of which of ``ended``'s launches no confirmed flight follows, for the
    /// tracks as they stand.
    func unfollowedLaunches() -> UnfollowedLaunches {
        UnfollowedLaunches(launches: ended.count, confirmedTracks: tracks.indices.filter { tracks[$0].confirmed })
    }

    /// Whether a lost launch taken up by a young track (`whole`, the frames between searched)
    /// holds enough points to be judged as a flight: ``TrackerSettings/trajectoryLength`` at
    /// 60 fps and slower. Faster, a point in as many 60 fps intervals as a 60 fps window has
    /// points, with ``TrackerSettings/resumedWindowShare`` of the window's points: x264 erases
    /// a 120 fps ball for runs of frames as it leaves, and with twenty points needed the flight
    /// waited for the young track's own (480x270 120 fps dtl-club-walkers-5: 13 points, 4
    /// frames erased, reported 24 frames after the launch -> 21, and dtl-clean-3 25 -> 22, both
    /// within the goal; seven other 120 fps shots 1-3 frames sooner).
    func holdsResumedWindow(_ whole: Track) -> Bool {
        let length = settings.trajectoryLength, frames = settings.framesPerJudgedPoint
        if whole.points.count >= length { return true }
        guard frames > 1, Double(whole.points.count) >= settings.resumedWindowShare * Double(length) else { return false }
        return Self.averaged(whole.points[...], framesPerPoint: frames).count >= length / frames
    }

    /// Whether `young` starts where `old`, going on as its last step went, could have got to:
    /// ahead of it, no farther than half as fast again plus a margin, within `trajectoryLength`
    /// frames. Asked of a lost launch before ``continues(_:with:)`` and its flight fits (the
    /// swing leaves dozens of fast chains behind).
    func isAhead(_ young: Track, of old: Track) -> Bool {
        let n = old.points.count, first = young.points[0]
        guard n >= 2, first.frame > old.points[n - 1].frame else { return true }
        let last = old.points[n - 1], prev = old.points[n - 2]
        // Found again within a window's frames, or not at all.
        guard first.frame - last.frame <= settings.trajectoryLength else { return false }
        let steps = Double(last.frame - prev.frame), gap = Double(first.frame - last.frame)
        let vx = (last.x - prev.x) / steps, vy = (last.y - prev.y) / steps
        let dx = first.x - last.x, dy = first.y - last.y
        let reach = 1.5 * (vx * vx + vy * vy).squareRoot() * gap + 10
        return dx * vx + dy * vy > 0 && dx * dx + dy * dy <= reach * reach
    }

    /// Whether an unconfirmed track that ran out of misses was a ball just struck: at least
    /// ``TrackerSettings/lostLaunchMinimumPoints`` points, not shown to be something else, moving
    /// ``TrackerSettings/lostLaunchStep`` pixels a frame or more over its last points, its latest
    /// window on a smooth path. Such a track
    /// is kept like a confirmed one that ended: where x264 erased the ball for two frames as it
    /// crossed from the ground into the sky, before its tenth point, the faint, slow track that
    /// finds it again is no flight on its own, but together with the launch it continues it is.
    func isLostLaunch(_ track: Track) -> Bool {
        let n = track.points.count
        guard !track.rejected, n >= max(settings.lostLaunchMinimumPoints, 4) else { return false }
        // Fewer points than at 60 fps fix no path a chain of noise specks could not take: such
        // a launch must stand out from the specks in every point.
        if n < TrackerSettings.lostLaunchMinimumPointsAt60Fps,
           track.points.contains(where: { $0.contrast < settings.shortLaunchMinimumContrast }) { return false }
        let a = track.points[n - 4], b = track.points[n - 1]
        let dx = b.x - a.x, dy = b.y - a.y
        guard (dx * dx + dy * dy).squareRoot() >= settings.lostLaunchStep * Double(b.frame - a.frame) else { return false }
        // Its latest window on one smooth path, as the judge asks of a flight: a chain of noise
        // specks far apart is fast too.
        let start = max(0, n - settings.trajectoryLength), count = n - start
        let window = track.points[start...]
        let tolerance = fitTolerance(window, path: Self.pathLength(window))
        // Cheap first: a path no parabola in time comes within several tolerances of is no
        // flight seen in any perspective.
        guard Self.fitTime(window).rms <= 4 * tolerance else { return false }
        guard let flight = ProjectiveTimeFit.fit(count: count, ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread, sample: {
            let p = track.points[start + $0]
            return (p.t, p.x, p.y)
        }) else { return false }
        return flight.rmsResidual <= tolerance
    }
}
