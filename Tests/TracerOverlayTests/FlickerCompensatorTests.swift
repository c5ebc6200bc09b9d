import Foundation
import Testing
@testable import TracerOverlay

/// Lamp flicker taken out of the analysis frames, steady and slowly changing light left alone.
@Suite struct FlickerCompensatorTests {
    static let width = 800
    static let height = 450

    /// A still scene (sky over grass, a gradient, a few edges) with sensor noise, its light
    /// scaled by `gain` and shifted by `offset` levels.
    static func frame(gain: Double, offset: Double, noise rng: inout SplitMix64) -> LumaImage {
        frame(rowGain: { _ in gain }, offset: offset, noise: &rng)
    }

    /// The same scene, row `y`'s light scaled by `rowGain(y)`.
    static func frame(rowGain: (Int) -> Double, offset: Double = 0, noise rng: inout SplitMix64) -> LumaImage {
        let image = LumaImage(width: width, height: height)
        for y in 0..<height {
            let row = image.row(y)
            let gain = rowGain(y)
            for x in 0..<width {
                let scene = y < 170 ? 190 + Double(x) / 40 : 70 + Double(y - 170) / 6 + (x / 40 % 2 == 0 ? 12 : 0)
                let noise = (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) * 5
                row[x] = UInt8(clamping: Int((scene * gain + offset + noise).rounded()))
            }
        }
        image.replicateEdges()
        return image
    }

    /// Mean level of an image.
    static func mean(_ image: LumaImage) -> Double {
        var total = 0
        for y in 0..<height { for x in 0..<width { total += Int(image.row(y)[x]) } }
        return Double(total) / Double(width * height)
    }

    /// Feeds frames lit by `light(t)` (gain, offset) at `fps` through a compensator; returns each
    /// frame's mean level as it left the compensator and whether any frame was changed.
    static func run(fps: Double, frames: Int, light: (Double) -> (Double, Double)) -> (means: [Double], changed: Bool) {
        let compensator = FlickerCompensator()
        var rng = SplitMix64(seed: 11)
        var previous: LumaImage?
        var means: [Double] = []
        var changed = false
        for n in 0..<frames {
            let t = Double(n) / fps
            let (gain, offset) = light(t)
            let image = frame(gain: gain, offset: offset, noise: &rng)
            let before = mean(image)
            if let previous { compensator.compensate(image, previous: previous, time: t) }
            let after = mean(image)
            changed = changed || after != before
            means.append(after)
            previous = image
        }
        return (means, changed)
    }

    static func spread(_ values: ArraySlice<Double>) -> Double { values.max()! - values.min()! }

    @Test func lampFlickerIsTakenOut() {
        // 4% at 20 Hz seen at 24 fps: a 4 Hz pulse, the slowest mains lamps give.
        let light = { (t: Double) in (1 + 0.04 * sin(2 * Double.pi * 20 * t + 1), 0.0) }
        let raw = Self.run(fps: 24, frames: 48) { _ in (1, 0) }
        let flickering = Self.run(fps: 24, frames: 48, light: light)
        let uncompensated = (0..<48).map { n -> Double in
            let (g, _) = light(Double(n) / 24)
            return raw.means[n] * g
        }
        // Past the first half second, which decides that the light flickers.
        #expect(Self.spread(uncompensated[12...]) > 8)
        #expect(Self.spread(flickering.means[12...]) < 1.5, "means \(flickering.means[12...])")
    }

    @Test func anOffsetFlickerIsTakenOutToo() {
        // Every level lifted alike (a black level that flickers) by up to 4 levels, 11 Hz at 60 fps.
        let flickering = Self.run(fps: 60, frames: 90) { t in (1, 4 * sin(2 * Double.pi * 11 * t)) }
        // Whole-level steps of the mapped frame and the recent mean's wander leave about 2 of the
        // 8 levels the raw frames swing by.
        #expect(Self.spread(flickering.means[30...]) < 3, "means \(flickering.means[30...])")
    }

    /// Feeds 45 frames of banded flicker at `fps` (`frame(n, &rng)`; `frame(nil, &rng)` the same
    /// scene in steady light) through a compensator; returns how far the mean level of any band
    /// of 15 rows (of 15 columns where `columns`) strayed from the steady scene's past the first
    /// half second, which decides that the light flickers: raw, and as compensated.
    static func bandsLeft(fps: Double, columns: Bool, frame: (Int?, inout SplitMix64) -> LumaImage) -> (raw: Double, worst: Double) {
        let compensator = FlickerCompensator()
        var rng = SplitMix64(seed: 5), steadyRng = SplitMix64(seed: 5)
        var previous: LumaImage?
        var worst = 0.0, raw = 0.0
        for n in 0..<45 {
            let image = frame(n, &rng)
            let steady = frame(nil, &steadyRng)
            let rawImage = frame(n, &steadyRng)
            if let previous { compensator.compensate(image, previous: previous, time: Double(n) / fps) }
            previous = image
            guard n >= 15 else { continue }
            for first in stride(from: 0, to: columns ? image.width : image.height, by: 15) {
                func mean(_ im: LumaImage) -> Double {
                    let rows = columns ? 0..<im.height : first..<(first + 15), xs = columns ? first..<(first + 15) : 0..<im.width
                    var total = 0
                    for y in rows { for x in xs { total += Int(im.row(y)[x]) } }
                    return Double(total) / Double(rows.count * xs.count)
                }
                let base = mean(steady)
                worst = max(worst, abs(mean(image) - base))
                raw = max(raw, abs(mean(rawImage) - base))
            }
        }
        return (raw, worst)
    }

