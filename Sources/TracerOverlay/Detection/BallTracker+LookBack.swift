import Foundation
import MediaKitLinux

extension BallTracker {
    /// Drops the points before a newly confirmed track's window that do not lie on its flight
    /// traced back: a hypothesis may have grown out of the club's head or a speck of noise
    /// before it found the ball, and those points must not be reported as the flight's start.
    func trimLeadingPoints(_ track: inout Track) {
        track.points.removeFirst(firstPointOnFlight(track.points, keeping: settings.trajectoryLength))
    }

    /// How many of `points` (oldest first) come before the flight that the later ones trace
    /// back: scanning back from the last `keeping` points, the first that lies off the flight
    /// of the points after it, and everything before it. Zero when all lie on it.
    func firstPointOnFlight(_ points: [TrackPoint], keeping: Int) -> Int {
        let start = points.count - keeping
        guard start > 0 else { return 0 }
        for i in stride(from: start - 1, through: 0, by: -1) {
            let later = Array(points[(i + 1)...].prefix(settings.trajectoryLength))
            guard let back = backPrediction(from: later, t: points[i].t) else { return 0 }
            let dx = points[i].x - back.x, dy = points[i].y - back.y
            if dx * dx + dy * dy > back.gate * back.gate { return i + 1 }
        }
        return 0
    }

    /// Looks for a newly confirmed track's object in the frames before its first point, where
    /// its flight traced back puts it: the launch frame (the ball still beside the club) and a
    /// faint ball's first frames, too weak among the frame's candidates, are clear once the
    /// path is known (a young track that recedes from the camera is traced back as a receding
    /// flight: ``TrackerSettings/lookBackRecession``). Each frame is compared with later
    /// frames, from which the ball has gone; a fast ball's faint streak is sought along its
    /// predicted motion. One frame without a find is passed over (x264 drops a faint ball from
    /// single frames), after which only a streak counts, a faint one only near the place
    /// (``takesStreakPastGap(contrast:offset:gate:motion:)``). A second frame in a row without
    /// one is passed over too, after which only a streak of
    /// ``TrackerSettings/lookBackGapStreakContrast`` or more counts, and only a run of
    /// ``TrackerSettings/lookBackPastTwoMissesRun`` such finds; the look back stops at the third
    /// frame in a row without a find, or at the first past the second.
    ///
    /// `eitherSign`: where the flight's sign finds nothing, the other sign is sought as well.
    /// A flight known to have left a tee rose from the ground, where a white ball shows lighter
    /// than what lies behind it, into the sky, where it shows darker; sought in the sky's sign
    /// alone, the look back ends at the first frame of the rise (640x360 30 fps
    /// dtl-noise-jitter-72 launched between two frames: its tee-confirmed track began in the
    /// sky 5 frames after the launch, and none of the 5 frames before was reported; with this,
    /// all 5 were, and the flight 4 frames sooner). Only there: elsewhere the frames before a
    /// track seldom turn its sign, and a speck of the other sign is as likely as the ball. And
    /// only until the look back passes a frame without a find, past which only a streak of the
    /// flight's sign counts.
    ///
    /// `atFullSize`: a confirmed flight whose first points are a far ball's, under
    /// ``TrackerSettings/fullSizeLookBackLargestRadius``, asks the full-size frames first
    /// (``LocalSearch/looksBackAtFullSize``) until it passes a frame without a find. Only once
    /// confirmed: a young track's look back helps decide whether it is a flight, and a lone
    /// peak in a full-size gate would help a bird's or a walker's chain as readily.
    func extendBackwards(_ track: inout Track, eitherSign: Bool = false, atFullSize: Bool = false,
                         search: (LocalSearch) -> BallCandidate?) {
        var f = track.points[0].frame - 1
        var skipped = 0
        var passedGap = false
        // Finds past two frames in a row without one, which count only once there are
        // ``TrackerSettings/lookBackPastTwoMissesRun`` of them.
        var pastTwoMisses: Int? = nil
        defer {
            if let found = pastTwoMisses, found < settings.lookBackPastTwoMissesRun { track.points.removeFirst(found) }
        }
        for _ in 0..<settings.longestLookBack {
            // Frames still held by the detector (it keeps 96) and whose time is known.
            guard f >= 0, frame - f < 90 else { return }
            let entry = recentFrames[f % recentFrames.count]
            guard entry.frame == f else { return }
            var outcome = lookBack(track, at: f, entry: entry, modelPoints: settings.trajectoryLength,
                                   passedGap: passedGap, atFullSize: atFullSize, search: search)
            // A ball receding down the line slows in the image fastest over its first frames,
            // and a window's fit traces its launch back short of the tee; the flight's first
            // few points, traced back, reach it. Their looser fit reaches the club head as
            // readily, so only the launch is taken so: a find where the ball sat at rest in
            // the frames before.
            if case .nothing = outcome, f == track.points[0].frame - 1, track.points.count > settings.lookBackStartPoints,
               case .found(let candidate, false) = lookBack(track, at: f, entry: entry, modelPoints: settings.lookBackStartPoints,
                                                             passedGap: passedGap, search: search),
               let rest = restingBall(at: TrackPoint(candidate, time: entry.time, t: entry.t, frame: f), in: track, search: search),
               !staysAtRest(through: f, rest: rest, in: track, search: search) {
                outcome = .found(candidate, isAtRest: false)
            }
            if eitherSign, !passedGap, case .nothing = outcome {
                let other = lookBack(track, at: f, entry: entry, modelPoints: settings.trajectoryLength, passedGap: passedGap,
                                     polarity: -lookBackPolarity(track), search: search)
                if case .found = other { outcome = other }
            }
            if skipped == 2 || pastTwoMisses != nil, case .found(let candidate, _) = outcome,
               !continuesPastTwoMisses(candidate, before: track.points) {
                outcome = .nothing
            }
            switch outcome {
            case .cannotLook: return
            case .found(let candidate, let isAtRest):
                if isAtRest { return }
                if skipped == 2 || pastTwoMisses != nil { pastTwoMisses = (pastTwoMisses ?? 0) + 1 }
                var p = TrackPoint(candidate, time: entry.time, t: entry.t, frame: f)
                p.foundByLocalSearch = true
                track.points.insert(p, at: 0)
                skipped = 0
            case .nothing:
                skipped += 1
                passedGap = true
                if skipped > 2 || pastTwoMisses != nil { return }
            }
            f -= 1
        }
    }

