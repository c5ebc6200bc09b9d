import Foundation
import MediaKitLinux

/// Links candidates frame to frame into tracks (several hypotheses per object while young),
/// predicts with constant acceleration, and confirms a track only when its recent points lie on
/// a smooth parabola in time, move consistently and leave where they started.
struct BallTracker {
    var settings: TrackerSettings {
        // Answers worked out under other settings may differ; a copy of this tracker keeps its own.
        didSet { continuationMemo = ContinuationMemo() }
    }
    /// Answers of ``continues(_:with:)`` (``ContinuationMemo``).
    private(set) var continuationMemo = ContinuationMemo()
    /// Flight fits of prediction windows (``FlightFitMemo``).
    private(set) var flightFitMemo = FlightFitMemo()
    private(set) var tracks: [Track] = []
    /// Confirmed tracks that ran out of misses lately, and launches lost before they could be
    /// confirmed (``isLostLaunch(_:)``): a young track that takes up where one left off (the
    /// ball faded under compression or behind a cloud) continues it, uuid and all.
    private(set) var ended: [Track] = []
    /// Objects followed too long to be a ball that ran out of misses lately
    /// (``continuesAbandonedObject(_:)``), kept ``TrackerSettings/resumeWindow`` frames.
    var abandoned: [Track] = []
    private(set) var frame = 0
    /// The latest analysed frames by frame number modulo its size: their times, for points a
    /// confirmed track finds by looking back, and their noise threshold and candidate count
    /// (``isSpeckChain(_:)``).
    private(set) var recentFrames: [RecentFrame] = Array(repeating: RecentFrame(), count: 128)
    /// The tee searches made (``confirmByTee(_:search:)``), by the first point and the point
    /// count of the track that made them.
    private var teeSearches = Set<TeeSearch>()

    init(settings: TrackerSettings) { self.settings = settings }

    /// A tracker that holds `tracks` as its hypotheses and `ended` as the tracks that ran out of
    /// misses lately, at analysed frame `frame`: the state a test sets up to put a question to
    /// the tracker directly, where driving frames through ``update(_:frameNumber:time:t:noiseThreshold:search:)``
    /// could not pin it down.
    init(settings: TrackerSettings, tracks: [Track], ended: [Track], frame: Int) {
        self.settings = settings
        self.tracks = tracks
        self.ended = ended
        self.frame = frame
    }

    mutating func reset() {
        tracks.removeAll(); ended.removeAll(); abandoned.removeAll(); frame = 0
        teeSearches.removeAll()
        continuationMemo = ContinuationMemo()
        flightFitMemo = FlightFitMemo()
        recentFrames = Array(repeating: RecentFrame(), count: recentFrames.count)
    }