    @Test func flickerInBandsIsTakenOutBandByBand() {
        // A phone's rolling shutter under 100 Hz lamps at 30 fps: rows read over 1/60 s, 1.7
        // bands down the frame, each frame's a third of a period on from the last.
        let fps = 30.0
        let (raw, worst) = Self.bandsLeft(fps: fps, columns: false) { n, rng in
            Self.frame(rowGain: { y in
                n.map { 1 + 0.04 * sin(2 * Double.pi * (100 * Double($0) / fps + 1.67 * Double(y) / Double(Self.height)) + 1) } ?? 1
            }, noise: &rng)
        }
        // Each band of 15 rows as bright as in steady light, give or take a level or two.
        // Measured: 8.0 levels raw, 1.8 compensated (the sky's rows, where the last quarter
        // second's 7 frames are not a whole number of the flicker's 3-frame periods); 14.7 with
        // the whole frame mapped as one (strips never taken to disagree).
        #expect(raw > 6, "uncompensated rows stray \(raw) levels")
        #expect(worst < 2, "compensated rows stray \(worst) levels")
    }

    @Test func uprightBandsOfAPortraitFrameAreTakenOutColumnByColumn() {
        // A phone filming upright reads its turned sensor's rows, the frame's columns, one after
        // another: the same lamps' 1.7 bands stand upright across a 450x800 frame.
        let width = 450, height = 800, fps = 30.0
        let (raw, worst) = Self.bandsLeft(fps: fps, columns: true) { n, rng in
            let image = LumaImage(width: width, height: height)
            for y in 0..<height {
                let row = image.row(y)
                for x in 0..<width {
                    let gain = n.map { 1 + 0.04 * sin(2 * Double.pi * (100 * Double($0) / fps + 1.67 * Double(x) / Double(width)) + 1) } ?? 1
                    let scene = y < 300 ? 190 + Double(y) / 40 : 70 + Double(y - 300) / 10 + (x / 40 % 2 == 0 ? 12 : 0)
                    let noise = (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) * 5
                    row[x] = UInt8(clamping: Int((scene * gain + noise).rounded()))
                }
            }
            image.replicateEdges()
            return image
        }
        // Each band of 15 columns as bright as in steady light, give or take a level or two.
        // Measured: 5.6 levels raw, 1.2 compensated; 5.6 with strips of rows, each crossing
        // every band.
        #expect(raw > 4, "uncompensated columns stray \(raw) levels")
        #expect(worst < 2, "compensated columns stray \(worst) levels")
    }

    @Test func flickerOfTheWholeFrameIsMappedAsOneThoughABodyCrossesSomeRows() {
        // 4% at 20 Hz seen at 60 fps, with a dark body 60 rows tall and most of the frame wide
        // moving down through the grass: its rows' steps disagree with the rest, but lamps light
        // the whole frame, and a map per strip would only add each strip's noise.
        let fps = 60.0
        let compensator = FlickerCompensator()
        var rng = SplitMix64(seed: 9)
        var previous: LumaImage?
        var mappedFrames = 0
        for n in 0..<60 {
            let gain = 1 + 0.04 * sin(2 * Double.pi * 20 * Double(n) / fps + 1)
            let image = Self.frame(gain: gain, offset: 0, noise: &rng)
            let top = 150 + 4 * n
            for y in top..<(top + 60) { for x in 0..<500 { image.row(y)[x] = 40 } }
            let decoded = (0..<Self.height).map { Array(UnsafeBufferPointer(start: image.pixels($0), count: Self.width)) }
            if let previous { compensator.compensate(image, previous: previous, time: Double(n) / fps) }
            previous = image
            // Every pixel decoded at a level is mapped to one level, whatever its row.
            var mapped = [Int](repeating: -1, count: 256)
            var oneMap = true, changed = false
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let before = Int(decoded[y][x]), after = Int(image.row(y)[x])
                    changed = changed || before != after
                    if mapped[before] < 0 { mapped[before] = after } else if mapped[before] != after { oneMap = false }
                }
            }
            #expect(oneMap, "frame \(n) mapped row by row")
            if changed { mappedFrames += 1 }
        }
        // The flicker was taken out (past the half second that decides it flickers). With strips
        // always taken to disagree, 55 frames were mapped row by row.
        #expect(mappedFrames >= 25, "\(mappedFrames) frames mapped")
    }

    @Test func steadySlowlyChangingAndSteppedLightIsLeftAsDecoded() {
        #expect(!Self.run(fps: 60, frames: 60) { _ in (1, 0) }.changed)
        // 5% over a 3 s period, as clouds pass the sun, at 24 fps (the largest steps per frame).
        #expect(!Self.run(fps: 24, frames: 72) { t in (1 + 0.05 * sin(2 * Double.pi * t / 3), 0) }.changed)
        // A slow ramp of the black level.
        #expect(!Self.run(fps: 30, frames: 60) { t in (1, 3 * t) }.changed)
        // One step of 5% (a cut to another take of the same scene, a lamp switched on) is no
        // flicker either.
        #expect(!Self.run(fps: 60, frames: 60) { t in (t < 0.5 ? 1 : 1.05, 0) }.changed)
    }
}
