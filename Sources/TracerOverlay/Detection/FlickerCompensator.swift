/// Takes fast changes of the whole picture's brightness out of the analysis frames before the
/// motion mask compares them.
///
/// Floodlights and most lamps pulse at twice the mains frequency; the short shutter that freezes
/// a ball samples that pulse as a flicker of the whole frame, a few percent deep (100 Hz lamps:
/// 20 Hz at 60 or 120 fps, 4 Hz at 24 fps). The motion mask compares each frame with frames 2-4
/// back: where those are darker than the frame, a whole sky rises past the band, and the noise
/// the mask measures frame to frame (and its threshold with it) grows until a faint ball drops
/// below it (1280x720 24 fps down the line under a 4% flicker: the ball found nowhere).
///
/// A phone's rolling shutter reads the rows one after another over about a frame interval, and
/// the same flicker then shows as bands of light and dark across the frame, which move from frame
/// to frame unless the frame rate divides the lamps' frequency (1280x720 30 and 24 fps
/// dtl-floodlights-phone: 100 Hz lamps read over 1/60 s, the ball found nowhere when the whole
/// frame was measured as one). So the frame is measured and mapped in ``stripCount`` strips of
/// rows, each with a brightness history of its own, and the maps of neighbouring strips'
/// centres are blended row by row: a band's light changes smoothly down the frame.
///
/// In each strip each frame is compared with the one before: in four bands of brightness the
/// median change gives a line, level before to level after (a gain and an offset). Composed frame
/// after frame they give the latest frame's brightness relative to the first, and where those
/// steps spread as flicker does, the strip is mapped to the mean brightness of the frames of the
/// last ``smoothing`` seconds. Steady light, and light that changes slowly the same way, is left
/// exactly as decoded.
final class FlickerCompensator {
    /// A brightness map `level -> gain * level + offset`.
    struct LevelMap: Equatable {
        var gain = 1.0
        var offset = 0.0

        static let identity = LevelMap()

        func callAsFunction(_ level: Double) -> Double { gain * level + offset }
        /// `self` after `other`.
        func after(_ other: LevelMap) -> LevelMap { LevelMap(gain: gain * other.gain, offset: gain * other.offset + offset) }
        var inverse: LevelMap { LevelMap(gain: 1 / gain, offset: -offset / gain) }
    }

