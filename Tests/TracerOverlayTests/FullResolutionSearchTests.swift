import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The look at the full-size frames where a confirmed flight's ball is too small for the
/// analysis size: a 0.6 px ball in a 1920x1080 video changes its 800 px analysis pixel by a level
/// or two, under any threshold noise allows, while in the video's own pixels it stands out.
@Suite struct FullResolutionSearchTests {
    /// 2.4 times the analysis size across, as 1920x1080 is to 800x450.
    static let sourceWidth = 480, sourceHeight = 264
    static let width = 200, height = 110

    /// A flat frame with noise of about `noise` levels and, when `ball` is given, one pixel
    /// `levels` brighter at (x, y) (source pixels).
    static func frame(seed: UInt64, ball: (x: Int, y: Int, levels: Double)?, noise: Double = 1) throws -> VideoFrame {
        try noisyFlatFrame(width: sourceWidth, height: sourceHeight, seed: seed, noise: noise) { x, y in
            guard let ball, ball.x == x, ball.y == y else { return 0 }
            return ball.levels
        }
    }

    /// The ball's source pixel in frame `n`: 2.4 px (one analysis pixel) a frame to the right.
    static func ballPixel(_ n: Int) -> (x: Int, y: Int) { (200 + Int(2.4 * Double(n)), 131) }

