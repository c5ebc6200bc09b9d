import MediaKitLinux

/// Where a track that found no candidate looks for its object itself: young tracks in the full-size
/// frame or along a streak, confirmed flights near their prediction.
extension BallTracker {
    /// Step 2b of ``update(_:frameNumber:time:t:search:)``: each young track with at least two
    /// points, at most ``TrackerSettings/youngFullSizeMaximumMisses`` frames since its last and
    /// `unmatched` now (no candidate near it), asks the full-size frame within
    /// ``TrackerSettings/youngFullSizeMaximumGate`` of where it predicts its object, the most
    /// promising ``TrackerSettings/youngFullSizeSearches`` first. A far ball in a 1920x1080 or larger
    /// video shows among the analysis frame's candidates one frame in three or four; its young
    /// track, reaching each next frame this way, gathers a window where it would otherwise end.
    /// A find among other motion (the changed pixels around it in the analysis frame) is left:
    /// the club head swinging round against the sky would be followed as well as the ball. So
    /// is one short of ``TrackerSettings/youngFullSizeMinimumPace``: a struck ball keeps its
    /// pace, a walker that a chance pair of specks seemed to launch does not.
    /// Where the full-size frame shows no dot either, a track of at least
    /// ``TrackerSettings/youngStreakMinimumPoints`` looks for a faint streak along its predicted
    /// motion in the analysis frame (``DetectionPipeline/streakCandidate(_:motion:region:)``).
    func searchYoungTracksAtFullSize(unmatched: [Bool], predictions: [Prediction?], candidates: [BallCandidate],
                                     time: MediaTime, t: Double, extended: inout [Bool], next: inout [Track],
                                     search: (LocalSearch) -> BallCandidate?) {
        // By promise, as the hypotheses are kept: only a frame with more than the pool holds
        // has them in that order already. Elsewhere those that coasted came after every one that
        // moved on, and the few searches went to chance pairs of specks while a launch nine
        // points long, which x264 had erased for a frame, ended (1280x720 25 fps dtl-clean-1).
        let waiting = tracks.indices.filter { ti in
            unmatched[ti] && !tracks[ti].confirmed && tracks[ti].misses <= settings.youngFullSizeMaximumMisses
                && tracks[ti].points.count >= 2
        }
        guard !waiting.isEmpty else { return }
        let typical = Self.typicalContrast(sorted: candidates.map(\.peakContrast).sorted())
        let eligible = waiting.map { (index: $0, rejected: tracks[$0].rejected, promise: promise(of: tracks[$0], typicalContrast: typical)) }
        .sorted { a, b in
            // A hypothesis judged no flight can no longer be reported: the rest go first.
            if a.rejected != b.rejected { return !a.rejected }
            if a.promise != b.promise { return a.promise > b.promise }
            return a.index < b.index
        }
        for ti in eligible.prefix(settings.youngFullSizeSearches).map(\.index) {
            let track = tracks[ti]
            guard let prediction = predictions[ti] ?? predict(track, t: t),
                  var request = localSearch(for: track, prediction: prediction, minimumPoints: 2) else { continue }
            request.radius = min(request.radius, settings.youngFullSizeMaximumGate)
            request.fullResolutionOnly = true
            let last = track.points[track.points.count - 1]
            guard let found = search(request) ?? searchStreak(request, of: track, prediction: prediction, search: search),
                  found.neighbourhoodActivity <= settings.typicalActivity else { continue }
            let dx = found.x - request.x, dy = found.y - request.y
            guard dx * dx + dy * dy <= request.radius * request.radius else { continue }
            let step = ((found.x - last.x) * (found.x - last.x) + (found.y - last.y) * (found.y - last.y)).squareRoot()
            let expected = ((prediction.x - last.x) * (prediction.x - last.x) + (prediction.y - last.y) * (prediction.y - last.y)).squareRoot()
            guard step >= settings.youngFullSizeMinimumPace * expected else { continue }
            var branch = branchingCopy(of: track)
            var p = point(found, time: time, t: t)
            p.foundByLocalSearch = true
            branch.points.append(p)
            branch.lastFrame = frame
            next.append(branch)
            extended[ti] = true
        }
    }

