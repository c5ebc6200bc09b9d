import Foundation

/// A young track confirmed by the tee it left: a ball that sat still on the ground until a
/// moment before the track began, where the track's path traced back leads.
///
/// Down the line at 25-30 fps the first frames of a struck ball are streaks too faint for the
/// frames' change (tens of pixels a frame over the grass and the golfer), and x264 drops it
/// from some of the frames after: its hypothesis often begins only near the apex, slower than
/// a launch and hardly slowing, and passes no speed test. What no bird, walker or chain of
/// specks has is a ball at rest at the end of its path traced back that vanished a moment
/// before it appeared.
extension BallTracker {
    /// A tee search made, by the first point (its frame and rounded place) and the point count
    /// of the track that made it.
    struct TeeSearch: Hashable {
        var frame: Int
        var x: Int
        var y: Int
        var points: Int
    }

    /// Whether the young track `track` is due a look for its tee (``confirmedByTee(_:search:)``):
    /// ``TrackerSettings/teeAnchorRetryWindows`` of a window's points since its last, and no
    /// longer than ``TrackerSettings/teeAnchorLongestWindows`` windows.
    func isDueTeeLook(_ track: Track) -> Bool {
        let n = track.points.count, window = Double(settings.trajectoryLength)
        let retry = max(Int((settings.teeAnchorRetryWindows * window).rounded()), 1)
        return settings.anchorsYoungTracksAtTee && n >= settings.earliestRunConfirmation
            && n >= track.teeSoughtAt + retry && Double(n) <= settings.teeAnchorLongestWindows * window
    }

    /// `track` confirmed by its tee (``teeLaunchFrame(for:search:)``) where its own window passes the
    /// judge in every test but speed and the tee's launch was no other flight's, with the
    /// frames before its first point looked at again; nil otherwise. Failing that, the same
    /// for the track less its first points that lie off the flight its later points trace
    /// back (``firstPointOnFlight(_:keeping:)``).
    func confirmedByTee(_ track: Track, search: (LocalSearch) -> BallCandidate?) -> Track? {
        if let confirmed = confirmedByOwnTee(track, search: search) { return confirmed }
        // A ball's hypothesis may begin on something else rising from the golfer behind it,
        // or take a speck aside where x264 erased the ball, and those points bend its window
        // past the fit or the straightness test. 640x360 30 fps, launched between two frames:
        // dtl-everything-72 began on two lighter blobs 12 px below the ball, which then
        // recedes straight up the picture, slowing from 4 px a frame to 1 (found nowhere: the
        // ball's own hypotheses, sharing their latest points with the longer one, were dropped
        // as its duplicates); dtl-floodlights-73 held the ball from its launch but for a speck
        // 28 px aside in its fifth frame (found nowhere; now 0.984 / 1.000, 11 frames in).
        let head = firstPointOnFlight(track.points, keeping: settings.earliestConfirmation)
        guard head > 0 else { return nil }
        var flight = track
        flight.points.removeFirst(head)
        return confirmedByOwnTee(flight, search: search)
    }

    /// ``confirmedByTee(_:search:)`` for the track's points as they are.
    private func confirmedByOwnTee(_ track: Track, search: (LocalSearch) -> BallCandidate?) -> Track? {
        let n = track.points.count
        guard judge(track, window: min(n, settings.trajectoryLength), launchSpeed: 0) == .trajectory,
              !carriesOnConfirmedFlight(track), !duplicatesConfirmedTrack(track), !continuesAbandonedObject(track),
              let launchFrame = teeLaunchFrame(for: track, search: search) else { return nil }
        // One flight per launch: a flight confirmed since then is that shot's (this track is
        // something else that flew after it, or the same ball found again).
        let launched = { (other: Track) in
            other.confirmed && other.points[0].frame >= launchFrame - settings.teeAnchorLaunchSlack
        }
        guard !tracks.contains(where: launched), !ended.contains(where: launched) else { return nil }
        var extended = track
        // It rose from the ground: lighter than the grass in its first frames, darker than
        // the sky in the track's.
        extendBackwards(&extended, eitherSign: true, search: search)
        fillGaps(&extended, largestResidual: settings.largestConfirmingFillResidual, search: search)
        // Vision reports a trajectory once it holds trajectoryLength points.
        guard extended.points.count >= settings.trajectoryLength, !speedsUpAfterTee(extended.points) else { return nil }
        extended.confirmed = true
        extended.historyRevised = true
        return extended
    }

