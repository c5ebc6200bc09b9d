import Foundation
import MediaKitLinux

extension BallTracker {
    /// The ball at rest at `point`'s place in the frames just before it, if it sat there: in
    /// each of the ``TrackerSettings/restingBallFrames`` frames before `point`'s, a blob of
    /// either sign (a white ball at address is brighter than the grass, the same ball in
    /// flight darker than the sky), of three pixels or more and at least
    /// ``TrackerSettings/restingBallContrast``, whose centre lies within
    /// ``TrackerSettings/restingBallReach`` of its radius of the point (or
    /// ``TrackerSettings/restingBallLeastReach`` pixels), compared with later
    /// frames of `track` from which the ball had gone. Still over two frames is the ball at
    /// address: a club head or a hand passes through in one, and a flying ball's earlier image
    /// lies a step away. Returns the blob of the frame just before `point`'s.
    func restingBall(at point: TrackPoint, in track: Track, search: (LocalSearch) -> BallCandidate?) -> BallCandidate? {
        guard !point.foundByAppearance else { return nil }
        var justBefore: BallCandidate?
        for f in stride(from: point.frame - 1, through: point.frame - settings.restingBallFrames, by: -1) {
            guard f >= 0, frame - f < 90, let found = stillObject(at: point, frame: f, in: track, search: search) else { return nil }
            if justBefore == nil { justBefore = found }
        }
        return justBefore
    }

    /// The strongest blob of either sign at `point`'s place in frame `f` that passes
    /// ``restingBall(at:in:search:)``'s tests for one frame.
    private func stillObject(at point: TrackPoint, frame f: Int, in track: Track,
                             search: (LocalSearch) -> BallCandidate?) -> BallCandidate? {
        let later = track.points.filter { $0.frame > point.frame }
        let references = lookBackReferences(later, for: f, around: (point.x, point.y), radius: point.radius)
        guard !references.isEmpty else { return nil }
        var strongest: BallCandidate?
        for polarity: Int8 in [1, -1] {
            let radius = max(max(point.radius, 1.5), settings.restingBallLeastReach) + 2
            let request = LocalSearch(x: point.x, y: point.y, radius: radius, polarity: polarity,
                                      references: references, frame: f, byAppearance: false, motion: nil)
            if let found = search(request), found.area >= 3, found.peakContrast >= (strongest?.peakContrast ?? 0) {
                strongest = found
            }
        }
        guard let found = strongest, found.peakContrast >= settings.restingBallContrast else { return nil }
        let dx = found.x - point.x, dy = found.y - point.y
        let reach = max(settings.restingBallReach * found.radius, settings.restingBallLeastReach)
        return dx * dx + dy * dy <= reach * reach ? found : nil
    }

    /// Whether the ball at rest `rest`, found in the frame before `f`, still sat at its place
    /// through all of frame `f`'s exposure: against later frames of `track`, from which it had
    /// gone, its place in `f` shows ``TrackerSettings/stillBallContrastShare`` of its contrast
    /// at rest or more. A real shot's launch falls anywhere between two frames; where it fell
    /// after `f`'s exposure, the ball in `f` is the ball on its tee, not its launch: the flight
    /// begins at the first frame after the strike. Where the strike cut the exposure, the ball
    /// sat on the tee for only part of it and shows fainter there.
    func staysAtRest(through f: Int, rest: BallCandidate, in track: Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        let later = track.points.filter { $0.frame > f }
        let references = lookBackReferences(later, for: f, around: (rest.x, rest.y), radius: rest.radius)
        guard !references.isEmpty else { return false }
        let request = LocalSearch(x: rest.x, y: rest.y, radius: max(rest.radius, 1.5) + 1, polarity: rest.polarity,
                                  references: references, frame: f, byAppearance: false, motion: nil)
        guard let found = search(request) else { return false }
        return Double(found.peakContrast) >= settings.stillBallContrastShare * Double(rest.peakContrast)
    }

    /// Whether the ball leaves `point` for `next` at a struck ball's pace
    /// (``TrackerSettings/launchStep`` a frame or more): a far ball creeping a pixel or two a
    /// frame lies within reach of its place over two frames too, but is no launch.
    func leavesAtLaunchPace(_ point: TrackPoint, for next: TrackPoint) -> Bool {
        BallTracker.distance(point, next) >= settings.launchStep * Double(next.frame - point.frame)
    }

    /// Drops a confirmed flight's points before one of its first few whose frame follows the
    /// ball at rest at its place (``restingBall(at:in:search:)``) and which it leaves at a
    /// struck ball's pace: that point is the launch, and what came before it was the club head
    /// coming down to the tee, which the look back or the hypothesis took along the flight
    /// traced back (1280x720 and 640x360 120 fps: the club head 25 px below the tee, one frame
    /// before the launch, on 23 of 726 clips). Returns whether points were dropped.
    func dropPointsBeforeLaunch(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        // Three points or more after the latest that may be the launch, to compare with.
        guard track.points.count >= settings.launchSearchPoints + 3 else { return false }
        for i in 1...min(settings.launchSearchPoints, track.points.count - 1)
        where track.points[i].frame - track.points[i - 1].frame == 1 && leavesAtLaunchPace(track.points[i], for: track.points[i + 1]) {
            if restingBall(at: track.points[i], in: track, search: search) != nil {
                track.points.removeFirst(i)
                return true
            }
        }
        return false
    }