    /// Takes the candidates of analysed frame number `frameNumber`; returns the indices into
    /// ``tracks`` of confirmed tracks that gained a point (each to be reported once).
    /// `search` looks for a confirmed track's object near its prediction when no candidate fits.
    /// `noiseThreshold` is the change the frame's candidates had to pass (0: not known, and no
    /// window is judged a chain of noise specks: ``isSpeckChain(_:)``).
    mutating func update(_ candidates: [BallCandidate], frameNumber: Int, time: MediaTime, t: Double,
                         noiseThreshold: Int = 0,
                         search: (LocalSearch) -> BallCandidate? = { _ in nil }) -> [Int] {
        frame = frameNumber
        flightFitMemo.nextFrame()
        recentFrames[frameNumber % recentFrames.count] = RecentFrame(frame: frameNumber, time: time, t: t,
                                                                     noiseThreshold: noiseThreshold,
                                                                     candidates: candidates.count)
        // The last reports carried these tracks' histories as they are.
        for i in tracks.indices where tracks[i].historyRevised && tracks[i].confirmed
            && tracks[i].reportedCount == tracks[i].reportablePoints.count {
            tracks[i].historyRevised = false
        }
        var taken = [Bool](repeating: false, count: candidates.count)
        var next: [Track] = []
        next.reserveCapacity(tracks.count + candidates.count)

        // 1. Confirmed tracks: one-to-one, best match first, longest first (a faint speck beside
        //    the object gives way to what a local search finds nearer the prediction).
        let grid = CandidateGrid(candidates, cell: 24)
        // The flight fit is the costly part of a frame: skip it for unconfirmed tracks with no
        // candidate anywhere near where they are heading (they only coast this frame).
        var idle = [Bool](repeating: false, count: tracks.count)
        let predictions: [Prediction?] = tracks.indices.map { ti in
            let track = tracks[ti]
            let n = track.points.count
            if !track.confirmed && n >= 2 {
                let last = track.points[n - 1], prev = track.points[n - 2]
                let dt = t - last.t, pdt = max(last.t - prev.t, 1e-9)
                let vx = (last.x - prev.x) / pdt * dt, vy = (last.y - prev.y) / pdt * dt
                let reach = 0.6 * (vx * vx + vy * vy).squareRoot() + 8
                if !grid.hasCandidate(nearX: last.x + vx, y: last.y + vy, reach: reach) {
                    idle[ti] = true
                    return nil
                }
            }
            return predict(track, t: t)
        }
        var pairs: [(track: Int, candidate: Int, cost: Double)] = []
        for (ti, track) in tracks.enumerated() where track.confirmed {
            let fallMark = fallMark(track.points[...], at: frame) ?? -.infinity
            grid.forEach(near: predictions[ti], last: track.points[track.points.count - 1], reach: reach(track, predictions[ti], t: t)) { ci in
                if let cost = matchCost(track, predictions[ti], candidates[ci], t: t), !jumpsFromHover(track, to: candidates[ci]),
                   !landsHere(track, x: candidates[ci].x, y: candidates[ci].y), candidates[ci].y >= fallMark {
                    pairs.append((ti, ci, cost))
                }
            }
        }
        pairs.sort { a, b in
            let na = tracks[a.track].points.count, nb = tracks[b.track].points.count
            if na != nb { return na > nb }
            return a.cost < b.cost
        }
        var extended = [Bool](repeating: false, count: tracks.count)
        for pair in pairs where !extended[pair.track] && !taken[pair.candidate] {
            var track = tracks[pair.track]
            // Nothing reads an extended track's old self again: leave `track` the only owner of
            // its points, so appending does not copy a long flight's whole history.
            tracks[pair.track].points = []
            extended[pair.track] = true
            if let closer = closerFind(than: candidates[pair.candidate], for: track, prediction: predictions[pair.track],
                                       search: search) {
                var p = point(closer, time: time, t: t)
                p.foundByLocalSearch = true
                track.points.append(p)
            } else {
                taken[pair.candidate] = true
                track.points.append(point(candidates[pair.candidate], time: time, t: t))
            }
            noteNewestPoint(of: &track, prediction: predictions[pair.track])
            track.misses = 0
            track.lastFrame = frame
            next.append(track)
        }
        // 1b. A confirmed track that finds nothing where it expects its object may have taken,
        //     in the frame before, a speck beside a ball x264 had erased there: that point bends
        //     its prediction (a slow ball 2 px on seems to stop dead). Where that point was
        //     fainter than the ball had been, the flight without it is asked, and a candidate
        //     it finds that is not as faint takes the speck's place.
        for (ti, track) in tracks.enumerated() where track.confirmed && !extended[ti] && track.misses == 0
            && track.points.count >= 6 && !track.points[track.points.count - 1].foundByLocalSearch {
            let doubtful = track.points[track.points.count - 1]
            let before = track.points.dropLast().suffix(3)
            let usual = Double(before.reduce(0) { $0 + $1.contrast }) / Double(before.count)
            guard Double(doubtful.contrast) <= 0.7 * usual else { continue }
            var base = track
            base.points.removeLast()
            base.lastFrame = base.points[base.points.count - 1].frame
            guard let prediction = predict(base, t: t) else { continue }
            var best: (index: Int, cost: Double)?
            grid.forEach(near: prediction, last: base.points[base.points.count - 1], reach: reach(base, prediction, t: t)) { ci in
                guard !taken[ci], candidates[ci].peakContrast > doubtful.contrast,
                      let cost = matchCost(base, prediction, candidates[ci], t: t),
                      !stopsFalling(base, y: candidates[ci].y, at: frame) else { return }
                if best == nil || cost < best!.cost { best = (ci, cost) }
            }
            guard let best else { continue }
            extended[ti] = true
            taken[best.index] = true
            base.points.append(point(candidates[best.index], time: time, t: t))
            noteNewestPoint(of: &base, prediction: prediction)
            base.misses = 0
            base.lastFrame = frame
            base.historyRevised = true
            next.append(base)
        }
        // 2. Unconfirmed tracks branch to the two best free candidates (and the best where a
        //    receding ball slows to) and, when neither fits well, also stay as they were: a
        //    wrong link must not end the right hypothesis. A lone point, with no motion to fit,
        //    branches to three and stays only in a quiet frame against the sky
        //    (``TrackerSettings/loneWaitCandidateLimit``).
        var unmatched = idle
        for ti in tracks.indices where !tracks[ti].confirmed && !idle[ti] {
            let options = branchOptions(tracks[ti], prediction: predictions[ti], grid: grid, candidates: candidates,
                                        taken: taken, t: t)
            let lone = tracks[ti].points.count == 1
            let waits = lone && candidates.count < settings.loneWaitCandidateLimit && isQuiet(tracks[ti].points[0].frame)
                && tracks[ti].points[0].activity <= settings.crowdedActivity
                && (tracks[ti].points[0].background ?? 0) >= settings.loneWaitDarkestBackground
            let extends = options.first.map { $0.1 < 0.35 || (lone && !waits) } ?? false
            var chosen = Array(options.prefix(lone ? 3 : 2))
            // Where the prediction also asks where a receding ball slows to and neither branch
            // went there, a third does: ranked by their nearer place alone, both went to specks
            // near the straight line's guess (640x360 30 fps dtl-floodlights-72 launched between
            // two frames: steps of 25, 15 and 10 px, the line 10 px past the third frame's ball,
            // whose candidate the flicker's specks outranked; found nowhere). A third, not
            // instead of the second: that lost a launch the second branch had found (640x360
            // dtl-portrait-6).
            if let prediction = predictions[ti], prediction.receding != nil,
               let slowed = options.first(where: { prediction.isNearerReceding(candidates[$0.0].x, candidates[$0.0].y) }),
               !chosen.contains(where: { $0.0 == slowed.0 }) {
                chosen.append(slowed)
            }
            for (k, option) in chosen.enumerated() {
                var branch: Track
                if extends && k == chosen.count - 1 {
                    // Nothing reads a hypothesis that moved on again: its last branch takes its
                    // points over instead of copying them.
                    branch = tracks[ti]
                    tracks[ti].points = []
                } else {
                    branch = branchingCopy(of: tracks[ti])
                }
                if k > 0 { branch.uuid = TrackIdentifier.make() }
                branch.points.append(point(candidates[option.0], time: time, t: t))
                if let prediction = predictions[ti] {
                    let (error, gate) = prediction.offset(candidates[option.0].x, candidates[option.0].y)
                    branch.chanceEvidence += chanceEvidence(offset: error, gate: gate, candidatesInGate: options.count)
                }
                branch.misses = 0
                branch.lastFrame = frame
                next.append(branch)
            }
            if extends { extended[ti] = true }
            if options.isEmpty { unmatched[ti] = true }
        }
        // 2b. Where the video is much larger than the analysis size, young tracks that found no
        //     candidate look for their object in the full-size frame.
        if settings.searchesYoungTracksAtFullSize {
            searchYoungTracksAtFullSize(unmatched: unmatched, predictions: predictions, candidates: candidates, time: time, t: t,
                                        extended: &extended, next: &next, search: search)
        }
        // 3. Confirmed tracks that found nothing look closely where their object should be.
        for (ti, track) in tracks.enumerated() where !extended[ti] && track.confirmed {
            guard var request = localSearch(for: track, prediction: predictions[ti]) else { continue }
            guard let (first, crossed) = searchAcrossBackground(track, request: &request, search: search) else { continue }
            var found = first
            if jumpsFromHover(track, to: found) {
                // Something else moving near a hovering ball outshone it: look again, no
                // farther than the ball could have gone.
                request.radius = min(request.radius, settings.hoverJump)
                guard let nearer = search(request) else { continue }
                found = nearer
            }
            let dx = found.x - request.x, dy = found.y - request.y
            guard dx * dx + dy * dy <= request.radius * request.radius else { continue }
            // The very same centre frame after frame is no ball in flight but a patch of picture
            // the encoder keeps repeating (skipped blocks still showing the ball where it was),
            // unless the ball was all but still before: a far ball hanging at its apex, a single
            // pixel at the analysis size, is found at the same pixel's centre every frame.
            let repeats = track.points.suffix(settings.frozenRepeats).filter { $0.x == found.x && $0.y == found.y }.count
            guard repeats < settings.frozenRepeats || !movedBefore(track, last: settings.frozenRepeats) else { continue }
            if found.foundByAppearance {
                let run = track.points.suffix(settings.longestAppearanceRun)
                guard run.count < settings.longestAppearanceRun || run.contains(where: { !$0.foundByAppearance }) else { continue }
            }
            if isStalled(track, adding: found) || jumpsFromHover(track, to: found) || outshines(track, found)
                || landsHere(track, x: found.x, y: found.y) || stopsFalling(track, y: found.y, at: frame) { continue }
            var track = track
            var p = point(found, time: time, t: t)
            p.foundByLocalSearch = true
            p.crossedOver = crossed
            track.points.append(p)
            noteNewestPoint(of: &track, prediction: predictions[ti])
            track.misses = 0
            track.lastFrame = frame
            extended[ti] = true
            next.append(track)
        }
        // 4. Tracks that found nothing coast for a few frames.
        for (ti, track) in tracks.enumerated() where !extended[ti] {
            var coasting = track
            coasting.misses += 1
            // A far ball hanging at its apex is where x264 drops it longest, and where it will be
            // when it shows again is known best.
            let limit = !track.confirmed ? settings.maxMissesTentative
                : settlesIntoHover(track) ? settings.hoverMissesFactor * settings.maxMissesConfirmed
                : settings.maxMissesConfirmed
            if coasting.misses <= limit {
                next.append(coasting)
            } else if isAbandonedObject(track) {
                rememberAbandoned(track)
            } else if track.confirmed {
                ended.append(track)
            } else if isLostLaunch(track), !tracks.contains(where: { $0.confirmed && $0.uuid == track.uuid }) {
                // A branch of a confirmed flight is no lost launch. One per object: the branches
                // of one hypothesis share its uuid, and the longest stands for them all.
                if let k = ended.firstIndex(where: { !$0.confirmed && $0.uuid == track.uuid }) {
                    if track.points.count > ended[k].points.count { ended[k] = track }
                } else {
                    ended.append(track)
                }
            }
        }
        ended.removeAll { frame - $0.lastFrame > settings.resumeWindow }
        abandoned.removeAll { frame - $0.lastFrame > settings.resumeWindow }
        // 5. Every free candidate may start a new object.
        for (ci, c) in candidates.enumerated() where !taken[ci] {
            next.append(Track(point: point(c, time: time, t: t)))
        }
        tracks = next
        removeSharedHypotheses()
        pruneHypotheses(candidates)
        let (heldBack, verdicts) = resumeInterruptedTracks(search: search)
        // 6. Confirm and report.
        var report: [Int] = []
        // Confirmed tracks are few, hypotheses hundreds: their uuids, kept as tracks are confirmed below.
        var confirmedUUIDs = tracks.compactMap { $0.confirmed ? $0.uuid : nil }
        for i in tracks.indices where tracks[i].lastFrame == frame {
            // A hypothesis that stayed as it was shares its uuid with its first branch; once one
            // of them is confirmed (by either way below), the other is a different hypothesis to
            // judge (a duplicate of the first, or one that strays onto a bird) and must never
            // report under that uuid.
            if !tracks[i].confirmed && confirmedUUIDs.contains(tracks[i].uuid) {
                tracks[i].uuid = TrackIdentifier.make()
            }
            defer { if tracks[i].confirmed && !confirmedUUIDs.contains(tracks[i].uuid) { confirmedUUIDs.append(tracks[i].uuid) } }
            let confirmedBefore = tracks[i].confirmed
            // (Fewer points where a lost launch taken up holds a window: ``holdsResumedWindow(_:)``.)
            if !tracks[i].confirmed && !tracks[i].rejected && !heldBack.contains(i)
                && (tracks[i].points.count >= settings.trajectoryLength || verdicts[i] == .trajectory) {
                switch verdicts[i] ?? judge(tracks[i]) {
                case .trajectory where duplicatesConfirmedTrack(tracks[i]):
                    // Not reported beside the confirmed track, but kept: should that track stray
                    // (onto a bird it crossed), this one may carry the flight on.
                    break
                case .trajectory where continuesAbandonedObject(tracks[i]):
                    tracks[i].rejected = true
                case .trajectory:
                    tracks[i].confirmed = true
                    trimLeadingPoints(&tracks[i])
                    extendBackwards(&tracks[i], atFullSize: true, search: search)
                    fillGaps(&tracks[i], search: search)
                case .notYet:
                    // A window of the object and of something it was mistaken for before a gap
                    // (a speck beside the ball as it left, the club head) passes for neither;
                    // its latest run of points, with the frames before it looked at again, may
                    // (1280x720 30 fps dtl-noise-jitter-9 of seeds 7-9: reported 13 frames after
                    // the launch, not 10, once the ball's hypothesis kept its fourth step).
                    // Else a track too slow for a launch may be the ball seen late: the tee it
                    // left says.
                    if tracks[i].misses == 0 {
                        if let early = confirmedByLookingBackFromLatestRun(tracks[i], search: search) {
                            tracks[i] = early
                        } else {
                            confirmByTee(i, search: search)
                        }
                    }
                case .never: tracks[i].rejected = true
                }
            } else if !tracks[i].confirmed && !tracks[i].rejected && !heldBack.contains(i) && tracks[i].misses == 0
                        && tracks[i].points.count >= settings.earliestRunConfirmation && tracks[i].points.count < settings.trajectoryLength {
                if let early = confirmedByLookingBack(tracks[i], search: search) {
                    tracks[i] = early
                } else {
                    confirmByTee(i, search: search)
                }
            }
            // A flight that found its object again after missing it looks between: with the
            // object on both sides the place is surer than the prediction was, and the full-size
            // frame still held may show what the analysis size averaged away.
            if settings.fillsGapsAtFullSize, tracks[i].confirmed, tracks[i].misses == 0, tracks[i].points.count >= 2,
               tracks[i].points[tracks[i].points.count - 1].frame - tracks[i].points[tracks[i].points.count - 2].frame > 1 {
                let before = tracks[i].points.count
                fillGaps(&tracks[i], from: before - 1, largestResidual: settings.largestConfirmingFillResidual, search: search)
                if tracks[i].points.count > before { tracks[i].historyRevised = true }
            }
            if tracks[i].confirmed, tracks[i].misses == 0, let gap = recentGapAmongFirstPoints(tracks[i]) {
                let before = tracks[i].points.count
                fillGaps(&tracks[i], from: gap, through: min(before, settings.trajectoryLength) - 1,
                         largestResidual: settings.largestConfirmingFillResidual, search: search)
                if tracks[i].points.count > before { tracks[i].historyRevised = true }
            }
            let firstFrame = tracks[i].points[0].frame
            // A confirmed flight's first point is measured again once, against later frames.
            if settings.remeasuresFirstPoint, tracks[i].confirmed, tracks[i].remeasuredFirstFrame != tracks[i].points[0].frame {
                tracks[i].remeasuredFirstFrame = tracks[i].points[0].frame
                if remeasureFirstPoint(&tracks[i], search: search) { tracks[i].historyRevised = true }
                if dropDarkLaunchPoint(&tracks[i], search: search) { tracks[i].historyRevised = true }
                if remeasureStreakPoints(&tracks[i], search: search) { tracks[i].historyRevised = true }
                if dropPointsBeforeLaunch(&tracks[i], search: search) { tracks[i].historyRevised = true }
                if placeRestingLaunchPoint(&tracks[i], search: search) { tracks[i].historyRevised = true }
                if dropAcceleratingStart(&tracks[i]) > 0 {
                    tracks[i].historyRevised = true
                } else if dropEarlyCopy(&tracks[i], search: search) {
                    tracks[i].historyRevised = true
                }
                if pullFaintStartOntoFlight(&tracks[i]) { tracks[i].historyRevised = true }
            }
            if !confirmedBefore, verdicts[i] != nil, passesOnlyWithDroppedStart(tracks[i], firstFrame: firstFrame) {
                tracks[i].confirmed = false
                // Confirmed later, it revises its start again, as any newly confirmed flight does.
                tracks[i].remeasuredFirstFrame = nil
            }
            // A revised history is reported even when the track holds no more points than
            // before (a sibling's takeover may leave it shorter).
            if tracks[i].confirmed {
                let reportable = tracks[i].reportablePoints.count
                if reportable > tracks[i].reportedCount || tracks[i].historyRevised {
                    tracks[i].reportedCount = reportable
                    report.append(i)
                }
            }
        }
        removeDuplicates(&report)
        return report
    }

