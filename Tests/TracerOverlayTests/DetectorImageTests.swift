import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The detector's image stages (downscale, background band, change mask) against plain
/// per-pixel reference implementations: the fast row loops must give exactly the same bytes.
@Suite struct DetectorImageTests {
    /// A deterministic noisy gray8 frame.
    static func frame(width: Int, height: Int, seed: UInt64) throws -> VideoFrame {
        var rng = SplitMix64(seed: seed)
        var frame = try VideoFrame(width: width, height: height, pixelFormat: .gray8, time: .zero)
        frame.withUnsafeMutablePlane(0) { bytes, stride in
            for y in 0..<height {
                for x in 0..<width { bytes[y * stride + x] = UInt8(truncatingIfNeeded: rng.next() >> 56) }
            }
        }
        return frame
    }

    /// Exact area average: every source pixel weighted by the fraction of it inside the output
    /// pixel's footprint.
    static func referenceDownscale(_ frame: VideoFrame, width: Int, height: Int) -> [Double] {
        func weights(_ source: Int, _ output: Int, _ i: Int) -> [(Int, Double)] {
            let ratio = Double(source) / Double(output)
            let lo = Double(i) * ratio, hi = Double(i + 1) * ratio
            return (Int(lo)..<min(Int(hi.rounded(.up)), source)).map { s in
                (s, (min(hi, Double(s + 1)) - max(lo, Double(s))) / ratio)
            }
        }
        var out = [Double](repeating: 0, count: width * height)
        frame.withUnsafePlane(0) { bytes, stride in
            for oy in 0..<height {
                let wy = weights(frame.height, height, oy)
                for ox in 0..<width {
                    var total = 0.0
                    for (y, a) in wy { for (x, b) in weights(frame.width, width, ox) { total += a * b * Double(bytes[y * stride + x]) } }
                    out[oy * width + ox] = total
                }
            }
        }
        return out
    }

    @Test(arguments: [(1920, 1080, 800, 450), (1280, 720, 800, 450), (3840, 2160, 800, 450),
                      (333, 201, 97, 58), (600, 600, 2, 2), (64, 48, 64, 48)])
    func downscaleAveragesEachCoveredArea(_ size: (Int, Int, Int, Int)) throws {
        let (sw, sh, w, h) = size
        let source = try Self.frame(width: sw, height: sh, seed: UInt64(sw * 7 + sh))
        let scaler = LumaDownscaler(sourceWidth: sw, sourceHeight: sh, width: w, height: h)
        let image = LumaImage(width: w, height: h)
        scaler.scale(source, into: image)
        let expected = Self.referenceDownscale(source, width: w, height: h)
        var worst = 0.0
        for y in 0..<h { for x in 0..<w { worst = max(worst, abs(Double(image.row(y)[x]) - expected[y * w + x])) } }
        // Row weights are kept in 1/256 steps (up to six taps at 4K): within 1.5 grey levels of the exact mean.
        #expect(worst <= 1.5, "\(sw)x\(sh) -> \(w)x\(h): off the exact area average by up to \(worst)")
        // The margins repeat the edge pixels.
        #expect(image.row(h - 1)[-1] == image.row(h - 1)[0] && image.row(0)[w] == image.row(0)[w - 1])
    }

    /// The downscale's arithmetic written the plain way, one output pixel at a time: the
    /// vector loops (eight rows per 16-bit multiply pair) must give exactly these bytes.
    static func referenceIntegerDownscale(_ frame: VideoFrame, width: Int, height: Int, stretch: Bool) -> [UInt8] {
        let columns = AreaWeights(source: frame.width, output: width, total: 1 << 16)
        let rows = AreaWeights(source: frame.height, output: height, total: 256)
        var out = [UInt8](repeating: 0, count: width * height)
        frame.withUnsafePlane(0) { bytes, stride in
            for oy in 0..<height {
                for ox in 0..<width {
                    var total = 0
                    for j in 0..<rows.taps where rows.weights[oy * rows.taps + j] > 0 {
                        for k in 0..<columns.taps where columns.weights[ox * columns.taps + k] > 0 {
                            let pixel = Int(bytes[(rows.start[oy] + j) * stride + columns.start[ox] + k])
                            total += Int(rows.weights[oy * rows.taps + j]) * Int(columns.weights[ox * columns.taps + k]) * pixel
                        }
                    }
                    // The stretch in single precision, rounded half to even.
                    let stretched = Float(Int32((total >> 2) - (16 << 22))) * Float(255.0 / 219.0 / 4_194_304.0)
                    let level = stretch ? min(max(Int(stretched.rounded(.toNearestOrEven)), 0), 255)
                                        : (total + (1 << 23)) >> 24
                    out[oy * width + ox] = UInt8(level)
                }
            }
        }
        return out
    }

