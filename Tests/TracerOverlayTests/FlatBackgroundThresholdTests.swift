import Testing
@testable import TracerOverlay

/// The motion mask's lower threshold over a flat, still background (``MotionMask/flatThreshold``):
/// a far ball keeps 2-4 levels of clear sky once a 1280x720 frame is averaged down to 800 px,
/// below the usual threshold of 4 that x264's flicker and sensor noise elsewhere call for.
@Suite struct FlatBackgroundThresholdTests {
    static let width = 96, height = 48
    /// Left of this column the picture is clear sky (one level, no noise); right of it, grass
    /// (texture and noise of +/-2 levels).
    static let skyEnd = 48

    /// Frame `n`: the sky and grass, with one faint dot (`faint` levels brighter than what lies
    /// behind it) moving across each, `flicker` more faint dots scattered over the sky and one
    /// strong dot (20 levels) moving across the sky below.
    static func frame(_ n: Int, flicker: Int, faint: Int = 3, rng: inout SplitMix64) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int(rng.next() % 5) - 2
                pixels[y * width + x] = x < skyEnd ? 180 : UInt8(clamping: 70 + (x * 7 + y * 3) % 40 + noise)
            }
        }
        for x0 in [8, skyEnd + 8] {
            let x = x0 + 4 * n, y = 10 + 2 * n
            pixels[y * width + x] = UInt8(clamping: Int(pixels[y * width + x]) + faint)
        }
        for k in 0..<flicker {
            pixels[(4 + 5 * k) * width + 30 + (7 * n + 3 * k) % 12] += UInt8(faint)
        }
        pixels[40 * width + 4 + 4 * n] = 200
        return pixels
    }

    /// The first frame whose flags are looked at (every background frame is there by then).
    static let firstChecked = 6

    /// The flagged pixels over frames 6-9, as (x, y, polarity, contrast).
    static func flags(flatThreshold: Int?, flicker: Int = 0, faint: Int = 3, minimumThreshold: Int = MotionMask.defaultMinimumThreshold,
                      offsets: [Int] = MotionMask.defaultBackgroundOffsets) -> [[(Int, Int, Int8, UInt8)]] {
        compare(flatThreshold: flatThreshold, flicker: flicker, faint: faint, minimumThreshold: minimumThreshold,
                offsets: offsets).map(\.flags)
    }

    /// Frames 6-9 compared, each with at most `limit(n)` flags: what each flagged and whether
    /// it was compared whole.
    static func compare(flatThreshold: Int?, flicker: Int = 0, faint: Int = 3, minimumThreshold: Int = MotionMask.defaultMinimumThreshold,
                        offsets: [Int] = MotionMask.defaultBackgroundOffsets, limit: (Int) -> Int = { _ in width * height })
        -> [(flags: [(Int, Int, Int8, UInt8)], complete: Bool)] {
        let mask = MotionMask(width: width, height: height, backgroundOffsets: offsets, minimumThreshold: minimumThreshold,
                              flatThreshold: flatThreshold)
        var rng = SplitMix64(seed: 7)
        var result: [(flags: [(Int, Int, Int8, UInt8)], complete: Bool)] = []
        for n in 0..<10 {
            let pixels = frame(n, flicker: flicker, faint: faint, rng: &rng)
            let image = LumaImage(width: width, height: height)
            for y in 0..<height { for x in 0..<width { image.row(y)[x] = pixels[y * width + x] } }
            image.replicateEdges()
            var flags: [FlaggedPixel] = []
            let complete = mask.process(image, region: (0, 0, width, height), limit: limit(n), into: &flags)
            if n >= firstChecked { result.append((flags.map { (Int($0.x), Int($0.y), $0.polarity, $0.contrast) }, complete)) }
        }
        return result
    }

    /// The usual three background frames, and other counts (another loop).
    @Test(arguments: [[2, 3, 4], [1, 2], [2, 3, 4, 5]])
    func aFaintDotIsFlaggedOverClearSkyOnly(_ offsets: [Int]) {
        for (k, flags) in Self.flags(flatThreshold: 2, offsets: offsets).enumerated() {
            let n = k + Self.firstChecked
            // The dot over the sky, exactly: 3 levels beyond a band of one level.
            #expect(flags.contains { $0 == (8 + 4 * n, 10 + 2 * n, 1, 3) }, "frame \(n): \(flags)")
            // Nothing else over the sky, nor the dot over the grass, whose noise keeps the
            // usual threshold: what is flagged there lies beyond it.
            #expect(flags.allSatisfy { $0.0 >= Self.skyEnd - 1 || $0.0 == 8 + 4 * n || $0.1 == 40 }, "frame \(n): \(flags)")
            #expect(flags.contains { $0 == (4 + 4 * n, 40, 1, 20) }, "frame \(n): \(flags)")
            #expect(flags.allSatisfy { $0.0 < Self.skyEnd - 1 || $0.3 > 4 }, "frame \(n): \(flags)")
        }
    }

    /// Where the lower threshold would flag more than ``MotionMask/mostFlatOnlyFlags`` pixels
    /// (the codec's flicker all over a sky), the frame keeps the usual threshold.
    @Test func aSkyFlickeringAllOverKeepsTheUsualThreshold() {
        for (k, flags) in Self.flags(flatThreshold: 2, flicker: MotionMask.mostFlatOnlyFlags).enumerated() {
            let n = k + Self.firstChecked
            #expect(flags.allSatisfy { $0.3 > 4 }, "frame \(n): \(flags)")
            #expect(flags.contains { $0 == (4 + 4 * n, 40, 1, 20) }, "frame \(n): \(flags)")
        }
        // One fewer, so exactly the limit with the sky's moving dot: the faint dots are flagged.
        for flags in Self.flags(flatThreshold: 2, flicker: MotionMask.mostFlatOnlyFlags - 1) {
            #expect(flags.count { $0.3 == 3 } == MotionMask.mostFlatOnlyFlags, "\(flags)")
        }
    }

    /// Only videos from 1.5 times the analysis size get the lower threshold: below, nothing keeps
    /// the full-size frames that vet a faint young track. From twice, where the frame's own
    /// threshold is 2, the flat bands flag a change of 2.
    @Test func onlyFrom1_5TimesTheAnalysisSize() {
        #expect(DetectionPipeline.flatThreshold(scale: 1.0) == nil)
        #expect(DetectionPipeline.flatThreshold(scale: 1.2) == nil)
        #expect(DetectionPipeline.flatThreshold(scale: 1280.0 / 800) == DetectionPipeline.reducedMinimumThreshold)
        #expect(DetectionPipeline.flatThreshold(scale: 1920.0 / 800) == DetectionPipeline.reducedFlatThreshold)
        #expect(DetectionPipeline.flatThreshold(scale: 3840.0 / 800) == DetectionPipeline.reducedFlatThreshold)
    }

    /// At twice the analysis size (the frame's threshold 2), a dot of 2 levels over clear sky
    /// is flagged, exactly; the same over grass is not, nor is it without the rule.
    @Test func aTwoLevelDotOverClearSkyAtTwiceTheSize() {
        let reduced = DetectionPipeline.reducedMinimumThreshold
        for (k, flags) in Self.flags(flatThreshold: 1, faint: 2, minimumThreshold: reduced).enumerated() {
            let n = k + Self.firstChecked
            #expect(flags.contains { $0 == (8 + 4 * n, 10 + 2 * n, 1, 2) }, "frame \(n): \(flags)")
            #expect(flags.allSatisfy { $0.0 >= Self.skyEnd - 1 || $0.0 == 8 + 4 * n || $0.1 == 40 }, "frame \(n): \(flags)")
            #expect(flags.allSatisfy { $0.0 < Self.skyEnd - 1 || $0.3 > 2 }, "frame \(n): \(flags)")
        }
        for flags in Self.flags(flatThreshold: nil, faint: 2, minimumThreshold: reduced) {
            #expect(!flags.contains { $0.0 < Self.skyEnd - 1 && $0.1 != 40 }, "\(flags)")
        }
        // The flicker limit holds as at the lower sizes.
        for flags in Self.flags(flatThreshold: 1, flicker: MotionMask.mostFlatOnlyFlags, faint: 2, minimumThreshold: reduced) {
            #expect(flags.allSatisfy { $0.3 > 2 }, "\(flags)")
        }
    }

    /// Pixels only the lower threshold flagged never make a frame incomplete: with the limit at
    /// exactly the frame's usual flags, a sky flickering all over is still compared whole, and
    /// flags what it flags without the rule. One flag fewer, and it is not.
    @Test func flatOnlyFlagsDoNotCountTowardsTheLimit() {
        let flicker = 2 * MotionMask.mostFlatOnlyFlags
        let usual = Self.flags(flatThreshold: nil, flicker: flicker)
        let counts = usual.map(\.count)
        #expect(counts.allSatisfy { $0 > 0 })
        let limited = Self.compare(flatThreshold: 2, flicker: flicker) { n in n >= Self.firstChecked ? counts[n - Self.firstChecked] : 1000 }
        for (frame, before) in zip(limited, usual) {
            #expect(frame.complete)
            #expect(frame.flags.count == before.count && zip(frame.flags, before).allSatisfy { $0 == $1 }, "\(frame.flags)")
        }
        let tighter = Self.compare(flatThreshold: 2, flicker: flicker) { n in n >= Self.firstChecked ? counts[n - Self.firstChecked] - 1 : 1000 }
        #expect(tighter.allSatisfy { !$0.complete })
    }

    @Test func withoutItTheFaintDotIsNotFlagged() {
        for flags in Self.flags(flatThreshold: nil) {
            #expect(flags.allSatisfy { $0.3 > 4 }, "\(flags)")
            #expect(!flags.contains { $0.0 < Self.skyEnd - 1 && $0.1 != 40 }, "\(flags)")
        }
    }

    @Test func grassIsFlaggedAsWithoutIt() {
        let lowered = Self.flags(flatThreshold: 2), usual = Self.flags(flatThreshold: nil)
        for (a, b) in zip(lowered, usual) {
            let grass = a.filter { $0.0 >= Self.skyEnd + 1 }, grassBefore = b.filter { $0.0 >= Self.skyEnd + 1 }
            #expect(grass.count == grassBefore.count && zip(grass, grassBefore).allSatisfy { $0 == $1 })
        }
    }
}