    /// Releases every confirmed track's held-back points as far as they keep to its path (the
    /// video ended: nothing more will show whether they were its object;
    /// ``endOfReleasedRun(_:)``), drops the rest, and returns the indices in ``tracks`` of
    /// those that released any, to be reported.
    mutating func releaseHeldBackPoints() -> [Int] {
        var released: [Int] = []
        for i in tracks.indices where tracks[i].confirmed && tracks[i].heldBackFrom != nil {
            let end = endOfReleasedRun(tracks[i])
            guard let from = tracks[i].heldBackFrom, end > 0, tracks[i].points[end - 1].frame >= from else { continue }
            tracks[i].points.removeSubrange(end...)
            tracks[i].lastFrame = tracks[i].points[end - 1].frame
            tracks[i].heldBackFrom = nil
            tracks[i].historyRevised = true
            tracks[i].reportedCount = tracks[i].points.count
            released.append(i)
        }
        return released
    }

    /// Gives a young track whose window passes as a flight (at any speed: the flight it
    /// continues vouches for it), and that continues the path of a confirmed track which lost
    /// its object (still coasting or lately ended), to that older track: one flight keeps one
    /// uuid across the frames where its ball could not be seen. A launch lost before it was
    /// confirmed is taken up the same way when the two together pass as one flight.
    /// Returns the indices of young tracks held back from confirmation this frame: siblings of a
    /// confirmed track that still follows its object better.
    /// Also returns the verdict each young track it judged received (by index), so that
    /// confirmation need not judge the same window again.
    private mutating func resumeInterruptedTracks(search: (LocalSearch) -> BallCandidate?) -> (heldBack: Set<Int>, verdicts: [Verdict?]) {
        var drop = [Bool](repeating: false, count: tracks.count)
        var heldBack = Set<Int>()
        var verdicts = [Verdict?](repeating: nil, count: tracks.count)
        // Only then is a slow track's window worth judging a second time.
        let flightLost = ended.contains { $0.confirmed } || tracks.contains { $0.confirmed && $0.lastFrame < frame }
        for i in tracks.indices where tracks[i].lastFrame == frame && !tracks[i].confirmed && !tracks[i].rejected
            && tracks[i].points.count >= settings.trajectoryLength {
            // A track that takes up a known flight where it lost its ball need not be as quick
            // as a ball just struck: the flight it continues is the evidence (a ball receding
            // down the line has slowed to a few pixels a frame by the time x264 drops it).
            let young = tracks[i]
            let verdict = judge(young)
            verdicts[i] = verdict
            let quick = verdict == .trajectory
            let launchLost = !quick && ended.contains { !$0.confirmed && isAhead(young, of: $0) }
            guard quick || ((flightLost || launchLost) && judge(young, launchSpeed: 0) == .trajectory) else { continue }
            if let j = tracks.indices.first(where: { j in
                j != i && !drop[j] && tracks[j].confirmed && tracks[j].lastFrame < frame && continues(tracks[j], with: young)
            }) {
                tracks[i] = resumed(tracks[j], with: young)
                verdicts[i] = nil
                drop[j] = true
            } else if let j = quick ? tracks.indices.first(where: { j in
                j != i && !drop[j] && tracks[j].confirmed && grewOut(of: tracks[j], young)
            }) : nil {
                // A sibling hypothesis of the same ball, grown from the confirmed track's points.
                // While the confirmed track follows the object as well, the sibling waits (it
                // would be a second report of one ball); once that track has lost the ball (its
                // prediction overshot a ball that slowed, or it strayed onto a bird), the flight
                // goes on along the sibling under the confirmed track's uuid. Lost: missing its
                // object for two frames, or, where it took a point this frame, fitting worse or
                // having points in fewer of the recent frames (coasting from speck to speck
                // while the sibling sees the ball every frame).
                let old = tracks[j]
                let lost = old.lastFrame == frame
                    ? recentResidual(old) > recentResidual(young) || recentSupport(old) < recentSupport(young)
                    : old.misses >= settings.siblingTakeoverMisses
                if !lost {
                    heldBack.insert(i)
                    continue
                }
                // The confirmed track's own history up to the last point both share (what was
                // reported, and what its predictions were good with), then the sibling's.
                var track = tracks[j]
                let split = young.points.last(where: { onPoints(of: tracks[j], $0) })?.frame ?? young.points[0].frame
                track.points = tracks[j].points.filter { $0.frame <= split } + young.points.filter { $0.frame > split }
                track.historyRevised = true
                // The sibling was judged a flight on its own points: nothing of it is in doubt.
                track.heldBackFrom = nil
                track.misses = 0
                track.lastFrame = young.lastFrame
                tracks[i] = track
                verdicts[i] = nil
                drop[j] = true
            } else if let k = resumable(by: young) {
                let whole = resumed(ended[k], with: young)
                if ended[k].confirmed {
                    tracks[i] = whole
                    verdicts[i] = nil
                    ended.remove(at: k)
                } else if judge(whole, window: whole.points.count) == .trajectory {
                    // A launch lost before it was confirmed: launch and young track together
                    // must look like one flight.
                    tracks[i] = takeUpLostLaunch(k, as: whole)
                    verdicts[i] = .trajectory
                }
            }
        }
        // A young track too short to be judged alone that continues a launch lost before its
        // tenth point: where the two together hold a window and pass as one flight, the flight
        // goes on now, not once the young track holds a window of its own (960x540
        // dtl-clean-1: x264 erased the ball for two frames after eight, and the flight was
        // reported 21 frames after the launch).
        if ended.contains(where: { !$0.confirmed }) {
            // Whether a lost launch passes as a flight on its own, judged once a frame: every
            // two-point hypothesis that continues it asks.
            var passesAlone: [UUID: Bool] = [:]
            // Which launches no confirmed flight follows, worked out for each the first time a
            // young track continues it, kept for the dozens of others that ask, and forgotten
            // after each take-up.
            var unfollowed: UnfollowedLaunches? = nil
            for i in tracks.indices where tracks[i].lastFrame == frame && !tracks[i].confirmed && !tracks[i].rejected
                && tracks[i].points.count >= settings.lostLaunchResumingPoints - 1 && tracks[i].points.count < settings.trajectoryLength {
                if unfollowed == nil { unfollowed = unfollowedLaunches() }
                // (Read out first: handed over straight from the array, it cost a copy of the whole tracker.)
                let young = tracks[i]
                guard let k = lostLaunch(continuedBy: young, unfollowed: unfollowed) else { continue }
                // Two points will do where the launch passed every test of a flight on its own
                // (1280x720 25 fps dtl-noise-jitter-1: eight points, x264 erased the ball for two
                // frames and again after the young track's second; reported 13 -> 11 frames in).
                // Not where it did not: a bird gliding level, lost and taken up by two points
                // further on, was reported as a shot (unseen 640x360 dtl-everything-4).
                if tracks[i].points.count < settings.lostLaunchResumingPoints {
                    let launch = ended[k]
                    let alone = passesAlone[launch.uuid] ?? (judge(launch, window: launch.points.count) == .trajectory)
                    passesAlone[launch.uuid] = alone
                    guard alone else { continue }
                }
                var whole = resumed(ended[k], with: tracks[i])
                let own = whole
                // The frames between the two may still show the ball to a search where the
                // flight on both sides puts it (x264 left it at contrast 3-9 after a 640x360
                // 30 fps launch): counted, they spare the wait for the young track's own points
                // (unseen dtl-clean-4 and -6 reported 13 and 14 frames after the launch -> 10
                // and 12). The window must pass as a flight both with them and on the two
                // tracks' own points alone: judged only with them, an object diving through
                // 1280x720 60 fps dtl-noise-jitter seed 8's sky passed; judged only without them,
                // a bird at 640x360 120 fps (dtl-birds-walkers-no-shot seed 2) and a stray
                // second flight at 1920x1080 60 fps (dtl-everything seed 4) did.
                // So the own points are judged first, and the frames searched only where they
                // pass: every young hypothesis on a lost launch's path asks every frame, and
                // searching for all of them took three quarters of detection's time on the
                // 800x450 60 fps speed clip (dtl-everything seed 1: 147 fps; 745 now), for the
                // same outcome.
                if whole.points.count < settings.trajectoryLength {
                    guard whole.lastFrame - whole.points[0].frame >= settings.trajectoryLength - 1,
                          judge(own, window: own.points.count) == .trajectory else { continue }
                    fillGaps(&whole, search: search)
                }
                guard holdsResumedWindow(whole),
                      judge(whole, window: whole.points.count) == .trajectory else { continue }
                tracks[i] = takeUpLostLaunch(k, as: whole)
                verdicts[i] = .trajectory
                unfollowed = nil
            }
        }
        guard drop.contains(true) else { return (heldBack, verdicts) }
        // Indices shift as dropped tracks go.
        let kept = tracks.indices.filter { !drop[$0] }
        tracks = kept.map { tracks[$0] }
        return (Set(kept.enumerated().filter { heldBack.contains($0.element) }.map(\.offset)), kept.map { verdicts[$0] })
    }

