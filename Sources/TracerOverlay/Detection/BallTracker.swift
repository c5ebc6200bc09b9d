import Foundation
import MediaKitLinux

/// One detected centre on a track, in analysis pixels.
struct TrackPoint {
    var time: MediaTime
    /// Seconds since the tracker's first frame (cheap arithmetic for fits).
    var t: Double
    var x: Double
    var y: Double
    var radius: Double
    /// Half the blob's length (a streak's half length, a bird's half wingspan).
    var halfLength: Double
    /// The blob's long axis (unit vector).
    var axisX: Double
    var axisY: Double
    var contrast: Int
    var activity: Int
    /// The analysed-frame number the point was found in.
    var frame: Int
    /// +1 brighter than the background, -1 darker.
    var polarity: Int8
    /// Found by its look in one frame rather than by a change between frames.
    var foundByAppearance = false
    /// Found by a local search at the track's prediction, not among the frame's candidates.
    var foundByLocalSearch = false
}

/// A request to look for a tracked object near where it should be, against frames in which it
/// was elsewhere, or failing that by its look in the current frame (the ways to keep a ball
/// that hangs almost still at its apex).
struct LocalSearch {
    /// Predicted centre in analysis pixels.
    var x: Double
    var y: Double
    /// How far from the prediction to look, in pixels.
    var radius: Double
    /// The polarity the object has had.
    var polarity: Int8
    /// Analysed-frame numbers of frames in which the object was well away from the prediction.
    var references: [Int]
    /// Luma steps below the frame's noise threshold a change may be and still count: a long,
    /// established flight can trust a fainter change where its model puts the ball.
    var thresholdRelief = 0
    /// The analysed frame to look in; nil for the current one (an earlier one when a confirmed
    /// flight looks back for its first frames).
    var frame: Int? = nil
    /// Whether a dot set off from its surroundings in the one frame may stand in when nothing
    /// changed enough.
    var byAppearance = true
    /// The object's predicted motion per analysed frame (pixels) when looking back at a fast
    /// flight's first frames: where no pixel changed enough, a faint streak along this motion
    /// is sought (``DetectionPipeline/streakCandidate(_:motion:region:)``).
    var motion: SIMD2<Double>? = nil
    /// Whether only such a streak counts (past a frame where the look back found nothing, the
    /// strongest changed pixel near an uncertain prediction is more often the club than the
    /// ball).
    var streakOnly = false
}

/// A hypothesis that a sequence of candidates is one object in flight.
struct Track {
    var uuid: UUID
    var points: [TrackPoint]
    /// Consecutive analysed frames without a matching candidate.
    var misses = 0
    /// Passed the trajectory tests once; from then on it is reported on every new point.
    var confirmed = false
    /// Showed the shape of something that is not a ball (beating wings, a shaft's end): never
    /// to be reported, however it moves later.
    var rejected = false
    /// Points before its newest may have changed since it was last reported (it is new, looked
    /// back, or took over or resumed another track's flight): the next report must say which.
    var historyRevised = true
    /// Points held when it was last reported.
    var reportedCount = 0
    /// Analysed-frame number of the latest point.
    var lastFrame: Int

    init(point: TrackPoint) {
        uuid = TrackIdentifier.make()
        points = [point]
        lastFrame = point.frame
    }
}

/// The tuning of the tracker, in analysis pixels and seconds.
struct TrackerSettings {
    /// Points needed (and fitted) before a track is reported: Vision's `trajectoryLength`.
    var trajectoryLength: Int
    /// Fastest image motion considered, in pixels per second.
    var maxSpeed: Double
    /// Analysed frames a confirmed track may go without a detection before it ends.
    var maxMissesConfirmed = 5
    /// Analysed frames an unconfirmed track may go without a detection.
    var maxMissesTentative = 2
    /// Largest RMS distance (pixels) of a window's points from its constant-acceleration fit.
    var fitTolerance = 1.0
    /// Smallest distance (pixels) between the first and last point of a reported window.
    var minimumTravel = 4.0
    /// Changed pixels around a candidate above which it counts as inside a moving region.
    var crowdedActivity = 40
    /// The most changed pixels around a track's typical (median) point: a ball flies in the
    /// open for most of its window, a swinging limb never does.
    var typicalActivity = 8
    /// Largest typical (median) frame-to-frame wobble of the logarithm of a blob's length, over
    /// blobs long enough to measure it (3 px): wings beating, not a ball.
    var maximumSizeRoughness = 0.06
    /// Most live hypotheses; beyond that the least promising are dropped.
    var maxTracks = 300
    /// Slowest mean image speed, in pixels per second, of the window that first confirms a
    /// track. A struck ball starts faster than birds and walkers at the same distance; once
    /// confirmed, a track may slow down (a ball nearly still at its apex) and still be followed.
    var minimumConfirmSpeed = 0.0
    /// Image motion per analysed frame (pixels) above which an established track may take a
    /// candidate of very different contrast: a ball just launched, crossing from ground to sky.
    var launchStep = 6.0
    /// A local search that finds exactly the centre of the track's last this many points has
    /// found a frozen patch of picture, not the ball: the find is dropped.
    var frozenRepeats = 10
    /// A track that moved at least ``stallPriorSpeed`` pixels a frame over its three points
    /// before may not then gather ``stallWindow`` local finds in a row that all sit within
    /// ``stallSpread`` pixels of each other.
    var stallWindow = 8
    var stallSpread = 0.6
    var stallPriorSpeed = 1.0
    /// The same for a shorter run held tighter still: x264 repeating a block unchanged puts
    /// the centre in the same place to a few hundredths of a pixel, which a ball slowing into
    /// its apex, measured through noise, does not.
    var frozenStallWindow = 4
    var frozenStallSpread = 0.15
    /// Most points in a row a track may gather by its object's look in single frames (a dot
    /// against its surroundings) before it needs one found by motion again: without motion a
    /// track could settle on any still speck its prediction runs into.
    var longestAppearanceRun = 12
    /// How far (pixels) the object must have been from its predicted place in a frame for that
    /// frame to serve as background in a local search.
    var referenceClearance = 4.0
    /// Most a window's constant-acceleration fit may bow upward (pixels at its middle, beyond
    /// three times its RMS residual) and still be judged a flight.
    var maximumUpwardBow = 3.0
    /// Most frames a newly confirmed track looks back for its object before its first point.
    var longestLookBack = 12
    /// Fewest points of its own a track needs before a look back at the frames before it may
    /// make up the rest of its first window (a dark ball lost against the ground for its first
    /// frames would otherwise be reported only once it had flown a whole window in the clear).
    var earliestConfirmation = 6
    /// Largest RMS residual (pixels) of a young track's flight for finds between its points to
    /// help confirm it: only a flight known that closely is tested by finding its object where
    /// it was not seen (a bird's or a swinging limb's chain fits loosely).
    var largestConfirmingFillResidual = 1.2
    /// Widest gate (pixels) in which a look back may take a one-pixel find.
    var lookBackSinglePixelGate = 6.0
    /// Most points a track may gather before it passes the trajectory tests; past that it is
    /// never reported.
    var longestUnconfirmedTrack = 30
    /// Frames a confirmed track must have gone without its object before a sibling hypothesis
    /// grown from its points carries its flight on (one missed frame is common and harmless).
    var siblingTakeoverMisses = 2
    /// Most analysed frames between a confirmed track's last point and the first point of a
    /// young track that continues it under the same uuid.
    var resumeWindow = 30
}

