import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The look back's search for a fast ball's faint streak along its known path: a ball just
/// launched is smeared over tens of pixels, each changed by less than the noise threshold.
@Suite struct StreakSearchTests {
    static let width = 200, height = 120

    /// A flat frame with noise of about 1 level and, when `streak` is given, a band 3 px wide
    /// from (x0, y0) to (x1, y1) changed by `levels`.
    static func frame(seed: UInt64, streak: (x0: Double, y0: Double, x1: Double, y1: Double, levels: Double)? = nil) throws -> VideoFrame {
        try noisyFlatFrame(width: width, height: height, seed: seed) { x, y in
            guard let s = streak else { return 0 }
            // Distance from the pixel's centre to the segment.
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let dx = s.x1 - s.x0, dy = s.y1 - s.y0
            let k = max(0, min(1, ((px - s.x0) * dx + (py - s.y0) * dy) / (dx * dx + dy * dy)))
            let ex = px - (s.x0 + k * dx), ey = py - (s.y0 + k * dy)
            return ex * ex + ey * ey <= 1.5 * 1.5 ? s.levels : 0
        }
    }

    /// A pipeline fed eight frames, the streak (if any) in frame 4 only.
    static func pipeline(seed: UInt64, streak: (x0: Double, y0: Double, x1: Double, y1: Double, levels: Double)?) throws -> DetectionPipeline {
        let pipeline = DetectionPipeline(sourceWidth: width, sourceHeight: height, width: width, height: height)
        for n in 0..<8 {
            let f = try frame(seed: seed * 100 + UInt64(n), streak: n == 4 ? streak : nil)
            _ = pipeline.candidates(in: f, region: (0, 0, width, height), minRadius: 0, maxRadius: 10)
        }
        return pipeline
    }

    /// The look back's request for frame 4: the flight traced back puts the ball 4 px further
    /// along and 1 px beside where it was, moving 40 px a frame to the right.
    static func request(polarity: Int8 = 1) -> LocalSearch {
        LocalSearch(x: 100, y: 62, radius: 5, polarity: polarity, references: [6, 7], frame: 4, byAppearance: false,
                    motion: SIMD2(40, 2))
    }

    static let streak = (x0: 76.0, y0: 60.0, x1: 116.0, y1: 62.0, levels: 2.5)

    @Test func findsAFaintStreakAlongThePath() throws {
        let p = try Self.pipeline(seed: 1, streak: Self.streak)
        // Each pixel changes by 2.5 levels, under the threshold any pixel must pass.
        #expect(Double(p.mask.threshold) > 2.5)
        let found = try #require(p.localCandidate(Self.request(), region: (0, 0, Self.width, Self.height), maxRadius: 10))
        #expect(found.foundAsStreak)
        #expect(found.polarity == 1)
        #expect(abs(found.x - 96) <= 1.5 && abs(found.y - 61) <= 1.5, "at \(found.x), \(found.y)")
        // The way round does not matter: a ball darker than the sky is lighter than the ground.
        let dark = try Self.pipeline(seed: 2, streak: (76, 60, 116, 62, -2.5))
        let darkFound = try #require(dark.localCandidate(Self.request(polarity: 1), region: (0, 0, Self.width, Self.height), maxRadius: 10))
        #expect(darkFound.polarity == -1)
        #expect(abs(darkFound.x - 96) <= 1.5 && abs(darkFound.y - 61) <= 1.5, "at \(darkFound.x), \(darkFound.y)")
    }

    @Test func findsNoStreakInNoise() throws {
        var falseFinds = 0
        for seed in 10..<40 {
            let p = try Self.pipeline(seed: UInt64(seed), streak: nil)
            if p.localCandidate(Self.request(), region: (0, 0, Self.width, Self.height), maxRadius: 10) != nil { falseFinds += 1 }
        }
        #expect(falseFinds <= 1, "\(falseFinds) of 30 searches found a streak in plain noise")
    }

    @Test func aSlowPathIsLeftToTheDotSearch() throws {
        // At 5 px a frame a ball is a dot, and a dot along a slow path may be the ball still on
        // the tee: no streak is sought, where at 40 px a frame the same change is found.
        let p = try Self.pipeline(seed: 3, streak: Self.streak)
        let region = (0, 0, Self.width, Self.height)
        #expect(p.streakCandidate(Self.request(), motion: SIMD2(40, 2), region: region) != nil)
        #expect(p.streakCandidate(Self.request(), motion: SIMD2(5, 0.33), region: region) == nil)
    }

    @Test func aPredictionOffThePictureFindsNothing() throws {
        // A flight traced back past the frame's edge (the gate may still reach into it).
        let p = try Self.pipeline(seed: 4, streak: Self.streak)
        let region = (0, 0, Self.width, Self.height)
        for (x, y) in [(-30.0, 60.0), (Double(Self.width) + 30, 60), (100, -30), (100, Double(Self.height) + 30), (-500, -500)] {
            var request = Self.request()
            request.x = x
            request.y = y
            request.radius = 40
            #expect(p.streakCandidate(request, motion: SIMD2(40, 2), region: region) == nil)
            #expect(p.localCandidate(request, region: region, maxRadius: 10) == nil)
        }
    }
}