    /// The spread (median distance from their median over ``window``, in levels at mid grey) of
    /// frame-to-frame steps from which the brightness is taken to flicker. Slow light steps the
    /// same way every frame and spreads next to none; 1% of flicker spreads 0.9-1.1 levels
    /// (4-20 Hz); a shaken camera over a graded sky steps by up to half a level now and then.
    static let flickerSpread = 0.6
    /// Seconds of frame-to-frame steps that decide whether the brightness flickers.
    static let window = 0.5
    /// Seconds of frames whose mean brightness a flickering frame is mapped to: a whole period of
    /// the slowest usual flicker (4 Hz, 100 Hz lamps at 24 fps).
    static let smoothing = 0.25
    /// The largest step (levels at mid grey) from one frame to the next that flicker makes (a
    /// 4% flicker steps by up to 10); a larger one is a cut.
    static let largestStep = 25.0
    /// Corrections under this many levels everywhere in 16...240 are not applied.
    static let smallestCorrection = 0.5
    /// Strips of rows measured and mapped apart: enough that blending neighbouring maps follows
    /// 1-3 bands of a rolling shutter's flicker across the frame to about a level.
    static let stripCount = 16
    /// The share of the strips measured whose steps must spread as flicker does for any strip
    /// to be mapped. Lamps light the whole frame; a strip alone is more likely a shaken camera
    /// over a graded sky, or a body moving through it (decided strip by strip, 28 clips of
    /// BENCHMARKS.md's session 83 sets changed, dtl-portrait and dtl-everything among them,
    /// 640x360 30 fps dtl-portrait-4 from 1.000 to 0.968; by this share, only clips lit by
    /// flickering lamps, and two of sky-birds-clouds). A strip in a flickering frame whose own
    /// steps do not spread (a band's phase where its flicker steps alike) is mapped too.
    static let flickeringShare = 0.75
    /// Every how many rows, and columns, a strip's rows are sampled: the whole frame's measure
    /// took every 16th row; this costs about as much on an 800x450 60 fps clip (detection's
    /// user time within the runs' noise), where every second row and column cost 1 ms a frame.
    private static let rowStep = 4
    private static let columnStep = 2
    /// Brightness bands (the mean level of the two frames) whose median changes fit the line;
    /// levels near black and white are left out, where clipping hides a change.
    private static let bands = [24, 76, 128, 180, 233]
    /// Fewest pixels a band of a strip needs to count.
    private static let minimumBandSamples = 300
    /// The band of a pixel by its levels in the two frames (current * 256 + previous): banded
    /// by the mean of both, not the previous one's (a pixel picked for the previous frame's noise
    /// alone changes back towards its level, and a band whose edge cuts through a level would
    /// lean); 4 where a level is outside the bands or within 4 of black or white.
    private static func band(current a: Int, previous b: Int) -> Int {
        let level = (a + b) >> 1
        guard level >= bands[0] && level < bands[4] && a >= 4 && a <= 251 && b >= 4 && b <= 251 else { return 4 }
        return level < bands[2] ? (level < bands[1] ? 0 : 1) : (level < bands[3] ? 2 : 3)
    }
    /// The bins of a band's histogram of changes: -64...63 levels, larger changes counted at the
    /// ends (the median a band needs lies well inside: a step over ``largestStep`` is a cut).
    private static let binsPerBand = 128
    /// The bin of a strip's differences a pixel counts in, by its levels in the two frames
    /// (current * 256 + previous): its band's bins, at its change. One look-up a pixel instead
    /// of eight comparisons and the arithmetic of the bin.
    private static let binOfLevels: [UInt16] = (0..<65536).map { pair in
        let a = pair >> 8, b = pair & 255
        return UInt16(band(current: a, previous: b) * binsPerBand + binsPerBand / 2 + min(max(a - b, -64), 63))
    }
    /// The bins of one strip's differences (a fifth band for pixels outside the bands, never read).
    private static let binsPerStrip = 5 * binsPerBand
    /// The bins of one copy of ``differences``: every other sample counts in a second copy after
    /// it, for neighbours mostly share a bin, and one histogram would make each increment wait
    /// for the last one to land.
    private static let binsPerCopy = stripCount * binsPerStrip

    /// Differences counted by strip and band.
    private var differences = [Int32](repeating: 0, count: 2 * binsPerCopy)
    private var levelSums = [Int](repeating: 0, count: 2 * stripCount * 5)
    private var strips = [Strip](repeating: Strip(), count: stripCount)
    private var lastTime: Double?

    /// One strip's brightness history.
    private struct Strip {
        /// The latest frame's brightness as decoded, relative to the first frame's.
        var brightness = LevelMap.identity
        /// The map applied to the latest frame (identity when it was left as decoded).
        var applied = LevelMap.identity
        /// The frames of the last ``window`` seconds: time, step from the frame before (its
        /// effect at mid grey, levels) and brightness.
        var recent: [(time: Double, step: Double, brightness: LevelMap)] = []

        /// Whether the frame-to-frame steps within ``window`` spread as flicker does: most of
        /// them, not one (a cut between two clips of the same scene steps by a few levels once).
        /// Spread about their median, or from each step to the next: where the flicker repeats
        /// every third frame (100 Hz at 30 or 60 fps), a band whose phase makes two of its three
        /// steps alike, say +3, +3 and -6 levels, lies at the median two times in three, but
        /// changes its step two times in three.
        var isFlickering: Bool {
            guard recent.count >= 4 else { return false }
            func median(_ values: [Double]) -> Double {
                let sorted = values.sorted()
                return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
            }
            let middle = median(recent.map(\.step))
            return median(recent.map { abs($0.step - middle) }) >= FlickerCompensator.flickerSpread
                || median(zip(recent.dropFirst(), recent).map { abs($0.step - $1.step) }) >= FlickerCompensator.flickerSpread
        }