    /// Whether a look back's find past two frames in a row without one goes on with the
    /// flight's `points`: a streak of ``TrackerSettings/lookBackGapStreakContrast`` or more, a
    /// step back from the first point the way the flight came to it. Before a launch the club
    /// sweeps down to the tee, the other way: on 1280x720 25 fps dtl-portrait-4 something
    /// moving so (by its place and speed, the club head) was found in the three frames before
    /// two without a find, 280 px below the launch frame's ball and rising back in time
    /// (precision 1.000 -> 0.945).
    func continuesPastTwoMisses(_ found: BallCandidate, before points: [TrackPoint]) -> Bool {
        guard found.peakContrast >= settings.lookBackGapStreakContrast, points.count >= 2 else { return false }
        let a = points[0], b = points[1]
        return (found.x - a.x) * (a.x - b.x) + (found.y - a.y) * (a.y - b.y) > 0
    }

    /// What one step of ``extendBackwards(_:search:)`` finds in frame `f`.
    enum LookBackOutcome {
        /// The flight traced back gives no place there, or no later frame to compare with.
        case cannotLook
        /// Nothing it accepts (``accepts(_:back:motion:first:pastGap:)``).
        case nothing
        /// A find, and whether it is the ball at rest.
        case found(BallCandidate, isAtRest: Bool)
    }

    /// Looks in frame `f` (its ``recentFrames`` entry `entry`) where the flight of `track`'s
    /// first `modelPoints` points, traced back, puts its object, for a blob of `polarity`
    /// (``lookBackPolarity(_:)`` where nil); in the full-size frame first where `atFullSize`
    /// and the track's first points are a far ball's.
    func lookBack(_ track: Track, at f: Int, entry: RecentFrame, modelPoints: Int, passedGap: Bool, polarity: Int8? = nil,
                  atFullSize: Bool = false, search: (LocalSearch) -> BallCandidate?) -> LookBackOutcome {
        let first = track.points[0]
        let later = Array(track.points.prefix(modelPoints))
        guard let model = BackFlight(later, recedingFrom: settings.lookBackRecession),
              let back = model.place(at: entry.t) else { return .cannotLook }
        let references = lookBackReferences(track.points, for: f, around: (back.x, back.y), radius: first.radius)
        guard !references.isEmpty else { return .cannotLook }
        // The motion over one frame interval centred on this frame's time.
        let interval = (first.t - entry.t) / Double(first.frame - f)
        var motion: SIMD2<Double>? = nil
        if let a = model.place(at: entry.t - 0.5 * interval), let b = model.place(at: entry.t + 0.5 * interval) {
            motion = SIMD2(b.x - a.x, b.y - a.y)
        }
        var request = LocalSearch(x: back.x, y: back.y, radius: back.gate, polarity: polarity ?? lookBackPolarity(track),
                                  references: references, frame: f, byAppearance: false, motion: motion,
                                  streakOnly: passedGap)
        request.looksBackAtFullSize = atFullSize && !passedGap
            && track.points.prefix(3).allSatisfy { $0.radius <= settings.fullSizeLookBackLargestRadius }
        guard let hit = search(request), let found = accepts(hit, back: back, motion: motion, first: first, pastGap: passedGap)
        else { return .nothing }
        return .found(found.candidate, isAtRest: found.isAtRest)
    }

