extension DetectionPipeline {
    /// A fast ball's faint streak along its known path in an earlier frame, measured as the mean
    /// change along a segment rather than pixel by pixel.
    ///
    /// Just after the launch a ball moves tens of pixels a frame and the shutter smears it into a
    /// streak whose every pixel changes by a level or two (a dark ball over the ground), under
    /// the noise threshold; averaged along the streak's length the change stands out. Where the
    /// streak lies is known from the flight traced back, so only segments near the prediction,
    /// along the predicted motion, are tried (a few lengths, small shifts along and across it),
    /// and the best is compared with parallel segments beside it, clear of the ball: the find
    /// must stand out from those by ``streakMinimumScore`` times their spread. Either polarity:
    /// a ball darker than the sky may be lighter than the ground it left.
    func streakCandidate(_ request: LocalSearch, motion: SIMD2<Double>, region: (Int, Int, Int, Int)) -> BallCandidate? {
        guard let searched = request.frame, searched <= frameNumber,
              frameNumber - searched < historyLength else { return nil }
        let step = (motion.x * motion.x + motion.y * motion.y).squareRoot()
        // A flight traced back off the picture has nothing to find there.
        guard step >= Self.streakMinimumStep, request.x >= 0, request.x < Double(width),
              request.y >= 0, request.y < Double(height) else { return nil }
        let references = request.references.filter { frameNumber - $0 < historyLength && $0 >= 0 }
        guard !references.isEmpty else { return nil }
        let current = images[searched % historyLength]
        let refs = references.map { images[$0 % historyLength] }
        let ux = motion.x / step, uy = motion.y / step
        let nx = -uy, ny = ux
        // The flight traced back is surer across its path than along it (how fast the ball
        // slowed is the least certain part), so the segment slides further along, up to half
        // a frame's motion.
        let shift = max(2, Int((0.5 * request.radius).rounded(.up)))
        let slide = max(3, Int(min(2.5 * request.radius, 0.5 * step).rounded(.up)))
        let longest = min(step, Self.streakLongest)
        let besideNear = Double(shift) + 3, besideFar = besideNear + 16
        let span = slide + Int(longest.rounded(.up)) + 1
        let reach = 0.5 * longest + Double(span) + besideFar + 1
        let r = Int(reach.rounded(.up))
        let bx0 = max(Int(request.x) - r, 0), bx1 = min(Int(request.x) + r, width - 1)
        let by0 = max(Int(request.y) - r, 0), by1 = min(Int(request.y) + r, height - 1)
        // The light's change since the references (exposure, clouds), as in the local search,
        // over the neighbourhood of the prediction (light changes smoothly across a picture).
        let lx0 = max(Int(request.x) - Self.streakLevelReach, 0), lx1 = min(Int(request.x) + Self.streakLevelReach, width - 1)
        let ly0 = max(Int(request.y) - Self.streakLevelReach, 0), ly1 = min(Int(request.y) + Self.streakLevelReach, height - 1)
        func level(_ image: LumaImage) -> Int { image.sum(columns: lx0...lx1, rows: ly0...ly1) }
        let area = Double((lx1 - lx0 + 1) * (ly1 - ly0 + 1))
        let currentLevel = level(current)
        let offset = Float(refs.reduce(0.0) { $0 + Double(currentLevel - level($1)) / area } / Double(refs.count))
        // The change at each pixel of the box the segments can reach, worked out the first time
        // a segment samples it: they overlap many times over, and cover a thin band of the box.
        let boxWidth = bx1 - bx0 + 1
        var changes = [Float](repeating: .nan, count: boxWidth * (by1 - by0 + 1))
        let refScale = 1 / Float(refs.count)
        // Samples off the box (the image's edge) are taken at its edge: the parallel segments
        // beside a path near the edge are only a measure of the spread.
        func change(_ x: Double, _ y: Double) -> Double {
            let xi = min(max(Int(x), bx0), bx1), yi = min(max(Int(y), by0), by1)
            let i = (yi - by0) * boxWidth + (xi - bx0)
            if changes[i].isNaN {
                var reference = 0
                for ref in refs { reference += Int(ref.row(yi)[xi]) }
                changes[i] = Float(current.row(yi)[xi]) - Float(reference) * refScale - offset
            }
            return Double(changes[i])
        }
        // A segment of n samples one pixel apart centred `along` pixels from the prediction
        // starts n / 2 samples back; with n even its samples sit half a pixel off the grid of
        // centres. The change along one line, summed from its start, gives every segment's mean.
        func line(across: Double, phase: Double, from low: Int, through high: Int) -> [Double] {
            var sums = [0.0]
            sums.reserveCapacity(high - low + 2)
            for m in low...high {
                let t = Double(m) + phase
                sums.append(sums[sums.count - 1] + change(request.x + t * ux + across * nx, request.y + t * uy + across * ny))
            }
            return sums
        }
        var best = (score: 0.0, value: 0.0, length: 0.0, along: 0.0, across: 0)
        for length in [max(Self.streakShortest, 0.25 * longest), max(Self.streakShortest, 0.5 * longest), longest] {
            let n = max(Int(length.rounded()), 2)
            let phase = n % 2 == 0 ? 0.5 : 0.0
            let low = -span - n / 2, high = span - n / 2 + n - 1
            // The spread of this length's mean beside the path, where the ball is not.
            var beside: [Double] = []
            var o = besideNear
            while o <= besideFar {
                for side in [o, -o] {
                    let sums = line(across: side, phase: phase, from: -n / 2, through: -n / 2 + n - 1)
                    beside.append(sums[n] / Double(n))
                }
                o += 2
            }
            beside.sort()
            let middle = beside[beside.count / 2]
            var deviations = beside.map { abs($0 - middle) }
            deviations.sort()
            let noise = max(1.4826 * deviations[deviations.count / 2], Self.streakNoiseFloor)
            for across in -shift...shift {
                let sums = line(across: Double(across), phase: phase, from: low, through: high)
                // The segment centred k pixels along spans sums[k - n / 2 - low ..< + n].
                func value(_ k: Int) -> Double { (sums[k - n / 2 - low + n] - sums[k - n / 2 - low]) / Double(n) - middle }
                guard let top = (-slide...slide).max(by: { abs(value($0)) < abs(value($1)) }) else { continue }
                let topValue = value(top)
                let score = abs(topValue) / noise
                guard score > best.score else { continue }
                // A segment shorter or longer than the streak scores about the same wherever it
                // overlaps it alike, and which of those places scores best is down to noise: the
                // streak's middle is the middle of the run that keeps over half the best. The
                // run may reach a streak's length past the slide.
                func inRun(_ k: Int) -> Bool { let v = value(k); return v * topValue > 0 && abs(v) >= 0.5 * abs(topValue) }
                var first = top, last = top
                while first > -span, inRun(first - 1) { first -= 1 }
                while last < span, inRun(last + 1) { last += 1 }
                // A run cut off at the reach, or whose middle lies past the slide, has its middle
                // somewhere the flight traced back does not allow.
                let centre = 0.5 * Double(first + last)
                guard first > -span, last < span, abs(centre) <= Double(slide) else { continue }
                best = (score, topValue, Double(n), centre, across)
            }
        }
        // A find at the rim of the shifts is the edge of something beside the path.
        guard best.score >= Self.streakMinimumScore, abs(best.value) >= Self.streakMinimumChange,
              abs(best.across) < shift else { return nil }
        let x = request.x + best.along * ux + Double(best.across) * nx
        let y = request.y + best.along * uy + Double(best.across) * ny
        return inside(region, BallCandidate(x: x, y: y, radius: 0.75, halfLength: 0.5 * best.length, axisX: ux, axisY: uy,
                                            area: max(Int(best.length.rounded()), 1), polarity: best.value > 0 ? 1 : -1,
                                            peakContrast: max(Int(abs(best.value).rounded()), 1), neighbourhoodActivity: 0,
                                            foundAsStreak: true))
    }

    /// Half the side of the square around the prediction (pixels) whose mean level gives the
    /// light's change since the reference frames.
    static let streakLevelReach = 24
    /// Slowest predicted motion (pixels per analysed frame) for which a streak is sought: a
    /// slower ball is a dot, which the local search finds, and a dot found along a slow path
    /// may be the ball still waiting on the tee.
    static let streakMinimumStep = 8.0
    /// Longest streak segment tried, in pixels.
    static let streakLongest = 40.0
    /// Shortest streak segment tried, in pixels.
    static let streakShortest = 3.0
    /// How many times the spread of the means beside the path a streak must stand out.
    static let streakMinimumScore = 6.0
    /// The least mean change (luma levels) along a streak.
    static let streakMinimumChange = 1.0
    /// The least spread assumed for a segment's mean (luma levels): x264's flat blocks beside
    /// the path would otherwise make any trace of change look significant.
    static let streakNoiseFloor = 0.2
}