    @Test(arguments: [(1920, 1080, 800, 450), (1280, 720, 800, 450), (3840, 2160, 800, 450), (1920, 1080, 800, 451),
                      (334, 202, 97, 59), (800, 600, 800, 450), (1000, 564, 799, 451)])
    func downscaleGivesTheIntegerAreaAverageExactly(_ size: (Int, Int, Int, Int)) throws {
        let (sw, sh, w, h) = size
        for format in [PixelFormat.gray8, .yuv420p] {
            var source = try VideoFrame(width: sw, height: sh, pixelFormat: format, time: .zero)
            var rng = SplitMix64(seed: UInt64(sw * 3 + sh))
            source.withUnsafeMutablePlane(0) { bytes, stride in
                for y in 0..<sh {
                    // Noise over the whole range, and flat stretches at the video range's ends
                    // and beyond them, where the stretch clamps.
                    for x in 0..<sw {
                        let flat: [UInt8] = [0, 16, 235, 255]
                        bytes[y * stride + x] = (x / 37 + y / 29) % 3 == 0 ? flat[(x / 37 + y / 29) % 4]
                                                                       : UInt8(truncatingIfNeeded: rng.next() >> 56)
                    }
                }
            }
            let scaler = LumaDownscaler(sourceWidth: sw, sourceHeight: sh, width: w, height: h)
            let image = LumaImage(width: w, height: h)
            scaler.scale(source, into: image)
            let expected = Self.referenceIntegerDownscale(source, width: w, height: h, stretch: !source.isFullRange)
            var mismatches = 0
            for y in 0..<h { for x in 0..<w where image.row(y)[x] != expected[y * w + x] { mismatches += 1 } }
            #expect(mismatches == 0, "\(sw)x\(sh) -> \(w)x\(h) \(format): \(mismatches) pixels differ")
        }
    }

