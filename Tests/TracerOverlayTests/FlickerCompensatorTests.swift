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
        let image = LumaImage(width: width, height: height)
        for y in 0..<height {
            let row = image.row(y)
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