/// Links candidates frame to frame into tracks (several hypotheses per object while young),
/// predicts with constant acceleration, and confirms a track only when its recent points lie on
/// a smooth parabola in time, move consistently and leave where they started.
struct BallTracker {
    var settings: TrackerSettings
    private(set) var tracks: [Track] = []
    /// Confirmed tracks that ran out of misses lately: a young track that takes up where one
    /// left off (the ball faded under compression or behind a cloud) continues it, uuid and all.
    private(set) var ended: [Track] = []
    private(set) var frame = 0
    /// The times of the latest analysed frames, by frame number modulo its size, for points a
    /// confirmed track finds by looking back.
    private(set) var frameTimes: [(frame: Int, time: MediaTime, t: Double)] = Array(repeating: (-1, .zero, 0), count: 128)

    init(settings: TrackerSettings) { self.settings = settings }

    mutating func reset() {
        tracks.removeAll(); ended.removeAll(); frame = 0
        frameTimes = Array(repeating: (-1, .zero, 0), count: frameTimes.count)
    }

    /// Takes the candidates of analysed frame number `frameNumber`; returns the indices into
    /// ``tracks`` of confirmed tracks that gained a point (each to be reported once).
    /// `search` looks for a confirmed track's object near its prediction when no candidate fits.
    mutating func update(_ candidates: [BallCandidate], frameNumber: Int, time: MediaTime, t: Double,
                         search: (LocalSearch) -> BallCandidate? = { _ in nil }) -> [Int] {
        frame = frameNumber
        frameTimes[frameNumber % frameTimes.count] = (frameNumber, time, t)
        // The last reports carried these tracks' histories as they are.
        for i in tracks.indices where tracks[i].historyRevised && tracks[i].confirmed && tracks[i].reportedCount == tracks[i].points.count {
            tracks[i].historyRevised = false
        }
        var taken = [Bool](repeating: false, count: candidates.count)
        var next: [Track] = []
        next.reserveCapacity(tracks.count + candidates.count)

        // 1. Confirmed tracks: one-to-one, best match first, longest first.
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
            grid.forEach(near: predictions[ti], last: track.points[track.points.count - 1], reach: reach(track, predictions[ti], t: t)) { ci in
                if let cost = matchCost(track, predictions[ti], candidates[ci], t: t) { pairs.append((ti, ci, cost)) }
            }
        }
        pairs.sort { a, b in
            let na = tracks[a.track].points.count, nb = tracks[b.track].points.count
            if na != nb { return na > nb }
            return a.cost < b.cost
        }
        var extended = [Bool](repeating: false, count: tracks.count)
        for pair in pairs where !extended[pair.track] && !taken[pair.candidate] {
            extended[pair.track] = true
            taken[pair.candidate] = true
            var track = tracks[pair.track]
            track.points.append(point(candidates[pair.candidate], time: time, t: t))
            track.misses = 0
            track.lastFrame = frame
            next.append(track)
        }
        // 2. Unconfirmed tracks branch to the two best free candidates and, when neither fits
        //    well, also stay as they were: a wrong link must not end the right hypothesis.
        for (ti, track) in tracks.enumerated() where !track.confirmed && !idle[ti] {
            var options: [(Int, Double)] = []
            grid.forEach(near: predictions[ti], last: track.points[track.points.count - 1], reach: reach(track, predictions[ti], t: t)) { ci in
                guard !taken[ci] else { return }
                if let cost = matchCost(track, predictions[ti], candidates[ci], t: t) { options.append((ci, cost)) }
            }
            if track.points.count == 1 {
                // A lone point has no motion to predict from, so distance alone would prefer
                // the nearest speck of noise to a fast ball's next image: rank its branches
                // by how alike the two blobs look as well.
                let last = track.points[0]
                options = options.map { ($0.0, $0.1 + Self.dissimilarity(last, candidates[$0.0])) }
            }
            options.sort { $0.1 < $1.1 }
            let branches = track.points.count == 1 ? 3 : 2
            for (k, option) in options.prefix(branches).enumerated() {
                var branch = track
                if k > 0 { branch.uuid = TrackIdentifier.make() }
                branch.points.append(point(candidates[option.0], time: time, t: t))
                branch.misses = 0
                branch.lastFrame = frame
                next.append(branch)
            }
            if let best = options.first, best.1 < 0.35 || track.points.count == 1 { extended[ti] = true }
        }
        // 3. Confirmed tracks that found nothing look closely where their object should be.
        for (ti, track) in tracks.enumerated() where !extended[ti] && track.confirmed {
            guard let request = localSearch(for: track, prediction: predictions[ti]), let found = search(request) else { continue }
            let dx = found.x - request.x, dy = found.y - request.y
            guard dx * dx + dy * dy <= request.radius * request.radius else { continue }
            // The very same centre frame after frame is no ball in flight but a patch of picture
            // the encoder keeps repeating (skipped blocks still showing the ball where it was).
            let repeats = track.points.suffix(settings.frozenRepeats).filter { $0.x == found.x && $0.y == found.y }.count
            guard repeats < settings.frozenRepeats else { continue }
            if found.foundByAppearance {
                let run = track.points.suffix(settings.longestAppearanceRun)
                guard run.count < settings.longestAppearanceRun || run.contains(where: { !$0.foundByAppearance }) else { continue }
            }
            if isStalled(track, adding: found) { continue }
            var track = track
            var p = point(found, time: time, t: t)
            p.foundByLocalSearch = true
            track.points.append(p)
            track.misses = 0
            track.lastFrame = frame
            extended[ti] = true
            next.append(track)
        }
        // 4. Tracks that found nothing coast for a few frames.
        for (ti, track) in tracks.enumerated() where !extended[ti] {
            var coasting = track
            coasting.misses += 1
            let limit = track.confirmed ? settings.maxMissesConfirmed : settings.maxMissesTentative
            if coasting.misses <= limit {
                next.append(coasting)
            } else if track.confirmed {
                ended.append(track)
            }
        }
        ended.removeAll { frame - $0.lastFrame > settings.resumeWindow }
        // 5. Every free candidate may start a new object.
        for (ci, c) in candidates.enumerated() where !taken[ci] {
            next.append(Track(point: point(c, time: time, t: t)))
        }
        tracks = next
        removeSharedHypotheses()
        pruneHypotheses(candidates)
        let heldBack = resumeInterruptedTracks()
        // 6. Confirm and report.
        var report: [Int] = []
        for i in tracks.indices where tracks[i].lastFrame == frame {
            // A hypothesis that stayed as it was shares its uuid with its first branch; once one
            // of them is confirmed (by either way below), the other is a different hypothesis to
            // judge (a duplicate of the first, or one that strays onto a bird) and must never
            // report under that uuid.
            if !tracks[i].confirmed {
                let uuid = tracks[i].uuid
                if tracks.contains(where: { $0.confirmed && $0.uuid == uuid }) { tracks[i].uuid = TrackIdentifier.make() }
            }
            if !tracks[i].confirmed && !tracks[i].rejected && !heldBack.contains(i) && tracks[i].points.count >= settings.trajectoryLength {
                switch judge(tracks[i]) {
                case .trajectory where duplicatesConfirmedTrack(tracks[i]):
                    // Not reported beside the confirmed track, but kept: should that track stray
                    // (onto a bird it crossed), this one may carry the flight on.
                    break
                case .trajectory:
                    tracks[i].confirmed = true
                    trimLeadingPoints(&tracks[i])
                    extendBackwards(&tracks[i], search: search)
                    fillGaps(&tracks[i], search: search)
                case .notYet: break
                case .never: tracks[i].rejected = true
                }
            } else if !tracks[i].confirmed && !tracks[i].rejected && !heldBack.contains(i) && tracks[i].misses == 0
                        && tracks[i].points.count >= settings.earliestConfirmation && tracks[i].points.count < settings.trajectoryLength,
                      let early = confirmedByLookingBack(tracks[i], search: search) {
                tracks[i] = early
            }
            // A revised history is reported even when the track holds no more points than
            // before (a sibling's takeover may leave it shorter).
            if tracks[i].confirmed && (tracks[i].points.count > tracks[i].reportedCount || tracks[i].historyRevised) {
                tracks[i].reportedCount = tracks[i].points.count
                report.append(i)
            }
        }
        removeDuplicates(&report)
        return report
    }

    /// Gives a young track that would now be confirmed, and that continues the path of a
    /// confirmed track which lost its object (still coasting or lately ended), to that older
    /// track: one flight keeps one uuid across the frames where its ball could not be seen.
    /// Returns the indices of young tracks held back from confirmation this frame: siblings of a
    /// confirmed track that still follows its object better.
    private mutating func resumeInterruptedTracks() -> Set<Int> {
        var drop = [Bool](repeating: false, count: tracks.count)
        var heldBack = Set<Int>()
        for i in tracks.indices where tracks[i].lastFrame == frame && !tracks[i].confirmed && !tracks[i].rejected
            && tracks[i].points.count >= settings.trajectoryLength {
            guard case .trajectory = judge(tracks[i]) else { continue }
            let young = tracks[i]
            if let j = tracks.indices.first(where: { j in
                j != i && !drop[j] && tracks[j].confirmed && tracks[j].lastFrame < frame && continues(tracks[j], with: young)
            }) {
                tracks[i] = resumed(tracks[j], with: young)
                drop[j] = true
            } else if let j = tracks.indices.first(where: { j in
                j != i && !drop[j] && tracks[j].confirmed && grewOut(of: tracks[j], young)
            }) {
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
                track.misses = 0
                track.lastFrame = young.lastFrame
                tracks[i] = track
                drop[j] = true
            } else if let k = ended.indices.first(where: { continues(ended[$0], with: young) }) {
                tracks[i] = resumed(ended[k], with: young)
                ended.remove(at: k)
            }
        }
        guard drop.contains(true) else { return heldBack }
        // Indices shift as dropped tracks go.
        let kept = tracks.indices.filter { !drop[$0] }
        tracks = kept.map { tracks[$0] }
        return Set(kept.enumerated().filter { heldBack.contains($0.element) }.map(\.offset))
    }

    /// Whether most of `track`'s recent points sit on a confirmed track's points of the same
    /// frames: a second hypothesis following the same ball, not to be reported beside it.
    func duplicatesConfirmedTrack(_ track: Track) -> Bool {
        let window = track.points.suffix(settings.trajectoryLength)
        for other in tracks where other.confirmed && other.uuid != track.uuid {
            var shared = 0
            for p in window {
                guard let q = other.points.last(where: { $0.frame == p.frame }) else { continue }
                let dx = p.x - q.x, dy = p.y - q.y, near = 1.5 + p.radius + q.radius
                if dx * dx + dy * dy <= near * near { shared += 1 }
            }
            if 2 * shared >= window.count { return true }
        }
        return false
    }

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

    /// Whether `p` sits on `track`'s point of the same frame.
    private func onPoints(of track: Track, _ p: TrackPoint) -> Bool {
        guard let q = track.points.last(where: { $0.frame == p.frame }) else { return false }
        let dx = p.x - q.x, dy = p.y - q.y, near = 1.5 + p.radius + q.radius
        return dx * dx + dy * dy <= near * near
    }

    /// How many of the last `trajectoryLength` analysed frames a track has a point in.
    private func recentSupport(_ track: Track) -> Int {
        track.points.suffix(settings.trajectoryLength).filter { frame - $0.frame < settings.trajectoryLength }.count
    }

    /// How far (RMS, pixels) the last `trajectoryLength` points lie from a constant-acceleration fit.
    private func recentResidual(_ track: Track) -> Double {
        fitTime(Array(track.points.suffix(settings.trajectoryLength))).rms
    }

    /// Whether `young`'s first points lie where `old`'s flight model puts the object then.
    ///
    /// `old`'s points from `young`'s first frame on are left out: a track that lost its ball may
    /// have taken a few points off it (a bird it crossed) before it ended, while the young
    /// track found the ball again.
    func continues(_ old: Track, with young: Track) -> Bool {
        let before = Self.before(young, old)
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

    /// `old` as it was before `young`'s first frame.
    private static func before(_ young: Track, _ old: Track) -> Track {
        var track = old
        track.points = old.points.filter { $0.frame < young.points[0].frame }
        track.lastFrame = track.points.last?.frame ?? old.lastFrame
        return track
    }

    private func resumed(_ old: Track, with young: Track) -> Track {
        var track = Self.before(young, old)
        track.points += young.points
        track.historyRevised = true
        track.misses = 0
        track.lastFrame = young.lastFrame
        return track
    }

    /// How far from the last point a matching candidate can be.
    private func reach(_ track: Track, _ prediction: Prediction?, t: Double) -> Double {
        guard let prediction else { return settings.maxSpeed * (t - track.points[track.points.count - 1].t) }
        return prediction.gate
    }

    /// Unconfirmed hypotheses that end on the same two points as a longer one (or on a
    /// confirmed track's latest point) describe the same object: keep only the best.
    private mutating func removeSharedHypotheses() {
        struct Key: Hashable {
            var f1: Int; var x1: Double; var y1: Double; var f2: Int; var x2: Double; var y2: Double
            // One pre-mixed word instead of six: this runs over every hypothesis on every frame.
            // (+ 0 makes -0.0 hash like 0.0, which it equals.)
            func hash(into hasher: inout Hasher) {
                var h = UInt64(bitPattern: Int64(f1)) &* 0x9E37_79B9_7F4A_7C15
                h = (h ^ (x1 + 0).bitPattern) &* 0xBF58_476D_1CE4_E5B9
                h = (h ^ (y1 + 0).bitPattern) &* 0x94D0_49BB_1331_11EB
                h = (h ^ UInt64(bitPattern: Int64(f2))) &* 0x9E37_79B9_7F4A_7C15
                h = (h ^ (x2 + 0).bitPattern) &* 0xBF58_476D_1CE4_E5B9
                hasher.combine(h ^ (y2 + 0).bitPattern)
            }
        }
        var confirmedEnds = Set<Key>()
        var best: [Key: Int] = [:]
        best.reserveCapacity(tracks.count)
        func key(_ t: Track, _ depth: Int) -> Key? {
            let n = t.points.count
            guard n >= depth else { return nil }
            let a = t.points[n - 1]
            let b = depth == 2 ? t.points[n - 2] : a
            return Key(f1: a.frame, x1: a.x, y1: a.y, f2: b.frame, x2: b.x, y2: b.y)
        }
        for t in tracks where t.confirmed { if let k = key(t, 1) { confirmedEnds.insert(k) } }
        var keep = [Bool](repeating: true, count: tracks.count)
        for (i, t) in tracks.enumerated() where !t.confirmed {
            if let k = key(t, 1), t.misses == 0, confirmedEnds.contains(k) { keep[i] = false; continue }
            guard t.points.count >= 2, let k = key(t, 2) else { continue }
            if let j = best[k] {
                if isBetterHypothesis(t, than: tracks[j]) { keep[j] = false; best[k] = i } else { keep[i] = false }
            } else {
                best[k] = i
            }
        }
        tracks = tracks.indices.filter { keep[$0] }.map { tracks[$0] }
    }

    /// Keeps at most ``TrackerSettings/maxTracks`` hypotheses: every confirmed track, then the
    /// most promising. Promise is length (up to `trajectoryLength`) plus how far the latest
    /// points stand above the frame's typical candidate: in noisy footage chains of noise specks
    /// would otherwise fill every place, and a clear ball that has just appeared (one point,
    /// far stronger than the noise) would be the first thing dropped.
    private mutating func pruneHypotheses(_ candidates: [BallCandidate]) {
        guard tracks.count > settings.maxTracks else { return }
        let contrasts = candidates.map(\.peakContrast).sorted()
        let typical = Double(max(contrasts.isEmpty ? 1 : contrasts[contrasts.count / 2], 1))
        let length = Double(settings.trajectoryLength)
        let promise = tracks.map { track -> Double in
            if track.confirmed { return .infinity }
            let recent = track.points.suffix(3)
            let contrast = Double(recent.reduce(0) { $0 + $1.contrast }) / Double(recent.count)
            let strength = min(max(contrast / typical - 1, 0), 1.5)
            return min(Double(track.points.count), length) + 2 * strength - 0.5 * Double(track.misses)
        }
        let order = tracks.indices.sorted { promise[$0] > promise[$1] }
        tracks = order.prefix(settings.maxTracks).map { tracks[$0] }
    }

    /// How unlike a track's point a candidate looks (contrast, size, polarity), 0 for the same.
    static func dissimilarity(_ p: TrackPoint, _ c: BallCandidate) -> Double {
        let contrast = min(abs(log(Double(max(c.peakContrast, 1)) / Double(max(p.contrast, 1)))) / log(4.0), 1)
        let size = min(abs(log(max(c.radius, 0.5) / max(p.radius, 0.5))) / log(3.0), 1)
        return 0.6 * contrast + 0.4 * size + (c.polarity == p.polarity ? 0 : 0.5)
    }

    /// Of two hypotheses ending on the same two points, whether `a` is the one to keep: the
    /// smoother over the points both have had since, else the longer. Length alone would let a
    /// long chain of noise that happened onto the ball replace the ball's own short, clean
    /// hypothesis, and its noisy history then bends every later prediction away from the ball.
    private func isBetterHypothesis(_ a: Track, than b: Track) -> Bool {
        let k = min(a.points.count, b.points.count, settings.trajectoryLength)
        if k >= 4 {
            let ra = fitTime(Array(a.points.suffix(k))).rms, rb = fitTime(Array(b.points.suffix(k))).rms
            // Only a clear difference counts: two hypotheses of the ball differ by a pixel's
            // rounding, noise that happened onto it by far more.
            if ra + 0.5 < rb && 2 * ra < rb { return true }
            if rb + 0.5 < ra && 2 * rb < ra { return false }
        }
        return a.points.count > b.points.count
    }

    private func point(_ c: BallCandidate, time: MediaTime, t: Double) -> TrackPoint {
        TrackPoint(time: time, t: t, x: c.x, y: c.y, radius: c.radius, halfLength: c.halfLength, axisX: c.axisX, axisY: c.axisY, contrast: c.peakContrast,
                   activity: c.neighbourhoodActivity, frame: frame, polarity: c.polarity, foundByAppearance: c.foundByAppearance)
    }

    /// Where to look for a confirmed track's object now, and which earlier frames show the
    /// background there (the latest in which the object was clear of the prediction).
    private func localSearch(for track: Track, prediction: Prediction?) -> LocalSearch? {
        guard track.points.count >= 4, let prediction else { return nil }
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
        return LocalSearch(x: px, y: py, radius: prediction.gate, polarity: polarity, references: references,
                           thresholdRelief: relief)
    }

    /// Whether taking `found` would leave the track parked: its last local finds sit still to a
    /// fraction of a pixel right after it moved at a clear speed. A ball at its apex slows down
    /// over many frames; stopping dead from one frame to the next is x264 repeating the ball's
    /// old image (skipped blocks whose pixels change by a level or two) while the ball flies on.
    func isStalled(_ track: Track, adding found: BallCandidate) -> Bool {
        isStalled(track, adding: found, window: settings.stallWindow, spread: settings.stallSpread)
            || isStalled(track, adding: found, window: settings.frozenStallWindow, spread: settings.frozenStallSpread)
    }

    private func isStalled(_ track: Track, adding found: BallCandidate, window k: Int, spread: Double) -> Bool {
        let n = track.points.count
        guard k >= 2, n >= k + 3 else { return false }
        let still = track.points[(n - k + 1)...]
        guard still.allSatisfy(\.foundByLocalSearch) else { return false }
        var minX = found.x, maxX = found.x, minY = found.y, maxY = found.y
        for p in still { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        guard maxX - minX <= spread && maxY - minY <= spread else { return false }
        // Speed over the three points before the still run.
        let a = track.points[n - k - 3], b = track.points[n - k]
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot() >= settings.stallPriorSpeed * Double(max(b.frame - a.frame, 1))
    }

    /// Where a track expects its object in the frame at time `t`, and how far off it may be.
    struct Prediction {
        var x: Double
        var y: Double
        var gate: Double
        /// Velocity over the last step, pixels per second.
        var vx: Double
        var vy: Double
    }

    func predict(_ track: Track, t: Double) -> Prediction? {
        let n = track.points.count
        guard n >= 2 else { return nil }
        let last = track.points[n - 1], prev = track.points[n - 2]
        let dt = t - last.t, pdt = last.t - prev.t
        guard dt > 0, pdt > 0 else { return nil }
        let vx = (last.x - prev.x) / pdt, vy = (last.y - prev.y) / pdt
        var step = (vx * vx + vy * vy).squareRoot() * dt
        if n >= 4 {
            // Judge speed over several steps: one step of a slow ball is mostly camera shake.
            let back = track.points[n - 4]
            let cx = last.x - back.x, cy = last.y - back.y
            step = min(step, (cx * cx + cy * cy).squareRoot() / max(last.t - back.t, 1e-9) * dt)
            // Fast: the perspective-aware flight model over the recent points. Slow (a ball far
            // away near its apex): a straight line through the last few points, which camera
            // shake and centroid noise cannot bend into a wild extrapolation.
            if step > 3 {
                let window = Array(track.points.suffix(12))
                if let fit = ProjectiveTimeFit.fit(ts: window.map(\.t), xs: window.map(\.x), ys: window.map(\.y)),
                   let p = fit.point(at: t) {
                    // Trust the model only while it keeps going the way the object went.
                    let px = p.x - last.x, py = p.y - last.y
                    let ahead = (px * vx + py * vy) / max(step / dt * (px * px + py * py).squareRoot(), 1e-9)
                    let length = (px * px + py * py).squareRoot()
                    if ahead > 0.7 && length < 1.6 * step {
                        let gate = max(3, 2.0 + 2.5 * fit.rmsResidual + 0.25 * step)
                        guard window.count < 8 else { return Prediction(x: p.x, y: p.y, gate: gate, vx: vx, vy: vy) }
                        // Eight parameters fitted to a short window follow its points exactly, so
                        // one centre pulled off the ball (half of it against the ground, half
                        // against the sky) bends the extrapolation more than the residual shows.
                        // Look over the span between the model and a constant-velocity step.
                        let cx = last.x + vx * dt, cy = last.y + vy * dt
                        let spread = 0.5 * ((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)).squareRoot()
                        return Prediction(x: 0.5 * (p.x + cx), y: 0.5 * (p.y + cy), gate: max(gate, spread + 2.5 + 0.25 * step),
                                          vx: vx, vy: vy)
                    }
                }
            } else {
                let window = Array(track.points.suffix(6))
                let t0 = window[0].t
                let ts = window.map { $0.t - t0 }
                let lx = LinearFit(xs: ts, ys: window.map(\.x)), ly = LinearFit(xs: ts, ys: window.map(\.y))
                let rms = (lx.rms * lx.rms + ly.rms * ly.rms).squareRoot()
                return Prediction(x: lx.value(at: t - t0), y: ly.value(at: t - t0), gate: 3.0 + 2 * rms + 0.25 * step,
                                  vx: lx.slope, vy: ly.slope)
            }
        }
        return Prediction(x: last.x + vx * dt, y: last.y + vy * dt, gate: 2.5 + 0.35 * step, vx: vx, vy: vy)
    }

    /// The cost of extending `track` with `c` (distance over gate), or nil when implausible.
    func matchCost(_ track: Track, _ prediction: Prediction?, _ c: BallCandidate, t: Double) -> Double? {
        let last = track.points[track.points.count - 1]
        let dt = t - last.t
        guard dt > 0 else { return nil }
        let dx = c.x - last.x, dy = c.y - last.y
        let step = (dx * dx + dy * dy).squareRoot()
        if step > settings.maxSpeed * dt { return nil }
        // The same object keeps its size and, roughly, its contrast from one frame to the next.
        let rBig = max(c.radius, last.radius), rSmall = max(min(c.radius, last.radius), 1.0)
        if rBig > 3 * rSmall { return nil }
        let cBig = max(c.peakContrast, last.contrast), cSmall = max(min(c.peakContrast, last.contrast), 4)
        guard let prediction else { return cBig > 6 * cSmall ? nil : step / (settings.maxSpeed * dt) }
        let ex = c.x - prediction.x, ey = c.y - prediction.y
        let error = (ex * ex + ey * ey).squareRoot()
        guard error <= prediction.gate else { return nil }
        // Direction and speed must change smoothly once the motion is clearly above the noise.
        let prevSpeed = (prediction.vx * prediction.vx + prediction.vy * prediction.vy).squareRoot()
        // Unless an established, fast track predicts the candidate well: a white ball climbing from
        // trees into a pale sky keeps a tenth of its contrast from one frame to the next (birds
        // and the flicker around them are slower, and do not get this licence).
        // (Speed per analysed frame: over a missed frame a bird covers twice its step.)
        let perFrame = prevSpeed * dt / Double(max(frame - last.frame, 1))
        let launching = track.points.count >= 5 && perFrame >= settings.launchStep && error <= 0.65 * prediction.gate
            && min(c.peakContrast, last.contrast) >= 10
        if cBig > (launching ? 24 : 6) * cSmall { return nil }
        if prevSpeed * dt > 2.5 && step > 2.5 {
            let cosine = (prediction.vx * dx + prediction.vy * dy) / (prevSpeed * step)
            if cosine < 0.64 { return nil }  // more than ~50 degrees of turn in one step
            let ratio = step / dt / prevSpeed
            if ratio < 0.4 || ratio > 2.0 { return nil }
        }
        // Between two candidates about as near the prediction, the one whose contrast matches
        // the object's recent points: a jittering far ball over a speck of noise.
        let n = track.points.count
        let recent = n >= 3 ? (track.points[n - 1].contrast + track.points[n - 2].contrast + track.points[n - 3].contrast) / 3
                            : last.contrast
        return error / prediction.gate + 0.15 * abs(log(Double(max(c.peakContrast, 1)) / Double(max(recent, 1))))
    }

    /// What the last `trajectoryLength` points say about a track.
    enum Verdict { case trajectory, notYet, never }

    /// Whether the last `window` points (default `trajectoryLength`) look like an object in
    /// flight (`notYet` when its motion does not, `never` when its shape shows it is something
    /// else); `launchSpeed` scales the speed a window must start with (that of a struck ball).
    func judge(_ track: Track, window: Int? = nil, launchSpeed: Double = 1) -> Verdict {
        let window = window ?? settings.trajectoryLength
        // A struck ball passes the tests within a few windows of its first sighting; something
        // followed far longer without passing them (a bird gliding, a walker's head) is not
        // one, however its last points happen to line up (compression makes a bird's wake and
        // the frames where it leaves look like a quick, smooth flight).
        if track.points.count > settings.longestUnconfirmedTrack { return .never }
        if let shape = shapeVerdict(Array(track.points.suffix(window))) { return shape }
        return isTrajectory(track, window: window, launchSpeed: launchSpeed) ? .trajectory : .notYet
    }

    /// `never` when the blobs' shapes rule out a ball, nil when they do not.
    private func shapeVerdict(_ window: [TrackPoint]) -> Verdict? {
        // A ball's image changes size smoothly; a bird's wings beat. Only measurable on blobs a
        // few pixels long.
        let lengths = window.map(\.halfLength)
        let meanLength = lengths.reduce(0, +) / Double(lengths.count)
        if meanLength >= 2 {
            // Measured on logarithms: a ball receding down the line shortens its streak by a
            // steady factor each frame (smooth), wings flick the length up and down (rough).
            // The median, not the mean: a ball crossing from ground to sky shortens its visible
            // streak once, wings beat all the time. Only over blobs at least 3 pixels long: the
            // length of a shorter one is mostly measurement noise.
            var wobbles: [Double] = []
            for i in 1..<(lengths.count - 1) where min(lengths[i - 1], lengths[i], lengths[i + 1]) >= 3 {
                wobbles.append(abs(log(lengths[i]) - 0.5 * (log(lengths[i - 1]) + log(lengths[i + 1]))))
            }
            wobbles.sort()
            let roughness = wobbles.count >= 4 ? wobbles[wobbles.count / 2] : 0
            // Not final: a ball leaving the club merges with it for a frame or two.
            if roughness > settings.maximumSizeRoughness { return .notYet }
        }
        // A ball smeared by motion is long along its path; a club shaft or a limb is long across it.
        var elongated = 0, across = 0
        for i in 1..<(window.count - 1) {
            let p = window[i]
            guard p.halfLength >= 3, p.halfLength >= 2.5 * p.radius else { continue }
            let dx = window[i + 1].x - window[i - 1].x, dy = window[i + 1].y - window[i - 1].y
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 1 else { continue }
            elongated += 1
            if abs(dx * p.axisX + dy * p.axisY) / d < 0.8 { across += 1 }
        }
        if across * 2 > elongated && across >= 2 { return .never }
        // Nor can a ball's streak be longer than the way it moves in one frame (the shutter is
        // open for at most a frame): a longer blob is the end of something bigger moving.
        var overlong = 0
        for i in 1..<window.count {
            let p = window[i], q = window[i - 1]
            let frames = Double(max(p.frame - q.frame, 1))
            let step = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() / frames
            if p.halfLength > 0.5 * step + 2 * p.radius + 2 { overlong += 1 }
        }
        if overlong * 3 > window.count { return .never }
        return nil
    }

    private func isTrajectory(_ track: Track, window length: Int, launchSpeed: Double) -> Bool {
        let window = Array(track.points.suffix(length))
        let first = window[0], last = window[window.count - 1]
        let chord = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
        guard chord >= settings.minimumTravel else { return false }
        var path = 0.0
        for i in 1..<window.count {
            let dx = window[i].x - window[i - 1].x, dy = window[i].y - window[i - 1].y
            path += (dx * dx + dy * dy).squareRoot()
        }
        guard chord >= 0.7 * path else { return false }
        // Quick enough for a struck ball (birds and people are slower at the same distance).
        // A ball filmed down the line slows in the image as it recedes, and a dark or faint one
        // is often first seen when it already has: the first half of the window may show the
        // speed the whole window no longer averages.
        let mid = window[window.count / 2]
        let firstChord = ((mid.x - first.x) * (mid.x - first.x) + (mid.y - first.y) * (mid.y - first.y)).squareRoot()
        let launch = launchSpeed * settings.minimumConfirmSpeed
        guard chord / max(last.t - first.t, 1e-9) >= launch
            || firstChord / max(mid.t - first.t, 1e-9) >= 1.2 * launch else { return false }
        // Mostly outside moving regions (a body, a club, a walker); cheap, so before the fits.
        // A local search does not measure what moves around its find: only the points found
        // among a frame's candidates say.
        let measured = window.filter { !$0.foundByLocalSearch }
        guard !measured.isEmpty else { return false }
        let crowded = measured.filter { $0.activity > settings.crowdedActivity }.count
        guard crowded * 3 <= measured.count else { return false }
        // A ball flies in the open; a limb or a club's edge always has other motion around it.
        let activities = measured.map(\.activity).sorted()
        guard activities[activities.count / 2] <= settings.typicalActivity else { return false }
        let meanRadius = window.reduce(0) { $0 + $1.radius } / Double(window.count)
        let tolerance = settings.fitTolerance + 0.3 * meanRadius + 0.01 * path / Double(window.count - 1)
        let quadratic = fitTime(window)
        // Gravity bends a flight downward in an upright picture, seen from any side (a ball
        // leaving down the line slows as it rises); a window bowed clearly upward is a chance
        // chain of specks, however well a free enough model fits it.
        let half = 0.5 * (last.t - first.t)
        guard -quadratic.y.a * half * half <= max(settings.maximumUpwardBow, 3 * quadratic.rms) else { return false }
        // The depth terms as free as the window's size warrants: a ball leaving the camera,
        // 5 to 15 m away within these ten frames, bends the path more than a fixed ridge allows.
        let flight = ProjectiveTimeFit.fit(ts: window.map(\.t), xs: window.map(\.x), ys: window.map(\.y),
                                           ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread)
        guard min(quadratic.rms, flight?.rmsResidual ?? .infinity) <= tolerance else { return false }
        // A ball leaves; a club head swings round a pivot: limit how far the direction turns.
        let span = last.t - first.t
        let path0 = { (t: Double) -> (x: Double, y: Double)? in
            if let flight, (flight.rmsResidual < quadratic.rms) { return flight.point(at: t) }
            return (quadratic.x.value(at: t - first.t), quadratic.y.value(at: t - first.t))
        }
        if let a0 = path0(first.t), let a1 = path0(first.t + 0.1 * span),
           let b0 = path0(last.t - 0.1 * span), let b1 = path0(last.t) {
            let v0 = (a1.x - a0.x, a1.y - a0.y), v1 = (b1.x - b0.x, b1.y - b0.y)
            let n0 = (v0.0 * v0.0 + v0.1 * v0.1).squareRoot(), n1 = (v1.0 * v1.0 + v1.1 * v1.1).squareRoot()
            if n0 > 0.05 && n1 > 0.05 {
                let cosine = (v0.0 * v1.0 + v0.1 * v1.1) / (n0 * n1)
                if cosine < 0.3 { return false }
            }
        }
        return true
    }

    /// Constant-acceleration fit of points in time, with its RMS residual in pixels.
    private func fitTime(_ points: [TrackPoint]) -> (x: QuadraticFit, y: QuadraticFit, rms: Double) {
        let t0 = points[0].t
        let ts = points.map { $0.t - t0 }
        let fx = QuadraticFit.fit(xs: ts, ys: points.map(\.x))
        let fy = QuadraticFit.fit(xs: ts, ys: points.map(\.y))
        return (fx, fy, (fx.rmsResidual * fx.rmsResidual + fy.rmsResidual * fy.rmsResidual).squareRoot())
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

/// Candidates bucketed by position so a track only looks at those within its reach.
struct CandidateGrid {
    private let cell: Double
    private let columns: Int
    private let rows: Int
    /// Cells holding at least one candidate.
    private let occupiedCells: Int
    private let candidateCount: Int
    /// Candidates of cell c are `order[starts[c] ..< starts[c + 1]]`, in index order: a dense
    /// table (a counting sort), where a dictionary of cells cost more hashing than tracking.
    private let starts: [Int32]
    private let order: [Int32]

    init(_ candidates: [BallCandidate], cell: Double) {
        self.cell = cell
        candidateCount = candidates.count
        let cellsX = candidates.map { max(Int(($0.x / cell).rounded(.down)), 0) }
        let cellsY = candidates.map { max(Int(($0.y / cell).rounded(.down)), 0) }
        columns = (cellsX.max() ?? 0) + 1
        rows = (cellsY.max() ?? 0) + 1
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for i in 0..<candidates.count { counts[cellsY[i] * columns + cellsX[i] + 1] += 1 }
        occupiedCells = counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        for c in 0..<(columns * rows) { counts[c + 1] += counts[c] }
        starts = counts
        var fill = counts
        var order = [Int32](repeating: 0, count: candidates.count)
        for i in 0..<candidates.count {
            let c = cellsY[i] * columns + cellsX[i]
            order[Int(fill[c])] = Int32(i)
            fill[c] += 1
        }
        self.order = order
    }

    /// Whether any candidate lies in the cells a disc of radius `reach` around (x, y) touches.
    func hasCandidate(nearX x: Double, y: Double, reach: Double) -> Bool {
        let x0 = Int(((x - reach) / cell).rounded(.down)), x1 = Int(((x + reach) / cell).rounded(.down))
        let y0 = Int(((y - reach) / cell).rounded(.down)), y1 = Int(((y + reach) / cell).rounded(.down))
        if (x1 - x0 + 1) * (y1 - y0 + 1) > 4 * occupiedCells + 16 { return candidateCount > 0 }
        guard let (cx0, cx1, cy0, cy1) = clamped(x0, x1, y0, y1) else { return false }
        for yy in cy0...cy1 {
            for xx in cx0...cx1 where starts[yy * columns + xx + 1] > starts[yy * columns + xx] { return true }
        }
        return false
    }

    /// Calls `body` with every candidate index in the cells that a disc of radius `reach`
    /// around the prediction (or the last point, without one) touches.
    func forEach(near prediction: BallTracker.Prediction?, last: TrackPoint, reach: Double, _ body: (Int) -> Void) {
        let cx = prediction?.x ?? last.x, cy = prediction?.y ?? last.y
        let x0 = Int(((cx - reach) / cell).rounded(.down)), x1 = Int(((cx + reach) / cell).rounded(.down))
        let y0 = Int(((cy - reach) / cell).rounded(.down)), y1 = Int(((cy + reach) / cell).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 4 * occupiedCells + 16 else {
            for i in 0..<candidateCount { body(i) }
            return
        }
        guard let (gx0, gx1, gy0, gy1) = clamped(x0, x1, y0, y1) else { return }
        for y in gy0...gy1 {
            for x in gx0...gx1 {
                let c = y * columns + x
                var k = Int(starts[c])
                let end = Int(starts[c + 1])
                while k < end { body(Int(order[k])); k += 1 }
            }
        }
    }

    /// The cell range intersected with the grid, or nil when they do not meet.
    private func clamped(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> (Int, Int, Int, Int)? {
        let a = max(x0, 0), b = min(x1, columns - 1), c = max(y0, 0), d = min(y1, rows - 1)
        return a <= b && c <= d ? (a, b, c, d) : nil
    }
}

/// A least-squares line, for short extrapolations of slow motion.
struct LinearFit {
    var slope = 0.0
    var intercept = 0.0
    var rms = 0.0

    init(xs: [Double], ys: [Double]) {
        let n = Double(xs.count)
        let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0
        for i in xs.indices { sxx += (xs[i] - mx) * (xs[i] - mx); sxy += (xs[i] - mx) * (ys[i] - my) }
        slope = sxx > 0 ? sxy / sxx : 0
        intercept = my - slope * mx
        var sum = 0.0
        for i in xs.indices { let e = ys[i] - value(at: xs[i]); sum += e * e }
        rms = (sum / n).squareRoot()
    }

    func value(at x: Double) -> Double { intercept + slope * x }
}