    /// Whether a look back past a frame without a find takes a streak of mean change `contrast`
    /// lying `offset` from the place the flight traced back puts the ball, in a gate `gate`
    /// pixels wide, where the flight's `motion` over a frame is that: one of
    /// ``TrackerSettings/lookBackGapStreakContrast`` or more anywhere it may lie, a fainter one
    /// only within ``TrackerSettings/lookBackGapFaintReach`` of the gate, which stretches along
    /// the motion by ``TrackerSettings/lookBackGapFaintAlongReach`` of it, to the gate at most.
    func takesStreakPastGap(contrast: Int, offset: (x: Double, y: Double), gate: Double, motion: SIMD2<Double>?) -> Bool {
        let reach = settings.lookBackGapFaintReach * gate
        if contrast >= settings.lookBackGapStreakContrast || offset.x * offset.x + offset.y * offset.y <= reach * reach {
            return true
        }
        guard let (along, across, length) = Self.alongAndAcross(offset.x, offset.y, motion: motion) else { return false }
        return abs(across) <= reach && abs(along) <= min(reach + settings.lookBackGapFaintAlongReach * length, gate)
    }

    /// Measures a confirmed track's first point again against later frames, from which the
    /// ball has gone, taking in its launch strip (``LocalSearch/takesInLaunchStrip``). A point
    /// from the frame's candidates is a change against a background that held the ball at
    /// rest: in the launch frame the part of the exposure with the ball still on the tee is no
    /// change there, and the blob is only the moving part, its centre up the path from where
    /// the ball's image was. A point the look back found may be only one of the two pieces the
    /// club cut the ball's image into. A point of the other sign than the flight is sought
    /// farther off (``TrackerSettings/otherSignFirstPointReach``): it is a speck beside the tee.
    /// Returns whether the point moved.
    func remeasureFirstPoint(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        let first = track.points[0]
        guard !first.foundByAppearance, track.points.count >= 5, frame - first.frame < 90 else { return false }
        let later = Array(track.points.dropFirst().prefix(settings.trajectoryLength))
        guard let model = BackFlight(later) else { return false }
        let references = lookBackReferences(later, for: first.frame, around: (first.x, first.y), radius: first.radius)
        guard !references.isEmpty else { return false }
        let interval = (later[0].t - first.t) / Double(later[0].frame - first.frame)
        guard let a = model.place(at: first.t - 0.5 * interval), let b = model.place(at: first.t + 0.5 * interval) else { return false }
        let motion = SIMD2(b.x - a.x, b.y - a.y)
        // The look back's polarity: a launch frame's own blob may be the club's head passing
        // darker over the grass.
        var request = LocalSearch(x: first.x, y: first.y, radius: first.halfLength + 2, polarity: lookBackPolarity(track),
                                  references: references, frame: first.frame, byAppearance: false, motion: motion)
        request.takesInLaunchStrip = true
        if first.polarity != request.polarity {
            let step = BallTracker.distance(first, later[0])
            request.radius = max(request.radius, min(settings.otherSignFirstPointReach * step, settings.otherSignFirstPointLargestReach))
        }
        guard var found = search(request), !found.foundAsStreak else { return false }
        // Through the launch frame's exposure the club head, dark, meets the ball on the tee and
        // may cover it: where the ball's own sign shows far less there than the other sign
        // does, the club head's blob marks the tee (1280x720 120 fps dtl-dark-ball-1: the
        // ball's sign found a speck 14 px off, contrast 10, the club head 36). Only where the
        // blob is at the tee: within the gate of the place the flight traced back puts the
        // ball, or where the ball sat at rest before. Struck before the frame's exposure (25
        // fps), the ball is a faint streak well up the path and the club head has swung on
        // past the tee (1280x720 25 fps dtl-noise-jitter-3 and 1920x1080 dtl-club-walkers-3:
        // the point moved from the streak onto the club, 31 px from the place, gate 14).
        let place = model.place(at: first.t)
        var opposite = request
        opposite.polarity = -request.polarity
        if let other = search(opposite), !other.foundAsStreak,
           Double(other.peakContrast) >= settings.oppositeLaunchContrastRatio * Double(found.peakContrast),
           place.map({ Self.lies(other, within: $0) }) ?? true
            || restingBall(at: TrackPoint(other, time: first.time, t: first.t, frame: first.frame), in: track, search: search) != nil {
            found = other
        }
        // The ink on the tee lies on the path traced back, not beside it: a find that strays
        // further from that line than the point did took in something else (a faint ball's
        // search, the golfer's moving hands: 1920x1080 dtl-dark-ball-4 moved 9 px aside).
        if let place {
            let length = (motion * motion).sum().squareRoot()
            if length > 0 {
                let u = motion / length
                func aside(_ x: Double, _ y: Double) -> Double { abs((x - place.x) * u.y - (y - place.y) * u.x) }
                guard aside(found.x, found.y) <= max(aside(first.x, first.y), settings.remeasureAsideTolerance) else { return false }
            }
        }
        track.points[0].x = found.x
        track.points[0].y = found.y
        return true
    }

