extension DetectionPipeline {
    /// The change of the requested polarity inside the gate, sought in the full-size frames
    /// (``FullResolutionHistory``) before the analysis frame is: the same comparison as
    /// ``localCandidate(_:region:maxRadius:)`` makes, against a threshold set by the noise
    /// measured in the gate itself, since full-size noise is not what the analysis size has.
    ///
    /// Only for the current frame, or an earlier one held where the search fills a gap between a
    /// flight's points, within a gate of ``fullResolutionMaximumGate``; or where a far flight
    /// looks back for its first frames (``LocalSearch/looksBackAtFullSize``), within
    /// ``fullResolutionLookBackGate``, against the later frames it names. The find is
    /// reported in analysis pixels, its contrast as the change spread over one analysis pixel
    /// (what the analysis size would have shown had it not been split between pixels), with the
    /// changed pixels around it in the analysis frame as its neighbourhood's activity.
    func fullResolutionCandidate(_ request: LocalSearch, region: (Int, Int, Int, Int)) -> BallCandidate? {
        let searched = request.frame ?? frameNumber
        let widest = request.looksBackAtFullSize ? Self.fullResolutionLookBackGate : Self.fullResolutionMaximumGate
        guard let history = fullResolution,
              request.frame == nil ? request.motion == nil : request.fillsGap || request.looksBackAtFullSize,
              request.radius <= widest, history.holds(searched) else { return nil }
        // A look back's references are frames after the one searched, which the ball had left
        // (``BallTracker/lookBackReferences(_:for:around:radius:)``). Elsewhere a reference older
        // than the history gives way to the oldest frame held, the one most likely to have had
        // the ball elsewhere.
        let references = request.looksBackAtFullSize ? request.references.filter { history.holds($0) }
            : history.references(for: request.references, before: searched)
        guard !references.isEmpty else { return nil }
        let videoRange = history.isVideoRange(searched)
        return history.withLuma([searched] + references) { planes in
            fullResolutionCandidate(request, region: region, current: planes[0], refs: Array(planes.dropFirst()),
                                    fullWidth: history.width, fullHeight: history.height, videoRange: videoRange,
                                    isCurrent: searched == frameNumber)
        }
    }

    private func fullResolutionCandidate(_ request: LocalSearch, region: (Int, Int, Int, Int), current: LumaPlane, refs: [LumaPlane],
                                         fullWidth: Int, fullHeight: Int, videoRange: Bool, isCurrent: Bool) -> BallCandidate? {
        let scaleX = Double(fullWidth) / Double(width), scaleY = Double(fullHeight) / Double(height)
        let cx = request.x * scaleX, cy = request.y * scaleY
        let gate = request.radius * max(scaleX, scaleY)
        let x0 = max(Int(cx - gate), 2), x1 = min(Int(cx + gate), fullWidth - 3)
        let y0 = max(Int(cy - gate), 2), y1 = min(Int(cy + gate), fullHeight - 3)
        guard x0 <= x1, y0 <= y1 else { return nil }
        let mx0 = max(x0 - 3, 0), mx1 = min(x1 + 3, fullWidth - 1), my0 = max(y0 - 3, 0), my1 = min(y1 + 3, fullHeight - 1)
        let offsets = lightOffsets(inColumns: mx0...mx1, rows: my0...my1, of: current, since: refs)

        let boxWidth = x1 - x0 + 1
        let excessAt = changes(inColumns: x0...x1, rows: y0...y1, of: current, beyond: refs, offsets: offsets,
                               polarity: request.polarity)
        var differences = [Int](repeating: 0, count: 64)
        var best = (excess: Int.min, x: 0, y: 0)
        let gate2 = gate * gate
        for y in y0...y1 {
            let row = current.pixels(y), first = refs[0].pixels(y)
            for x in x0...x1 {
                differences[min(abs(Int(row[x]) - Int(first[x]) - offsets[0]), 63)] += 1
                let excess = excessAt[(y - y0) * boxWidth + (x - x0)]
                let ex = Double(x) + 0.5 - cx, ey = Double(y) + 0.5 - cy
                if excess > best.excess && ex * ex + ey * ey <= gate2 { best = (excess, x, y) }
            }
        }
        var threshold = Self.fullResolutionThreshold(differences: differences)
        if request.fullResolutionOnly || request.fillsGap || request.hovering, best.excess < threshold {
            // A young track's look, or a gap fill between a flight's points, may take a fainter
            // peak that nothing else in the gate comes near: a far ball crossing flat sky is a
            // 5-8 level speck there, while x264's block changes, which the floor keeps out, lift
            // many pixels alike (gap fills: 1920x1080 sky-clean-1 recall 0.870 -> 0.900, 1280x720
            // 30 fps dtl-everything-1 and -3 0.952 -> 0.968 and 0.937 -> 0.952).
            // So may a flight hanging near its apex: failing the floor, its search fell back on
            // the look of a dot in the analysis frame, and on 1920x1080 dtl-clean-8 took the edge
            // of a puff of cloud 2 px from a ball x264 had left at 5 levels, then followed the
            // puff (0.292, and a false trajectory; now 0.988 / 1.000).
            // A gap fill knows the ball's motion: its own streak, which may reach that far
            // either side of the peak, is not something else in the gate (1920x1080 sky-clean-1:
            // a 6-level peak was refused for its 4-level tail).
            let reach = request.motion.map { SIMD2($0.x * scaleX, $0.y * scaleY) * Self.distinctPeakStreakReach }
                ?? SIMD2(0, 0)
            threshold = min(threshold, Self.distinctPeakThreshold(differences: differences, gate: gate2, centre: (cx, cy),
                                                                  peak: (best.x, best.y), streak: reach,
                                                                  box: (x0, y0, x1, y1), excess: excessAt,
                                                                  minimum: request.fillsGap ? Self.gapFillMinimumThreshold
                                                                      : Self.distinctPeakMinimumThreshold))
        }
        if request.looksBackAtFullSize {
            // Over a look back's wide gate some pixel of noise passes the floor; the ball's own
            // stands alone (``BallCandidate/isDistinctPeak``).
            let reach = request.motion.map { SIMD2($0.x * scaleX, $0.y * scaleY) * Self.distinctPeakStreakReach }
                ?? SIMD2(0, 0)
            threshold = max(threshold, Self.distinctPeakThreshold(differences: differences, gate: gate2, centre: (cx, cy),
                                                                  peak: (best.x, best.y), streak: reach,
                                                                  box: (x0, y0, x1, y1), excess: excessAt, minimum: 0))
        }
        guard best.excess >= threshold else { return nil }
        var weight = 0.0, sx = 0.0, sy = 0.0, count = 0
        for y in max(best.y - 2, y0)...min(best.y + 2, y1) {
            for x in max(best.x - 2, x0)...min(best.x + 2, x1) {
                let w = excessAt[(y - y0) * boxWidth + (x - x0)]
                guard w >= threshold else { continue }
                weight += Double(w); sx += Double(w) * (Double(x) + 0.5); sy += Double(w) * (Double(y) + 0.5); count += 1
            }
        }
        let pixelArea = scaleX * scaleY
        let stretch = videoRange ? 255.0 / 219.0 : 1.0
        let radius = max((Double(count) / Double.pi).squareRoot() / max(scaleX, scaleY), 0.5)
        var found = BallCandidate(
            x: sx / weight / scaleX, y: sy / weight / scaleY, radius: radius, halfLength: radius,
            area: max(1, Int((Double(count) / pixelArea).rounded())), polarity: request.polarity,
            peakContrast: max(1, Int((weight * stretch / pixelArea).rounded())),
            // The activity measured is the analysis frame's: an earlier frame's is no longer held.
            neighbourhoodActivity: isCurrent ? max(extractor.activity(x: sx / weight / scaleX, y: sy / weight / scaleY)
                                                   - extractor.activityBaseline, 0) : 0)
        found.isDistinctPeak = request.looksBackAtFullSize
        return inside(region, found)
    }

