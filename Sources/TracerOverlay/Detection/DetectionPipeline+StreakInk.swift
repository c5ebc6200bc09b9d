extension DetectionPipeline {
    /// Where a fast ball's streak in an earlier analysed frame is centred: the mean place of the
    /// change of the request's polarity within `radius` of the segment from (`x`, `y`) to that
    /// plus `motion`, each pixel weighted by how far it lies beyond the reference frames (in
    /// which the ball was clear of the segment), projected onto the segment.
    ///
    /// A streak lays down ink in proportion to the time the ball spent over each pixel: where it
    /// had slowed, more. The pixels that pass a threshold are its slow end, and their centre
    /// lies ahead of where the ball was mid-exposure (a 1920x1080 30 fps launch's second frame
    /// 14-33 px up its path). Weighting every pixel by its change beyond the references' band,
    /// past the threshold or not, puts a clear streak's centre at the mean place over the
    /// exposure and a faint one's nearer it (the band takes the noise's reach off each pixel).
    /// Only the run of ink that holds the most counts (``streakInkGap``): the stretch is
    /// longer than any streak, and other changes along it are not the ball's (unless the
    /// request takes all of it, ``LocalSearch/takesAllStreakInk``). A stretch whose streak's
    /// dense ink (``denseInk(of:length:)``) is centred on its middle, where the run's centre
    /// is not, has no centre to give: thinner ink joined to the streak would move its point.
    /// Returns nil when the segment leaves the picture, too little changed or the streak's
    /// dense ink keeps the middle.
    func streakInkCentre(_ request: LocalSearch, region: (Int, Int, Int, Int)) -> BallCandidate? {
        guard let searched = request.frame, let motion = request.motion, searched <= frameNumber,
              frameNumber - searched < historyLength else { return nil }
        let references = request.references.filter { $0 <= frameNumber && frameNumber - $0 < historyLength && $0 >= 0 }
        guard !references.isEmpty else { return nil }
        let length = (motion * motion).sum().squareRoot()
        guard length > 0 else { return nil }
        let start = SIMD2(request.x, request.y), end = start + motion
        let reach = request.radius
        let x0 = Int((min(start.x, end.x) - reach).rounded(.down)), x1 = Int((max(start.x, end.x) + reach).rounded(.up))
        let y0 = Int((min(start.y, end.y) - reach).rounded(.down)), y1 = Int((max(start.y, end.y) + reach).rounded(.up))
        // Only whole streaks: one cut by the picture's edge is not centred where the ball was.
        guard x0 >= 2, y0 >= 2, x1 <= width - 3, y1 <= height - 3 else { return nil }
        let current = images[searched % historyLength]
        let refs = references.map { images[$0 % historyLength] }
        // The light's change since the references (as a local search takes it), over the box
        // and a margin around it: over the box alone the streak's own change counted for a
        // level or two, taken off every pixel, and its faint, fast end lost its weight.
        let lx0 = max(x0 - Self.streakInkLevelMargin, 0), lx1 = min(x1 + Self.streakInkLevelMargin, width - 1)
        let ly0 = max(y0 - Self.streakInkLevelMargin, 0), ly1 = min(y1 + Self.streakInkLevelMargin, height - 1)
        let offsets = lightOffsets(inColumns: lx0...lx1, rows: ly0...ly1, of: current, since: refs)
        let excess = changes(inColumns: x0...x1, rows: y0...y1, of: current, beyond: refs, offsets: offsets,
                             polarity: request.polarity)
        let u = motion / length
        let boxWidth = x1 - x0 + 1
        var inked: [(along: Double, weight: Double)] = []
        for y in y0...y1 {
            for x in x0...x1 {
                let w = excess[(y - y0) * boxWidth + (x - x0)]
                guard w > 0 else { continue }
                let d = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - start
                let a = (d * u).sum()
                guard a >= 0, a <= length, abs(d.x * u.y - d.y * u.x) <= reach else { continue }
                inked.append((a, Double(w)))
            }
        }
        guard let streak = Self.heaviestRun(of: inked, gap: request.takesAllStreakInk ? .infinity : Self.streakInkGap) else { return nil }
        // As much change as a clear find's: below, the centre is the noise's.
        guard streak.ink >= Double(Self.streakInkMinimum * max(mask.threshold, 1)) else { return nil }
        // The stretch is centred on the flight's point. Where the streak's dense ink lies about
        // it already, only thinner ink joined to the streak would move it.
        if !request.takesAllStreakInk, let dense = Self.denseInk(of: inked, length: length),
           abs(dense - 0.5 * length) <= Self.streakInkAgreement, abs(streak.centre - dense) > Self.streakInkAgreement {
            return nil
        }
        let centre = start + u * streak.centre
        return inside(region, BallCandidate(x: centre.x, y: centre.y, radius: request.radius, halfLength: 0.5 * length,
                                            area: 1, polarity: request.polarity, peakContrast: Int(streak.ink.rounded()),
                                            neighbourhoodActivity: 0))
    }

    /// The run of ink along the stretch that holds the most of it, taking pixels (distance
    /// along, weight) no more than `gap` apart along the stretch as one run: its total weight,
    /// its weighted mean distance and the distances of its first and last pixels. Nil when
    /// there is no ink.
    static func heaviestRun(of inked: [(along: Double, weight: Double)], gap: Double)
        -> (ink: Double, centre: Double, start: Double, end: Double)? {
        var best: (ink: Double, moment: Double, start: Double, end: Double)?
        var run = (ink: 0.0, moment: 0.0, start: 0.0, end: 0.0), end = -Double.infinity
        for pixel in inked.sorted(by: { $0.along < $1.along }) {
            if pixel.along - end > gap { run = (0, 0, pixel.along, pixel.along) }
            run.ink += pixel.weight
            run.moment += pixel.weight * pixel.along
            run.end = pixel.along
            end = pixel.along
            if run.ink > best?.ink ?? 0 { best = run }
        }
        return best.map { ($0.ink, $0.moment / $0.ink, $0.start, $0.end) }
    }

    /// The centre of the streak's dense ink: within the heaviest run of ink along the stretch,
    /// the heaviest run of the pixels whose ink (averaged over ``streakInkSmoothing`` pixels)
    /// is at least ``streakInkDenseShare`` of the run's densest. Nil when there is no ink.
    ///
    /// A streak lays down ink in proportion to the time the ball spent over each pixel, and a
    /// struck ball slows at most a few times over within one exposure, so most of a streak is
    /// that dense; ink a fifth or a tenth as dense joined to it is not the ball's. Behind the
    /// ball's blob in the second and third frames of 640x360 30 fps flights (a quarter-frame
    /// shutter, a streak a sixth of the stretch long) lay 20-40 px of such ink, which pulled
    /// the run's centre 3-10 px off points that had been within 1.5 px of the ball.
    static func denseInk(of inked: [(along: Double, weight: Double)], length: Double) -> Double? {
        let count = Int(length.rounded(.up)) + 1
        var bins = [Double](repeating: 0, count: count)
        for pixel in inked { bins[min(max(Int(pixel.along), 0), count - 1)] += pixel.weight }
        let occupied = bins.indices.compactMap { i in bins[i] > 0 ? (along: Double(i) + 0.5, weight: bins[i]) : nil }
        guard let run = heaviestRun(of: occupied, gap: streakInkGap) else { return nil }
        let half = streakInkSmoothing / 2
        let smoothed = bins.indices.map { i in
            let window = max(i - half, 0)...min(i + half, count - 1)
            return bins[window].reduce(0, +) / Double(window.count)
        }
        let span = Int(run.start)...Int(run.end)
        guard let densest = smoothed[span].max() else { return nil }
        let dense = span.compactMap { i in
            smoothed[i] >= streakInkDenseShare * densest && bins[i] > 0 ? (along: Double(i) + 0.5, weight: bins[i]) : nil
        }
        return heaviestRun(of: dense, gap: streakInkGap)?.centre
    }

    /// The share of its run's densest ink that a streak's dense ink reaches
    /// (``denseInk(of:length:)``).
    static let streakInkDenseShare = 0.25
    /// Over how many pixels along the stretch the ink's density is averaged (odd).
    static let streakInkSmoothing = 5
    /// How near the stretch's middle (analysis pixels) the streak's dense ink must be centred,
    /// and how much further off the run's centre, for a measure to leave the point where it
    /// is (``streakInkCentre(_:region:)``). Of 770 second to fourth points that the 640x360
    /// to 1920x1080 down-the-line sets remeasured, 3 px kept on the ball 4 that the run's
    /// centre had moved off it, and kept off it none that the run's centre put on it (2 px:
    /// 5 and none; 4 px: 2 and none).
    static let streakInkAgreement = 3.0

    /// The widest gap (analysis pixels along the stretch) within one run of a streak's ink.
    /// A faint streak keeps holes where noise took its change under the references' band;
    /// across wider gaps lie other changes: the golfer's follow-through, a speck of noise
    /// 30-60 px off, which over a stretch three quarters of a step long each way pulled
    /// 640x360 second points 4-10 px back along the path, off the ball (4 px: as good; 9 px:
    /// one clip fewer met its goals on four 640x360 and 960x540 sets).
    static let streakInkGap = 6.0

    /// The least change a streak's measure takes, in pixels at the frame's threshold.
    static let streakInkMinimum = 8
    /// How far around the streak's box the light's change is measured (pixels).
    static let streakInkLevelMargin = 16
}
