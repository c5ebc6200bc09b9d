import Foundation

extension BallTracker {
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
        if let shape = shapeVerdict(track.points.suffix(window)) { return shape }
        return isTrajectory(track, window: window, launchSpeed: launchSpeed) ? .trajectory : .notYet
    }

    /// `never` when the blobs' shapes rule out a ball, nil when they do not.
    private func shapeVerdict(_ points: ArraySlice<TrackPoint>) -> Verdict? {
        // Judged on every young track every frame: indexed from 0, without copying.
        return points.withUnsafeBufferPointer { shapeVerdict($0) }
    }

    private func shapeVerdict(_ window: UnsafeBufferPointer<TrackPoint>) -> Verdict? {
        // A ball's image changes size smoothly; a bird's wings beat. Only measurable on blobs a
        // few pixels long.
        let meanLength = window.reduce(0) { $0 + $1.halfLength } / Double(window.count)
        if meanLength >= 2 {
            // Measured on logarithms: a ball receding down the line shortens its streak by a
            // steady factor each frame (smooth), wings flick the length up and down (rough).
            // The median, not the mean: a ball crossing from ground to sky shortens its visible
            // streak once, wings beat all the time. Only over blobs at least 3 pixels long: the
            // length of a shorter one is mostly measurement noise.
            var wobbles: [Double] = []
            for i in 1..<(window.count - 1)
            where min(window[i - 1].halfLength, window[i].halfLength, window[i + 1].halfLength) >= 3 {
                let before = window[i - 1].halfLength, now = window[i].halfLength, after = window[i + 1].halfLength
                // Less what a quarter pixel of error in the measured half-length alone makes:
                // a 3 px blob's length is only known to a tenth of itself.
                let wobble = abs(log(now) - 0.5 * (log(before) + log(after)))
                wobbles.append(max(0, wobble - settings.lengthWobbleAllowance / now))
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
        // open for at most a frame): its half length is its radius plus at most half a step.
        // A longer blob is the end of something bigger moving. (With a second radius of slack,
        // a 480x270 club head lowered after the finish, radius 2.8 and half length 6-12 px at
        // 2.3 px a 120 fps frame, passed on 13 of 108 shot clips at 30-120 fps and was reported
        // as a second flight; without it the ten sets scored the same.)
        var overlong = 0
        for i in 1..<window.count {
            let p = window[i], q = window[i - 1]
            let frames = Double(max(p.frame - q.frame, 1))
            let step = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() / frames
            if p.halfLength > 0.5 * step + p.radius + settings.streakLengthAllowance { overlong += 1 }
        }
        if overlong * 3 > window.count { return .never }
        return nil
    }

    /// How far (RMS, pixels) a window of one flight's points may lie off its fit: the settings'
    /// tolerance, plus a share of the blobs' size (a big blob's centre is less sure), of their
    /// smear (a faint streak breaks up, and the piece found may lie anywhere along it) and of
    /// the way the object moves per frame (a fast one's place in time is less sure).
    ///
    /// The smear's share, a tenth of the length a blob has beyond its width, reported ten
    /// down-the-line launches 1-2 frames sooner over the 18 sets and added no trajectory; a
    /// fifth let two false ones through and lost a flight.
    func fitTolerance(_ window: ArraySlice<TrackPoint>, path: Double) -> Double {
        let meanRadius = window.reduce(0) { $0 + $1.radius } / Double(window.count)
        let meanSmear = window.reduce(0) { $0 + max($1.halfLength - $1.radius, 0) } / Double(window.count)
        return settings.fitTolerance + 0.3 * meanRadius + 0.1 * meanSmear + 0.01 * path / Double(window.count - 1)
    }

    /// The distance between two points' centres (pixels).
    static func distance(_ a: TrackPoint, _ b: TrackPoint) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// The length of the polyline through the points.
    static func pathLength(_ points: ArraySlice<TrackPoint>) -> Double {
        var path = 0.0
        for i in (points.startIndex + 1)..<points.endIndex {
            let dx = points[i].x - points[i - 1].x, dy = points[i].y - points[i - 1].y
            path += (dx * dx + dy * dy).squareRoot()
        }
        return path
    }

    private func isTrajectory(_ track: Track, window length: Int, launchSpeed: Double) -> Bool {
        // The motion tests see where the object was, not the codec's copies of where it had been.
        let points = withoutStaleCopies(track.points.suffix(length))
        // Above 60 fps the window's motion is judged as a 60 fps video would show it: its
        // points averaged over each 60 fps interval. The tolerances were set on ten 60 fps
        // points; twenty 120 fps points over the same flight show shake and centring noise at
        // nearly full size (a fit follows fewer points more closely), and a receding ball's
        // perspective fit lay 1.6-2.9 px off against a tolerance of 1.5 (640x360 120 fps
        // dtl-portrait-1). Over that catalogue dtl-everything-2 went from nothing but a bird to
        // its flight (recall 0.897), dtl-clean-2 precision 0.980 -> 0.992; 1280x720 at 120 and
        // 240 fps and 1920x1080 at 120 fps found the same. The shape and activity tests still
        // see every point.
        let binned = settings.framesPerJudgedPoint > 1
            ? Self.averaged(points, framesPerPoint: settings.framesPerJudgedPoint) : nil
        let window = binned.map { $0.count >= 4 ? $0[...] : points } ?? points
        let first = window[window.startIndex], last = window[window.endIndex - 1]
        let chord = Self.distance(first, last)
        guard chord >= settings.minimumTravel else { return false }
        let path = Self.pathLength(window)
        guard chord >= 0.7 * path else { return false }
        // Quick enough for a struck ball (birds and people are slower at the same distance).
        // A ball filmed down the line slows in the image as it recedes, and a dark or faint one
        // is often first seen when it already has: the first half of the window may show the
        // speed the whole window no longer averages.
        // Over frames slower than 60 a second the early part is judged over the same time as
        // at 60 fps (two or three points at 25-30 fps): there ten points span a third of a
        // second, and a dark ball first seen three frames after the strike (1280x720 25 fps
        // dtl-dark-ball-1) had slowed to a crawl by the window's middle.
        let frameInterval = (last.t - first.t) / Double(max(last.frame - first.frame, 1))
        let early = Double(window.count / 2) * DetectionPipeline.referenceFrameInterval / max(frameInterval, 1e-9)
        let mid = window[window.startIndex + min(window.count / 2, max(2, Int(early.rounded())))]
        let firstChord = Self.distance(first, mid)
        let launch = launchSpeed * settings.minimumConfirmSpeed
        let span = max(last.t - first.t, 1e-9), earlySpan = max(mid.t - first.t, 1e-9)
        let speed = chord / span, earlySpeed = firstChord / earlySpan
        // A ball whose launch the encoder erased is first seen already receding: slower than a
        // launch, but slowing as nothing else in the picture does (``recedes(_:launch:place:)``).
        let quickEnough = speed >= launch || earlySpeed >= 1.2 * launch
        // Only over the track's first points: a bird followed for long has some window whose
        // centres' noise makes it seem to slow.
        let firstSeen = track.points.count <= length + settings.recedingLongestHead * settings.framesPerJudgedPoint
        guard quickEnough || (firstSeen && recedes(window, launch: launch, place: { p in (p.x, p.y) })) else { return false }
        // Nor one that speeds up: a ball only slows in the picture, or keeps its pace across
        // the sky. A hypothesis of something slower than a launch can run on over fainter
        // specks ahead of it, each step longer than the last, until the whole window is quick
        // enough (640x360 30 fps dtl-everything-2: a bird at 5-6 px a frame, then x264's specks
        // at 11-17 px, reported as a shot).
        let middle = window[window.startIndex + window.count / 2]
        let firstHalf = Self.distance(first, middle) / max(middle.t - first.t, 1e-9)
        let secondHalf = Self.distance(middle, last) / max(last.t - middle.t, 1e-9)
        if secondHalf > settings.windowSpeedUpRatio * firstHalf,
           (secondHalf - firstHalf) * (last.t - middle.t) >= settings.windowSpeedUpMinimumGain { return false }
        // A window quick only over its first steps is a ball only if it slows: over two or
        // three steps a point a few pixels off decides (unseen 640x360 30 fps
        // dtl-birds-walkers-no-shot seed 14: a bird gliding at 6 px a frame, its first point a
        // speck 12 px ahead of the next, was reported as a shot).
        if speed < launch && secondHalf > settings.earlySpeedDeceleration * firstHalf { return false }
        // Nor one that slows along a level line: a receding ball climbs or falls as it slows.
        if secondHalf < settings.flatSlowingShare * firstHalf,
           abs(last.y - first.y) < settings.flatSlowingRise * abs(last.x - first.x) { return false }
        // A golf ball is white: it shows darker than what lies behind it only against something
        // brighter still (sky, cloud). An object darker than grass or trees behind it is a bird
        // or a shadow (unseen 1920x1080 dtl-everything-5: a dark bird gliding down over the
        // grass from the tree line passed every other test; 1280x720 25 fps dtl-everything-2 the
        // same): where most of the window is dark, most of it against a dark background.
        var dark = 0, overDark = 0
        for p in points where p.polarity < 0 {
            guard let background = p.background else { continue }
            dark += 1
            if background < settings.darkestBackgroundForDarkBall { overDark += 1 }
        }
        guard dark * 2 <= points.count || overDark * 3 <= dark * 2 else { return false }
        // A ball keeps its sign against the background but where the background changes; a
        // chain of faint specks under pulsing lamps takes either sign from frame to frame
        // (1920x1080 60 fps dtl-floodlights-1: the club head's downswing, traced through specks
        // of contrast 5-10 that changed sign five times in eleven points, was reported as a
        // second flight).
        var signChanges = 0
        for i in points.indices.dropFirst() where points[i].polarity != points[i - 1].polarity { signChanges += 1 }
        guard signChanges <= settings.maximumSignChanges else { return false }
        if endsOnFadedTurn(points) { return false }
        if isSpeckChain(points) || isGappySpeckChain(points, evidence: track.chanceEvidence) { return false }
        // Mostly outside moving regions (a body, a club, a walker); cheap, so before the fits.
        // A local search does not measure what moves around its find: only the points found
        // among a frame's candidates say.
        // (Their activities only, in one array of known size: every young window is judged on
        // every frame.)
        var activities: [Int] = []
        activities.reserveCapacity(points.count)
        var crowded = 0, wakes = 0, laterPoints = 0, laterWakes = 0
        let laterHalf = points.startIndex + points.count / 2
        for i in points.indices where !points[i].foundByLocalSearch {
            let p = points[i]
            activities.append(p.activity)
            if p.activity > settings.crowdedActivity { crowded += 1 }
            if p.inWake { wakes += 1 }
            if i >= laterHalf {
                laterPoints += 1
                if p.inWake { laterWakes += 1 }
            }
        }
        // Mostly the frame's own candidates, not searches that found what lay on the way.
        guard !activities.isEmpty, activities.count * settings.mostPointsPerCandidate >= points.count else { return false }
        guard crowded * 3 <= activities.count else { return false }
        // Nor mostly the faint wake beside a stronger object of the other sign, nor ending on
        // it: such specks move with a slow bird, and the last of them a few pixels ahead of it
        // decides whether the window is quick enough for a launch (480x270 120 fps
        // dtl-birds-walkers-no-shot-2: fifteen points of a gliding bird and three bright
        // specks beside it, the last 3 px ahead, passed the launch speed by under 1%;
        // ``DetectionPipeline/markWakes(_:)``).
        guard wakes * 2 <= activities.count else { return false }
        // Nor drifting onto them: a ball leaves the club head's wake behind in a window's first
        // points, a bird's hypothesis takes its wake ahead of it in the latest (480x270 120 fps
        // dtl-everything-5: a bird followed for 60 frames, 7 of the latest 8 points its wake,
        // passed the launch speed and was reported as a second flight, 235 points long).
        guard laterWakes * 2 <= laterPoints else { return false }
        if let latest = points.last, !latest.foundByLocalSearch, latest.inWake { return false }
        // A ball flies in the open; a limb or a club's edge always has other motion around it.
        // Where the latest three points are in the open, half the window in the open will do
        // (the lower median): a ball leaving the golfer spends its first frames beside the
        // swinging club and body (unseen 1920x1080 dtl-portrait-6: its first ten points were
        // all found, four of them among that motion, and it was reported 13 frames after it
        // appeared; now 11). Not otherwise: a 640x360 crf 23 bird followed into x264's wake of
        // itself passed with half its window there.
        let leftTheGolfer = activities.suffix(3).allSatisfy { $0 <= settings.typicalActivity }
        activities.sort()
        guard activities[(activities.count - (leftTheGolfer ? 1 : 0)) / 2] <= settings.typicalActivity else { return false }
        let tolerance = fitTolerance(window, path: path)
        let quadratic = Self.fitTime(window)
        // Gravity bends a flight downward in an upright picture, seen from any side (a ball
        // leaving down the line slows as it rises); a window bowed clearly upward is a chance
        // chain of specks, however well a free enough model fits it.
        let half = 0.5 * (last.t - first.t)
        guard -quadratic.y.a * half * half <= max(settings.maximumUpwardBow, 3 * quadratic.rms) else { return false }
        // The depth terms as free as the window's size warrants: a ball leaving the camera,
        // 5 to 15 m away within these ten frames, bends the path more than a fixed ridge allows.
        let flight = ProjectiveTimeFit.fit(count: window.count, ridgeReferenceSpread: ProjectiveTimeFit.pixelRidgeSpread) {
            let p = window[window.startIndex + $0]
            return (p.t, p.x, p.y)
        }
        guard min(quadratic.rms, flight?.rmsResidual ?? .infinity) <= tolerance else { return false }
        // Close to the launch speed, a centre a pixel or two off at either end of the window
        // decides: there the speed is judged again between the fitted path's ends (640x360 120 fps
        // dtl-birds-walkers-no-shot-2: a bird crossing at 0.30 widths a second, its last centre
        // 2 px ahead, passed 0.33 by 1% and was reported as a shot).
        if !quickEnough {
            // Its centres' slowing must be the fitted path's too: a pixel of shake at either end
            // of a slow window's thirds moves their speeds by a third.
            let t0 = first.t
            guard quadratic.rms <= tolerance,
                  recedes(window, launch: launch, place: { p in (quadratic.x.value(at: p.t - t0), quadratic.y.value(at: p.t - t0)) })
            else { return false }
        } else if launch > 0, max(speed / launch, earlySpeed / (1.2 * launch)) < settings.marginalLaunchSpeed,
           quadratic.rms <= tolerance {
            let start = (x: quadratic.x.value(at: 0), y: quadratic.y.value(at: 0))
            func fittedSpeed(to t: Double) -> Double {
                let dx = quadratic.x.value(at: t) - start.x, dy = quadratic.y.value(at: t) - start.y
                return (dx * dx + dy * dy).squareRoot() / t
            }
            guard fittedSpeed(to: span) >= launch || fittedSpeed(to: earlySpan) >= 1.2 * launch else { return false }
            // And over up to twice the window where the object was followed longer: the longer
            // the run, the less a centre's error moves its speed. A bird at 0.99 of the launch
            // speed, followed for 20 frames, had one window of ten 1% quicker than a launch
            // (and its fitted path as quick) and was reported as a shot (10 s 1920x1080 60 fps
            // walkers-birds-no-shot-51). A ball that slows is quicker still over the longer run.
            if track.points.count > length {
                let run = withoutStaleCopies(track.points.suffix(2 * length))
                let start = run[run.startIndex], end = run[run.endIndex - 1]
                guard Self.distance(start, end) / max(end.t - start.t, 1e-9) >= launch else { return false }
            }
        }
        // A ball leaves; a club head swings round a pivot: limit how far the direction turns.
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

    /// Whether the window's last two points both have the other sign than most of the points
    /// before them and stand out at most ``TrackerSettings/fadedTurnShare`` of those points'
    /// median contrast (of their sign).
    func endsOnFadedTurn(_ points: ArraySlice<TrackPoint>) -> Bool {
        guard points.count >= 6 else { return false }
        let head = points.dropLast(2), tail = points.suffix(2)
        let sign: Int8 = head.reduce(0) { $0 + Int($1.polarity) } >= 0 ? 1 : -1
        // Judged on every young window every frame: the contrasts are gathered only for the
        // rare window that turned.
        guard tail.allSatisfy({ $0.polarity != sign }) else { return false }
        let contrasts = head.filter { $0.polarity == sign }.map(\.contrast).sorted()
        guard !contrasts.isEmpty else { return false }
        return Double(tail.map(\.contrast).max() ?? 0) <= settings.fadedTurnShare * Double(contrasts[contrasts.count / 2])
    }

    /// Whether a window's object slows as a ball receding from the camera does: over the
    /// window's first third at ``TrackerSettings/recedingLaunchShare`` of a launch's speed or
    /// more, and over its last third at ``TrackerSettings/recedingSlowdown`` of that or less
    /// (the image speed of a ball flying away falls with the square of its distance). Birds
    /// and walkers keep their pace across ten frames; a ball x264 erased through its first
    /// frames (a dark ball against the trees, or one crossing into bright sky) is first seen
    /// doing this. `place` gives where a point puts the object (its centre, or the fitted path
    /// at its time).
    func recedes(_ window: ArraySlice<TrackPoint>, launch: Double,
                 place: (TrackPoint) -> (x: Double, y: Double)) -> Bool {
        // Not above 60 fps: there a window's points average two or more frames of a slow
        // object's wandering centres: four birds of the 138 clips without a shot at 120 and 240
        // fps had a window that seemed to slow so, and it found one flight there.
        let n = window.count
        guard launch > 0, n >= 6, settings.framesPerJudgedPoint == 1 else { return false }
        let k = n / 3, s = window.startIndex
        func speed(_ i: Int, _ j: Int) -> Double {
            let a = place(window[s + i]), b = place(window[s + j])
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            return d / max(window[s + j].t - window[s + i].t, 1e-9)
        }
        let early = speed(0, k), late = speed(n - 1 - k, n - 1)
        return early >= settings.recedingLaunchShare * launch && late <= settings.recedingSlowdown * early
    }

    /// Whether three quarters of the window's points that were a frame's candidates stood at
    /// most ``TrackerSettings/speckChainContrastMargin`` levels past their frame's noise
    /// threshold, in frames that held ``TrackerSettings/speckChainCrowd`` candidates or more on
    /// average: sensor noise flags specks all over such frames, and a fast hypothesis' wide
    /// gate holds one in every frame, so a chain of them on a smooth arc is chance (480x270
    /// 30 fps dtl-noise-jitter-4: nine specks of 6-7 levels over a threshold of 5, two of 9
    /// and 11, in frames of 76-185 candidates, were reported beside the flight). A ball in such
    /// noise stands out further (that clip's: 7-34 levels, most over 15). A point fainter than
    /// the threshold is no such speck: only a flat, still sky's band flags it (a far ball in
    /// clear sky above noisy ground; ``MotionMask/flatThreshold``), and its own specks are few.
    func isSpeckChain(_ points: ArraySlice<TrackPoint>) -> Bool {
        var crowd = 0, counted = 0, floor = 0
        for p in points where !p.foundByLocalSearch {
            let entry = recentFrames[p.frame % recentFrames.count]
            guard entry.frame == p.frame, entry.noiseThreshold > 0 else { return false }
            if (entry.noiseThreshold...(entry.noiseThreshold + settings.speckChainContrastMargin)).contains(p.contrast) {
                floor += 1
            }
            crowd += entry.candidates
            counted += 1
        }
        return counted > 0 && 4 * floor >= 3 * counted && crowd >= settings.speckChainCrowd * counted
    }

    /// Whether a window holds points in under ``TrackerSettings/gappyChainSupport`` of the
    /// frames it spans and either ``TrackerSettings/gappyChainSearchShare`` of them or more
    /// were found by local searches, or its track's points beat chance by less than
    /// ``TrackerSettings/gappyChainEvidence`` (`evidence`, its ``Track/chanceEvidence``) in
    /// frames of ``TrackerSettings/gappyChainEvidenceCrowd`` candidates or more, or its
    /// median point that was a frame's candidate stands at most
    /// ``TrackerSettings/gappyChainContrastMargin`` levels past its frame's noise threshold,
    /// and its frames held ``TrackerSettings/gappyChainCrowd`` candidates or more on average:
    /// a fast chain of noise specks that skips the frames where its gate held none. Its points
    /// are fewer than the frames, so its specks need not be as uniformly faint as
    /// ``isSpeckChain(_:)`` asks: a chain that began on a ball at its launch and ran on over
    /// specks at 20-30 px a frame is one.
    func isGappySpeckChain(_ points: ArraySlice<TrackPoint>, evidence: Double) -> Bool {
        guard let first = points.first, let last = points.last else { return false }
        let frames = Double(last.frame - first.frame + 1)
        guard Double(points.count) < settings.gappyChainSupport * frames else { return false }
        let searched = points.reduce(0) { $0 + ($1.foundByLocalSearch ? 1 : 0) }
        if Double(searched) >= settings.gappyChainSearchShare * Double(points.count) { return true }
        var margins: [Int] = []
        margins.reserveCapacity(points.count)
        var crowd = 0
        for p in points where !p.foundByLocalSearch {
            let entry = recentFrames[p.frame % recentFrames.count]
            guard entry.frame == p.frame, entry.noiseThreshold > 0 else { return false }
            margins.append(p.contrast - entry.noiseThreshold)
            crowd += entry.candidates
        }
        guard !margins.isEmpty else { return false }
        if evidence < settings.gappyChainEvidence && crowd >= settings.gappyChainEvidenceCrowd * margins.count { return true }
        guard crowd >= settings.gappyChainCrowd * margins.count else { return false }
        margins.sort()
        return margins[margins.count / 2] <= settings.gappyChainContrastMargin
    }

    /// The points averaged over runs of `framesPerPoint` analysed frames, counted back from the
    /// last point's frame: one point per run that holds any (time, place, size and motion
    /// averaged; found by a local search only when all its points were), as the frames of a
    /// slower video would have shown them.
    static func averaged(_ points: ArraySlice<TrackPoint>, framesPerPoint: Int) -> [TrackPoint] {
        guard let last = points.last else { return [] }
        var result: [TrackPoint] = []
        var sum: TrackPoint? = nil, count = 0, run = Int.min
        func flush() {
            guard var p = sum else { return }
            let n = Double(count)
            p.t /= n; p.x /= n; p.y /= n; p.radius /= n; p.halfLength /= n
            result.append(p)
        }
        for p in points {
            let r = (last.frame - p.frame) / framesPerPoint
            if r != run {
                flush()
                sum = p; count = 1; run = r
                continue
            }
            sum!.t += p.t; sum!.x += p.x; sum!.y += p.y; sum!.radius += p.radius; sum!.halfLength += p.halfLength
            sum!.frame = p.frame
            sum!.activity = max(sum!.activity, p.activity)
            sum!.foundByLocalSearch = sum!.foundByLocalSearch && p.foundByLocalSearch
            count += 1
        }
        flush()
        return result
    }

    /// Constant-acceleration fit of points in time, with its RMS residual in pixels.
    static func fitTime(_ points: [TrackPoint]) -> (x: QuadraticFit, y: QuadraticFit, rms: Double) {
        fitTime(points[...])
    }

    /// ``fitTime(_:)`` over a slice (the latest points of a track), without copying it.
    static func fitTime(_ points: ArraySlice<TrackPoint>) -> (x: QuadraticFit, y: QuadraticFit, rms: Double) {
        let start = points.startIndex
        let t0 = points[start].t
        let (fx, fy) = QuadraticFit.fitPair(count: points.count) {
            let p = points[start + $0]
            return (p.t - t0, p.x, p.y)
        }
        return (fx, fy, (fx.rmsResidual * fx.rmsResidual + fy.rmsResidual * fy.rmsResidual).squareRoot())
    }
}