    /// Takes ended lost launch `k` off ``ended`` for `whole`, the flight it makes with the young
    /// track that took it up, and returns that flight under the uuid of the confirmed flight
    /// that ended after following the same launch (``retraces(_:_:)``), if one did: that flight
    /// strayed off the ball (x264's copies of a slow far ball held it where the ball had been)
    /// and is taken off ``ended`` too, its reported points revised to the launch's and the
    /// young track's. Since a 120 fps launch's steps are judged per 60 fps interval
    /// (``TrackerSettings/lostLaunchStep``) a sibling of the flight is kept as a lost launch,
    /// and without this the ball went on as a second flight (640x360 120 fps dtl-everything-2
    /// crf 18: two trajectories).
    private mutating func takeUpLostLaunch(_ k: Int, as whole: Track) -> Track {
        var flight = whole
        let launch = ended.remove(at: k)
        if let m = ended.indices.first(where: { ended[$0].confirmed && retraces(launch, ended[$0]) }) {
            let strayed = ended.remove(at: m)
            flight.uuid = strayed.uuid
            flight.reportedCount = strayed.reportedCount
            flight.historyRevised = true
        }
        return flight
    }

    /// Whether `track`, confirmed this frame on its own points (judged whole where it took up a
    /// launch lost before its confirmation), lost its first points to the revisions of its
    /// start (it began at `firstFrame` when judged; they took them for something else before
    /// the object: the club head before the launch, a speck its hypothesis started from) and
    /// passes as a flight without them neither whole nor over its latest window. The verdict rested on those points: a bright object moving fast beside
    /// the golfer, then a bird gliding on from where it was, passed only by that start (unseen
    /// 1280x720 120 fps dtl-birds-walkers-no-shot-24); a chain of specks across the sky that
    /// slowed to a stop the same (unseen 1920x1080 dtl-everything-21).
    func passesOnlyWithDroppedStart(_ track: Track, firstFrame: Int) -> Bool {
        track.confirmed && track.points[0].frame > firstFrame
            && judge(track, window: track.points.count) != .trajectory && judge(track) != .trajectory
    }

