import Foundation
import MediaKitLinux

extension BallTracker {
    /// Where a track expects its object in the frame at time `t`, and how far off it may be.
    struct Prediction {
        var x: Double
        var y: Double
        var gate: Double
        /// Velocity over the last step, pixels per second.
        var vx: Double
        var vy: Double
        /// A second place the object may be, with its own gate: a two-point track of a ball
        /// struck away from the camera at 40 fps or slower, slowing hard as it recedes.
        var receding: (x: Double, y: Double, gate: Double)? = nil

        /// How far a candidate at (`x`, `y`) lies from the nearer of the places, and that place's gate.
        func offset(_ x: Double, _ y: Double) -> (error: Double, gate: Double) {
            let nearest = nearerPlace(x, y)
            return (nearest.error, nearest.gate)
        }

        /// Whether a candidate at (`x`, `y`) lies nearer the slowed place than the first.
        func isNearerReceding(_ x: Double, _ y: Double) -> Bool { nearerPlace(x, y).isReceding }

        /// The nearer of the places to (`x`, `y`), each measured in its own gate: the distance
        /// to it, its gate, and whether it is the slowed one.
        private func nearerPlace(_ x: Double, _ y: Double) -> (error: Double, gate: Double, isReceding: Bool) {
            let ex = x - self.x, ey = y - self.y
            let error = (ex * ex + ey * ey).squareRoot()
            guard let receding else { return (error, gate, false) }
            let rx = x - receding.x, ry = y - receding.y
            let other = (rx * rx + ry * ry).squareRoot()
            return other / receding.gate < error / gate ? (other, receding.gate, true) : (error, gate, false)
        }

