extension DetectionPipeline {
    /// The object near a track's prediction (``plainLocalCandidate(_:region:maxRadius:)``).
    /// Where the request names the flight's latest places (``LocalSearch/crossingFrom``), the
    /// find also carries the background behind it and behind those places, both read in the
    /// request's first reference frame (where the object was elsewhere), so that the tracker
    /// can tell whether the object crossed onto a background that turned its sign.
    func localCandidate(_ request: LocalSearch, region: (Int, Int, Int, Int), maxRadius: Double) -> BallCandidate? {
        guard !request.crossingFrom.isEmpty else { return plainLocalCandidate(request, region: region, maxRadius: maxRadius) }
        // No frame to read the backgrounds in, no crossing to tell: not searched at all.
        guard let reference = request.references.first, reference >= 0, frameNumber - reference < historyLength else { return nil }
        var plain = request
        plain.crossingFrom = []
        guard var found = plainLocalCandidate(plain, region: region, maxRadius: maxRadius) else { return nil }
        let image = images[reference % historyLength]
        found.background = image.mean3x3(x: Int(found.x), y: Int(found.y))
        // An object lighter than its background now was darker than a lighter one before: of
        // the places, the one whose background leaves the most room for that.
        let before = request.crossingFrom.map { image.mean3x3(x: Int($0.x), y: Int($0.y)) }
        found.backgroundBefore = request.polarity > 0 ? before.max() : before.min()
        return found
    }