    /// Whether `candidate` lies within `place`'s gate of its centre.
    static func lies(_ candidate: BallCandidate, within place: (x: Double, y: Double, gate: Double)) -> Bool {
        let dx = candidate.x - place.x, dy = candidate.y - place.y
        return dx * dx + dy * dy <= place.gate * place.gate
    }

    /// Measures a confirmed flight's fast early points again, each as the centre of its
    /// streak's ink along the path through its neighbours (``LocalSearch/measuresStreakInk``),
    /// against later frames clear of that stretch: the place the ball held on average over the
    /// exposure, which is where the flight was at the frame's time. A blob's centre is its
    /// slow, bright end's (1920x1080 30 fps dtl-everything-2's second frame 33 px up the path).
    /// The first point too, where x264 or the club left the launch frame out and the flight
    /// begins a frame later, already a streak: with no neighbour behind it, the stretch is
    /// taken as long behind as ahead (1920x1080 30 fps dtl-dark-ball-3 and dtl-everything-2
    /// began 10-14 px up the path, their one bad point each). It moves at most
    /// ``TrackerSettings/firstStreakLargestMove`` of its step to the next point: where the first
    /// point is the launch frame's, the ball at rest on the tee through part of its exposure is
    /// ink too, and would pull it back towards the tee. The first
    /// ``TrackerSettings/streakInkEitherWayPoints`` points may move either way along the path,
    /// later ones only back. A later point whose streak's dense ink is centred on it already
    /// keeps its place (``DetectionPipeline/denseInk(of:length:)``).
    /// Returns whether a point moved.
    func remeasureStreakPoints(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        let n = track.points.count
        guard n >= 5 else { return false }
        var moved = false
        for i in 0..<min(settings.streakRemeasuredPoints + 1, n - 1) {
            let point = track.points[i], next = track.points[i + 1]
            var previous = point
            if i > 0 {
                previous = track.points[i - 1]
            } else {
                previous.x = 2 * point.x - next.x
                previous.y = 2 * point.y - next.y
                previous.frame = point.frame - 1
            }
            guard point.frame - previous.frame == 1, next.frame - point.frame == 1, !point.foundByAppearance else { continue }
            // Centred on the point, reaching three quarters of the farther neighbour's distance
            // each way: past where the exposure can reach for any shutter. Centred, so that the
            // noise's share of the ink pulls towards the point itself; reaching three quarters
            // of the way to each neighbour instead, the faster side's longer reach pulled dark
            // balls' points back (1280x720 25 fps dtl-dark-ball-2 stayed at precision 0.971;
            // centred, 0.986).
            let here = SIMD2(point.x, point.y), back = SIMD2(previous.x, previous.y) - here, ahead = SIMD2(next.x, next.y) - here
            let chord = ahead - back, chordLength = (chord * chord).sum().squareRoot()
            let farther = max((back * back).sum().squareRoot(), (ahead * ahead).sum().squareRoot())
            // A streak many times the ball's size; a slower ball's blob is its own centre.
            guard chordLength > 0, farther >= settings.streakInkMinimumStep else { continue }
            let u = chord / chordLength, length = 2 * settings.streakInkSpan * farther
            let from = here - u * (0.5 * length), motion = u * length
            let reach = min(max(point.radius, 1.5), 4) + 1
            // Frames whose ball lies clear of the whole segment show what lies behind it.
            var references: [Int] = []
            for q in track.points[(i + 2)...] where q.frame - point.frame >= 2 {
                let d = SIMD2(q.x, q.y) - from
                let a = min(max((d * u).sum(), 0), length)
                let gap = d - u * a
                guard (gap * gap).sum().squareRoot() >= reach + settings.referenceClearance + q.radius else { continue }
                references.append(q.frame)
                if references.count == 2 { break }
            }
            guard !references.isEmpty else { continue }
            var request = LocalSearch(x: from.x, y: from.y, radius: reach, polarity: point.polarity, references: references,
                                      frame: point.frame, byAppearance: false, motion: motion)
            request.measuresStreakInk = true
            request.takesAllStreakInk = i == 0
            guard let found = search(request) else { continue }
            // Near the middle of the stretch, where the ball was mid-exposure; ink centred near an
            // end is the club's or the golfer's.
            let a = ((SIMD2(found.x, found.y) - from) * u).sum() / length
            guard a >= settings.streakInkCentralSpan.lowerBound, a <= settings.streakInkCentralSpan.upperBound else { continue }
            // From the fourth point on, back along the path only: a struck ball slows through
            // its first frames, so the blob's centre lies ahead of its mean place, never behind
            // (1920x1080 30 fps 3 s dtl-everything-1: a fourth frame's point moved 6 px ahead,
            // off the ball). Earlier, a faint streak's blob may be any part of it that passed
            // the threshold, its fast end too (640x360 30 fps dtl-floodlights-2's second point,
            // 5 px back, and -3's first).
            if i >= settings.streakInkEitherWayPoints {
                guard a < ((here - from) * u).sum() / length else { continue }
            }
            if i == 0 {
                let shift = SIMD2(found.x, found.y) - here
                guard (shift * shift).sum() <= pow(settings.firstStreakLargestMove, 2) * (ahead * ahead).sum() else { continue }
            }
            track.points[i].x = found.x
            track.points[i].y = found.y
            moved = true
        }
        return moved
    }