        /// Takes in the change `measured` from the previous frame as left to this one as
        /// decoded (nil where too few pixels showed it); returns whether it was taken in (not
        /// where it was missing or a cut), and leaves the frame as decoded for now.
        mutating func record(measured: LevelMap?, time: Double) -> Bool {
            defer { applied = .identity }
            guard let measured else { return false }
            // From the previous frame as decoded: it was mapped by `applied`.
            let step = measured.after(applied)
            guard abs(step(128) - 128) <= FlickerCompensator.largestStep else {
                // A cut or a switched light, not flicker: start afresh from this frame.
                recent.removeAll()
                brightness = .identity
                return false
            }
            brightness = step.after(brightness)
            recent.append((time, step(128) - 128, brightness))
            recent.removeAll { $0.time < time - FlickerCompensator.window }
            return true
        }

        /// The map that takes the latest frame to the mean brightness of the last ``smoothing``
        /// seconds, now applied; identity where it would move no level by
        /// ``smallestCorrection``.
        mutating func map(time: Double, interval: Double) -> LevelMap {
            // Half a frame's grace, so that the count of frames does not hang on rounding.
            let averaged = recent.filter { $0.time > time - FlickerCompensator.smoothing + interval / 2 }
            let target = LevelMap(gain: averaged.reduce(0) { $0 + $1.brightness.gain } / Double(averaged.count),
                                  offset: averaged.reduce(0) { $0 + $1.brightness.offset } / Double(averaged.count))
            let map = target.after(brightness.inverse)
            applied = max(abs(map(16) - 16), abs(map(240) - 240)) >= FlickerCompensator.smallestCorrection ? map : .identity
            return applied
        }
    }

    /// Maps `image` (as decoded, at `time` seconds) to the recent frames' mean brightness, strip
    /// by strip, where the brightness flickers in at least ``flickeringShare`` of the strips
    /// measured; `previous` is the frame before it as this compensator left it.
    func compensate(_ image: LumaImage, previous: LumaImage, time: Double) {
        let interval = lastTime.map { time - $0 } ?? 0
        lastTime = time
        guard interval > 0 else {
            for s in strips.indices { strips[s].applied = .identity }
            return
        }
        let measured = changes(from: previous, to: image)
        let recorded = strips.indices.map { strips[$0].record(measured: measured[$0], time: time) }
        let counted = recorded.filter { $0 }.count
        let flickering = strips.indices.filter { recorded[$0] && strips[$0].isFlickering }.count
        guard counted > 0, Double(flickering) >= Self.flickeringShare * Double(counted) else { return }
        let maps = strips.indices.map { recorded[$0] ? strips[$0].map(time: time, interval: interval) : .identity }
        guard maps.contains(where: { $0 != .identity }) else { return }
        apply(maps, to: image)
    }

    /// The first row of strip `s` of an image `height` rows high.
    private static func stripStart(_ s: Int, height: Int) -> Int { s * height / stripCount }

    /// Maps each row of `image` by the blend of the maps of the two strips whose centres it lies
    /// between, carried on past the first and the last centre (a band's light changes as fast
    /// at the frame's edge: the first strip's map alone left its top rows 2 levels off).
    private func apply(_ maps: [LevelMap], to image: LumaImage) {
        let height = image.height
        let centres = (0..<Self.stripCount).map {
            Double(Self.stripStart($0, height: height) + Self.stripStart($0 + 1, height: height) - 1) / 2
        }
        let margin = LumaImage.margin
        var s = 0
        for y in 0..<height {
            while s + 2 < Self.stripCount && Double(y) > centres[s + 1] { s += 1 }
            let w = (Double(y) - centres[s]) / (centres[s + 1] - centres[s])
            let map = LevelMap(gain: maps[s].gain + w * (maps[s + 1].gain - maps[s].gain),
                               offset: maps[s].offset + w * (maps[s + 1].offset - maps[s].offset))
            guard map != .identity else { continue }
            // Fixed point, 16 fractional bits, rounded to the nearest level.
            let gain = Int32((map.gain * 65536).rounded()), offset = Int32((map.offset * 65536).rounded()) + 32768
            let row = image.row(y) - margin
            for x in 0..<image.stride {
                row[x] = UInt8(clamping: (Int32(row[x]) * gain + offset) >> 16)
            }
        }
    }