        /// How far from the prediction's first place candidates may lie.
        var reach: Double {
            guard let receding else { return gate }
            let dx = receding.x - x, dy = receding.y - y
            return max(gate, (dx * dx + dy * dy).squareRoot() + receding.gate)
        }
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
            // shake and centroid noise cannot bend into a wild extrapolation. For a confirmed
            // flight the speed per analysed frame decides: its slow ball coasting over missed
            // frames is still slow.
            var interval = dt
            if track.confirmed {
                interval = pdt
                for i in (n - 3)..<(n - 1) { interval = min(interval, track.points[i].t - track.points[i - 1].t) }
            }
            if step * interval / dt > 3 {
                let window = track.points.suffix(12)
                let sample = { (i: Int) -> (t: Double, x: Double, y: Double) in
                    let p = window[window.startIndex + i]
                    return (p.t, p.x, p.y)
                }
                let fitted = flightFitMemo.fit(FlightFitMemo.key(count: window.count, loose: false, sample: sample)) {
                    ProjectiveTimeFit.fit(count: window.count, sample: sample)
                }
                if let fit = fitted, let p = fit.point(at: t) {
                    // Trust the model only while it keeps going the way the object went.
                    let px = p.x - last.x, py = p.y - last.y
                    let ahead = (px * vx + py * vy) / max(step / dt * (px * px + py * py).squareRoot(), 1e-9)
                    let length = (px * px + py * py).squareRoot()
                    if ahead > 0.7 && length < 1.6 * step {
                        let gate = max(3, 2.0 + 2.5 * fit.rmsResidual + 0.25 * step)
                        guard window.count < 8 else {
                            // The ridge that keeps a short window's depth terms in check also keeps a
                            // long one's from following a ball that slows hard as it recedes: eleven
                            // 120 fps points of a launch fitted 0.8 px off and put the ball's next
                            // image 5.6 px short of where it was (640x360 120 fps dtl-clean-2). Where
                            // the fit shows it, the depth terms as free as the judge lets them be
                            // give a second guess, and the gate spans both.
                            guard window.count >= Self.looseFitMinimumPoints, fit.rmsResidual > Self.looseFitResidual,
                                  let loose = flightFitMemo.fit(FlightFitMemo.key(count: window.count, loose: true, sample: sample), compute: {
                                      ProjectiveTimeFit.fit(count: window.count, ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread,
                                                            sample: sample)
                                  }),
                                  loose.rmsResidual < fit.rmsResidual, let q = loose.point(at: t) else {
                                return Prediction(x: p.x, y: p.y, gate: gate, vx: vx, vy: vy)
                            }
                            let spread = 0.5 * ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
                            return Prediction(x: 0.5 * (p.x + q.x), y: 0.5 * (p.y + q.y), gate: max(gate, spread + 2.5 + 0.25 * step),
                                              vx: vx, vy: vy)
                        }
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
                let points = track.points, start = max(n - 6, 0)
                let t0 = points[start].t
                let lx = LinearFit(count: n - start) { (points[start + $0].t - t0, points[start + $0].x) }
                let ly = LinearFit(count: n - start) { (points[start + $0].t - t0, points[start + $0].y) }
                let rms = (lx.rms * lx.rms + ly.rms * ly.rms).squareRoot()
                return Prediction(x: lx.value(at: t - t0), y: ly.value(at: t - t0), gate: 3.0 + 2 * rms + 0.25 * step,
                                  vx: lx.slope, vy: ly.slope)
            }
        }
        let gate = 2.5 + 0.35 * step
        if track.confirmed || settings.framesPerJudgedPoint > 1,
           let average = Self.steadierVelocity(track, lastStep: (vx, vy)) {
            return Prediction(x: last.x + average.vx * dt, y: last.y + average.vy * dt, gate: gate,
                              vx: average.vx, vy: average.vy)
        }
        let frameInterval = pdt / Double(max(last.frame - prev.frame, 1))
        if n == 2, frameInterval >= Self.slowingMinimumInterval, step > Self.recedingMinimumStep {
            // Two points of a ball struck down the line: at 25 fps its second step was under half
            // its first (a 79 px step, then 37: 1280x720 25 fps dtl-clean-1, never found), and
            // a straight line put it past the gate. It only slows: where it would be had it kept
            // a share of its speed is asked as well.
            let k = Self.recedingShare
            return Prediction(x: last.x + vx * dt, y: last.y + vy * dt, gate: gate, vx: vx, vy: vy,
                              receding: (last.x + vx * dt * k, last.y + vy * dt * k, 2.5 + 0.35 * step * k))
        }
        if frameInterval >= Self.slowingMinimumInterval, let k = Self.slowing(track, dt: dt),
           step * (1 - k) > Self.slowingShareOfGate * gate {
            // A young track of a fast object slowing hard: a ball struck down the line slows by
            // a steady factor each frame as it recedes (to two thirds at 25 fps), and a straight
            // line put it a third of a step past its next image, where noise specks won the
            // branches (1280x720 25 fps dtl-noise-jitter-3 was never found). Longer young tracks
            // come here where the flight model was not trusted: at 960x540 30 fps a launch's
            // fourth step was half its third (54 px, then 29), and the straight line, 28 px past
            // the ball two frames on, lost it to a hypothesis that had started on the club
            // (dtl-club-walkers-6 and dtl-noise-jitter-6 of seeds 4-6: never found).
            return Prediction(x: last.x + vx * dt * k, y: last.y + vy * dt * k, gate: gate, vx: vx, vy: vy)
        }
        return Prediction(x: last.x + vx * dt, y: last.y + vy * dt, gate: gate, vx: vx, vy: vy)
    }

    /// The residual (pixels) of a long window's flight fit above which a fit with freer depth
    /// terms is tried as well (``predict(_:t:)``).
    static let looseFitResidual = 0.5

    /// The fewest points a window needs before a fit with freer depth terms is tried: from
    /// eight, the guesses of chance chains of specks changed too, and in a 1920x1080 24 fps clip
    /// with 250 candidates a frame the ball's young track lost its place among the hypotheses.
    static let looseFitMinimumPoints = 10