    /// The launch, the first analysed frame without the ball at rest where `track`'s path,
    /// traced back along its direction (or straight down), leads: a blob lighter than later frames show there by
    /// ``TrackerSettings/teeAnchorContrast`` or more, still for
    /// ``TrackerSettings/teeAnchorShortestRest`` seconds or more, gone
    /// ``TrackerSettings/teeAnchorShortestGap`` to ``TrackerSettings/teeAnchorLongestGap``
    /// seconds before the track's first point, below it (``TrackerSettings/teeAnchorLeastRise``)
    /// and far enough off that the ball flew from it at least
    /// ``TrackerSettings/teeAnchorSpeedFactor`` times the track's first pace (a struck ball only
    /// slows) and at a launch's speed.
    func teeLaunchFrame(for track: Track, search: (LocalSearch) -> BallCandidate?) -> Int? {
        let points = track.points
        let n = points.count
        guard n >= 3 else { return nil }
        let first = points[0], last = points[n - 1]
        let frameTime = (last.t - first.t) / Double(max(last.frame - first.frame, 1))
        guard frameTime > 0 else { return nil }
        // The direction the track leaves in: the main axis of its first points, pointing along
        // its motion (a track near its apex wanders a pixel either way of it).
        let head = points.prefix(settings.trajectoryLength)
        guard let axis = Self.mainAxis(head) else { return nil }
        let along = (head[head.endIndex - 1].x - first.x) * axis.x + (head[head.endIndex - 1].y - first.y) * axis.y
        let ux = along >= 0 ? -axis.x : axis.x, uy = along >= 0 ? -axis.y : axis.y
        let pace = Self.speed(from: points[0], to: points[min(2, n - 1)])
        // The frame to find the ball at rest in: early enough to see it rest for the shortest
        // while before a launch the longest gap before the first point, and still held.
        let reach = Int(((settings.teeAnchorLongestGap + settings.teeAnchorShortestRest) / frameTime).rounded(.up))
        let early = max(first.frame - reach, frame - settings.teeAnchorHistory, 0)
        guard early < first.frame - 1 else { return nil }
        let entry = recentFrames[early % recentFrames.count]
        guard entry.frame == early else { return nil }
        // Along the path traced back, in discs that widen as the direction grows less sure;
        // and straight down, where the track began near its apex (its direction there is the
        // apex's, across the picture) and the ball rose from the ground below.
        var ways = [(x: ux, y: uy)]
        if settings.teeAnchorSeeksBelow, uy < settings.teeAnchorBelowCosine { ways.append((0, 1)) }
        for way in ways {
            var distance = max(2 * pace, 4)
            while distance <= settings.teeAnchorReach {
                let gate = min(settings.teeAnchorGate + settings.teeAnchorSpread * distance, settings.teeAnchorWidestGate)
                // Discs a radius and a half apart still overlap: between two centres the search
                // spans two thirds of a disc's width, at two thirds the cost of a radius apart.
                defer { distance += 1.5 * gate }
                let cx = first.x + distance * way.x, cy = first.y + distance * way.y
                // Off the picture's bottom or sides the ground holds no tee for this track.
                if settings.analysisHeight > 0,
                   cy - gate > settings.analysisHeight || cx + gate < 0 || cx - gate > settings.analysisWidth { break }
                // Nowhere in the disc low enough below the first point for the rise a tee needs.
                guard cy + gate - first.y >= settings.teeAnchorLeastRise * (distance - gate) else { continue }
                if let launch = teeLaunchFrame(near: (cx, cy), gate: gate, from: early, track: track, pace: pace,
                                               frameTime: frameTime, search: search) {
                    return launch
                }
            }
        }
        return nil
    }