    /// Whether a confirmed flight's first point lies at its second's place, within
    /// ``TrackerSettings/earlyCopyShare`` of the next step, while that step is
    /// ``TrackerSettings/earlyCopyNextStep`` pixels or more: x264 shows a fast ball's next
    /// image faintly a frame early (a B-frame predicted from the frame after), and a young track
    /// that took it began 8 px from the ball and was never traced back past it (640x360 60 fps
    /// dtl-noise-jitter-6: its launch frames, at contrast 15-52, went unreported).
    func startsWithEarlyCopy(_ track: Track) -> Bool {
        guard track.points.count >= 3 else { return false }
        let a = track.points[0], b = track.points[1], c = track.points[2]
        guard b.frame == a.frame + 1, c.frame == b.frame + 1 else { return false }
        let next = Self.distance(b, c)
        return next >= settings.earlyCopyNextStep && Self.distance(a, b) <= settings.earlyCopyShare * next
    }

    /// Drops a confirmed flight's first point where it is x264's early copy of its second
    /// (``startsWithEarlyCopy(_:)``) and looks back again from the ball's own first point: from
    /// the copy the flight seemed to stand still, and the frames before were not found. Returns
    /// whether the point was dropped.
    func dropEarlyCopy(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        guard startsWithEarlyCopy(track) else { return false }
        track.points.removeFirst()
        extendBackwards(&track, search: search)
        return true
    }