    /// The sign of a track's points nearest in time to the frames before it: a ball rising from
    /// the ground into a brighter sky turns from lighter than its background to darker.
    func lookBackPolarity(_ track: Track) -> Int8 {
        track.points.prefix(settings.lookBackPolarityPoints).reduce(0) { $0 + Int($1.polarity) } >= 0 ? 1 : -1
    }

    /// The first two of `points` at least two frames after `frame` whose object lay clear of
    /// `place` (by ``TrackerSettings/referenceClearance`` plus `radius`): frames that show
    /// what lies behind the object's place in `frame`.
    func lookBackReferences(_ points: [TrackPoint], for frame: Int, around place: (x: Double, y: Double),
                            radius: Double) -> [Int] {
        let clearance = settings.referenceClearance + radius
        var references: [Int] = []
        for p in points where p.frame - frame >= 2 {
            let dx = p.x - place.x, dy = p.y - place.y
            if dx * dx + dy * dy >= clearance * clearance {
                references.append(p.frame)
                if references.count == 2 { break }
            }
        }
        return references
    }

    /// Looks for a newly confirmed track's object in the frames between its points where no
    /// candidate was taken: the flight on both sides puts it there far more surely than any
    /// prediction made while the track was young, and at 30 frames a second a far ball's faint
    /// image often passes the frame's threshold only every other frame. `largestResidual`: only
    /// where the flight fits the points around the gap this closely (RMS, pixels). Only the gaps
    /// before the points from index `start` to `end` (the last point where nil).
    func fillGaps(_ track: inout Track, from start: Int = 1, through end: Int? = nil, largestResidual: Double = .infinity,
                  search: (LocalSearch) -> BallCandidate?) {
        guard track.points.count >= 4 else { return }
        let polarity: Int8 = track.points.prefix(8).reduce(0) { $0 + Int($1.polarity) } >= 0 ? 1 : -1
        var i = max(start, 1)
        // The last point whose gap before it is looked at, moved on as points go in before it.
        var last = end ?? Int.max
        while i < track.points.count && i <= last {
            let before = track.points[i - 1], after = track.points[i]
            guard after.frame - before.frame > 1 else { i += 1; continue }
            var f = before.frame + 1
            while f < after.frame {
                defer { f += 1 }
                guard frame - f < 90 else { continue }
                let entry = recentFrames[f % recentFrames.count]
                guard entry.frame == f else { continue }
                // The points nearest the gap in time, from both sides.
                let near = track.points.enumerated().sorted { abs($0.element.frame - f) < abs($1.element.frame - f) }
                    .prefix(settings.trajectoryLength).sorted { $0.offset < $1.offset }.map(\.element)
                guard let model = BackFlight(near), let place = model.place(at: entry.t, interpolating: true),
                      model.residual <= largestResidual else { continue }
                let clearance = settings.referenceClearance + before.radius
                var references: [Int] = []
                for p in near.sorted(by: { abs($0.frame - f) < abs($1.frame - f) }) where abs(p.frame - f) >= 2 {
                    let dx = p.x - place.x, dy = p.y - place.y
                    if dx * dx + dy * dy >= clearance * clearance {
                        references.append(p.frame)
                        if references.count == 2 { break }
                    }
                }
                guard !references.isEmpty else { continue }
                let interval = (after.t - before.t) / Double(after.frame - before.frame)
                var motion: SIMD2<Double>? = nil
                if let a = model.place(at: entry.t - 0.5 * interval), let b = model.place(at: entry.t + 0.5 * interval) {
                    motion = SIMD2(b.x - a.x, b.y - a.y)
                }
                var request = LocalSearch(x: place.x, y: place.y, radius: place.gate, polarity: polarity, references: references,
                                          frame: f, byAppearance: false, motion: motion)
                request.fillsGap = true
                guard let found = search(request) else { continue }
                let dx = found.x - place.x, dy = found.y - place.y
                // As in the look back: over a wide gate (a fast ball's first frames) some lone
                // pixel of noise always passes the threshold, but seldom near the place. Nor may
                // a find stop a confirmed flight's fall: a flight that coasted past where its ball
                // landed would fill the gap behind with what lies there.
                guard dx * dx + dy * dy <= place.gate * place.gate,
                      takesFind(area: found.area, offset: (dx, dy), gate: place.gate),
                      !track.confirmed || !stopsFalling(track.points[..<i], y: found.y, at: f) else { continue }
                var p = TrackPoint(found, time: entry.time, t: entry.t, frame: f)
                p.foundByLocalSearch = true
                track.points.insert(p, at: i)
                i += 1
                if last < Int.max { last += 1 }
            }
            i += 1
        }
    }