    /// The video-range stretch of an exact weighted sum (24 fractional bits) is that sum's
    /// level stretched in exact arithmetic, rounded to the nearest level and clamped: single
    /// precision may only differ within a thousandth of a level of a tie.
    @Test func theStretchRoundsTheExactSum() {
        var totals: [UInt32] = []
        for level in Swift.stride(from: 0, to: 256 << 8, by: 3) {
            totals.append(UInt32(level) << 16 | UInt32((level * 40_503) & 0xFFFF))
        }
        totals += [0, 16 << 24, 235 << 24, UInt32.max - 255 << 16]
        var mismatches = 0
        for start in Swift.stride(from: 0, to: totals.count - 7, by: 8) {
            let group = SIMD8<UInt32>(totals[start..<start + 8])
            let levels = LumaDownscaler.level(group, stretch: true)
            for lane in 0..<8 {
                let exact = (Double(group[lane]) / 16_777_216 - 16) * 255 / 219
                let expected = min(max(exact.rounded(), 0), 255)
                let nearTie = abs(exact - exact.rounded(.down) - 0.5) < 1e-3
                if Double(levels[lane]) != expected && !nearTie { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(totals.count) stretched sums off the exact level")
    }

    /// A one-pixel dot stepping across the frame keeps its energy after the downscale: a ball's
    /// contrast must not jump from frame to frame because of where it falls on the output grid.
    @Test func aSmallDotKeepsItsEnergyWhereverItFalls() throws {
        let scaler = LumaDownscaler(sourceWidth: 1280, sourceHeight: 720, width: 800, height: 450)
        let image = LumaImage(width: 800, height: 450)
        var energies: [Int] = []
        for step in 0..<16 {
            var frame = try VideoFrame(width: 1280, height: 720, pixelFormat: .gray8)
            frame.withUnsafeMutablePlane(0) { bytes, stride in
                bytes.initialize(repeating: 40)
                let x = 600 + step, y = 300 + step / 2
                for dy in 0...1 { for dx in 0...1 { bytes[(y + dy) * stride + x + dx] = 240 } }
            }
            scaler.scale(frame, into: image)
            var energy = 0
            for y in 180..<200 { for x in 370..<390 { energy += Int(image.row(y)[x]) - 40 } }
            energies.append(energy)
        }
        // 4 source pixels x 200 levels / 2.56 = 312.5 in output units, whatever the phase.
        #expect(energies.allSatisfy { abs($0 - 312) <= 6 }, "energies \(energies)")
    }

    @Test(arguments: [(64, 32), (40, 20)])
    func videoRangeLumaIsStretchedToFullRange(_ output: (Int, Int)) throws {
        // Black, white and a mid grey in video range, at the same size and reduced.
        var frame = try VideoFrame(width: 64, height: 32, pixelFormat: .yuv420p)
        frame.withUnsafeMutablePlane(0) { bytes, stride in
            for y in 0..<32 { for x in 0..<64 { bytes[y * stride + x] = x < 20 ? 16 : x < 40 ? 126 : 235 } }
        }
        #expect(!frame.isFullRange)
        let (w, h) = output
        let scaler = LumaDownscaler(sourceWidth: 64, sourceHeight: 32, width: w, height: h)
        let image = LumaImage(width: w, height: h)
        scaler.scale(frame, into: image)
        // (126 - 16) * 255 / 219 = 128.1
        let row = image.row(h / 2)
        #expect(row[1] == 0 && row[w / 2] == 128 && row[w - 2] == 255, "\(row[1]) \(row[w / 2]) \(row[w - 2])")
    }

    /// Max / min over the (clamped) square of radius r around (x, y).
    static func band(_ image: [UInt8], _ w: Int, _ h: Int, _ x: Int, _ y: Int, _ r: Int) -> (UInt8, UInt8) {
        var hi: UInt8 = 0, lo: UInt8 = 255
        for yy in max(y - r, 0)...min(y + r, h - 1) {
            for xx in (x - r)...(x + r) {
                let v = image[yy * w + min(max(xx, 0), w - 1)]
                hi = max(hi, v); lo = min(lo, v)
            }
        }
        return (hi, lo)
    }

    @Test(arguments: [([2, 3, 4], 1), ([1, 2], 2), ([2, 3, 4, 5], 1)])
    func changeMaskFlagsExactlyThePixelsOutsideTheBand(_ config: ([Int], Int)) throws {
        let (offsets, radius) = config
        let w = 97, h = 61
        let mask = MotionMask(width: w, height: h, backgroundOffsets: offsets, toleranceRadius: radius)
        var history: [[UInt8]] = []
        var rng = SplitMix64(seed: 42)
        let region = (5, 3, 90, 58)
        for n in 0..<12 {
            // A textured static background with noise, plus small bright and dark blobs that move.
            var pixels = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let base = 60 + (x * 7 + y * 3) % 90
                    let noise = Int(rng.next() % 5) - 2
                    pixels[y * w + x] = UInt8(clamping: base + noise)
                }
            }
            for k in 0..<6 {
                let cx = (13 * n + 29 * k) % w, cy = (7 * n + 17 * k) % h
                pixels[cy * w + cx] = k % 2 == 0 ? 255 : 0
            }
            history.append(pixels)
            let image = LumaImage(width: w, height: h)
            for y in 0..<h { for x in 0..<w { image.row(y)[x] = pixels[y * w + x] } }
            image.replicateEdges()
            var flags: [FlaggedPixel] = []
            #expect(mask.process(image, region: region, limit: w * h, into: &flags))
            guard n >= (offsets.max()! + 1) else { #expect(flags.isEmpty); continue }
            let t = min(mask.threshold, 120)
            var expected: [FlaggedPixel] = []
            for y in region.1..<region.3 {
                for x in region.0..<region.2 {
                    var hi = 0, lo = 255
                    for offset in offsets {
                        let (a, b) = Self.band(history[n - offset], w, h, x, y, radius)
                        hi = max(hi, Int(a)); lo = min(lo, Int(b))
                    }
                    let c = Int(pixels[y * w + x])
                    // Bands within t of white or black never flag that way (no wrap-around).
                    if hi + t < 255 && c > hi + t {
                        expected.append(FlaggedPixel(x: Int32(x), y: Int32(y), polarity: 1, contrast: UInt8(min(c - hi, 255))))
                    } else if lo >= t && c < lo - t {
                        expected.append(FlaggedPixel(x: Int32(x), y: Int32(y), polarity: -1, contrast: UInt8(min(lo - c, 255))))
                    }
                }
            }
            #expect(expected.count >= 4, "frame \(n): the moving blobs must be flagged")
            #expect(flags.count == expected.count, "frame \(n): \(flags.count) flagged, expected \(expected.count)")
            #expect(zip(flags, expected).allSatisfy { $0.x == $1.x && $0.y == $1.y && $0.polarity == $1.polarity && $0.contrast == $1.contrast },
                    "frame \(n): flagged pixels differ from the reference")
        }
    }
}