    /// The strongest change of the requested polarity inside the gate around the predicted
    /// place (for a hovering flight, the one that stands out most as a dot:
    /// ``compactness(_:x:y:boxWidth:boxHeight:)``), measured against the 3x3 neighbourhood of
    /// frames in which the object was elsewhere, asked first of the full-size frames where
    /// they are kept
    /// (``fullResolutionCandidate(_:region:)``); when nothing changed enough, a streak along the
    /// motion of a look back, else the object found by its look in this frame alone
    /// (``appearanceCandidate(_:box:)``).
    private func plainLocalCandidate(_ request: LocalSearch, region: (Int, Int, Int, Int), maxRadius: Double) -> BallCandidate? {
        if request.fullResolutionOnly { return fullResolutionCandidate(request, region: region) }
        if request.measuresStreakInk { return streakInkCentre(request, region: region) }
        // Where the full-size frames are kept, a far ball is a fraction of an analysis pixel, and
        // the strongest change there is as often a speck of noise beside it (references too
        // recent for a hovering ball leave its own pixel unchanged): the full-size frame is
        // asked first (a 10 s 1920x1080 flight: recall 0.23 -> 0.40; from 1.5 times the
        // analysis size, not 2, 1280x720 30 fps dtl-everything-1 0.873 -> 0.937 and 60 fps
        // dtl-everything-1 precision 0.976 -> 0.992).
        if fullResolution != nil, request.frame == nil && request.motion == nil || request.fillsGap || request.looksBackAtFullSize,
           let found = fullResolutionCandidate(request, region: region) { return found }
        let searched = request.frame ?? frameNumber
        guard searched <= frameNumber, frameNumber - searched < historyLength else { return nil }
        let references = request.references.filter { frameNumber - $0 < historyLength && $0 >= 0 }
        guard !references.isEmpty else { return nil }
        let current = images[searched % historyLength]
        let refs = references.map { images[$0 % historyLength] }
        let r = Int(request.radius.rounded(.up))
        let cx = Int(request.x), cy = Int(request.y)
        // The search reaches past the region of interest (its edge must only decide whether the
        // find is kept, not where a blob across it is centred), but not off the image.
        let gx0 = max(cx - r, 2), gx1 = min(cx + r, width - 3)
        let gy0 = max(cy - r, 2), gy1 = min(cy + r, height - 3)
        guard gx0 <= gx1, gy0 <= gy1 else { return nil }
        // A ball cut by the frame's edge is not measured again: its ink's centre is not its own
        // (640x360 120 fps sky-dark-ball-1: a ball entering at x = 2, moved 1 px off).
        if request.takesInLaunchStrip, cx - r < 2 || cx + r > width - 3 || cy - r < 2 || cy + r > height - 3 { return nil }
        if request.streakOnly { return request.motion.flatMap { streakCandidate(request, motion: $0, region: region) } }
        let threshold = max(3, mask.threshold - request.thresholdRelief)
        // A reference may be a second old: take out the light's change since then (exposure,
        // clouds) as the difference of the mean level around the search area.
        let mx0 = max(gx0 - 3, 0), mx1 = min(gx1 + 3, width - 1), my0 = max(gy0 - 3, 0), my1 = min(gy1 + 3, height - 1)
        let offsets = lightOffsets(inColumns: mx0...mx1, rows: my0...my1, of: current, since: refs)
        // For a launch frame's strip, the changes are measured half a frame's motion further
        // either way along the path, where the ball may lie beyond the gate.
        let reach = request.takesInLaunchStrip ? Self.launchStripMargin(request.motion) : SIMD2<Double>(0, 0)
        // A hovering ball's changes are weighed against those two pixels around them, which
        // the box must then hold for every pixel of the gate.
        let ring = request.hovering ? Self.compactRing : 0
        let rx = Int(abs(reach.x).rounded(.up)) + ring, ry = Int(abs(reach.y).rounded(.up)) + ring
        let x0 = max(gx0 - rx, 2), x1 = min(gx1 + rx, width - 3)
        let y0 = max(gy0 - ry, 2), y1 = min(gy1 + ry, height - 3)
        var best = (excess: 0, x: 0, y: 0), bestScore = Int.min
        let gate2 = request.radius * request.radius
        let excessAt = changes(inColumns: x0...x1, rows: y0...y1, of: current, beyond: refs, offsets: offsets,
                               polarity: request.polarity)
        let boxWidth = x1 - x0 + 1
        for y in y0...y1 {
            for x in x0...x1 {
                let excess = excessAt[(y - y0) * boxWidth + (x - x0)]
                if excess >= threshold {
                    // The strongest (or most dot-like) change inside the gate, not in the box's
                    // corners: a brighter cloud edge just outside must not hide the ball at the
                    // prediction.
                    let ex = Double(x) + 0.5 - request.x, ey = Double(y) + 0.5 - request.y
                    guard ex * ex + ey * ey <= gate2 else { continue }
                    let score = ring > 0 ? Self.compactness(excessAt, x: x - x0, y: y - y0, boxWidth: boxWidth, boxHeight: y1 - y0 + 1)
                                         : excess
                    if score > bestScore { bestScore = score; best = (excess, x, y) }
                }
            }
        }
        // Nothing changed enough: looking back at a fast flight, the ball may be a streak too
        // faint for any one pixel; else it may hang still in front of cloud that moved since
        // the reference frames: look for it as a dot in this frame alone.
        guard best.excess > 0 else {
            if let motion = request.motion { return streakCandidate(request, motion: motion, region: region) }
            return request.byAppearance ? inside(region, appearanceCandidate(request, box: (gx0, gy0, gx1, gy1))) : nil
        }
        var weight = 0.0, sx = 0.0, sy = 0.0, count = 0
        func add(_ i: Int) {
            let w = Double(excessAt[i])
            weight += w; sx += w * (Double(x0 + i % boxWidth) + 0.5); sy += w * (Double(y0 + i / boxWidth) + 0.5); count += 1
        }
        if request.frame == nil {
            // Centre: contrast-weighted over the changed pixels next to the strongest one.
            for y in max(best.y - 2, y0)...min(best.y + 2, y1) {
                for x in max(best.x - 2, x0)...min(best.x + 2, x1) where excessAt[(y - y0) * boxWidth + (x - x0)] >= threshold {
                    add((y - y0) * boxWidth + (x - x0))
                }
            }
        } else {
            // Looking back at a fast ball's first frames: over the whole changed blob joined to
            // the strongest pixel, for the middle of a long streak is where the ball was
            // mid-exposure.
            var stack = [(best.y - y0) * boxWidth + (best.x - x0)]
            var member = [Bool](repeating: false, count: excessAt.count)
            member[stack[0]] = true
            while let i = stack.popLast() {
                add(i)
                let x = x0 + i % boxWidth, y = y0 + i / boxWidth
                for ny in max(y - 1, gy0)...min(y + 1, gy1) {
                    for nx in max(x - 1, gx0)...min(x + 1, gx1) {
                        let j = (ny - y0) * boxWidth + (nx - x0)
                        guard !member[j], excessAt[j] >= threshold else { continue }
                        member[j] = true
                        stack.append(j)
                    }
                }
            }
            // A launch frame's ball is more than one blob: the part of the exposure with the
            // ball still on the tee and the streak it flew, which the club's head, dark and
            // passing right there, may cut in two. A strong find takes in the clear changes
            // on the line through it along the motion, out to one frame's motion either way
            // (within half a frame's motion past the gate).
            if request.takesInLaunchStrip, let motion = request.motion {
                let length = (motion * motion).sum().squareRoot()
                let noise = max(threshold, mask.threshold)
                if length > 0, best.excess >= Self.launchStripStrength * noise {
                    let floor = max(noise, best.excess / Self.launchStripFraction)
                    let u = motion / length, along = min(length, Self.launchStripReach)
                    for i in excessAt.indices where !member[i] && excessAt[i] >= floor {
                        let dx = Double(x0 + i % boxWidth - best.x), dy = Double(y0 + i / boxWidth - best.y)
                        let ahead = dx * u.x + dy * u.y
                        if abs(ahead) <= along && abs(dx * u.y - dy * u.x) <= Self.launchStripHalfWidth { add(i) }
                    }
                }
            }
        }
        let radius = max((Double(count) / Double.pi).squareRoot(), 0.5)
        guard radius <= max(maxRadius, 0.75) else { return nil }
        return inside(region, BallCandidate(x: sx / weight, y: sy / weight, radius: radius, halfLength: radius, area: count,
                             polarity: request.polarity, peakContrast: best.excess, neighbourhoodActivity: 0))
    }