    /// The index of the first of a confirmed flight's first ``TrackerSettings/trajectoryLength``
    /// points with a gap before it that is no more than that many frames old, or nil. The fill
    /// that confirmed the flight leaves a gap where the flight fits the points around it too
    /// loosely, as it does while the launch frame's point is among the few on one side; a frame
    /// or two of later points later it fits (1920x1080 30 fps dtl-dark-ball-1 with
    /// ``TrackerSettings/lookBackGapFaintAlongReach``: confirmed from the launch frame's point
    /// and frame 28's past a gap at 29, with a residual of 14.8 px there; one frame later 0.3,
    /// and the ball was found).
    func recentGapAmongFirstPoints(_ track: Track) -> Int? {
        let points = track.points
        return (1..<min(points.count, settings.trajectoryLength)).first {
            points[$0].frame - points[$0 - 1].frame > 1 && frame - points[$0].frame <= settings.trajectoryLength
        }
    }

    /// Whether a look back's or a gap's find of `area` pixels, `offset` from the place the
    /// flight puts its object, may be taken in a gate `gate` pixels wide: one of three pixels
    /// or more always; a smaller one in a gate no wider than
    /// ``TrackerSettings/lookBackSinglePixelGate``, or within
    /// ``TrackerSettings/lookBackSinglePixelReach`` of the place.
    func takesFind(area: Int, offset: (x: Double, y: Double), gate: Double) -> Bool {
        let reach = settings.lookBackSinglePixelReach
        return area >= 3 || gate <= settings.lookBackSinglePixelGate || offset.x * offset.x + offset.y * offset.y <= reach * reach
    }

    /// Whether a look back's find lies in the gate (stretched along the flight by
    /// ``TrackerSettings/lookBackAlongPathReach`` of `motion`, the motion over one frame there)
    /// and is no lone pixel of noise in a wide one, nor, `pastGap` (past a frame without a
    /// find), a faint trace away from the place; `isAtRest` when it is the ball still on the
    /// tee, where the look back must end.
    private func accepts(_ found: BallCandidate, back: (x: Double, y: Double, gate: Double), motion: SIMD2<Double>?,
                         first: TrackPoint, pastGap: Bool) -> (candidate: BallCandidate, isAtRest: Bool)? {
        // A blob larger than a ball's image is the club, an arm or a bird's wings, whichever
        // way the search found it.
        guard found.radius <= settings.lookBackLargestRadius else { return nil }
        let dx = found.x - back.x, dy = found.y - back.y
        // A streak is sought further along the path than the gate (how fast the ball slowed is
        // the least certain part of the flight traced back) and only there.
        guard found.foundAsStreak || dx * dx + dy * dy <= back.gate * back.gate
            || isAlongPath(dx, dy, gate: back.gate, motion: motion) else { return nil }
        // Over a wide gate (a fast ball's first frames) some lone pixel of noise always passes
        // the threshold, but seldom near the place; the ball there is fast and near, a streak
        // of several pixels.
        guard found.isDistinctPeak || takesFind(area: found.area, offset: (dx, dy), gate: back.gate) else { return nil }
        guard !pastGap || takesStreakPastGap(contrast: found.peakContrast, offset: (dx, dy), gate: back.gate, motion: motion) else { return nil }
        // Before the launch the ball sat still where the flight begins: a find that barely
        // moves to the next point while the flight says it should is the ball at rest.
        let expected = ((back.x - first.x) * (back.x - first.x) + (back.y - first.y) * (back.y - first.y)).squareRoot()
        let moved = ((found.x - first.x) * (found.x - first.x) + (found.y - first.y) * (found.y - first.y)).squareRoot()
        return (found, expected > 3 && moved < 0.5 * expected)
    }

    /// Whether an offset (`dx`, `dy`) from a place traced back lies within `gate` across the
    /// flight and within `gate` plus ``TrackerSettings/lookBackAlongPathReach`` of `motion`
    /// along it.
    private func isAlongPath(_ dx: Double, _ dy: Double, gate: Double, motion: SIMD2<Double>?) -> Bool {
        guard let (along, across, length) = Self.alongAndAcross(dx, dy, motion: motion) else { return false }
        return abs(across) <= gate && abs(along) <= gate + settings.lookBackAlongPathReach * length
    }

    /// An offset (`dx`, `dy`) split into its parts along `motion` and across it, with the
    /// motion's length; nil without a motion.
    private static func alongAndAcross(_ dx: Double, _ dy: Double, motion: SIMD2<Double>?)
        -> (along: Double, across: Double, length: Double)? {
        guard let motion else { return nil }
        let length = (motion * motion).sum().squareRoot()
        guard length > 0 else { return nil }
        return ((dx * motion.x + dy * motion.y) / length, (dx * motion.y - dy * motion.x) / length, length)
    }