    /// A pipeline fed `count` frames, the ball (when `levels` > 0) in each at `at(n)`.
    static func pipeline(seed: UInt64, levels: Double, count: Int = 8, noise: Double = 1,
                         at: (Int) -> (x: Int, y: Int) = ballPixel,
                         change: (Int, inout VideoFrame) -> Void = { _, _ in }) throws -> DetectionPipeline {
        let pipeline = DetectionPipeline(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        for n in 0..<count {
            let p = at(n)
            var f = try frame(seed: seed * 100 + UInt64(n), ball: levels > 0 ? (p.x, p.y, levels) : nil, noise: noise)
            change(n, &f)
            _ = pipeline.candidates(in: f, region: (0, 0, width, height), minRadius: 0, maxRadius: 10, keepingFullSize: true)
        }
        return pipeline
    }

    /// A confirmed flight's request for frame 7, its prediction half an analysis pixel off,
    /// frames 2 and 3 (the ball 4-5 analysis pixels away then) as references.
    static func request() -> LocalSearch {
        let p = Self.ballPixel(7)
        return LocalSearch(x: (Double(p.x) + 0.5) / 2.4 + 0.5, y: (Double(p.y) + 0.5) / 2.4 - 0.4, radius: 3,
                           polarity: 1, references: [2, 3], byAppearance: false)
    }

    static let region = (0, 0, width, height)

    @Test func findsABallTheAnalysisSizeCannotSee() throws {
        let p = Self.ballPixel(7)
        let truth = ((Double(p.x) + 0.5) / 2.4, (Double(p.y) + 0.5) / 2.4)
        for seed in 1...5 {
            let pipeline = try Self.pipeline(seed: UInt64(seed), levels: 12)
            // At the analysis size the ball is a change of two levels at most: at the lowest
            // threshold the analysis frame ever uses (at this scale), where only the full-size
            // frame can tell it from a speck of noise and place it.
            let image = pipeline.images[7 % pipeline.historyLength], before = pipeline.images[3 % pipeline.historyLength]
            let ax = Int(truth.0), ay = Int(truth.1)
            let change = (ay - 1...ay + 1).flatMap { y in (ax - 1...ax + 1).map { x in Int(image.row(y)[x]) - Int(before.row(y)[x]) } }.max()!
            #expect(change <= DetectionPipeline.reducedMinimumThreshold, "seed \(seed): analysis change \(change)")
            let found = try #require(pipeline.localCandidate(Self.request(), region: Self.region, maxRadius: 10), "seed \(seed)")
            #expect(abs(found.x - truth.0) < 0.3 && abs(found.y - truth.1) < 0.3, "seed \(seed): at \(found.x), \(found.y), ball at \(truth)")
            #expect(found.polarity == 1)
            #expect(found.radius < 1, "seed \(seed): radius \(found.radius) analysis pixels")
        }
    }

    @Test func aGapBetweenAFlightsPointsIsSoughtInTheFullSizeFrameStillHeld() throws {
        // Frame 7 searched two frames later, as a flight that found its ball again in frame 9
        // looks between its points: the full-size frame still held shows the ball.
        let p = Self.ballPixel(7)
        let truth = ((Double(p.x) + 0.5) / 2.4, (Double(p.y) + 0.5) / 2.4)
        for seed in 1...5 {
            let pipeline = try Self.pipeline(seed: UInt64(seed), levels: 12, count: 10)
            var request = Self.request()
            request.frame = 7
            request.motion = SIMD2(1, 0)
            request.fillsGap = true
            let found = try #require(pipeline.localCandidate(request, region: Self.region, maxRadius: 10), "seed \(seed)")
            #expect(abs(found.x - truth.0) < 0.3 && abs(found.y - truth.1) < 0.3, "seed \(seed): at \(found.x), \(found.y), ball at \(truth)")
            // The same look at the analysis frame alone (a look back's) finds nothing.
            request.fillsGap = false
            #expect(pipeline.localCandidate(request, region: Self.region, maxRadius: 10) == nil, "seed \(seed)")
        }
    }

    @Test func atTwiceTheAnalysisSizeTheFullSizeFrameIsAskedFirst() throws {
        // A 3x3 source-pixel speck 2 analysis pixels from the prediction passes the analysis
        // frame's threshold; the ball, one source pixel at the prediction and brighter, does
        // not. The analysis frame alone would report the speck.
        let speck = (x: 220, y: 127)
        var frames: [VideoFrame] = []
        for n in 0..<8 {
            var f = try Self.frame(seed: 900 + UInt64(n), ball: n == 7 ? (Self.ballPixel(7).x, Self.ballPixel(7).y, 16) : nil)
            if n == 7 {
                f.withUnsafeMutablePlane(0) { base, stride in
                    for y in speck.y...(speck.y + 2) { for x in speck.x...(speck.x + 2) { base[y * stride + x] += 10 } }
                }
            }
            frames.append(f)
        }
        let pipeline = DetectionPipeline(sourceWidth: Self.sourceWidth, sourceHeight: Self.sourceHeight, width: Self.width, height: Self.height)
        for f in frames { _ = pipeline.candidates(in: f, region: Self.region, minRadius: 0, maxRadius: 10, keepingFullSize: true) }
        let p = Self.ballPixel(7)
        let truth = ((Double(p.x) + 0.5) / 2.4, (Double(p.y) + 0.5) / 2.4)
        let request = LocalSearch(x: truth.0, y: truth.1, radius: 5, polarity: 1, references: [2, 3], byAppearance: false)
        let found = try #require(pipeline.localCandidate(request, region: Self.region, maxRadius: 10))
        #expect(abs(found.x - truth.0) < 0.3 && abs(found.y - truth.1) < 0.3, "at \(found.x), \(found.y), ball at \(truth), speck at \(Double(speck.x) / 2.4 + 0.6), \(Double(speck.y) / 2.4 + 0.6)")
    }

    @Test func aYoungTrackTakesALonePeakUnderTheFloor() throws {
        // Flat sky as x264 leaves it (no noise), the ball 6 levels out: under the floor a
        // confirmed flight keeps, taken by a young track's look since nothing else in the gate
        // changed.
        let pipeline = try Self.pipeline(seed: 3, levels: 6, noise: 0)
        #expect(pipeline.localCandidate(Self.request(), region: Self.region, maxRadius: 10) == nil)
        var young = Self.request()
        young.fullResolutionOnly = true
        let found = try #require(pipeline.localCandidate(young, region: Self.region, maxRadius: 10))
        let p = Self.ballPixel(7)
        #expect(abs(found.x - (Double(p.x) + 0.5) / 2.4) < 0.3 && abs(found.y - (Double(p.y) + 0.5) / 2.4) < 0.3)
    }

    @Test func aGapFillTakesALonePeakUnderTheFloorInAnEarlierFrame() throws {
        // The same 6-level ball in frame 7, sought two frames later between a flight's points.
        let pipeline = try Self.pipeline(seed: 3, levels: 6, count: 10, noise: 0)
        var fill = Self.request()
        fill.frame = 7
        fill.motion = SIMD2(1, 0)
        fill.fillsGap = true
        let found = try #require(pipeline.localCandidate(fill, region: Self.region, maxRadius: 10))
        let p = Self.ballPixel(7)
        #expect(abs(found.x - (Double(p.x) + 0.5) / 2.4) < 0.3 && abs(found.y - (Double(p.y) + 0.5) / 2.4) < 0.3)
        // With a second peak as strong elsewhere in the gate, it is no lone peak.
        let crowded = try Self.pipeline(seed: 3, levels: 6, count: 10, noise: 0, change: { n, frame in
            guard n == 7 else { return }
            frame.withUnsafeMutablePlane(0) { base, stride in base[(p.y + 3) * stride + p.x - 3] += 6 }
        })
        #expect(crowded.localCandidate(fill, region: Self.region, maxRadius: 10) == nil)
    }

    @Test func aGapFillTakesAFaintStreakWhoseTailIsItsOwn() throws {
        // A far ball crossing flat sky at 12 source pixels a frame, smeared over half of that:
        // a 6-level peak with a 4-level tail 2-5 pixels behind it along its motion (1920x1080
        // sky-clean-1 frame 149). The tail is the ball's, not a second peak in the gate.
        let streak = [4, 4, 4, 4, 6]
        /// The streak in every frame, its head 12 pixels on each time; with `speck` a 4-level
        /// speck that far below the tail in frame 7.
        func drawStreak(speck: Int = 0) -> (Int, inout VideoFrame) -> Void {
            { n, image in
                let head = 200 + 12 * n
                image.withUnsafeMutablePlane(0) { base, stride in
                    for (k, levels) in streak.enumerated() { base[131 * stride + head - 4 + k] += UInt8(levels) }
                    if speck > 0, n == 7 { base[(131 + speck) * stride + head - 3] += 4 }
                }
            }
        }
        let pipeline = try Self.pipeline(seed: 3, levels: 0, count: 10, noise: 0, change: drawStreak())
        let head = 200 + 12 * 7
        var fill = LocalSearch(x: (Double(head) + 0.5) / 2.4 + 0.4, y: 131.5 / 2.4 - 0.3, radius: 3, polarity: 1,
                               references: [2, 3], byAppearance: false)
        fill.frame = 7
        fill.motion = SIMD2(5, 0)
        fill.fillsGap = true
        let found = try #require(pipeline.localCandidate(fill, region: Self.region, maxRadius: 10))
        #expect(abs(found.x - (Double(head) + 0.5) / 2.4) < 0.5 && abs(found.y - 131.5 / 2.4) < 0.3,
                "at \(found.x), \(found.y)")
        // A 4-level speck as far from the peak across the motion is something else.
        let beside = try Self.pipeline(seed: 3, levels: 0, count: 10, noise: 0, change: drawStreak(speck: 4))
        #expect(beside.localCandidate(fill, region: Self.region, maxRadius: 10) == nil)
        // Without the motion, the tail counts against the peak.
        fill.motion = nil
        #expect(pipeline.localCandidate(fill, region: Self.region, maxRadius: 10) == nil)
    }