    /// The velocity over a track's last three steps when its last step alone was quicker, nil
    /// otherwise: the velocity a straight-line guess should carry on where the flight model
    /// cannot be used.
    ///
    /// A ball near its apex moves a few pixels a frame, about what camera shake and centring
    /// noise add to one step: the last step, carried on, overshoots a ball that is slowing
    /// (960x540 dtl-noise-jitter-2: a confirmed flight missed its ball three frames running,
    /// 5.5 px from a guess with a 4.6 px gate, and ended; recall 0.937 -> 1.000). The gate is
    /// already sized on the slower of the two speeds. Where the last step was the slower one
    /// (a ball receding down the line, slowing every frame) it is the better guess and stays.
    ///
    /// Used for confirmed flights, and for young tracks only above 60 fps, where a ball's steps
    /// are as small as shake at any distance (640x360 120 fps dtl-clean-1: nothing found ->
    /// recall 0.976, precision 0.984). At 60 fps and below a young track's steps are larger,
    /// and there it let a chain of specks at 25 fps pass for a flight and held one launch at
    /// 60 fps back five frames.
    static func steadierVelocity(_ track: Track, lastStep: (vx: Double, vy: Double)) -> (vx: Double, vy: Double)? {
        let n = track.points.count
        guard n >= 4 else { return nil }
        let last = track.points[n - 1], back = track.points[n - 4]
        let span = last.t - back.t
        guard span > 0 else { return nil }
        let vx = (last.x - back.x) / span, vy = (last.y - back.y) / span
        guard vx * vx + vy * vy < lastStep.vx * lastStep.vx + lastStep.vy * lastStep.vy else { return nil }
        return (vx, vy)
    }

    /// The shortest interval (seconds) between analysed frames over which a three-point
    /// track's slowing is predicted (30 fps and slower). Over 60 fps frames a ball's steps shrink
    /// little from one to the next and the straight line finds it; there the slowed guess only
    /// changed which specks other young tracks took (a 640x360 test clip: the club's rise after
    /// the shot was reported, or not, depending on where the region of interest ended).
    static let slowingMinimumInterval = 1.0 / 40

    /// For a young track of three points or more whose last step is long enough to measure speed
    /// by: how far it goes on in `dt` seconds after its last point, as a share of going on at
    /// its last speed, when each interval's step keeps the ratio of its last two (held to
    /// 0.5-1). Nil when too slow to tell, and for a confirmed track of more than three points
    /// (its flight model and ``steadierVelocity(_:lastStep:)`` speak for it).
    static func slowing(_ track: Track, dt: Double) -> Double? {
        let count = track.points.count
        guard count == 3 || (count > 3 && !track.confirmed) else { return nil }
        let a = track.points[count - 3], b = track.points[count - 2], c = track.points[count - 1]
        let step0 = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let step1 = ((c.x - b.x) * (c.x - b.x) + (c.y - b.y) * (c.y - b.y)).squareRoot()
        let interval = c.t - b.t
        guard step1 > slowingMinimumStep, step0 > 0, interval > 0, b.t > a.t else { return nil }
        let ratio = min(max((step1 / interval) / (step0 / (b.t - a.t)), 0.5), 1)
        guard abs(ratio - 1) > 1e-9 else { return 1 }
        // Steps of one interval each shrinking by `ratio`, summed over dt / interval of them.
        let n = dt / interval
        return ratio * (1 - pow(ratio, n)) / ((1 - ratio) * n)
    }

    /// The shortest step (pixels) of a two-point track whose slowing is asked about
    /// (``Prediction/receding``).
    static let recedingMinimumStep = 16.0
    /// The share of its speed a ball receding down the line keeps from one 25 fps frame to the
    /// next at its launch (half at the first steps, more later).
    static let recedingShare = 0.5

    /// The last step (pixels) from which a three-point track's slowing is trusted: shorter
    /// steps are mostly centroid noise and camera shake.
    static let slowingMinimumStep = 8.0

    /// How far (as a share of the gate) a straight line must overshoot the slowed guess before
    /// the slowed guess is used.
    static let slowingShareOfGate = 0.5