    /// Places a confirmed flight's first point, where its frame follows the ball at rest at its
    /// place and the ball leaves it at a struck ball's pace (``leavesAtLaunchPace(_:for:)``),
    /// at the ball's place averaged over the exposure: the ball at rest, moved
    /// ``TrackerSettings/restingLaunchLead`` of the step to the next point up the path. The
    /// launch frame's blob is the part of the exposure with the ball still on the tee (or the
    /// club head over it); the rest of the exposure carried the ball up the path, under the
    /// club head or too fast to leave ink. The ball's centre in the frame before is the place
    /// it sat, which the club head's blob over the tee is not. Where the ball stayed at rest
    /// through the point's whole exposure (``staysAtRest(through:rest:in:search:)``: struck
    /// after it), the point is dropped instead. Returns whether it moved or went.
    func placeRestingLaunchPoint(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        guard track.points.count >= 5 else { return false }
        let first = track.points[0], next = track.points[1]
        let frames = next.frame - first.frame
        guard frames <= 2, leavesAtLaunchPace(first, for: next),
              let rest = restingBall(at: first, in: track, search: search) else { return false }
        // Still on its tee through the point's frame: the strike came after it.
        if staysAtRest(through: first.frame, rest: rest, in: track, search: search) {
            track.points.removeFirst()
            return true
        }
        let lead = settings.restingLaunchLead / Double(frames)
        track.points[0].x = rest.x + lead * (next.x - rest.x)
        track.points[0].y = rest.y + lead * (next.y - rest.y)
        return true
    }
}

extension BallTracker {
    /// Drops a confirmed flight's first point where it is darker than its background and the
    /// next point, a frame later and a struck ball's pace away, lighter, with none of the next
    /// point's sign on the path at its place and no ball at rest there
    /// (``restingBall(at:in:search:)``): the club head swinging on past the tee beside the
    /// ball's faint streak, not the ball. A ball turns only from lighter to darker as it leaves
    /// the ground for the sky, and where the club head's blob does mark the launch it lies over
    /// the ball at address or its streak. The frame is then looked at again for the ball's own
    /// sign. (25 fps: 1280x720 dtl-club-walkers-2 and dtl-dark-ball-3, 1920x1080
    /// dtl-dark-ball-2 and dtl-floodlights-2, the club head 40-68 px from the ball and up to
    /// 70 px above the tee: the look back and the ball's first hypotheses seek the flight's
    /// sign, the sky's.) Returns whether the point was dropped.
    func dropDarkLaunchPoint(_ track: inout Track, search: (LocalSearch) -> BallCandidate?) -> Bool {
        guard track.points.count >= 5 else { return false }
        let first = track.points[0], next = track.points[1]
        guard first.polarity < 0, next.polarity > 0, next.frame - first.frame == 1, leavesAtLaunchPace(first, for: next),
              !first.foundByAppearance, frame - first.frame < 90 else { return false }
        // The streak measures may have moved the point onto the ball's own ink since its blob
        // was taken: kept where the next point's sign shows at its place, on the path (a light
        // fringe beside the club head's blob is no ball's ink).
        let later = Array(track.points.dropFirst().prefix(settings.trajectoryLength))
        let references = lookBackReferences(later, for: first.frame, around: (first.x, first.y), radius: first.radius)
        guard !references.isEmpty else { return false }
        let own = LocalSearch(x: first.x, y: first.y, radius: max(first.radius, 1.5) + 2, polarity: next.polarity,
                              references: references, frame: first.frame, byAppearance: false, motion: nil)
        if let ink = search(own) {
            let dx = next.x - first.x, dy = next.y - first.y, length = (dx * dx + dy * dy).squareRoot()
            let aside = abs((ink.x - first.x) * dy - (ink.y - first.y) * dx) / max(length, 1e-9)
            if aside <= settings.darkLaunchInkAside { return false }
        }
        guard restingBall(at: first, in: track, search: search) == nil else { return false }
        track.points.removeFirst()
        // The launch frame looked at again for the ball's own sign where the flight traced back
        // puts it (the look back sought the flight's sign, the sky's), not on the dropped
        // blob's fringe. Not from the flight's first few points: their looser fit reached a
        // streak of the club head's fringe (1280x720 25 fps dtl-dark-ball-3).
        let entry = recentFrames[first.frame % recentFrames.count]
        guard entry.frame == first.frame,
              case .found(let candidate, false) = lookBack(track, at: first.frame, entry: entry, modelPoints: settings.trajectoryLength,
                                                          passedGap: false, polarity: next.polarity, search: search) else { return true }
        var p = TrackPoint(candidate, time: entry.time, t: entry.t, frame: first.frame)
        guard BallTracker.distance(p, first) > max(first.radius, settings.darkLaunchInkAside) else { return true }
        p.foundByLocalSearch = true
        track.points.insert(p, at: 0)
        return true
    }
}