    @Test func aFarFlightsLookBackSeeksTheFullSizeFrameAgainstLaterFrames() throws {
        // A confirmed far flight looks back at frame 5 from frame 11, its place traced back 4
        // analysis pixels off across a gate of 10 (wider than other full-size looks may be),
        // against frames 7 and 8, which the ball had left. The ball waited at frame 5's place
        // through frames 0-4: only the later frames show it changed anything there.
        let p = Self.ballPixel(5)
        let truth = ((Double(p.x) + 0.5) / 2.4, (Double(p.y) + 0.5) / 2.4)
        let waited = { (n: Int) in Self.ballPixel(max(n, 5)) }
        for seed in 1...5 {
            let pipeline = try Self.pipeline(seed: UInt64(seed), levels: 12, count: 12, at: waited)
            var back = LocalSearch(x: truth.0 - 2.5, y: truth.1 + 3.1, radius: 10, polarity: 1, references: [7, 8],
                                   frame: 5, byAppearance: false, motion: SIMD2(1, 0))
            // In the analysis frame alone the ball is no change.
            #expect(pipeline.localCandidate(back, region: Self.region, maxRadius: 10) == nil, "seed \(seed)")
            back.looksBackAtFullSize = true
            let found = try #require(pipeline.localCandidate(back, region: Self.region, maxRadius: 10), "seed \(seed)")
            #expect(abs(found.x - truth.0) < 0.3 && abs(found.y - truth.1) < 0.3, "seed \(seed): at \(found.x), \(found.y), ball at \(truth)")
            #expect(found.isDistinctPeak)
        }
        // A second pixel as bright elsewhere in the gate: no lone peak, nothing taken.
        let crowded = try Self.pipeline(seed: 1, levels: 12, count: 12, at: waited, change: { n, frame in
            guard n == 5 else { return }
            frame.withUnsafeMutablePlane(0) { base, stride in base[(p.y + 9) * stride + p.x - 7] += 12 }
        })
        var back = LocalSearch(x: truth.0 - 2.5, y: truth.1 + 3.1, radius: 10, polarity: 1, references: [7, 8],
                               frame: 5, byAppearance: false, motion: SIMD2(1, 0))
        back.looksBackAtFullSize = true
        #expect(crowded.localCandidate(back, region: Self.region, maxRadius: 10) == nil)
    }