    /// The launch from a tee within `gate` of `place`, seen still from frame `early` on (see
    /// ``teeLaunchFrame(for:search:)``).
    private func teeLaunchFrame(near place: (x: Double, y: Double), gate: Double, from early: Int, track: Track,
                                pace: Double, frameTime: Double, search: (LocalSearch) -> BallCandidate?) -> Int? {
        let first = track.points[0]
        let references = lookBackReferences(track.points, for: early, around: place, radius: gate)
        guard references.count == 2 else { return nil }
        // A white ball on the ground it was struck from: lighter than what later frames show
        // there. (Darker blobs that left were the club and the hands pausing at the top of the
        // backswing, or the grass the golfer's body uncovered.)
        let polarity: Int8 = 1
        let request = LocalSearch(x: place.x, y: place.y, radius: gate, polarity: polarity, references: references,
                                  frame: early, byAppearance: false, motion: nil)
        guard let ball = search(request), ball.area >= 3, ball.peakContrast >= settings.teeAnchorContrast,
              ball.radius <= settings.teeAnchorLargestRadius else { return nil }
        // Still: there in the next frame too, to a pixel or two of camera shake.
        guard let still = ballAtRest(at: (ball.x, ball.y), polarity: polarity, contrast: ball.peakContrast,
                                     frame: early + 1, track: track, search: search) else { return nil }
        // The last frame it sat there, scanning forward: the club head covers the ball
        // only for the frame or two about the strike.
        var lastStill = early + 1, misses = 0, resting = still
        var f = early + 2
        while f < first.frame {
            if let found = ballAtRest(at: (still.x, still.y), polarity: polarity, contrast: ball.peakContrast, frame: f,
                                      track: track, search: search) {
                lastStill = f
                resting = found
                misses = 0
            } else {
                misses += 1
                if misses > settings.teeAnchorHiddenFrames { break }
            }
            f += 1
        }
        let launchFrame = lastStill + 1
        // At rest a while (a ball waits through the address and the swing; a walker or a bird
        // pauses), and gone a while before the track began (something that starts to move
        // where it stood is the same object, not a ball struck from it).
        guard Double(lastStill - early) * frameTime >= settings.teeAnchorShortestRest,
              Double(first.frame - launchFrame) * frameTime >= settings.teeAnchorShortestGap else { return nil }
        let frames = Double(first.frame - launchFrame + 1)
        let dx = first.x - resting.x, dy = first.y - resting.y
        let way = (dx * dx + dy * dy).squareRoot()
        // A struck ball rises from the ground in an upright picture (a walker in white who
        // stood still above where the track began and then left is no tee).
        guard -dy >= settings.teeAnchorLeastRise * way else { return nil }
        let flown = way / frames
        guard flown >= settings.teeAnchorSpeedFactor * pace, flown >= settings.minimumConfirmSpeed * frameTime,
              flown <= settings.maxSpeed * frameTime else { return nil }
        return launchFrame
    }

    /// Whether a tee-confirmed track's points, its look back's finds included, go faster over
    /// their last third than ``TrackerSettings/teeAnchorLatePaceShare`` of their pace over the
    /// first third. A struck ball only slows; an object the look back found waiting where it
    /// later drifted from is no ball, whatever tee lay below it (640x360 30 fps
    /// dtl-everything-72 launched between two frames: something left of the ball's path, at rest
    /// for twelve frames and then drifting a pixel a frame, took the tee of the shot launched
    /// 24 px to its right and was reported as a flight). The paces are chords over a third of the
    /// points each, at least two: a pixel of centring noise moves a short chord's pace most.
    func speedsUpAfterTee(_ points: [TrackPoint]) -> Bool {
        let n = points.count
        let third = max(n / 3, 2)
        guard n >= 2 * third else { return false }
        let early = Self.speed(from: points[0], to: points[third - 1])
        let late = Self.speed(from: points[n - third], to: points[n - 1])
        return late > settings.teeAnchorLatePaceShare * early
    }

    /// A blob of `polarity` within a pixel or two of `place` in frame `f`, against later frames
    /// of `track` (after the launch), with at least half of `contrast`: the ball still at rest.
    private func ballAtRest(at place: (x: Double, y: Double), polarity: Int8, contrast: Int, frame f: Int, track: Track,
                            search: (LocalSearch) -> BallCandidate?) -> BallCandidate? {
        let reach = settings.teeAnchorStillReach
        let references = lookBackReferences(track.points, for: f, around: place, radius: reach)
        guard references.count == 2 else { return nil }
        let request = LocalSearch(x: place.x, y: place.y, radius: reach + 1, polarity: polarity, references: references,
                                  frame: f, byAppearance: false, motion: nil)
        guard let found = search(request), 2 * found.peakContrast >= contrast else { return nil }
        let dx = found.x - place.x, dy = found.y - place.y
        return dx * dx + dy * dy <= reach * reach ? found : nil
    }

    /// The unit direction of the points' main axis (their spread's principal direction); nil
    /// when they do not spread.
    static func mainAxis(_ points: ArraySlice<TrackPoint>) -> (x: Double, y: Double)? {
        let count = Double(points.count)
        guard count >= 2 else { return nil }
        let mx = points.reduce(0) { $0 + $1.x } / count, my = points.reduce(0) { $0 + $1.y } / count
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx); sxy += (p.x - mx) * (p.y - my); syy += (p.y - my) * (p.y - my)
        }
        guard sxx + syy > 1e-9 else { return nil }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (cos(angle), sin(angle))
    }
}