    /// Whether `c` has the other sign than the track's last ``TrackerSettings/signRun`` points,
    /// which all have one, and the background measured behind the latest of them and behind
    /// `c` has not changed enough for the ball to have turned it
    /// (``BallTracker/crossesBackground(_:_:)``).
    func turnsSign(_ track: Track, to c: BallCandidate) -> Bool {
        let recent = track.points.suffix(settings.signRun)
        guard recent.count == settings.signRun, let sign = recent.first?.polarity, c.polarity != sign,
              recent.allSatisfy({ $0.polarity == sign }), c.background != nil,
              let measured = recent.last(where: { $0.background != nil }) else { return false }
        return !Self.crossesBackground(measured, c)
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
        let (error, gate) = prediction.offset(c.x, c.y)
        guard error <= gate else { return nil }
        // A followed ball keeps its sign against the background until the background behind it
        // changes enough to turn it: a speck of the other sign a little way off is not the
        // ball (960x540 dtl-everything-2: a confirmed flight near its apex took one 4.7 px off,
        // lost the ball and ended, recall 0.190). Nearer the prediction it may be the ball's
        // own wake, the background coming back where a slow ball just was, and taking it
        // keeps the flight on the ball.
        if track.confirmed, error >= settings.signTurnOffset, turnsSign(track, to: c) { return nil }
        // Direction and speed must change smoothly once the motion is clearly above the noise.
        let prevSpeed = (prediction.vx * prediction.vx + prediction.vy * prediction.vy).squareRoot()
        // Unless an established, fast track predicts the candidate well: a white ball climbing from
        // trees into a pale sky keeps a tenth of its contrast from one frame to the next (birds
        // and the flicker around them are slower, and do not get this licence).
        // (Speed per analysed frame: over a missed frame a bird covers twice its step; and at
        // a launch's speed as well: at 640x360 30 fps a bird crossing the sky at 6.3 px a frame,
        // 0.30 widths a second, took a far fainter blob and was reported beside the flight.)
        let perFrame = prevSpeed * dt / Double(max(frame - last.frame, 1))
        let launching = track.points.count >= 5 && perFrame >= settings.launchStep && prevSpeed >= settings.minimumConfirmSpeed
            && error <= 0.65 * gate && min(c.peakContrast, last.contrast) >= settings.launchLicenceMinimumContrast
            // Of the other sign only where the background behind crossed the object's luma: a
            // bird's wake over an unchanging sky is not the ball fading into it (640x360 30 fps
            // dtl-birds-walkers-no-shot-3: a dark bird's hypothesis, contrast 130, took a bright
            // speck of 10 beside it and then a faint one 13 px ahead, quick enough for a launch).
            && (c.polarity == last.polarity || Self.crossesBackground(last, c))
        if cBig > (launching ? 24 : 6) * cSmall { return nil }
        if prevSpeed * dt > 2.5 && step > 2.5 {
            let cosine = (prediction.vx * dx + prediction.vy * dy) / (prevSpeed * step)
            if cosine < 0.64 { return nil }  // more than ~50 degrees of turn in one step
            let ratio = step / dt / prevSpeed
            if ratio < 0.4 || ratio > 2.0 { return nil }
        }
        // Between two candidates about as near the prediction, the one whose contrast matches
        // the object's recent points: a jittering far ball over a speck of noise. A confirmed
        // flight pays more for a fainter one (``TrackerSettings/faintMatchPenalty``).
        let n = track.points.count
        let recent = n >= 3 ? (track.points[n - 1].contrast + track.points[n - 2].contrast + track.points[n - 3].contrast) / 3
                            : last.contrast
        let brighter = log(Double(max(c.peakContrast, 1)) / Double(max(recent, 1)))
        let fainter = track.confirmed ? max(0, -brighter) : 0
        return error / gate + 0.15 * abs(brighter) + settings.faintMatchPenalty * fainter
    }
}