    /// The smallest change that counts at `peak` when no pixel of the gate (squared radius
    /// `gate` around `centre`) farther than ``distinctPeakClearance`` from it, or from the
    /// segment `peak` +/- `streak` (full-size pixels) where the ball's own streak may lie, comes
    /// within ``distinctPeakMargin`` of it: at least `minimum` (a young track's look asks
    /// ``distinctPeakMinimumThreshold``, a gap fill ``gapFillMinimumThreshold``) and what the
    /// noise asks. `excess` holds the changes of the pixels of `box` (x0, y0, x1, y1).
    static func distinctPeakThreshold(differences: [Int], gate: Double, centre: (Double, Double), peak: (Int, Int),
                                      streak: SIMD2<Double> = SIMD2(0, 0),
                                      box: (Int, Int, Int, Int), excess: [Int], minimum: Int = distinctPeakMinimumThreshold) -> Int {
        let clearance2 = distinctPeakClearance * distinctPeakClearance
        let streakLength2 = streak.x * streak.x + streak.y * streak.y
        let boxWidth = box.2 - box.0 + 1
        var other = 0
        for y in box.1...box.3 {
            for x in box.0...box.2 {
                let ex = Double(x) + 0.5 - centre.0, ey = Double(y) + 0.5 - centre.1
                var px = Double(x - peak.0), py = Double(y - peak.1)
                if streakLength2 > 0 {
                    // The offset from the nearest point of the segment.
                    let along = max(-1, min(1, (px * streak.x + py * streak.y) / streakLength2))
                    px -= along * streak.x
                    py -= along * streak.y
                }
                guard ex * ex + ey * ey <= gate, px * px + py * py > clearance2 else { continue }
                other = max(other, excess[(y - box.1) * boxWidth + (x - box.0)])
            }
        }
        return max(minimum, noiseThreshold(differences: differences), other + distinctPeakMargin)
    }

    /// What the noise of a gate with frame-to-frame differences `differences` asks of a change:
    /// ``fullResolutionNoiseFactor`` median differences and 2 levels.
    static func noiseThreshold(differences: [Int]) -> Int {
        let samples = differences.reduce(0, +)
        var seen = 0, median = 0
        for (value, n) in differences.enumerated() {
            seen += n
            if 2 * seen >= samples { median = value; break }
        }
        return Int((fullResolutionNoiseFactor * Double(median) + 2).rounded())
    }

    /// The smallest change that counts in a full-size gate whose frame-to-frame differences
    /// have the histogram `differences` (absolute luma steps, the last bin holding all larger).
    static func fullResolutionThreshold(differences: [Int]) -> Int {
        max(fullResolutionMinimumThreshold, noiseThreshold(differences: differences))
    }
}