    @Test func aBlockThatChangedIsNoLonePeak() throws {
        // x264 lifting a small block of flat sky by 6 levels in the last frame, the ball's
        // predicted place inside it: a young track's look finds nothing there. (A larger block
        // lifts the gate's mean level as well, which the comparison takes out.)
        let p = Self.ballPixel(7)
        let pipeline = try Self.pipeline(seed: 4, levels: 0, noise: 0, change: { n, frame in
            guard n == 7 else { return }
            frame.withUnsafeMutablePlane(0) { base, stride in
                for y in (p.y - 3)..<(p.y + 5) { for x in (p.x - 3)..<(p.x + 5) { base[y * stride + x] += 6 } }
            }
        })
        var young = Self.request()
        young.fullResolutionOnly = true
        #expect(pipeline.localCandidate(young, region: Self.region, maxRadius: 10) == nil)
    }

    /// The definition `changes(inColumns:rows:of:beyond:offsets:polarity:)` computes for a
    /// whole box, pixel by pixel: how far (x, y) lies beyond every pixel of the 3x3
    /// neighbourhood of (x, y) in `references` raised by their offsets.
    static func change(at x: Int, _ y: Int, of current: LumaImage, beyond references: [LumaImage], offsets: [Int],
                       polarity: Int8) -> Int {
        var hi = Int.min, lo = Int.max
        for (ref, offset) in zip(references, offsets) {
            for yy in (y - 1)...(y + 1) {
                for xx in (x - 1)...(x + 1) {
                    let v = Int(ref.pixels(yy)[xx]) + offset
                    hi = max(hi, v); lo = min(lo, v)
                }
            }
        }
        let v = Int(current.pixels(y)[x])
        return polarity > 0 ? v - hi : lo - v
    }