    /// For each strip, the line from `previous`'s levels to `current`'s, fitted to the median
    /// change of each brightness band over every ``rowStep``-th row and ``columnStep``-th
    /// column (weighted by the band's pixels); a gain alone where one band holds nearly all the
    /// strip; nil when too few pixels qualify.
    private func changes(from previous: LumaImage, to current: LumaImage) -> [LevelMap?] {
        let height = current.height
        differences.withUnsafeMutableBufferPointer { counts in
            counts.initialize(repeating: 0)
            levelSums.withUnsafeMutableBufferPointer { sums in
                sums.initialize(repeating: 0)
                Self.binOfLevels.withUnsafeBufferPointer { binOf in
                    let step = Self.columnStep, otherSums = Self.stripCount * 5
                    for s in 0..<Self.stripCount {
                        let strip = counts.baseAddress! + s * Self.binsPerStrip, other = strip + Self.binsPerCopy
                        var y = max(Self.stripStart(s, height: height) + 1, 4)
                        let end = min(Self.stripStart(s + 1, height: height), height - 4)
                        while y < end {
                            let c = current.pixels(y), p = previous.pixels(y)
                            var x = 0
                            while x + step < current.width {
                                let a = Int(c[x]), b = Int(p[x]), a1 = Int(c[x + step]), b1 = Int(p[x + step])
                                let bin = Int(binOf[a << 8 | b]), bin1 = Int(binOf[a1 << 8 | b1])
                                strip[bin] += 1
                                other[bin1] += 1
                                sums[s * 5 + bin >> 7] += a + b
                                sums[otherSums + s * 5 + bin1 >> 7] += a1 + b1
                                x += 2 * step
                            }
                            if x < current.width {
                                let a = Int(c[x]), b = Int(p[x])
                                let bin = Int(binOf[a << 8 | b])
                                strip[bin] += 1
                                sums[s * 5 + bin >> 7] += a + b
                            }
                            y += Self.rowStep
                        }
                    }
                    for bin in 0..<Self.binsPerCopy { counts[bin] += counts[Self.binsPerCopy + bin] }
                    for k in 0..<otherSums { sums[k] += sums[otherSums + k] }
                }
            }
        }
        return (0..<Self.stripCount).map { change(strip: $0) }
    }

    /// Strip `s`'s line from the counts ``changes(from:to:)`` made.
    private func change(strip s: Int) -> LevelMap? {
        // Each band's median change (a bin holds one whole difference, half a level either
        // side) at its mean level.
        var points: [(level: Double, change: Double, weight: Double)] = []
        differences.withUnsafeBufferPointer { all in
            for band in 0..<4 {
                let first = s * Self.binsPerStrip + band * Self.binsPerBand
                let counts = UnsafeBufferPointer(rebasing: all[first..<(first + Self.binsPerBand)])
                let total = counts.reduce(0) { $0 + Int($1) }
                guard total >= Self.minimumBandSamples, let median = interpolatedMedian(counts, total: total) else { continue }
                points.append((Double(levelSums[s * 5 + band]) / Double(2 * total), median - Double(Self.binsPerBand / 2), Double(total)))
            }
        }
        guard !points.isEmpty else { return nil }
        let weight = points.reduce(0) { $0 + $1.weight }
        let meanLevel = points.reduce(0) { $0 + $1.level * $1.weight } / weight
        let meanChange = points.reduce(0) { $0 + $1.change * $1.weight } / weight
        let spread = points.reduce(0) { $0 + $1.weight * ($1.level - meanLevel) * ($1.level - meanLevel) } / weight
        // change = slope * m + intercept at the mid level m = (before + after) / 2, so
        // after = before * (1 + slope / 2) / (1 - slope / 2) + intercept / (1 - slope / 2).
        // Levels spread over less than a band: the change is a gain (light scales every level).
        let slope = spread.squareRoot() >= 20
            ? points.reduce(0) { $0 + $1.weight * ($1.level - meanLevel) * ($1.change - meanChange) } / weight / spread
            : meanChange / meanLevel
        let intercept = meanChange - slope * meanLevel
        return LevelMap(gain: (1 + slope / 2) / (1 - slope / 2), offset: intercept / (1 - slope / 2))
    }
}