    /// Whether a confirmed flight's first step is much shorter than its second, or than the
    /// median of its next ``TrackerSettings/acceleratingStartSteps``, that one fast
    /// (``TrackerSettings/launchStep`` or more a frame): a struck ball only slows, so such a
    /// first point is something else that lay behind the ball on its line, mostly the club head
    /// coming through the tee the frame before the launch (1280x720 120 fps dtl-everything-3:
    /// 20 px below the tee, then a 36 px step). The median, not the fastest: a slow far ball's
    /// steps vary by a pixel or two of centring, and the fastest of three took a sky flight's
    /// true first point off (640x360 sky-birds-clouds-1: 6.0 px, then 8.1, 5.4 and 8.6). Also
    /// where the second step falls as far short of a third of at least
    /// ``TrackerSettings/acceleratingThirdStep``: two such points before the ball. Asked again of
    /// each new first point: up to ``TrackerSettings/acceleratingStartLongestRun`` go at once.
    func startsAccelerating(_ track: Track) -> Bool {
        guard track.points.count >= 3 else { return false }
        let first = Self.speed(from: track.points[0], to: track.points[1])
        let second = Self.speed(from: track.points[1], to: track.points[2])
        if second >= settings.launchStep && first < settings.acceleratingStartRatio * second { return true }
        // A run of two such points: the second step much shorter than a fast third.
        if track.points.count >= 4 {
            let third = Self.speed(from: track.points[2], to: track.points[3])
            if third >= settings.acceleratingThirdStep && second < settings.acceleratingStartRatio * third { return true }
        }
        let steps = (1..<min(1 + settings.acceleratingStartSteps, track.points.count - 1))
            .map { Self.speed(from: track.points[$0], to: track.points[$0 + 1]) }.sorted()
        let median = steps[steps.count / 2]
        return median >= settings.launchStep && first < settings.acceleratingStartRatio * median
    }

    /// Drops a confirmed flight's leading points while it starts accelerating
    /// (``startsAccelerating(_:)``), at most ``TrackerSettings/acceleratingStartLongestRun``
    /// of them, and returns how many went.
    func dropAcceleratingStart(_ track: inout Track) -> Int {
        var dropped = 0
        while dropped < settings.acceleratingStartLongestRun, startsAccelerating(track) {
            track.points.removeFirst()
            dropped += 1
        }
        return dropped
    }

    /// Confirms the young track `tracks[i]` by the tee it left where it is due a look
    /// (``isDueTeeLook(_:)``, ``confirmedByTee(_:search:)``).
    private mutating func confirmByTee(_ i: Int, search: (LocalSearch) -> BallCandidate?) {
        guard isDueTeeLook(tracks[i]) else { return }
        let n = tracks[i].points.count
        tracks[i].teeSoughtAt = n
        // Branches of one hypothesis share its first point and seek the same tee: once will do.
        let first = tracks[i].points[0]
        let key = TeeSearch(frame: first.frame, x: Int(first.x.rounded()), y: Int(first.y.rounded()), points: n)
        guard teeSearches.insert(key).inserted else { return }
        if teeSearches.count > 1024 { teeSearches = teeSearches.filter { frame - $0.frame < 2 * recentFrames.count } }
        if let confirmed = confirmedByTee(tracks[i], search: search) { tracks[i] = confirmed }
    }

    /// The free candidates an unconfirmed `track` may branch to, best (lowest cost) first.
    private func branchOptions(_ track: Track, prediction: Prediction?, grid: CandidateGrid, candidates: [BallCandidate],
                               taken: [Bool], t: Double) -> [(Int, Double)] {
        var options: [(Int, Double)] = []
        grid.forEach(near: prediction, last: track.points[track.points.count - 1], reach: reach(track, prediction, t: t)) { ci in
            guard !taken[ci] else { return }
            if let cost = matchCost(track, prediction, candidates[ci], t: t) { options.append((ci, cost)) }
        }
        if track.points.count == 1 {
            // A lone point has no motion to predict from, so distance alone would prefer
            // the nearest speck of noise to a fast ball's next image: rank its branches
            // by how alike the two blobs look as well.
            let last = track.points[0]
            options = options.map { ($0.0, $0.1 + Self.dissimilarity(last, candidates[$0.0])) }
        }
        options.sort { $0.1 < $1.1 }
        return options
    }

    /// How far from the last point a matching candidate can be.
    private func reach(_ track: Track, _ prediction: Prediction?, t: Double) -> Double {
        guard let prediction else { return settings.maxSpeed * (t - track.points[track.points.count - 1].t) }
        return prediction.reach
    }

    /// Unconfirmed hypotheses that end on the same two points as a longer one (or on a
    /// confirmed track's latest point) describe the same object: keep only the best. But a
    /// hypothesis of what was judged never a ball that skipped frames another saw at a
    /// launch's pace has jumped onto that one's object (``seesMoreFrames(_:than:)``): both stay.
    private mutating func removeSharedHypotheses() {
        struct Key: Equatable {
            var f1: Int; var x1: Double; var y1: Double; var f2: Int; var x2: Double; var y2: Double
            var mixed: UInt64 {
                var digest = Digest()
                digest.mix(f1); digest.mix(x1); digest.mix(y1); digest.mix(f2); digest.mix(x2); digest.mix(y2)
                return digest.value
            }
        }
        // (By index throughout: this runs over every hypothesis on every frame, and a copy of
        // a track retains its points.)
        func key(_ i: Int, _ depth: Int) -> Key? {
            let n = tracks[i].points.count
            guard n >= depth else { return nil }
            let a = tracks[i].points[n - 1]
            let b = depth == 2 ? tracks[i].points[n - 2] : a
            return Key(f1: a.frame, x1: a.x, y1: a.y, f2: b.frame, x2: b.x, y2: b.y)
        }
        // Few confirmed tracks: a list. The best hypothesis per two last points: a table of
        // track indices.
        let confirmedEnds = tracks.indices.compactMap { tracks[$0].confirmed ? key($0, 1) : nil }
        var best = PremixedTable<Key, Int>(capacity: tracks.count)
        var keep = [Bool](repeating: true, count: tracks.count)
        // A hypothesis that keeps winning meets every rival on its two points: fit it once.
        var fits = [(count: Int, rms: Double)](repeating: (0, 0), count: tracks.count)
        func rms(_ i: Int, _ count: Int) -> Double {
            if fits[i].count != count { fits[i] = (count, Self.fitTime(tracks[i].points.suffix(count)).rms) }
            return fits[i].rms
        }
        let (trajectoryLength, crowdedActivity) = (settings.trajectoryLength, settings.crowdedActivity)
        for i in tracks.indices where !tracks[i].confirmed {
            if let k = key(i, 1), tracks[i].misses == 0, confirmedEnds.contains(k) { keep[i] = false; continue }
            guard let k = key(i, 2) else { continue }
            let hash = k.mixed
            if let entry = best.index(of: k, hash: hash) {
                let j = best[entry]
                if tracks[i].rejected != tracks[j].rejected {
                    // The one not rejected goes on facing the rest.
                    let (open, rejected) = tracks[i].rejected ? (j, i) : (i, j)
                    if seesMoreFrames(tracks[open], than: tracks[rejected]) {
                        best[entry] = open
                        continue
                    }
                }
                if Self.isBetterHypothesis(tracks[i], than: tracks[j], trajectoryLength: trajectoryLength,
                                           crowdedActivity: crowdedActivity, rms: { rms($0 ? i : j, $1) }) {
                    keep[j] = false
                    best[entry] = i
                } else {
                    keep[i] = false
                }
            } else {
                best.insert(k, hash: hash, value: i)
            }
        }
        tracks.removeAll(keeping: keep)
    }