    @Test func theGateAtOnceGivesEachPixelsChange() {
        // The whole-gate comparison (row-then-column extremes) against the per-pixel one, on
        // random pictures, two references with light offsets, both polarities.
        var rng = SplitMix64(seed: 42)
        let images = (0..<3).map { _ in LumaImage(width: 40, height: 30) }
        for image in images {
            for y in 0..<30 { for x in 0..<40 { image.row(y)[x] = UInt8(truncatingIfNeeded: rng.next() >> 56) } }
        }
        let refs = [images[1], images[2]]
        // Light offsets as they come, and the largest a mean level can differ by either way
        // (the band is kept in 16 bits: a level plus an offset).
        for offsets in [[3, -5], [255, -255], [-255, 255]] {
            for polarity: Int8 in [1, -1] {
                let all = changes(inColumns: 5...33, rows: 2...26, of: images[0], beyond: refs, offsets: offsets, polarity: polarity)
                var mismatches = 0
                for y in 2...26 {
                    for x in 5...33 where all[(y - 2) * 29 + (x - 5)]
                        != Self.change(at: x, y, of: images[0], beyond: refs, offsets: offsets, polarity: polarity) {
                        mismatches += 1
                    }
                }
                #expect(all.count == 29 * 25 && mismatches == 0,
                        "offsets \(offsets), polarity \(polarity): \(mismatches) pixels differ")
            }
        }
    }

    @Test func boxSumsCountEveryPixel() {
        // A light-offset box's sum, row sums kept in 32 bits: white rows as wide as a 4K frame,
        // and a random box against the plain sum.
        let white = LumaImage(width: 3840, height: 4)
        for y in 0..<4 { for x in 0..<3840 { white.row(y)[x] = 255 } }
        #expect(white.sum(columns: 0...3839, rows: 0...3) == 255 * 3840 * 4)
        var rng = SplitMix64(seed: 7)
        let image = LumaImage(width: 50, height: 20)
        var plain = 0
        for y in 0..<20 {
            for x in 0..<50 {
                image.row(y)[x] = UInt8(truncatingIfNeeded: rng.next() >> 56)
                if (3...41).contains(x) && (2...17).contains(y) { plain += Int(image.row(y)[x]) }
            }
        }
        #expect(image.sum(columns: 3...41, rows: 2...17) == plain)
    }

    @Test func findsNothingInNoise() throws {
        var falseFinds = 0
        for seed in 10..<40 {
            let pipeline = try Self.pipeline(seed: UInt64(seed), levels: 0)
            if pipeline.localCandidate(Self.request(), region: Self.region, maxRadius: 10) != nil { falseFinds += 1 }
        }
        #expect(falseFinds <= 1, "\(falseFinds) of 30 full-size searches found a ball in plain noise")
    }

    @Test func referencesOlderThanTheHistoryGiveWayToItsOldestFrame() throws {
        // A ball near its apex, half a source pixel a frame: the analysis frames in which it
        // was clear of its place are older than the full-size frames held, and the oldest
        // held frame (15 px before) stands in.
        let drifting = { (n: Int) in (x: 200 + n / 2, y: 131) }
        let pipeline = try Self.pipeline(seed: 7, levels: 12, count: 40, at: drifting)
        let p = drifting(39)
        let truth = ((Double(p.x) + 0.5) / 2.4, (Double(p.y) + 0.5) / 2.4)
        let request = LocalSearch(x: truth.0 + 0.3, y: truth.1, radius: 3, polarity: 1, references: [2, 3], byAppearance: false)
        let found = try #require(pipeline.localCandidate(request, region: Self.region, maxRadius: 10))
        #expect(abs(found.x - truth.0) < 0.3 && abs(found.y - truth.1) < 0.3, "at \(found.x), \(found.y), ball at \(truth)")
    }

    @Test func aLargePictureKeepsEveryFewFramesAsFarBack() throws {
        // 3840x2160: 9 luma copies fit in the memory allowed, so every fourth frame is kept,
        // and the history still reaches 32 frames back.
        let history = try #require(FullResolutionHistory(width: 3840, height: 2160))
        #expect(history.spacing == 4)
        let frame = try VideoFrame(width: 3840, height: 2160, pixelFormat: .gray8)
        for n in 0...41 { history.store(frame, number: n, keepingReference: true) }
        #expect(history.holds(41), "the frame being analysed is held")
        #expect(!history.holds(39) && history.holds(40) && history.holds(8) && !history.holds(4))
        // A reference stands in for the latest held frame no later than it; one older than the
        // history for the oldest held.
        #expect(history.references(for: [38, 21], before: 41) == [36, 20])
        #expect(history.references(for: [1, 3], before: 41) == [8])
        // Once analysed, the frame is let go (the caller may draw on it without a copy), and
        // frames stored while no flight needs references are not kept.
        history.releaseLatest()
        #expect(!history.holds(41))
        history.store(frame, number: 44, keepingReference: false)
        #expect(history.holds(44))
        history.releaseLatest()
        #expect(!history.holds(44) && history.references(for: [43], before: 46) == [40])
        // 1920x1080: all of the last 32.
        let full = try #require(FullResolutionHistory(width: 1920, height: 1080))
        #expect(full.spacing == 1)
    }

    @Test func theDetectorLetsGoOfTheFrameItAnalysed() throws {
        // A live frame is drawn on after analysis: one the detector still held would have to be
        // copied first.
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        for n in 0..<3 {
            let frame = try VideoFrame(width: 1920, height: 1080, pixelFormat: .gray8,
                                       time: MediaTime(seconds: Double(n) / 60, preferredTimescale: 600))
            _ = try detector.process(frame)
            let pipeline = try #require(detector.pipeline)
            let history = try #require(pipeline.fullResolution)
            #expect(!history.holdsAFrame)
        }
    }

    @Test func a1280x720VideoKeepsItsFramesFromTheFirst() throws {
        // No flight yet: the frames are kept all the same, for a flight confirmed later looks
        // between its first points there, and young tracks look there too.
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        for n in 0..<3 {
            let frame = try VideoFrame(width: 1280, height: 720, pixelFormat: .gray8,
                                       time: MediaTime(seconds: Double(n) / 30, preferredTimescale: 600))
            _ = try detector.process(frame)
        }
        let history = try #require(detector.pipeline?.fullResolution)
        #expect(history.holds(0) && history.holds(1))
        #expect(detector.tracker.settings.searchesYoungTracksAtFullSize && detector.tracker.settings.fillsGapsAtFullSize)
        // The analysis frame keeps its usual threshold below twice the analysis size.
        #expect(detector.pipeline?.mask.minimumThreshold == MotionMask.defaultMinimumThreshold)
    }

    @Test func aVideoAtTheAnalysisSizeKeepsNoFullSizeFrames() {
        let same = DetectionPipeline(sourceWidth: 800, sourceHeight: 450, width: 800, height: 450)
        #expect(same.fullResolution == nil)
        // 1280x720 at 800 px is 1.6 times across: worth a look.
        #expect(DetectionPipeline(sourceWidth: 1280, sourceHeight: 720, width: 800, height: 450).fullResolution != nil)
        // A picture so large that not even four frames fit in the memory allowed.
        #expect(FullResolutionHistory(width: 16000, height: 9000) == nil)
    }
}
