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
/// Each frame is compared with the one before: in four bands of brightness the median change
/// gives a line, level before to level after (a gain and an offset). Composed frame after frame
/// they give the latest frame's brightness relative to the first, and where those steps spread as
/// flicker does, the frame is mapped to the mean brightness of the frames of the last
/// ``smoothing`` seconds. Steady light, and light that changes slowly the same way, is left
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
    /// Brightness bands (the mean level of the two frames) whose median changes fit the line;
    /// levels near black and white are left out, where clipping hides a change.
    private static let bands = [24, 76, 128, 180, 233]
    /// Fewest pixels a band needs to count.
    private static let minimumBandSamples = 400
    /// The band of a pixel by its levels in the two frames (current * 256 + previous): banded
    /// by the mean of both, not the previous one's (a pixel picked for the previous frame's noise
    /// alone changes back towards its level, and a band whose edge cuts through a level would
    /// lean); 4 where a level is outside the bands or within 4 of black or white.
    private static func band(current a: Int, previous b: Int) -> Int {
        let level = (a + b) >> 1
        guard level >= bands[0] && level < bands[4] && a >= 4 && a <= 251 && b >= 4 && b <= 251 else { return 4 }
        return level < bands[2] ? (level < bands[1] ? 0 : 1) : (level < bands[3] ? 2 : 3)
    }
    /// The bin of ``differences`` a pixel counts in, by its levels in the two frames (current *
    /// 256 + previous): its band's 512 bins, at its change. One look-up a pixel instead of
    /// eight comparisons and the arithmetic of the bin.
    private static let binOfLevels: [UInt16] = (0..<65536).map { pair in
        let a = pair >> 8, b = pair & 255
        return UInt16(band(current: a, previous: b) * 512 + 256 + a - b)
    }

    /// Differences counted by band (a fifth for pixels outside the bands, never read).
    private var differences = [Int](repeating: 0, count: 2 * binsPerCopy)
    private var levelSums = [Int](repeating: 0, count: 2 * 5)
    /// The bins of one copy of ``differences`` (the odd pixels count in a second copy after it).
    private static let binsPerCopy = 5 * 512
    private var table = [UInt8](repeating: 0, count: 256)
    /// The latest frame's brightness as decoded, relative to the first frame's.
    private var brightness = LevelMap.identity
    /// The map applied to the latest frame (identity when it was left as decoded).
    private var applied = LevelMap.identity
    /// The frames of the last ``window`` seconds: time, step from the frame before (its effect
    /// at mid grey, levels) and brightness.
    private var recent: [(time: Double, step: Double, brightness: LevelMap)] = []
    private var lastTime: Double?

    /// Whether the frame-to-frame steps within ``window`` spread as flicker does: most of them,
    /// not one (a cut between two clips of the same scene steps by a few levels once).
    private var isFlickering: Bool {
        guard recent.count >= 4 else { return false }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
        }
        let middle = median(recent.map(\.step))
        return median(recent.map { abs($0.step - middle) }) >= Self.flickerSpread
    }

    /// Maps `image` (as decoded, at `time` seconds) to the recent frames' mean brightness where
    /// the brightness flickers; `previous` is the frame before it as this compensator left it.
    func compensate(_ image: LumaImage, previous: LumaImage, time: Double) {
        let interval = lastTime.map { time - $0 } ?? 0
        lastTime = time
        guard interval > 0, let measured = change(from: previous, to: image) else {
            applied = .identity
            return
        }
        // From the previous frame as decoded: it was mapped by `applied`.
        let step = measured.after(applied)
        guard abs(step(128) - 128) <= Self.largestStep else {
            // A cut or a switched light, not flicker: start afresh from this frame.
            recent.removeAll()
            brightness = .identity
            applied = .identity
            return
        }
        brightness = step.after(brightness)
        recent.append((time, step(128) - 128, brightness))
        recent.removeAll { $0.time < time - Self.window }
        guard isFlickering else {
            applied = .identity
            return
        }
        // Half a frame's grace, so that the count of frames does not hang on rounding.
        let averaged = recent.filter { $0.time > time - Self.smoothing + interval / 2 }
        let target = LevelMap(gain: averaged.reduce(0) { $0 + $1.brightness.gain } / Double(averaged.count),
                              offset: averaged.reduce(0) { $0 + $1.brightness.offset } / Double(averaged.count))
        let map = target.after(brightness.inverse)
        guard max(abs(map(16) - 16), abs(map(240) - 240)) >= Self.smallestCorrection else {
            applied = .identity
            return
        }
        applied = map
        for v in 0..<256 { table[v] = UInt8(clamping: Int(map(Double(v)).rounded())) }
        table.withUnsafeBufferPointer { table in
            let margin = LumaImage.margin
            for y in 0..<image.height {
                let row = image.row(y) - margin
                for x in 0..<image.stride { row[x] = table[Int(row[x])] }
            }
        }
    }

    /// The line from `previous`'s levels to `current`'s, fitted to the median change of each
    /// brightness band over every sixteenth row (weighted by the band's pixels); a gain alone where
    /// one band holds nearly all the picture; nil when too few pixels qualify.
    private func change(from previous: LumaImage, to current: LumaImage) -> LevelMap? {
        differences.withUnsafeMutableBufferPointer { counts in
            counts.initialize(repeating: 0)
            levelSums.withUnsafeMutableBufferPointer { sums in
                sums.initialize(repeating: 0)
                Self.binOfLevels.withUnsafeBufferPointer { binOf in
                    // Even and odd pixels count in histograms of their own: neighbours mostly
                    // share a bin, and one histogram would make each increment wait for the
                    // last one to land.
                    let odd = Self.binsPerCopy
                    var y = 4
                    while y < current.height - 4 {
                        let c = current.pixels(y), p = previous.pixels(y)
                        var x = 0
                        while x + 2 <= current.width {
                            let a = Int(c[x]), b = Int(p[x]), a1 = Int(c[x + 1]), b1 = Int(p[x + 1])
                            let bin = Int(binOf[a << 8 | b]), bin1 = Int(binOf[a1 << 8 | b1])
                            counts[bin] += 1
                            counts[odd + bin1] += 1
                            sums[bin >> 9] += a + b
                            sums[5 + (bin1 >> 9)] += a1 + b1
                            x += 2
                        }
                        if x < current.width {
                            let a = Int(c[x]), b = Int(p[x])
                            let bin = Int(binOf[a << 8 | b])
                            counts[bin] += 1
                            sums[bin >> 9] += a + b
                        }
                        y += 16
                    }
                    for bin in 0..<odd { counts[bin] += counts[odd + bin] }
                    for band in 0..<5 { sums[band] += sums[5 + band] }
                }
            }
        }
        // Each band's median change (a bin holds one whole difference, half a level either
        // side) at its mean level.
        var points: [(level: Double, change: Double, weight: Double)] = []
        differences.withUnsafeBufferPointer { all in
            for band in 0..<4 {
                let counts = UnsafeBufferPointer(rebasing: all[(band * 512)..<((band + 1) * 512)])
                let total = counts.reduce(0, +)
                guard total >= Self.minimumBandSamples, let median = interpolatedMedian(counts, total: total) else { continue }
                points.append((Double(levelSums[band]) / Double(2 * total), median - 256, Double(total)))
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