    /// Whether `track`, over as many of its latest points as `other` has (up to a window),
    /// moved as fast as a launch (``TrackerSettings/minimumConfirmSpeed``) and saw its object
    /// in ``TrackerSettings/jumpSkippedFrames`` or more frames that `other`'s latest points
    /// skip.
    ///
    /// A hypothesis rejected on something slow beside the golfer (a hand, the head, both
    /// moving a pixel a frame through the swing) may jump onto the ball as it leaves, a few
    /// frames after the launch, and follow it from there. Longer, it outranked the ball's own
    /// hypotheses, which share its latest points, and as rejected it is never reported: the
    /// ball was found nowhere (640x360 30 fps dtl-floodlights-8 of 8 s: a hypothesis on the
    /// golfer since frame 12, creeping 0.5 px a frame, jumped 30 px over frames 38 and 39
    /// onto the ball; the ball's own hypothesis, frames 38-41 at 11-16 px a frame, then lost
    /// to it every frame). The rejected one stays too: it still holds what it followed (a
    /// bird, a walker) for as long as its latest points are that. Only at a launch's pace:
    /// without that test 480x270 60 fps dtl-everything-6 went 0.905 -> found nowhere (in an
    /// earlier form, chains of noise specks creeping under a pixel a frame, denser than the
    /// gappy rejected hypotheses beside them, were kept by the same rule).
    func seesMoreFrames(_ track: Track, than other: Track) -> Bool {
        let k = min(track.points.count, other.points.count, settings.trajectoryLength)
        guard k >= 4 else { return false }
        let first = track.points[track.points.count - k], last = track.points[track.points.count - 1]
        guard Self.distance(first, last) >= settings.minimumConfirmSpeed * (last.t - first.t) else { return false }
        let skipped = Self.framesSpanned(by: other, latest: k) - Self.framesSpanned(by: track, latest: k)
        return skipped >= settings.jumpSkippedFrames
    }

    /// Frames from the first to the last of `track`'s latest `count` points.
    static func framesSpanned(by track: Track, latest count: Int) -> Int {
        track.points[track.points.count - 1].frame - track.points[track.points.count - count].frame
    }

    /// Keeps at most ``TrackerSettings/maxTracks`` hypotheses: every confirmed track, then the
    /// most promising. Promise is how far the points beat chance (``Track/chanceEvidence``, up to
    /// `trajectoryLength`: ``promise(of:typicalContrast:)``) plus how far the latest points
    /// stand above the frame's typical candidate: in noisy footage chains of noise specks
    /// would otherwise fill every place, and a clear ball that has just appeared (one point,
    /// far stronger than the noise) would be the first thing dropped. The bonus reaches six
    /// points (``TrackerSettings/strongestPromise``: a ball four times the typical contrast):
    /// in shaken, noisy video hundreds of chains of specks five to nine points long fill the
    /// places, and a ball already slowing down the line, clear as it is, must outrank them. A
    /// frame that crowded also keeps, beyond the places, the young hypotheses on its strongest
    /// candidates (``TrackerSettings/strongYoungPlaces``): a ball just struck, one point long.
    /// So does any frame before a flight is confirmed, for young hypotheses wholly outside
    /// moving regions: the club's and the golfer's swing fill the places with their chains
    /// (``isCalm(_:)``).
    private mutating func pruneHypotheses(_ candidates: [BallCandidate]) {
        guard tracks.count > settings.maxTracks else { return }
        let contrasts = candidates.map(\.peakContrast).sorted()
        let typical = Self.typicalContrast(sorted: contrasts)
        let promise = tracks.map { self.promise(of: $0, typicalContrast: typical) }
        let order = tracks.indices.sorted { promise[$0] > promise[$1] }
        let crowded = candidates.count >= settings.crowdedFrameCandidates
        // Once a flight is confirmed its siblings carry it where it misses the ball, and young
        // hypotheses on the slowing ball, smoother than they are, must not take their places
        // (``TrackerSettings/crowdedFrameCandidates``).
        let beforeFlight = !crowded && !tracks.contains { $0.confirmed }
        // A frame without candidates has no strong ones (and no typical one to rank by).
        guard settings.strongYoungPlaces > 0, !contrasts.isEmpty, crowded || beforeFlight else {
            tracks = order.prefix(settings.maxTracks).map { tracks[$0] }
            return
        }
        // In a frame crowded with specks, the most promising young hypotheses on its strongest
        // candidates keep their places even where promise alone would drop them (beyond the
        // pool's size, so that no other hypothesis loses its place to them).
        let strong = contrasts[max(contrasts.count - settings.strongCandidateRank, 0)]
        var assured = [Bool](repeating: false, count: tracks.count)
        var count = 0
        for i in order where count < settings.strongYoungPlaces && isStrongYoung(tracks[i], strong: strong)
            && (crowded || isCalm(tracks[i])) {
            assured[i] = true
            count += 1
        }
        let kept = order.prefix(settings.maxTracks) + order.dropFirst(settings.maxTracks).filter { assured[$0] }
        tracks = kept.map { tracks[$0] }
    }

    /// The contrast of a frame's typical candidate (the median of `sorted`, at least 1).
    static func typicalContrast(sorted contrasts: [Int]) -> Double {
        Double(max(contrasts.isEmpty ? 1 : contrasts[contrasts.count / 2], 1))
    }

    /// How promising a hypothesis is (``pruneHypotheses(_:)``): its length up to
    /// `trajectoryLength` (where ``TrackerSettings/promiseCountsChanceEvidence``, one for its
    /// first point and its ``Track/chanceEvidence`` for the rest, up to its length), two points for each
    /// multiple its latest points' contrast stands above `typicalContrast` (up to
    /// ``TrackerSettings/strongestPromise``), less half a point for each frame it has missed.
    /// Infinite for a confirmed track.
    func promise(of track: Track, typicalContrast typical: Double) -> Double {
        if track.confirmed { return .infinity }
        let recent = track.points.suffix(3)
        let contrast = Double(recent.reduce(0) { $0 + $1.contrast }) / Double(recent.count)
        let strength = min(max(contrast / typical - 1, 0), settings.strongestPromise)
        // Evidence only discounts a chain of chance: a speck that stays put under shake lands on
        // its prediction every frame, and counted by evidence alone its hypotheses outranked
        // a ball's.
        let points = Double(track.pointCount)
        let length = settings.promiseCountsChanceEvidence ? min(1 + max(track.chanceEvidence, 0), points) : points
        return min(length, Double(settings.trajectoryLength)) + 2 * strength - 0.5 * Double(track.misses)
    }

    /// Whether `track` is an unconfirmed hypothesis of at most
    /// ``TrackerSettings/strongYoungPoints`` points, extended this frame, whose latest points
    /// (up to three) all have contrast `strong` or more.
    private func isStrongYoung(_ track: Track, strong: Int) -> Bool {
        !track.confirmed && track.pointCount <= settings.strongYoungPoints && track.lastFrame == frame
            && track.points.suffix(3).allSatisfy { $0.contrast >= strong }
    }

    /// Whether analysed frame `f`, still among ``recentFrames``, held fewer candidates than
    /// ``TrackerSettings/loneWaitCandidateLimit``.
    private func isQuiet(_ f: Int) -> Bool {
        let entry = recentFrames[f % recentFrames.count]
        return entry.frame == f && entry.candidates < settings.loneWaitCandidateLimit
    }