    /// A young track's look for its object as a streak along its predicted motion, in the
    /// current frame: at 25 and 30 fps the shutter smears a far ball over several pixels of the
    /// full-size frame, so no one pixel of it stands out there, while its change averaged along
    /// the streak does (1280x720 25 fps dtl-everything-3: nothing found -> recall 0.971,
    /// precision 0.986; sky-clean-1 0.745 -> 1.000, reported 33 -> 19 frames in). Nil for a
    /// track too short to know its motion.
    func searchStreak(_ request: LocalSearch, of track: Track, prediction: Prediction,
                      search: (LocalSearch) -> BallCandidate?) -> BallCandidate? {
        guard track.points.count >= settings.youngStreakMinimumPoints else { return nil }
        let last = track.points[track.points.count - 1]
        let frames = Double(max(frame - last.frame, 1))
        var streak = request
        streak.fullResolutionOnly = false
        streak.frame = frame
        streak.motion = SIMD2((prediction.x - last.x) / frames, (prediction.y - last.y) / frames)
        streak.streakOnly = true
        return search(streak)
    }

    /// What a confirmed flight takes instead of `candidate`, when that is a speck beside its
    /// object: a far ball hovering near its apex moves too little to be among the frame's
    /// candidates, and a speck of noise a pixel or two off, far fainter than the flight's
    /// recent points, would take its place and bend every later prediction away from it. A
    /// local search's find is taken instead when the candidate is at most
    /// ``TrackerSettings/speckContrastRatio`` of the recent points' contrast (where the
    /// full-size frames are searched, ``TrackerSettings/fullSizeSpeckContrastRatio``) and at least
    /// ``TrackerSettings/speckOffset`` pixels from the prediction, and the find lies nearer the
    /// prediction and stands out more, and would neither stall the flight nor stop its fall
    /// (``stopsFalling(_:y:at:)``). Nil otherwise (the candidate is taken).
    func closerFind(than candidate: BallCandidate, for track: Track, prediction: Prediction?,
                    search: (LocalSearch) -> BallCandidate?) -> BallCandidate? {
        let n = track.points.count
        guard n >= settings.trajectoryLength, let prediction else { return nil }
        let recent = Double(track.points[(n - 3)...].reduce(0) { $0 + $1.contrast }) / 3
        let cx = candidate.x - prediction.x, cy = candidate.y - prediction.y
        let candidateOffset = (cx * cx + cy * cy).squareRoot()
        let ratio = settings.fillsGapsAtFullSize ? settings.fullSizeSpeckContrastRatio : settings.speckContrastRatio
        guard Double(candidate.peakContrast) <= ratio * recent, candidateOffset >= settings.speckOffset,
              let request = localSearch(for: track, prediction: prediction), let found = search(request),
              found.peakContrast > candidate.peakContrast, !found.foundByAppearance else { return nil }
        let fx = found.x - prediction.x, fy = found.y - prediction.y
        let foundOffset = (fx * fx + fy * fy).squareRoot()
        guard foundOffset < candidateOffset, foundOffset <= request.radius, !isStalled(track, adding: found),
              !stopsFalling(track, y: found.y, at: frame) else { return nil }
        return found
    }