    /// The track confirmed early, when its own points (fewer than a window) already pass every
    /// test and the frames before them (and, for a flight known closely, between them) hold the
    /// object where its flight puts it, enough to fill the window, which must then pass as any
    /// window does; nil otherwise. Points found by looking back count only towards the window's
    /// length and shape, those between the track's points only towards its length: the tests
    /// on what moves around the object must hold for the track's own points, for a local
    /// search does not measure that.
    func confirmedByLookingBack(_ track: Track, search: (LocalSearch) -> BallCandidate?) -> Track? {
        // The plainest evidence of its own first: its latest run of points in consecutive
        // frames (whatever came before a gap, the look back finds again if it was the object).
        // Failing that, the whole track, gaps and all: at 30 frames a second a ball receding
        // down the line is fast for only a few frames and then too slow to change every frame.
        let run = Self.latestRunStart(track.points)
        if let confirmed = confirmedByLookingBack(Array(track.points[run...]), of: track, search: search) { return confirmed }
        // Only a track that starts at a struck ball's speed and has a point more than a run
        // would need: chains of specks in clutter are often gappy and fast, and this is the
        // dearer test. (At 30 frames a second a far ball seen every other frame is lost to
        // three misses in a row as often as not before it gathers more: 1280x720 25 fps
        // sky-dark-ball-1, six points over nine frames, was reported 20 frames in when seven
        // were needed, 12 now.)
        guard run > 0, track.points.count >= settings.earliestConfirmation else { return nil }
        let a = track.points[0], b = track.points[2]
        let start = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / max(b.t - a.t, 1e-9)
        guard start >= settings.minimumConfirmSpeed else { return nil }
        return confirmedByLookingBack(track.points, of: track, search: search)
    }

    /// The index of the first point of the latest run of `points` in consecutive frames.
    static func latestRunStart(_ points: [TrackPoint]) -> Int {
        var run = points.count - 1
        while run > 0, points[run - 1].frame == points[run].frame - 1 { run -= 1 }
        return max(run, 0)
    }

    /// For a track a window long or longer whose window does not pass, whose latest run of
    /// points in consecutive frames is shorter than a window but long enough for an early
    /// confirmation, after at most ``TrackerSettings/latestRunLongestHead`` points: that run
    /// confirmed as ``confirmedByLookingBack(_:search:)`` confirms a young track's, the frames
    /// before it looked at again; nil otherwise.
    func confirmedByLookingBackFromLatestRun(_ track: Track, search: (LocalSearch) -> BallCandidate?) -> Track? {
        let run = Self.latestRunStart(track.points)
        let count = track.points.count - run
        guard count >= settings.earliestRunConfirmation, count < settings.trajectoryLength,
              run <= settings.latestRunLongestHead else { return nil }
        return confirmedByLookingBack(Array(track.points[run...]), of: track, search: search)
    }

    /// ``confirmedByLookingBack(_:search:)`` for the track's points `own`.
    private func confirmedByLookingBack(_ own: [TrackPoint], of original: Track,
                                        search: (LocalSearch) -> BallCandidate?) -> Track? {
        // Only the points since the last one in a moving region: the club's and the golfer's
        // motion make runs too, so those are not evidence; but a ball's first points beside the
        // club are no evidence against it either, and the look back finds them again (1920x1080
        // seeds 1-7: 8 shots reported 1-2 frames sooner; 640x360 120 fps: 10 shots 1-5 frames
        // sooner, dtl-noise-jitter-2 precision 0.949 -> 0.989; no trajectory added anywhere).
        let kept = own.lastIndex(where: { $0.activity > settings.crowdedActivity }).map { Array(own[($0 + 1)...]) } ?? own
        if let confirmed = confirmedByLookingBack(kept: kept, of: original, search: search) { return confirmed }
        // Nor against it where the ball passes in front of the golfer's moving body a few
        // frames after the tee (a portrait view): with its latest three points in the open the
        // whole run is the evidence, and the judge's own tests of what moves around a window
        // (no more than a third of it in motion, its median in the open) decide (480x270 60 fps
        // dtl-portrait-6 of seeds 4-6: reported 14 frames in -> 11; dtl-noise-jitter-6 14 -> 12).
        if settings.lookBackCountsPointsInMotion, kept.count < own.count,
           own.suffix(3).allSatisfy({ $0.activity <= settings.crowdedActivity }),
           let confirmed = confirmedByLookingBack(kept: own, of: original, search: search) { return confirmed }
        // Points of something else before the object that the activity did not mark (the club
        // head coming down past the tee in the frames before the launch, a speck the hypothesis
        // started from) bend the fit; without those off the flight that the later points trace
        // back, the rest may pass (1280x720 120 fps dtl-everything-1 and dtl-noise-jitter-1:
        // reported 24 and 23 frames after the launch -> 20 and 20). Only when all of them did
        // not: a fast ball's first points may lie off its flight traced back and still be its.
        let offFlight = firstPointOnFlight(kept, keeping: settings.earliestConfirmation)
        guard offFlight > 0 else { return nil }
        return confirmedByLookingBack(kept: Array(kept[offFlight...]), of: original, search: search)
    }

