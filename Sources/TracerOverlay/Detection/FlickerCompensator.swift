import Foundation

/// Takes fast changes of the picture's brightness out of the analysis frames before the motion
/// mask compares them.
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
///
/// A phone's rolling shutter reads the rows one after another over about a frame interval, and
/// the same flicker then shows as bands of light and dark down the frame, which move from frame
/// to frame unless the frame rate divides the lamps' frequency (1280x720 30 and 24 fps
/// dtl-floodlights-phone: 100 Hz lamps read over 1/60 s, the ball found nowhere when only the
/// whole frame was mapped). A phone filming upright turns its landscape sensor, and there the
/// bands stand upright, across the columns. So the same measure is kept for each of
/// ``stripCount`` strips across the frame's shorter side (of the rows sampled in a landscape
/// frame, of the columns in a portrait one), each with a brightness history of its own; where
/// the strips' steps disagree as bands make them, each strip is mapped by its own history,
/// blended row by row (or column by column) between the strips' centres. Where they agree, the
/// whole frame is mapped as one: strip maps there would only add their noise, and which of a
/// crowded frame's candidates survive can hang on a level (BENCHMARKS.md, sessions 83-84).
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
    /// Strips measured apart across the frame's shorter side (of a landscape frame's sampled
    /// rows, of a portrait frame's columns): enough that blending neighbouring maps follows 1-3
    /// bands of a rolling shutter's flicker to about a level (a third of 3.3 bands is left,
    /// BENCHMARKS.md session 84).
    static let stripCount = 16
    /// The spread of one frame's strip steps (median distance from their median, levels at mid
    /// grey; the median of that over ``window``) from which the flicker is taken to come in
    /// bands.
    static let bandSpread = 1.5
    /// The share of the strips measured whose steps must flicker for the frame to be mapped strip
    /// by strip: lamps light the whole frame, and a strip alone is more likely a shaken camera
    /// over a graded sky, or a body moving through it.
    static let flickeringShare = 0.75
    /// Every how many rows the frames are sampled (all columns of each).
    private static let rowStep = 16
    /// Every how many rows and columns the strips are sampled while the flicker comes in bands:
    /// a strip of rows holds one or two rows sampled every ``rowStep``, and its map would wander
    /// with their noise (640x360 30 fps dtl-floodlights-phone-1: recall 0.905 and reported at 13
    /// frames with those rows alone; 1.000 and 9 sampled densely).
    private static let denseRowStep = 4
    private static let denseColumnStep = 2
    /// The first row sampled, and the rows left out at the bottom.
    private static let edgeRows = 4
    /// Brightness bands (the mean level of the two frames) whose median changes fit the line;
    /// levels near black and white are left out, where clipping hides a change.
    private static let bands = [24, 76, 128, 180, 233]
    /// Fewest pixels a band needs to count, in the whole frame and in a strip.
    private static let minimumBandSamples = 400
    private static let minimumStripBandSamples = 150
    private static let minimumDenseStripBandSamples = 300
    /// The band of a pixel by its levels in the two frames (current * 256 + previous): banded
    /// by the mean of both, not the previous one's (a pixel picked for the previous frame's noise
    /// alone changes back towards its level, and a band whose edge cuts through a level would
    /// lean); 4 where a level is outside the bands or within 4 of black or white.
    private static func band(current a: Int, previous b: Int) -> Int {
        let level = (a + b) >> 1
        guard level >= bands[0] && level < bands[4] && a >= 4 && a <= 251 && b >= 4 && b <= 251 else { return 4 }
        return level < bands[2] ? (level < bands[1] ? 0 : 1) : (level < bands[3] ? 2 : 3)
    }
    /// Changes counted per band: -64...63 levels, larger ones in the end bins (a median out
    /// there is a cut's, past ``largestStep``, wherever it lies).
    private static let binsPerBand = 128
    /// The bins of one strip's differences (a fifth band for pixels outside the bands, never read).
    private static let binsPerStrip = 5 * binsPerBand
    /// The bin of a strip's differences a pixel counts in, by its levels in the two frames
    /// (current * 256 + previous): its band's bins, at its change. One look-up a pixel instead
    /// of eight comparisons and the arithmetic of the bin.
    private static let binOfLevels: [UInt16] = (0..<65536).map { pair in
        let a = pair >> 8, b = pair & 255
        return UInt16(band(current: a, previous: b) * binsPerBand + binsPerBand / 2 + min(max(a - b, -64), 63))
    }

    /// Differences counted by strip and band, even pixels in a first copy and odd ones in a
    /// second (neighbours mostly share a bin, and one histogram would make each increment wait
    /// for the last one to land); the whole frame's, summed.
    private var differences: [Int32] = []
    private var levelSums: [Int] = []
    private var wholeDifferences = [Int32](repeating: 0, count: binsPerStrip)
    private var wholeLevelSums = [Int](repeating: 0, count: 5)
    /// The strips for frames of ``layoutSize``: in a landscape frame each strip's first sampled
    /// row index (one more than the strips, the last the count of sampled rows); in a portrait
    /// one (``stripsAreColumns``) each strip's first column (the last the width).
    private var stripStarts: [Int] = []
    private var layoutSize = (width: -1, height: -1)
    /// Whether the strips are columns: the frame is portrait, its sensor's rows upright.
    private var stripsAreColumns = false
    /// In a portrait frame, each column's strip's first bin in ``differences``.
    private var columnStripBins: [Int] = []
    private var whole = History()
    private var strips: [History] = []
    /// Each recent frame's spread of strip steps (``bandSpread``), over ``window``.
    private var stripSpreads: [(time: Double, spread: Double)] = []
    private var lastTime: Double?
    /// Whether the latest frame was mapped strip by strip.
    private var wasBanded = false
    private var table = [UInt8](repeating: 0, count: 256)

    /// One region's brightness history: the whole frame's or a strip's.
    private struct History {
        /// The latest frame's brightness as decoded, relative to the first frame's.
        var brightness = LevelMap.identity
        /// The map applied to the latest frame (identity when it was left as decoded).
        var applied = LevelMap.identity
        /// The frames of the last ``window`` seconds: time, step from the frame before (its
        /// effect at mid grey, levels) and brightness.
        var recent: [(time: Double, step: Double, brightness: LevelMap)] = []

        /// Whether the frame-to-frame steps within ``window`` spread about their median as
        /// flicker does: most of them, not one (a cut between two clips of the same scene steps
        /// by a few levels once).
        var spreadsAsFlicker: Bool {
            guard recent.count >= 4 else { return false }
            let middle = median(recent.map(\.step))
            return median(recent.map { abs($0.step - middle) }) >= FlickerCompensator.flickerSpread
        }

        /// Whether the steps change from one to the next as flicker makes them: where the
        /// flicker repeats every third frame (100 Hz at 30 or 60 fps), a band whose phase makes
        /// two of its three steps alike, say +3, +3 and -6 levels, lies at their median two
        /// times in three, but changes its step two times in three.
        var changesAsFlicker: Bool {
            guard recent.count >= 4 else { return false }
            return median(zip(recent.dropFirst(), recent).map { abs($0.step - $1.step) }) >= FlickerCompensator.flickerSpread
        }

        /// Takes in the change `measured` from the previous frame as left to this one as
        /// decoded (nil where too few pixels showed it); returns the step at mid grey, or nil
        /// where it was missing or a cut.
        mutating func record(measured: LevelMap?, time: Double) -> Double? {
            guard let measured else { return nil }
            // From the previous frame as decoded: it was mapped by `applied`.
            let step = measured.after(applied)
            guard abs(step(128) - 128) <= FlickerCompensator.largestStep else {
                // A cut or a switched light, not flicker: start afresh from this frame.
                recent.removeAll()
                brightness = .identity
                return nil
            }
            brightness = step.after(brightness)
            recent.append((time, step(128) - 128, brightness))
            recent.removeAll { $0.time < time - FlickerCompensator.window }
            return step(128) - 128
        }

        /// The map that takes the latest frame to the mean brightness of the last ``smoothing``
        /// seconds; identity where it would move no level by ``smallestCorrection``.
        func map(time: Double, interval: Double) -> LevelMap {
            // Half a frame's grace, so that the count of frames does not hang on rounding.
            let averaged = recent.filter { $0.time > time - FlickerCompensator.smoothing + interval / 2 }
            let target = LevelMap(gain: averaged.reduce(0) { $0 + $1.brightness.gain } / Double(averaged.count),
                                  offset: averaged.reduce(0) { $0 + $1.brightness.offset } / Double(averaged.count))
            let map = target.after(brightness.inverse)
            return max(abs(map(16) - 16), abs(map(240) - 240)) >= FlickerCompensator.smallestCorrection ? map : .identity
        }
    }

    /// Maps `image` (as decoded, at `time` seconds) to the recent frames' mean brightness where
    /// the brightness flickers, as a whole or strip by strip (see the type's description);
    /// `previous` is the frame before it as this compensator left it.
    func compensate(_ image: LumaImage, previous: LumaImage, time: Double) {
        if image.width != layoutSize.width || image.height != layoutSize.height { lay(width: image.width, height: image.height) }
        let interval = lastTime.map { time - $0 } ?? 0
        lastTime = time
        guard interval > 0 else {
            leave(as: .identity)
            return
        }
        let (wholeMeasured, stripMeasured) = changes(from: previous, to: image, denseStrips: wasBanded)

        let wholeStep = whole.record(measured: wholeMeasured, time: time)
        let wholeMap = wholeStep != nil && whole.spreadsAsFlicker ? whole.map(time: time, interval: interval) : .identity

        let steps = strips.indices.map { strips[$0].record(measured: stripMeasured[$0], time: time) }
        let measured = strips.indices.filter { steps[$0] != nil }
        if measured.count >= (strips.count + 1) / 2 {
            let stepsMeasured = measured.map { steps[$0]! }
            let middle = median(stepsMeasured)
            stripSpreads.append((time, median(stepsMeasured.map { abs($0 - middle) })))
        }
        stripSpreads.removeAll { $0.time < time - Self.window }
        // The strips' own flicker is asked only where they disagree: it costs 16 strips' medians.
        let banded = stripSpreads.count >= 4 && median(stripSpreads.map(\.spread)) >= Self.bandSpread
            && !measured.isEmpty
            && Double(measured.filter { strips[$0].spreadsAsFlicker || strips[$0].changesAsFlicker }.count)
                >= Self.flickeringShare * Double(measured.count)
        wasBanded = banded
        guard banded else {
            leave(as: wholeMap)
            if wholeMap != .identity { apply(wholeMap, to: image) }
            return
        }
        let maps = strips.indices.map { steps[$0] != nil ? strips[$0].map(time: time, interval: interval) : .identity }
        for s in strips.indices { strips[s].applied = maps[s] }
        // The whole frame's measure of the next frame starts from this one as mapped.
        whole.applied = LevelMap(gain: maps.reduce(0) { $0 + $1.gain } / Double(maps.count),
                                 offset: maps.reduce(0) { $0 + $1.offset } / Double(maps.count))
        if maps.contains(where: { $0 != .identity }) { apply(maps, to: image) }
    }

    /// Records that the latest frame was mapped by `map` as a whole.
    private func leave(as map: LevelMap) {
        whole.applied = map
        for s in strips.indices { strips[s].applied = map }
    }

    /// Divides frames `width` by `height` into strips, and starts every history afresh.
    private func lay(width: Int, height: Int) {
        layoutSize = (width, height)
        stripsAreColumns = height > width
        let sampled = max(0, (height - 2 * Self.edgeRows + Self.rowStep - 1) / Self.rowStep)
        let count: Int
        if stripsAreColumns {
            count = max(1, min(Self.stripCount, width))
            stripStarts = (0...count).map { $0 * width / count }
            columnStripBins = (0..<width).map { x in (x * count / width) * Self.binsPerStrip }
        } else {
            count = max(1, min(Self.stripCount, sampled))
            stripStarts = (0...count).map { $0 * sampled / count }
        }
        strips = Array(repeating: History(), count: count)
        whole = History()
        stripSpreads.removeAll()
        differences = Array(repeating: 0, count: 2 * count * Self.binsPerStrip)
        levelSums = Array(repeating: 0, count: 2 * count * 5)
    }

    /// The row of sampled row `k`.
    private static func sampledRow(_ k: Int) -> Int { edgeRows + k * rowStep }

    /// Maps every pixel of `image` by `map`, rounded to the nearest level.
    private func apply(_ map: LevelMap, to image: LumaImage) {
        for v in 0..<256 { table[v] = UInt8(clamping: Int(map(Double(v)).rounded())) }
        table.withUnsafeBufferPointer { table in
            let margin = LumaImage.margin
            for y in 0..<image.height {
                let row = image.row(y) - margin
                for x in 0..<image.stride { row[x] = table[Int(row[x])] }
            }
        }
    }

    /// Maps each row of `image` (each column, where the strips are columns) by the blend of the
    /// maps of the two strips whose centres it lies between, carried on past the first and the
    /// last centre (a band's light changes as fast at the frame's edge: the first strip's map
    /// alone left its top rows 2 levels off).
    private func apply(_ maps: [LevelMap], to image: LumaImage) {
        let count = maps.count
        let centres = (0..<count).map { s -> Double in
            let first = stripStarts[s], last = stripStarts[s + 1] - 1
            let sum = stripsAreColumns ? first + last : Self.sampledRow(first) + Self.sampledRow(last)
            return Double(sum) / 2
        }
        // Each row's, or column's, map, by its place along the strips' axis.
        var s = 0
        func map(at position: Int) -> LevelMap {
            while s + 2 < count && Double(position) > centres[s + 1] { s += 1 }
            let w = count > 1 ? (Double(position) - centres[s]) / (centres[s + 1] - centres[s]) : 0
            let next = maps[min(s + 1, count - 1)]
            return LevelMap(gain: maps[s].gain + w * (next.gain - maps[s].gain),
                            offset: maps[s].offset + w * (next.offset - maps[s].offset))
        }
        // Fixed point, 16 fractional bits, rounded to the nearest level.
        func fixed(_ map: LevelMap) -> (gain: Int32, offset: Int32) {
            (Int32((map.gain * 65536).rounded()), Int32((map.offset * 65536).rounded()) + 32768)
        }
        let margin = LumaImage.margin
        // Wrapping arithmetic (255 times a gain near 65536 is far from Int32's limits) and a
        // clamp by min and max, so that the loops run eight or more pixels at a time.
        if stripsAreColumns {
            // The margins take the edge columns' maps, as they hold their pixels.
            let columns = (0..<image.width).map { fixed(map(at: $0)) }
            let byByte = (0..<image.stride).map { columns[min(max($0 - margin, 0), image.width - 1)] }
            let gains = byByte.map(\.gain), offsets = byByte.map(\.offset)
            gains.withUnsafeBufferPointer { gains in
                offsets.withUnsafeBufferPointer { offsets in
                    for y in 0..<image.height {
                        let row = image.row(y) - margin
                        for x in 0..<image.stride {
                            let level = (Int32(row[x]) &* gains[x] &+ offsets[x]) >> 16
                            row[x] = UInt8(truncatingIfNeeded: min(max(level, 0), 255))
                        }
                    }
                }
            }
            return
        }
        for y in 0..<image.height {
            let map = map(at: y)
            guard map != .identity else { continue }
            let (gain, offset) = fixed(map)
            let row = image.row(y) - margin
            for x in 0..<image.stride {
                let level = (Int32(row[x]) &* gain &+ offset) >> 16
                row[x] = UInt8(truncatingIfNeeded: min(max(level, 0), 255))
            }
        }
    }

    /// The lines from `previous`'s levels to `current`'s, the whole frame's and each strip's,
    /// over every ``rowStep``-th row (each strip's over every ``denseRowStep``-th row and
    /// ``denseColumnStep``-th column of its rows where `denseStrips`); nil where too few pixels
    /// qualify.
    private func changes(from previous: LumaImage, to current: LumaImage, denseStrips: Bool) -> (LevelMap?, [LevelMap?]) {
        let count = strips.count
        if stripsAreColumns {
            countColumnStrips(from: previous, to: current, rows: Swift.stride(from: Self.edgeRows, to: current.height - Self.edgeRows,
                                                                               by: Self.rowStep), columnStep: 1)
        } else {
            countDifferences(from: previous, to: current, columnStep: 1) { Self.sampledRow($0)..<Self.sampledRow($0) + 1 }
        }
        wholeDifferences.withUnsafeMutableBufferPointer { total in
            total.initialize(repeating: 0)
            differences.withUnsafeBufferPointer { counts in
                for s in 0..<count {
                    Self.add(counts.baseAddress! + s * Self.binsPerStrip, into: total.baseAddress!, count: Self.binsPerStrip)
                }
            }
        }
        for band in 0..<5 { wholeLevelSums[band] = (0..<count).reduce(0) { $0 + levelSums[$1 * 5 + band] } }
        let wholeChange = wholeDifferences.withUnsafeBufferPointer {
            Self.line($0, levelSums: wholeLevelSums[...], minimumSamples: Self.minimumBandSamples)
        }
        if denseStrips && stripsAreColumns {
            countColumnStrips(from: previous, to: current, rows: Swift.stride(from: Self.edgeRows, to: current.height - Self.edgeRows,
                                                                               by: Self.denseRowStep), columnStep: Self.denseColumnStep)
        } else if denseStrips {
            let height = current.height
            // Each strip's rows reach halfway to the next strip's first sampled row.
            countDifferences(from: previous, to: current, columnStep: Self.denseColumnStep) { k in
                let top = k == 0 ? Self.edgeRows : Self.sampledRow(k) - Self.rowStep / 2
                let bottom = k + 1 == self.stripStarts.last! ? height - Self.edgeRows : Self.sampledRow(k + 1) - Self.rowStep / 2
                return top..<bottom
            }
        }
        let minimum = denseStrips ? Self.minimumDenseStripBandSamples : Self.minimumStripBandSamples
        let stripChanges = differences.withUnsafeBufferPointer { counts in
            (0..<count).map { s in
                Self.line(UnsafeBufferPointer(rebasing: counts[(s * Self.binsPerStrip)..<((s + 1) * Self.binsPerStrip)]),
                          levelSums: levelSums[(s * 5)..<(s * 5 + 5)], minimumSamples: minimum)
            }
        }
        return (wholeChange, stripChanges)
    }

    /// Counts a portrait frame's column strips' differences into ``differences`` and
    /// ``levelSums``: the rows `rows`, every `columnStep`-th column, each pixel in its column's
    /// strip.
    private func countColumnStrips(from previous: LumaImage, to current: LumaImage, rows: StrideTo<Int>, columnStep: Int) {
        let width = current.width
        countIntoClearedCopies { even, odd, evenSums, oddSums, binOf in
            columnStripBins.withUnsafeBufferPointer { stripBins in
                for y in rows {
                    // A constant step each way, so that each loop is compiled for its own.
                    if columnStep == 1 {
                        Self.count(current.pixels(y), previous.pixels(y), width: width, columnStep: 1, binOf: binOf,
                                   columnBins: stripBins.baseAddress, into: (even, odd), sums: (evenSums, oddSums))
                    } else {
                        Self.count(current.pixels(y), previous.pixels(y), width: width, columnStep: Self.denseColumnStep,
                                   binOf: binOf, columnBins: stripBins.baseAddress, into: (even, odd), sums: (evenSums, oddSums))
                    }
                }
            }
        }
    }

    /// Clears ``differences`` and ``levelSums``, lets `count` fill their two copies (the
    /// first strip's bins and sums of each, and ``binOfLevels``), then adds the second copy into
    /// the first.
    private func countIntoClearedCopies(_ count: (_ even: UnsafeMutablePointer<Int32>, _ odd: UnsafeMutablePointer<Int32>,
                                                  _ evenSums: UnsafeMutablePointer<Int>, _ oddSums: UnsafeMutablePointer<Int>,
                                                  _ binOf: UnsafeBufferPointer<UInt16>) -> Void) {
        let perCopy = strips.count * Self.binsPerStrip, sumsPerCopy = strips.count * 5
        differences.withUnsafeMutableBufferPointer { counts in
            counts.initialize(repeating: 0)
            levelSums.withUnsafeMutableBufferPointer { sums in
                sums.initialize(repeating: 0)
                Self.binOfLevels.withUnsafeBufferPointer { binOf in
                    count(counts.baseAddress!, counts.baseAddress! + perCopy, sums.baseAddress!, sums.baseAddress! + sumsPerCopy, binOf)
                }
                Self.add(UnsafePointer(counts.baseAddress! + perCopy), into: counts.baseAddress!, count: perCopy)
                for i in 0..<sumsPerCopy { sums[i] &+= sums[sumsPerCopy + i] }
            }
        }
    }

    /// Counts each strip's differences into ``differences`` and ``levelSums``: for each of its
    /// sampled rows `k`, the rows `rows(k)` (every ``denseRowStep``-th where there are more than
    /// one), every `columnStep`-th column.
    private func countDifferences(from previous: LumaImage, to current: LumaImage, columnStep: Int,
                                  rows: (Int) -> Range<Int>) {
        let width = current.width
        countIntoClearedCopies { firstEven, firstOdd, firstEvenSums, firstOddSums, binOf in
            for s in 0..<strips.count {
                let even = firstEven + s * Self.binsPerStrip, odd = firstOdd + s * Self.binsPerStrip
                let evenSums = firstEvenSums + s * 5, oddSums = firstOddSums + s * 5
                for k in stripStarts[s]..<stripStarts[s + 1] {
                    let span = rows(k)
                    for y in Swift.stride(from: span.lowerBound, to: span.upperBound, by: Self.denseRowStep) {
                        // A constant step each way, so that each loop is compiled for its own.
                        if columnStep == 1 {
                            Self.count(current.pixels(y), previous.pixels(y), width: width, columnStep: 1, binOf: binOf,
                                       into: (even, odd), sums: (evenSums, oddSums))
                        } else {
                            Self.count(current.pixels(y), previous.pixels(y), width: width, columnStep: Self.denseColumnStep,
                                       binOf: binOf, into: (even, odd), sums: (evenSums, oddSums))
                        }
                    }
                }
            }
        }
    }

    /// Counts one row's pixels, every `columnStep`-th, by their levels `c` now and `p` before:
    /// alternate ones into the first and second of `into` and `sums`, each pixel at its
    /// column's strip's first bin where `columnBins` is given (a strip's five sums then sit at
    /// its bins' index / binsPerBand). (No count nears overflow: a frame has fewer pixels than
    /// an Int32 holds; adds that wrap let the loops run unchecked.) Always inlined, so that a
    /// nil `columnBins` costs the rows' loop nothing.
    @inline(__always)
    private static func count(_ c: UnsafePointer<UInt8>, _ p: UnsafePointer<UInt8>, width: Int, columnStep: Int,
                              binOf: UnsafeBufferPointer<UInt16>, columnBins: UnsafePointer<Int>? = nil,
                              into counts: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>),
                              sums: (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>)) {
        @inline(__always) func bin(_ x: Int, _ a: Int, _ b: Int) -> Int {
            (columnBins.map { $0[x] } ?? 0) &+ Int(binOf[a << 8 | b])
        }
        var x = 0
        while x + columnStep < width {
            let a = Int(c[x]), b = Int(p[x]), a1 = Int(c[x + columnStep]), b1 = Int(p[x + columnStep])
            let bin0 = bin(x, a, b), bin1 = bin(x + columnStep, a1, b1)
            counts.0[bin0] &+= 1
            counts.1[bin1] &+= 1
            sums.0[bin0 >> 7] &+= a &+ b
            sums.1[bin1 >> 7] &+= a1 &+ b1
            x += 2 * columnStep
        }
        if x < width {
            let a = Int(c[x]), b = Int(p[x])
            let bin0 = bin(x, a, b)
            counts.0[bin0] &+= 1
            sums.0[bin0 >> 7] &+= a &+ b
        }
    }

    /// Adds `count` counts from `source` to `target`'s, eight at a time (the two may not
    /// overlap).
    private static func add(_ source: UnsafePointer<Int32>, into target: UnsafeMutablePointer<Int32>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        var i = 0
        while i + 8 <= count {
            let sum = to.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Int32>.self)
                &+ from.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Int32>.self)
            to.storeBytes(of: sum, toByteOffset: i * 4, as: SIMD8<Int32>.self)
            i += 8
        }
        while i < count {
            target[i] &+= source[i]
            i += 1
        }
    }

    /// The line fitted to the median change of each brightness band of `counts` (one region's
    /// bins) at the band's mean level, weighted by its pixels; a gain alone where one band holds
    /// nearly all the region; nil when no band has `minimumSamples` pixels.
    private static func line(_ counts: UnsafeBufferPointer<Int32>, levelSums: ArraySlice<Int>, minimumSamples: Int) -> LevelMap? {
        // A bin holds one whole difference, half a level either side.
        var points: [(level: Double, change: Double, weight: Double)] = []
        for band in 0..<4 {
            let bins = UnsafeBufferPointer(rebasing: counts[(band * binsPerBand)..<((band + 1) * binsPerBand)])
            let total = bins.reduce(0) { $0 + Int($1) }
            guard total >= minimumSamples, let median = interpolatedMedian(bins, total: total) else { continue }
            points.append((Double(levelSums[levelSums.startIndex + band]) / Double(2 * total),
                           median - Double(binsPerBand / 2), Double(total)))
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

/// The median of `values` (the mean of the middle two where their count is even).
private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
}