    /// Where to look for a confirmed track's object now, and which earlier frames show the
    /// background there (the latest in which the object was clear of the prediction).
    func localSearch(for track: Track, prediction: Prediction?, minimumPoints: Int = 4) -> LocalSearch? {
        guard track.points.count >= minimumPoints, let prediction else { return nil }
        let px = prediction.x, py = prediction.y
        let last = track.points[track.points.count - 1]
        let clearance = settings.referenceClearance + last.radius
        var references: [Int] = []
        for p in track.points.reversed() {
            let dx = p.x - px, dy = p.y - py
            if dx * dx + dy * dy >= clearance * clearance && frame - p.frame >= 2 {
                references.append(p.frame)
                if references.count == 2 { break }
            }
        }
        guard !references.isEmpty else { return nil }
        let window = track.points.suffix(8)
        let polarity: Int8 = window.reduce(0) { $0 + Int($1.polarity) } >= 0 ? 1 : -1
        let relief = track.points.count >= 2 * settings.trajectoryLength && track.misses == 0 ? 1 : 0
        var request = LocalSearch(x: px, y: py, radius: prediction.gate, polarity: polarity, references: references,
                                  thresholdRelief: relief)
        request.hovering = isHovering(track)
        if request.hovering {
            let n = track.points.count, span = min(n - 1, 2 * settings.hoverWindow)
            request.drift = Self.speed(from: track.points[n - 1 - span], to: track.points[n - 1])
        }
        return request
    }
}

extension BallTracker {
    /// A confirmed flight's local search, in both signs where its ball may have crossed onto a
    /// background that turns its sign: coming down from the sky into the tree line, a ball is
    /// darker than the sky and lighter than the trees, and a search for the old sign finds only
    /// specks of noise, which bend the flight away from its ball (10 s 1920x1080 60 fps
    /// dtl-noise-jitter-51: the last 47 frames of the flight lost, recall 0.871).
    ///
    /// From ``TrackerSettings/signTurnLengths`` times `trajectoryLength` points on, the other
    /// sign is sought too, and its find taken where
    /// - the background moved, from the flight's latest places to the find's, by at least the
    ///   flight's typical contrast and the find's together, in the direction that turns the
    ///   sign (a ball keeps its own luma; ``crossesBackground(_:_:)``'s test),
    /// - it stands out at least ``TrackerSettings/signTurnStrength`` of that typical contrast
    ///   (once the ball has landed, faint changes of the other sign lie about the ground), and
    /// - more than the own sign's find, if any, and
    /// - where it turns dark, in front of something as bright as sky or cloud
    ///   (``TrackerSettings/signTurnDarkBackground``): a white ball is darker than nothing else.
    /// The search then keeps the new sign. `request` becomes the request that found the result;
    /// the flag says whether the find has the sign the flight turned to.
    func searchAcrossBackground(_ track: Track, request: inout LocalSearch,
                                search: (LocalSearch) -> BallCandidate?) -> (BallCandidate, Bool)? {
        guard let last = track.points.last else { return nil }
        if last.crossedOver { request.polarity = last.polarity }
        let own = search(request)
        guard track.points.count >= settings.signTurnLengths * settings.trajectoryLength else {
            return own.map { ($0, last.crossedOver) }
        }
        // The typical contrast: the median of the recent points of the searched sign (a mean
        // would take in a flash of the tree line beside the ball).
        let contrasts = track.points.suffix(8).filter { $0.polarity == request.polarity }.map(\.contrast).sorted()
        guard !contrasts.isEmpty else { return own.map { ($0, last.crossedOver) } }
        let typical = contrasts[contrasts.count / 2]
        var other = request
        other.polarity = -request.polarity
        // A dot by its look alone is no evidence of a crossing.
        other.byAppearance = false
        other.crossingFrom = track.points.suffix(settings.signTurnPlaces).map { SIMD2($0.x, $0.y) }
        guard let turned = search(other), let after = turned.background, let before = turned.backgroundBefore,
              (after - before) * Int(request.polarity) >= typical + turned.peakContrast,
              Double(turned.peakContrast) >= settings.signTurnStrength * Double(typical),
              turned.peakContrast > own?.peakContrast ?? 0,
              turned.polarity > 0 || after >= settings.signTurnDarkBackground else { return own.map { ($0, last.crossedOver) } }
        request = other
        return (turned, true)
    }
}
