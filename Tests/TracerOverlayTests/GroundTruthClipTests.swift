import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite("Ground truth: generated clips")
struct GroundTruthClipTests {
    static func settings(_ scenario: String, seed: UInt64 = 1, duration: Double = 2) throws -> GroundTruthSettings {
        try GroundTruthScenario.named(scenario).settings(seed: seed, width: 320, height: 180, frameRate: 60, duration: duration)
    }

    @Test func sameSeedSamePixelsOtherSeedOtherPixels() throws {
        let a = try GroundTruthClip(settings: Self.settings("dtl-everything"))
        let b = try GroundTruthClip(settings: Self.settings("dtl-everything"))
        let c = try GroundTruthClip(settings: Self.settings("dtl-everything", seed: 2))
        #expect(a.truth == b.truth)
        for n in [0, 40, 75, 119] {
            #expect(try a.frame(at: n) == b.frame(at: n), "frame \(n)")
            #expect(!(try a.frame(at: n).hasSamePixels(as: c.frame(at: n))), "frame \(n)")
        }
        // Random access gives the iterator's pixels.
        var iterated = a.frames()
        for _ in 0..<3 { _ = iterated.next() }
        let next = iterated.next()
        let (fourth, truth) = try #require(next)
        #expect(truth.index == 3)
        #expect(fourth == (try a.frame(at: 3)))
    }

    @Test func framesHaveExactTimesAndFormat() throws {
        let clip = try GroundTruthClip(settings: Self.settings("dtl-clean", duration: 1))
        #expect(clip.frameCount == 60)
        for (frame, truth) in clip.frames() {
            #expect(frame.time == MediaTime(value: Int64(truth.index), timescale: 60))
            #expect(frame.pixelFormat == .yuv420p && frame.width == 320 && frame.height == 180)
            #expect(abs(truth.time - Double(truth.index) / 60) < 1e-12)
        }
        var ntsc = try Self.settings("dtl-clean", duration: 0.2)
        ntsc.frameRate = 59.94
        let ntscClip = try GroundTruthClip(settings: ntsc)
        #expect(try ntscClip.frame(at: 5).time == MediaTime(value: 5 * 1001, timescale: 60000))
    }