    /// Whether every point of `track` lies outside moving regions (activity at most
    /// ``TrackerSettings/crowdedActivity``). Before a flight is confirmed, the club's and the
    /// golfer's swing start hundreds of chains among a few dozen candidates, each as strong as a
    /// ball, and the ball's first hypotheses in the sky lost their places to them in every frame
    /// (640x360 30 fps dtl-club-walkers seed 1: found nowhere; dtl-clean seed 8: five points missed
    /// and reported 14 frames in).
    private func isCalm(_ track: Track) -> Bool {
        track.points.allSatisfy { $0.activity <= settings.crowdedActivity }
    }

    /// How unlike a track's point a candidate looks (contrast, size, polarity), 0 for the same.
    static func dissimilarity(_ p: TrackPoint, _ c: BallCandidate) -> Double {
        let contrast = min(abs(log(Double(max(c.peakContrast, 1)) / Double(max(p.contrast, 1)))) / log(4.0), 1)
        let size = min(abs(log(max(c.radius, 0.5) / max(p.radius, 0.5))) / log(3.0), 1)
        return 0.6 * contrast + 0.4 * size + (c.polarity == p.polarity || crossesBackground(p, c) ? 0 : 0.5)
    }

    /// Whether an object brighter than the background at `p` and darker at `c` (or the other
    /// way round) can be the same object of one luma: a ball rising from the ground into a
    /// brighter sky. It keeps its own luma, so the background must have changed by at least
    /// both contrasts together, in the direction that turns the sign (the measured contrasts,
    /// blurred at the analysis size, fall short of the true ones, never above).
    static func crossesBackground(_ p: TrackPoint, _ c: BallCandidate) -> Bool {
        guard let before = p.background, let after = c.background, p.polarity != c.polarity else { return false }
        let rise = Double(after - before) * Double(p.polarity)
        return rise >= Double(p.contrast + c.peakContrast)
    }

    /// Of two hypotheses ending on the same two points, whether `a` is the one to keep: the
    /// smoother over the points both have had since; of two as long, the one whose points span
    /// at least two frames fewer (it skipped fewer), else the one whose first step skipped no
    /// frame, else the one with fewer points in moving regions; else the longer. Length alone
    /// would let a long chain of noise that happened onto the ball replace the ball's own short,
    /// clean hypothesis, and its noisy history then bends every later prediction away from the
    /// ball.
    /// `rms(first, k)` is the time fit's residual over the last `k` points of `a` (first) or `b`.
    /// (Static, with the two settings it reads: it is asked of every pair of rivals on every frame.)
    static func isBetterHypothesis(_ a: Track, than b: Track, trajectoryLength: Int, crowdedActivity: Int,
                                   rms: (Bool, Int) -> Double) -> Bool {
        let k = min(a.pointCount, b.pointCount, trajectoryLength)
        if k >= 4 {
            let ra = rms(true, k), rb = rms(false, k)
            // Only a clear difference counts: two hypotheses of the ball differ by a pixel's
            // rounding, noise that happened onto it by far more.
            if ra + 0.5 < rb && 2 * ra < rb { return true }
            if rb + 0.5 < ra && 2 * rb < ra { return false }
        }
        // Alike in fit and length, a ball flies in the open: the hypothesis with fewer points
        // among other motion has not taken the club or the golfer for it (at 30 fps a ball
        // crossing the horizon beside the golfer's head was started from the head, and its
        // look back then took a streak 55 px off the flight for its launch).
        if a.pointCount == b.pointCount {
            // Alike in fit and length, the one that skipped fewer frames: a ball is seen frame
            // after frame, while a chain of specks that happened onto it took what it found
            // (1920x1080 25 fps dtl-noise-jitter-3: reported 13 -> 9 frames in). By two frames
            // or more: one frame's difference also decided between two hypotheses of one faint
            // ball, and 1280x720 30 fps dtl-everything-3 was reported two frames later.
            let j = min(k, a.points.count, b.points.count)
            let spanA = framesSpanned(by: a, latest: j), spanB = framesSpanned(by: b, latest: j)
            if abs(spanA - spanB) >= 2 { return spanA < spanB }
            // Else, of two whose whole histories are known, the one whose first step skipped no
            // frame: the other is a lone point that waited (``TrackerSettings/loneWaitCandidateLimit``)
            // and then took up the points of a hypothesis seen frame after frame, and its
            // prediction, bent by the missed frame, lost the ball's next point (960x540 30 fps
            // dtl-clean-1: the launch [27, 28, 29] gave way to [26, 28, 29], which missed the
            // ball at 30; reported 11 -> 21 frames in).
            if a.trimmedPoints == 0, b.trimmedPoints == 0, a.points.count >= 2, b.points.count >= 2 {
                let skippedA = a.points[1].frame - a.points[0].frame > 1, skippedB = b.points[1].frame - b.points[0].frame > 1
                if skippedA != skippedB { return skippedB }
            }
            let crowded = { (p: TrackPoint) in !p.foundByLocalSearch && p.activity > crowdedActivity }
            let crowdedA = a.points.suffix(k).reduce(0) { $0 + (crowded($1) ? 1 : 0) }
            let crowdedB = b.points.suffix(k).reduce(0) { $0 + (crowded($1) ? 1 : 0) }
            if crowdedA != crowdedB { return crowdedA < crowdedB }
        }
        return a.pointCount > b.pointCount
    }

    /// A copy of `track` for a branch of its own, which appending to will copy its points: of a
    /// rejected hypothesis, only its latest points, enough for every window read of it
    /// (``TrackerSettings/rejectedHistory``; its count stays in ``Track/pointCount``). Birds
    /// and walkers followed for hundreds of frames made nine tenths of all the points copied.
    func branchingCopy(of track: Track) -> Track {
        let keep = settings.rejectedHistory
        guard track.rejected, track.points.count > keep else { return track }
        var copy = track
        copy.trimmedPoints += track.points.count - keep
        // Room for the point the branch is made for, so that appending it does not copy again.
        copy.points = []
        copy.points.reserveCapacity(keep + 1)
        copy.points.append(contentsOf: track.points.suffix(keep))
        return copy
    }

    func point(_ c: BallCandidate, time: MediaTime, t: Double) -> TrackPoint {
        TrackPoint(c, time: time, t: t, frame: frame)
    }

    /// Two confirmed tracks ending on the same candidate are one object: keep the longer.
    private mutating func removeDuplicates(_ report: inout [Int]) {
        guard report.count > 1 else { return }
        var keep: [Int] = []
        for i in report {
            let p = tracks[i].points.last!
            if let j = keep.firstIndex(where: { k in
                let q = tracks[k].points.last!
                return q.x == p.x && q.y == p.y
            }) {
                if tracks[i].points.count > tracks[keep[j]].points.count { keep[j] = i }
            } else {
                keep.append(i)
            }
        }
        report = keep
    }
}