    /// How far past the gate, either way along the predicted motion, the changes are measured
    /// for a launch strip: half a frame's motion, at most ``launchStripReach`` pixels.
    static func launchStripMargin(_ motion: SIMD2<Double>?) -> SIMD2<Double> {
        guard let motion else { return SIMD2(0, 0) }
        let length = (motion * motion).sum().squareRoot()
        guard length > 0 else { return SIMD2(0, 0) }
        return motion * (min(0.5 * length, launchStripReach) / length)
    }

    /// The farthest a launch strip takes in changes along the motion, in analysis pixels.
    static let launchStripReach = 40.0
    /// How many times the noise threshold the strongest change must be before it takes in
    /// changes along the motion that it is not joined to (1920x1080 30 fps dtl-everything-3,
    /// where every look back took them: a 4-level find gathered specks of noise, 18 px off).
    static let launchStripStrength = 2
    /// The faintest of those changes, as a fraction of the strongest.
    static let launchStripFraction = 8
    /// How far from the line along the motion those changes may lie (analysis pixels).
    static let launchStripHalfWidth = 3.0

    /// How far out (analysis pixels) the ring lies that a hovering ball's change is weighed
    /// against (``compactness(_:x:y:boxWidth:boxHeight:)``).
    static let compactRing = 2