    /// The pixels the flying ball changes are exactly around the truth centre.
    @Test(arguments: ["dtl-clean", "dtl-noise-jitter", "sky-dark-ball", "dtl-portrait", "dtl-everything"])
    func truthMatchesPixels(scenario: String) throws {
        let clip = try GroundTruthClip(settings: Self.settings(scenario, duration: 3))
        let visible = clip.truth.visibleFrames
        #expect(visible.count >= 20, "\(scenario): \(visible.count) visible frames")
        let shutter = clip.settings.shutter / clip.settings.frameRate
        for truth in visible.filter({ $0.index % 3 == 0 }) {
            let with = try clip.frame(at: truth.index)
            let without = try clip.frame(at: truth.index, drawingBall: false)
            let x = try #require(truth.x), y = try #require(truth.y), r = try #require(truth.radius)
            // How far the ball travels during the exposure, in pixels.
            let camera = clip.truth.camera
            let tau = truth.time - clip.settings.launchTime
            let flight = try #require(clip.layout.flight)
            let p0 = try #require(camera.project(flight.position(at: max(0, tau - shutter / 2))))
            let p1 = try #require(camera.project(flight.position(at: tau + shutter / 2)))
            let halfStreak = ((p0.x - p1.x) * (p0.x - p1.x) + (p0.y - p1.y) * (p0.y - p1.y)).squareRoot() / 2
            // Ink may reach the streak's far end plus the largest radius along it.
            func gap(_ p: PinholeCamera.Projection) -> Double {
                ((p.x + Double(truth.shiftX) - x) * (p.x + Double(truth.shiftX) - x)
                 + (p.y + Double(truth.shiftY) - y) * (p.y + Double(truth.shiftY) - y)).squareRoot()
            }
            let reach = max(gap(p0), gap(p1)) + max(r, camera.projectedSize(0.02135, depth: p0.depth)) + 1.5
            var changed = 0
            var sum = 0.0, sx = 0.0, sy = 0.0
            with.withUnsafePlane(0) { a, stride in
                without.withUnsafePlane(0) { b, _ in
                    for j in 0..<clip.settings.height {
                        for i in 0..<clip.settings.width {
                            let d = abs(Int(a[j * stride + i]) - Int(b[j * stride + i]))
                            guard d > 0 else { continue }
                            changed += 1
                            let px = Double(i) + 0.5, py = Double(j) + 0.5
                            let distance = ((px - x) * (px - x) + (py - y) * (py - y)).squareRoot()
                            #expect(distance <= reach,
                                    "\(scenario) frame \(truth.index): pixel (\(i), \(j)) changed \(distance) px from the truth")
                            sum += Double(d); sx += px * Double(d); sy += py * Double(d)
                        }
                    }
                }
            }
            #expect(changed > 0, "\(scenario) frame \(truth.index): the ball left no trace")
            // The truth's contrast is the largest change the ball made (noise is the same in
            // both renders; quantization moves it by at most a level; light change scales it).
            var largest = 0
            with.withUnsafePlane(0) { a, stride in
                without.withUnsafePlane(0) { b, _ in
                    for j in 0..<clip.settings.height { for i in 0..<clip.settings.width {
                        largest = max(largest, abs(Int(a[j * stride + i]) - Int(b[j * stride + i])))
                    } }
                }
            }
            // (At the launch frame the club head, not the still background, is behind the ball.)
            let contrast = try #require(truth.contrast)
            let gain = 1 + clip.settings.lightChange
            #expect(tau < shutter || (Double(largest) <= contrast * gain * 1.05 + 2 && Double(largest) >= contrast * (2 - gain) * 0.95 - 2),
                    "\(scenario) frame \(truth.index): largest change \(largest), truth contrast \(contrast)")
            if changed > 0, halfStreak < 3 {
                let cx = sx / sum, cy = sy / sum
                #expect(abs(cx - x) < 0.8 && abs(cy - y) < 0.8,
                        "\(scenario) frame \(truth.index): ink centroid (\(cx), \(cy)) vs truth (\(x), \(y))")
            }
        }
    }

    @Test func noShotScenariosNeverShowABall() throws {
        for scenario in GroundTruthScenario.all where !scenario.hasShot {
            let clip = try GroundTruthClip(settings: scenario.settings(seed: 1, duration: 3))
            #expect(clip.truth.visibleFrames.isEmpty && clip.truth.launchFrame == nil, "\(scenario.name)")
        }
    }

    @Test func everyShotScenarioShowsTheShotForEverySeed() throws {
        let names = GroundTruthScenario.all.map(\.name)
        #expect(Set(names).count == names.count, "unique names")
        for scenario in GroundTruthScenario.all where scenario.hasShot {
            for seed in scenario.seeds {
                // Three seconds at 60 fps (what detector tests use) show a good part of the flight.
                let truth = try GroundTruthClip(settings: scenario.settings(seed: seed, duration: 3)).truth
                #expect(truth.visibleFrames.count >= 60, "\(scenario.name) seed \(seed): \(truth.visibleFrames.count) visible")
                #expect(truth.launchFrame != nil)
                let shot = try #require(truth.settings.shot)
                #expect((40...75).contains(shot.launchSpeed) && (6...27).contains(shot.launchAngle))
            }
        }
    }

    @Test func aRollingShutterShowsLampFlickerAsMovingBands() throws {
        // The phone's scene without noise, walker, golfer or shot, beside the same scene under
        // steady light and under the same flicker read all at once (a global shutter).
        var banded = try Self.settings("dtl-floodlights-phone")
        banded.noiseSigma = 0; banded.walkers = 0; banded.golfer = false; banded.shot = nil
        var steady = banded
        steady.lightChange = 0
        var global = banded
        global.rollingShutterReadout = nil
        let steadyClip = try GroundTruthClip(settings: steady)
        /// Each row's mean luma in frame `n` of `clip` over the steady scene's.
        func rowGains(_ clip: GroundTruthClip, _ n: Int) throws -> [Double] {
            let lit = try clip.frame(at: n), plain = try steadyClip.frame(at: n)
            return lit.withUnsafePlane(0) { a, stride in
                plain.withUnsafePlane(0) { b, _ in
                    (0..<banded.height).map { y in
                        let row = (0..<banded.width).map { y * stride + $0 }
                        return Double(row.reduce(0) { $0 + Int(a[$1]) }) / Double(row.reduce(0) { $0 + Int(b[$1]) })
                    }
                }
            }
        }
        let bandedClip = try GroundTruthClip(settings: banded)
        let now = try rowGains(bandedClip, 10), next = try rowGains(bandedClip, 11)
        // Read over 1/60 s, the frame spans 1.7 periods of the lamps' 100 Hz: some rows are
        // lit 4% less, some 4% more.
        #expect(now.min()! < 0.97 && now.max()! > 1.03, "row gains \(now.min()!)...\(now.max()!)")
        // 1/60 s later the bands have moved on: rows are lit otherwise.
        #expect(zip(now, next).map { abs($0 - $1) }.max()! > 0.03)
        // Read all at once, every row of a frame is lit alike.
        let whole = try rowGains(try GroundTruthClip(settings: global), 10)
        #expect(whole.max()! - whole.min()! < 0.005, "row gains \(whole.min()!)...\(whole.max()!)")
    }

    @Test func aPortraitFramesRollingShutterShowsUprightBands() throws {
        // A phone filming upright turns its landscape sensor: the rows it reads one after another
        // are the portrait frame's columns.
        var banded = try GroundTruthScenario.named("dtl-floodlights-phone").settings(seed: 1, width: 180, height: 320,
                                                                                      frameRate: 60, duration: 2)
        banded.noiseSigma = 0; banded.walkers = 0; banded.golfer = false; banded.shot = nil
        var steady = banded
        steady.lightChange = 0
        let lit = try GroundTruthClip(settings: banded).frame(at: 10), plain = try GroundTruthClip(settings: steady).frame(at: 10)
        /// Mean luma of the pixels `indices` picks (by row and column) in the lit frame over the steady one's.
        func gain(_ indices: [(Int, Int)]) -> Double {
            lit.withUnsafePlane(0) { a, stride in
                plain.withUnsafePlane(0) { b, _ in
                    Double(indices.reduce(0) { $0 + Int(a[$1.0 * stride + $1.1]) })
                        / Double(indices.reduce(0) { $0 + Int(b[$1.0 * stride + $1.1]) })
                }
            }
        }
        let columns = (0..<banded.width).map { x in gain((0..<banded.height).map { ($0, x) }) }
        let rows = (0..<banded.height).map { y in gain((0..<banded.width).map { (y, $0) }) }
        // Some columns lit 4% less, some 4% more; every row alike, each crossing all the bands.
        #expect(banded.height > banded.width)
        #expect(columns.min()! < 0.97 && columns.max()! > 1.03, "column gains \(columns.min()!)...\(columns.max()!)")
        #expect(rows.max()! - rows.min()! < 0.02, "row gains \(rows.min()!)...\(rows.max()!)")
    }

    @Test func truthRoundTripsThroughJSON() throws {
        let truth = try GroundTruthClip(settings: Self.settings("sky-birds-clouds")).truth
        let decoded = try JSONDecoder().decode(ClipTruth.self, from: truth.jsonData())
        #expect(decoded == truth)
        // The settings alone regenerate the clip.
        let again = try GroundTruthClip(settings: decoded.settings)
        #expect(again.truth == truth)
    }

    @Test func badSettingsAreRejected() {
        var odd = GroundTruthSettings()
        odd.width = 321
        #expect(throws: MediaError.self) { try GroundTruthClip(settings: odd) }
        var noFrames = GroundTruthSettings()
        noFrames.duration = 0
        #expect(throws: MediaError.self) { try GroundTruthClip(settings: noFrames) }
        var backwards = GroundTruthSettings()
        backwards.rollingShutterReadout = -0.01
        #expect(throws: MediaError.self) { try GroundTruthClip(settings: backwards) }
        #expect(throws: MediaError.self) { try GroundTruthScenario.named("no-such-scenario") }
        #expect(throws: MediaError.self) { try GroundTruthClip(settings: GroundTruthSettings()).frame(at: 10_000) }
    }

    @Test func compressedFramesAreTheDecodedClip() throws {
        let clip = try GroundTruthClip(settings: Self.settings("sky-dark-ball", duration: 0.5))
        let frames = try clip.compressedFrames()
        #expect(frames.count == clip.frameCount)
        for (n, (frame, truth)) in frames.enumerated() {
            #expect(truth.index == n && frame.time == MediaTime(value: Int64(n), timescale: 60))
            #expect(frame.width == 320 && frame.height == 180 && frame.pixelFormat == .yuv420p)
        }
        // Lossy: close to the rendered frame, but not equal.
        let raw = try clip.frame(at: 10)
        #expect(!frames[10].frame.hasSamePixels(as: raw))
    }

    @Test func truthRecordsHowMuchOfTheBallTheEncoderKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func shares(crf: Int) throws -> [Double] {
            var settings = try GroundTruthScenario.named("dtl-clean").settings(seed: 1, width: 640, height: 360, duration: 2)
            settings.compressionCRF = crf
            let truth = try GroundTruthClip(settings: settings).write(
                videoPath: dir.appendingPathComponent("crf\(crf).mp4").path, truthPath: dir.appendingPathComponent("crf\(crf).json").path)
            return truth.frames.filter { $0.visible && ($0.contrast ?? 0) >= 10 }.map { $0.decodedContrast! / $0.contrast! }
        }
        // Nearly lossless: the ball is kept whole (blurred a little by 4:2:0 and the transform).
        let fine = try shares(crf: 8)
        #expect(!fine.isEmpty)
        let median = fine.sorted()[fine.count / 2]
        #expect(median > 0.85 && fine.filter { $0 < 0.5 }.count * 20 <= fine.count, "\(fine.map { ($0 * 100).rounded() / 100 })")
        // Starved: skipped blocks drop the ball from whole runs of frames.
        let starved = try shares(crf: 40)
        #expect(starved.filter { $0 < 0.2 }.count >= 5, "\(starved.map { ($0 * 100).rounded() / 100 })")
        #expect(starved.reduce(0, +) < fine.reduce(0, +))
    }

    @Test func writesH264AndTruthThatReadBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = dir.appendingPathComponent("clip.mp4").path
        let json = dir.appendingPathComponent("clip.json").path
        let clip = try GroundTruthClip(settings: Self.settings("dtl-noise-jitter", duration: 1))
        let written = try clip.write(videoPath: video, truthPath: json)
        #expect(try ClipTruth.load(path: json) == written)
        // The written truth is the clip's plus what the encoder kept of the ball.
        var measuredOnly = written
        for n in measuredOnly.frames.indices { measuredOnly.frames[n].decodedContrast = nil }
        #expect(measuredOnly == clip.truth)
        #expect(written.frames.allSatisfy { ($0.decodedContrast != nil) == $0.visible })
        let reader = try VideoReader(path: video)
        var count = 0
        var worst = 0.0
        while let decoded = try reader.next() {
            #expect(decoded.time == MediaTime(value: Int64(count), timescale: 60))
            let original = try clip.frame(at: count)
            var total = 0
            decoded.withUnsafePlane(0) { a, sa in
                original.withUnsafePlane(0) { b, sb in
                    for j in 0..<180 { for i in 0..<320 { total += abs(Int(a[j * sa + i]) - Int(b[j * sb + i])) } }
                }
            }
            worst = max(worst, Double(total) / (320 * 180))
            count += 1
        }
        #expect(count == clip.frameCount)
        #expect(worst < 4, "mean absolute luma error after H.264 \(worst)")
        #expect(throws: MediaError.self) { try ClipTruth.load(path: dir.appendingPathComponent("missing.json").path) }
    }
}