    /// ``confirmedByLookingBack(_:of:search:)`` for the points `kept` of the track `original`.
    private func confirmedByLookingBack(kept: [TrackPoint], of original: Track,
                                        search: (LocalSearch) -> BallCandidate?) -> Track? {
        let consecutive = kept.count > 0 && kept[kept.count - 1].frame - kept[0].frame == kept.count - 1
        guard kept.count >= (consecutive ? settings.earliestRunConfirmation : settings.earliestConfirmation) else { return nil }
        var track = original
        track.points = kept
        // Half a struck ball's speed will do here: a ball receding down the line may be slow
        // already by its own first points, fast only in the frames the look back finds.
        guard judge(track, window: track.points.count, launchSpeed: 0.5) == .trajectory, !carriesOnConfirmedFlight(track)
        else { return nil }
        var extended = track
        extendBackwards(&extended, search: search)
        let own = Set(extended.points.map(\.frame))
        fillGaps(&extended, largestResidual: settings.largestConfirmingFillResidual, search: search)
        let filled = Set(extended.points.map(\.frame)).subtracting(own)
        // The window is judged without the points found between the track's own: a ball
        // receding down the line slows, and its filled-in window spans less of its fast start.
        var judged = extended
        judged.points.removeAll { filled.contains($0.frame) }
        guard extended.points.count >= settings.trajectoryLength,
              judge(judged, window: min(judged.points.count, settings.trajectoryLength)) == .trajectory,
              !duplicatesConfirmedTrack(extended), !continuesAbandonedObject(extended) else { return nil }
        extended.confirmed = true
        extended.historyRevised = true
        return extended
    }

    /// Where the flight of `points` (oldest first) puts the object at the earlier time `t`, and
    /// how far off it may be: the flight model when it fits, else a constant-acceleration fit.
    func backPrediction(from points: [TrackPoint], t: Double) -> (x: Double, y: Double, gate: Double)? {
        BackFlight(points)?.place(at: t)
    }
}

/// The flight of a track's first points, traced back to earlier times (fitted once, asked for
/// several times).
struct BackFlight {
    private let flight: ProjectiveTimeFit?
    private let receding: RecedingLineFit?
    private let fx: QuadraticFit
    private let fy: QuadraticFit
    private let t0: Double
    private let step: Double
    private let rms: Double

    /// How far (RMS, pixels) the points lie from the fit that places the object.
    var residual: Double { flight?.rmsResidual ?? rms }

    /// Nil for fewer than four points.
    ///
    /// `recedingFrom`: where too few points for the flight model recede from the camera, their
    /// depth growing by this share of the first point's depth or more over their span (see
    /// ``TrackerSettings/lookBackRecession``), and the receding straight flight fits them as
    /// closely as the constant-acceleration fit does, the object is placed on that flight.
    init?(_ points: [TrackPoint], recedingFrom recession: Double? = nil) {
        guard points.count >= 4 else { return nil }
        let first = points[0], second = points[1]
        step = ((second.x - first.x) * (second.x - first.x) + (second.y - first.y) * (second.y - first.y)).squareRoot()
            / max(Double(second.frame - first.frame), 1)
        flight = points.count >= 8
            ? ProjectiveTimeFit.fit(count: points.count, ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread) {
                (points[$0].t, points[$0].x, points[$0].y)
            }
            : nil
        t0 = first.t
        (fx, fy) = QuadraticFit.fitPair(count: points.count) { (points[$0].t - first.t, points[$0].x, points[$0].y) }
        rms = (fx.rmsResidual * fx.rmsResidual + fy.rmsResidual * fy.rmsResidual).squareRoot()
        if let recession, flight == nil,
           let line = RecedingLineFit.fit(count: points.count, sample: { (points[$0].t, points[$0].x, points[$0].y) }),
           line.recession >= recession, line.rmsResidual <= rms {
            receding = line
        } else {
            receding = nil
        }
    }

    /// The object's place at time `t` and the gate around it: the flight model's when it fits,
    /// else the receding straight flight's where it was asked for and fits, else the
    /// constant-acceleration fit's.
    /// `interpolating`: `t` lies between the points, where the fit is far surer than before
    /// them, and the gate is kept tight.
    func place(at t: Double, interpolating: Bool = false) -> (x: Double, y: Double, gate: Double)? {
        let along = interpolating ? 0.1 : 1
        if let flight, let p = flight.point(at: t) {
            return (p.x, p.y, max(3, 2 + 2.5 * flight.rmsResidual + 0.25 * along * step))
        }
        if let receding {
            guard let p = receding.point(at: t) else { return nil }
            return (p.x, p.y, max(3, 2 + 2.5 * receding.rmsResidual + 0.35 * along * step))
        }
        return (fx.value(at: t - t0), fy.value(at: t - t0), max(3, 2 + 2.5 * rms + 0.35 * along * step))
    }
}