    /// How much the change at (`x`, `y`) of a box of changes stands out as a dot: itself times
    /// the pixels of the square ring ``compactRing`` pixels around it (16), less the ring's
    /// changes beyond the references (a pixel within their band, however deep, or off the box
    /// counts nothing: texture around a ball must not make it more of a dot). A ball hanging at
    /// its apex is a pixel or two of change; cloud drifting behind it and the light changing
    /// over it since the references (10-13 frames back for a hovering ball) change the picture
    /// in broad patches and along edges, as strongly. 960x540 30 fps dtl-everything-1: the
    /// strongest change in the gate at frame 63 was such a patch 2.4 px right of the
    /// prediction, 12 pixels of change at 7 levels where the ball's pixel had 6, and the flight
    /// followed it off and ended 30 frames before the ball (recall 0.444; 0.921 when the dot
    /// wins).
    @inline(__always)
    static func compactness(_ excess: [Int], x: Int, y: Int, boxWidth: Int, boxHeight: Int) -> Int {
        let r = Self.compactRing
        var ring = 0
        for dy in -r...r {
            let yy = y + dy
            guard yy >= 0 && yy < boxHeight else { continue }
            // The ring's top and bottom rows whole, its sides' two pixels on the rows between.
            let edge = abs(dy) == r
            for dx in stride(from: -r, through: r, by: edge ? 1 : 2 * r) {
                let xx = x + dx
                if xx >= 0 && xx < boxWidth { ring += max(excess[yy * boxWidth + xx], 0) }
            }
        }
        return 8 * r * excess[y * boxWidth + x] - ring
    }

    /// The candidate when its centre lies in the region (analysis pixels, top-left), else nil.
    func inside(_ region: (Int, Int, Int, Int), _ candidate: BallCandidate?) -> BallCandidate? {
        guard let candidate, candidate.x >= Double(region.0), candidate.x < Double(region.2),
              candidate.y >= Double(region.1), candidate.y < Double(region.3) else { return nil }
        return candidate
    }

    /// The ball as a dot set off from what lies right around it in the current frame alone, for
    /// a ball hanging at its apex in front of drifting cloud: a frame old enough to have had the
    /// ball elsewhere shows other cloud there, so the comparison in time finds nothing.
    ///
    /// Each pixel in the gate is compared with the mean of the ring of pixels two away. A plane
    /// fitted to the ring says how textured the surroundings are: a cloud's shading is a
    /// gradient, which the ring's mean cancels at the centre by symmetry, but leaves, edges and
    /// rough cloud make any pixel look set off, so there the dot must stand out further.
    /// Distance from the prediction costs a little, so that noise at the gate's rim loses to a
    /// slightly fainter dot where the ball should be.
    func appearanceCandidate(_ request: LocalSearch, box: (Int, Int, Int, Int)) -> BallCandidate? {
        let current = images[frameNumber % historyLength]
        let polarity = Double(request.polarity)
        let gate2 = request.radius * request.radius
        let threshold = max(Self.appearanceMinimumContrast, Self.appearanceNoiseFactor * mask.noiseLevel + 1)
        var best = (score: 0.0, x: 0, y: 0, ring: 0.0)
        // The ring reaches two pixels out.
        let xLow = max(box.0, 2), xHigh = min(box.2, width - 3), yLow = max(box.1, 2), yHigh = min(box.3, height - 3)
        guard xLow <= xHigh, yLow <= yHigh else { return nil }
        for y in yLow...yHigh {
            for x in xLow...xHigh {
                let ex = Double(x) + 0.5 - request.x, ey = Double(y) + 0.5 - request.y
                let d2 = ex * ex + ey * ey
                guard d2 <= gate2 else { continue }
                var sum = 0, sumX = 0, sumY = 0
                forEachRingPixel(current, x, y) { v, dx, dy in sum += v; sumX += v * dx; sumY += v * dy }
                // The ring's 16 pixels have sum(dx^2) = sum(dy^2) = 44 and no cross terms.
                let mean = Double(sum) / 16, slopeX = Double(sumX) / 44, slopeY = Double(sumY) / 44
                let score = polarity * (Double(current.row(y)[x]) - mean) - Self.appearanceDistanceCost * d2
                guard score >= threshold, score > best.score else { continue }
                var residual = 0.0
                forEachRingPixel(current, x, y) { v, dx, dy in
                    let r = Double(v) - mean - slopeX * Double(dx) - slopeY * Double(dy)
                    residual += r * r
                }
                guard score >= Self.appearanceTextureFactor * (residual / 16).squareRoot() else { continue }
                best = (score, x, y, mean)
            }
        }
        guard best.score > 0 else { return nil }
        if request.hovering, isStillCopy(x: best.x, y: best.y, polarity: request.polarity, drift: request.drift) { return nil }
        // Centre: weighted by how far each pixel of the 3x3 around the peak stands out.
        var weight = 0.0, sx = 0.0, sy = 0.0
        for y in (best.y - 1)...(best.y + 1) {
            let row = current.row(y)
            for x in (best.x - 1)...(best.x + 1) {
                let w = polarity * (Double(row[x]) - best.ring)
                guard w > 0 else { continue }
                weight += w; sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5)
            }
        }
        return BallCandidate(x: sx / weight, y: sy / weight, radius: 0.75, halfLength: 0.75, area: 1,
                             polarity: request.polarity, peakContrast: Int(best.score.rounded()), neighbourhoodActivity: 0,
                             foundByAppearance: true)
    }

    /// Whether a dot at analysis pixel (`x`, `y`) found by its look for a hovering flight is
    /// x264's still copy of where the ball was: the flight drifted at `drift` pixels a frame,
    /// enough to carry its ball ``stillCopyTravel`` pixels or more since the frame
    /// ``recentFrameOffset`` frames back, and yet no pixel of the dot's 3x3 turned
    /// ``stillCopyChange`` levels further its way since then. A ball that moves changes the
    /// pixels it covers; a copy of skipped blocks keeps them to a level (1280x720 60 fps
    /// dtl-clean-73 launched between frames: the ball climbing 0.3 px a frame, erased from
    /// frame 104, the flight took the still trail x264 left for twelve frames, changed by 0-1
    /// levels, while the ball, back at 6-19 levels, climbed out of its gate; recall 0.456 ->
    /// 0.960, no other of 891 clips changed). A ball hanging still keeps the look alone.
    func isStillCopy(x: Int, y: Int, polarity: Int8, drift: Double) -> Bool {
        let back = recentFrameOffset
        guard drift * Double(back) >= Self.stillCopyTravel, frameNumber >= back, back < historyLength else { return false }
        let current = images[frameNumber % historyLength], recent = images[(frameNumber - back) % historyLength]
        var change = Int.min
        for py in (y - 1)...(y + 1) {
            let now = current.row(py), before = recent.row(py)
            for px in (x - 1)...(x + 1) { change = max(change, Int(polarity) * (Int(now[px]) - Int(before[px]))) }
        }
        return change < Self.stillCopyChange
    }

    /// How many frames back ``isStillCopy(x:y:polarity:drift:)`` compares with: a fifteenth of
    /// a second at 60 fps and above, four frames below (the pipeline's frames per 1/60 s, at
    /// least one, times four).
    var recentFrameOffset: Int { 4 * framesPerReferenceInterval }
    /// Pixels a hovering flight's drift must carry its ball over ``recentFrameOffset`` frames
    /// before a dot by its look must have changed.
    static let stillCopyTravel = 1.0
    /// The least change (levels, the flight's way) that shows a dot moved.
    static let stillCopyChange = 2

    /// How many noise levels (median frame-to-frame change) a dot must stand out from its ring.
    static let appearanceNoiseFactor = 2.5
    /// The least a dot must stand out in clean video: x264 at crf 18 leaves a far white ball in
    /// a noiseless sky 2 levels above it at 800 px.
    static let appearanceMinimumContrast = 2.0
    /// How many times the ring's roughness (RMS about its plane) a dot must stand out.
    static let appearanceTextureFactor = 3.0
    /// Luma steps of score a candidate loses per squared pixel from the prediction.
    static let appearanceDistanceCost = 0.3

    /// Calls `body` with the value and offset of each pixel on the square ring two pixels from
    /// (x, y).
    @inline(__always)
    private func forEachRingPixel(_ image: LumaImage, _ x: Int, _ y: Int, _ body: (Int, Int, Int) -> Void) {
        for dy in -2...2 {
            let row = image.row(y + dy)
            if dy == -2 || dy == 2 {
                for dx in -2...2 { body(Int(row[x + dx]), dx, dy) }
            } else {
                body(Int(row[x - 2]), -2, dy)
                body(Int(row[x + 2]), 2, dy)
            }
        }
    }
}
