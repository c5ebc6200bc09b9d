import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A fast ball's streak measured as the centre of all its ink: the place the ball held on
/// average over the exposure, not the centre of its brightest, slowest end.
@Suite struct StreakInkTests {
    static let width = 200, height = 120

    /// A flat frame with noise of about 1 level and, with a `streak` strength, a ball 3 px wide
    /// that slowed from 120 to 40 px an exposure while crossing from x = 60 to 140 on row 62:
    /// each pixel changed in proportion to the time the ball spent over it, `streak` levels at
    /// the fast end and three times that at the slow one. Over the exposure the ball's mean
    /// place was x = 106.7.
    /// With `bystander`, something else changed by 25 levels on the same row, from the
    /// stretch's start to 8 px into it (x = 44 to 52), 8 px short of the streak: a golfer's
    /// hands, a club.
    static func frame(seed: UInt64, streak: Double?, bystander: Bool = false) throws -> VideoFrame {
        try noisyFlatFrame(width: width, height: height, seed: seed) { x, y in
            let px = Double(x) + 0.5
            if bystander, px >= 44, px <= 52, abs(Double(y) + 0.5 - 62) <= 1.5 { return 25 }
            guard let streak, px >= 60, px <= 140, abs(Double(y) + 0.5 - 62) <= 1.5 else { return 0 }
            return streak * 120 / (120 * 120 - 160 * (px - 60)).squareRoot()
        }
    }

    /// A pipeline fed eight frames, the streak (if any) and the bystander in frame 4 only.
    static func pipeline(seed: UInt64, streak: Double?, bystander: Bool = false) throws -> DetectionPipeline {
        let pipeline = DetectionPipeline(sourceWidth: width, sourceHeight: height, width: width, height: height)
        for n in 0..<8 {
            _ = pipeline.candidates(in: try frame(seed: seed * 100 + UInt64(n), streak: n == 4 ? streak : nil,
                                                  bystander: n == 4 && bystander),
                                    region: (0, 0, width, height), minRadius: 0, maxRadius: 10)
        }
        return pipeline
    }

    /// A pipeline fed eight noisy frames, frame 4 with `change` added.
    static func pipeline(seed: UInt64, change: @escaping (Double) -> Double) throws -> DetectionPipeline {
        let pipeline = DetectionPipeline(sourceWidth: width, sourceHeight: height, width: width, height: height)
        for n in 0..<8 {
            let frame = try noisyFlatFrame(width: width, height: height, seed: seed * 100 + UInt64(n)) { x, y in
                n == 4 && abs(Double(y) + 0.5 - 62) <= 1.5 ? change(Double(x) + 0.5) : 0
            }
            _ = pipeline.candidates(in: frame, region: (0, 0, width, height), minRadius: 0, maxRadius: 10)
        }
        return pipeline
    }

    /// A quarter-frame shutter's short streak, 12 levels from x = 92 to 108 about the point
    /// the request's stretch is centred on (x = 100, where the ball's blob put it), and with
    /// `trail` a thin change of 3 levels joined to it from x = 54, as x264 leaves behind a
    /// fast ball in 640x360 frames.
    static func shortStreak(trail: Bool) -> (Double) -> Double {
        { px in px >= 92 && px <= 108 ? 12 : (trail && px >= 54 && px < 92 ? 3 : 0) }
    }

    /// The segment a flight's neighbouring points give: from x = 45 to 155 along row 62.
    static var request: LocalSearch {
        var request = LocalSearch(x: 45, y: 62, radius: 3, polarity: 1, references: [6, 7], frame: 4, byAppearance: false,
                                  motion: SIMD2(110, 0))
        request.measuresStreakInk = true
        return request
    }

    /// A clear streak, 6 to 18 levels: its ink's centre is the ball's mean place.
    @Test func aSlowingStreakIsCentredWhereTheBallWasOnAverage() throws {
        for seed: UInt64 in 1...3 {
            let p = try Self.pipeline(seed: seed, streak: 6)
            let found = try #require(p.localCandidate(Self.request, region: (0, 0, Self.width, Self.height), maxRadius: 10))
            #expect(abs(found.x - 106.7) <= 4, "seed \(seed): at \(found.x), \(found.y)")
            #expect(abs(found.y - 62) <= 0.5, "seed \(seed): at \(found.x), \(found.y)")
        }
    }

    /// A faint one, 2 to 6 levels, most of it under the threshold: the strongest change and the
    /// pixels joined to it lie at the slow end; its ink's centre lies nearer the mean place.
    @Test func aFaintStreakIsCentredNearerThanItsBrightEnd() throws {
        for seed: UInt64 in 1...3 {
            let p = try Self.pipeline(seed: seed, streak: 2)
            let found = try #require(p.localCandidate(Self.request, region: (0, 0, Self.width, Self.height), maxRadius: 10))
            let strongest = try #require(p.localCandidate(LocalSearch(x: 100, y: 62, radius: 45, polarity: 1, references: [6, 7],
                                                                      frame: 4, byAppearance: false),
                                                          region: (0, 0, Self.width, Self.height), maxRadius: 60))
            #expect(abs(found.x - 106.7) + 3 < abs(strongest.x - 106.7),
                    "seed \(seed): ink centre \(found.x), the blob at the strongest change \(strongest.x)")
        }
    }

    /// Another change on the stretch, apart from the streak: the centre is the streak's alone.
    /// Taken with it, the bystander's ink pulled the centre 11-12 px back.
    @Test func aChangeApartFromTheStreakLeavesItsCentre() throws {
        for seed: UInt64 in 1...3 {
            let p = try Self.pipeline(seed: seed, streak: 6, bystander: true)
            let found = try #require(p.localCandidate(Self.request, region: (0, 0, Self.width, Self.height), maxRadius: 10))
            #expect(abs(found.x - 106.7) <= 4, "seed \(seed): at \(found.x), \(found.y)")
        }
    }

    /// A short streak on its own is centred where the ball was.
    @Test func aShortStreakIsCentredWhereTheBallWas() throws {
        for seed: UInt64 in 1...3 {
            let p = try Self.pipeline(seed: seed, change: Self.shortStreak(trail: false))
            let found = try #require(p.localCandidate(Self.request, region: (0, 0, Self.width, Self.height), maxRadius: 10))
            #expect(abs(found.x - 100) <= 1.5, "seed \(seed): at \(found.x), \(found.y)")
        }
    }

    /// Thin ink joined to a short streak pulls the run's centre back along the stretch; the
    /// streak's dense ink does not follow, so the measure gives no centre and the point the
    /// flight holds stays where its blob put it. Taken, the run's centre lay 5.1-5.6 px back.
    @Test func thinInkJoinedToAShortStreakMovesNothing() throws {
        for seed: UInt64 in 1...3 {
            let p = try Self.pipeline(seed: seed, change: Self.shortStreak(trail: true))
            let found = p.localCandidate(Self.request, region: (0, 0, Self.width, Self.height), maxRadius: 10)
            #expect(found == nil, "seed \(seed): centred at \(found.map { "\($0.x)" } ?? "-")")
        }
    }

    /// The dense ink's centre: all of a streak that slows threefold, without the thin ink
    /// joined to a streak.
    @Test func theDenseInkIsAllOfASlowingStreakAndNoneOfAThinTrail() throws {
        // Ink 3 to 9 a pixel from 30 to 90 (its centre, weighted, 65.7).
        let slowing: [(along: Double, weight: Double)] = (30...90).map { (i: Int) in
            let along = Double(i) + 0.5
            return (along, 3 + 6 * (along - 30.5) / 60)
        }
        let whole = try #require(DetectionPipeline.heaviestRun(of: slowing, gap: 6)).centre
        let dense = try #require(DetectionPipeline.denseInk(of: slowing, length: 120))
        #expect(abs(dense - whole) < 0.5, "dense \(dense), whole \(whole)")
        // 10 a pixel from 70 to 85 (centre 78) behind 1.5 a pixel from 20 to 69.
        let trailed: [(along: Double, weight: Double)] = (20...85).map { (i: Int) in (Double(i) + 0.5, i >= 70 ? 10.0 : 1.5) }
        let run = try #require(DetectionPipeline.heaviestRun(of: trailed, gap: 6)).centre
        let streak = try #require(DetectionPipeline.denseInk(of: trailed, length: 120))
        #expect(abs(streak - 78) < 1, "dense ink centred at \(streak)")
        #expect(run < 78 - DetectionPipeline.streakInkAgreement, "the whole run centred at \(run)")
        #expect(DetectionPipeline.denseInk(of: [], length: 120) == nil)
    }

    /// Runs of ink split where they lie more than the gap apart; the heaviest is the streak.
    @Test func theHeaviestRunOfInkIsTheStreak() throws {
        // Runs: 10-12 (50), 46-58 (60; its steps are the gap itself), 65 (8: 7 past 58), 90 (5).
        let inked: [(along: Double, weight: Double)] = [(58, 20), (10, 25), (65, 8), (12, 25), (46, 20), (52, 20), (90, 5)]
        let run = try #require(DetectionPipeline.heaviestRun(of: inked, gap: 6))
        #expect(run.ink == 60)
        #expect(abs(run.centre - 52) < 1e-9)
        #expect(DetectionPipeline.heaviestRun(of: [], gap: 6) == nil)
    }

    @Test func plainNoiseHasNoStreak() throws {
        var finds = 0
        for seed: UInt64 in 10..<30 {
            // Frame 4 is noise like the others.
            let quiet = DetectionPipeline(sourceWidth: Self.width, sourceHeight: Self.height, width: Self.width, height: Self.height)
            for n in 0..<8 {
                _ = quiet.candidates(in: try Self.frame(seed: seed * 100 + UInt64(n), streak: nil),
                                     region: (0, 0, Self.width, Self.height), minRadius: 0, maxRadius: 10)
            }
            if quiet.localCandidate(Self.request, region: (0, 0, Self.width, Self.height), maxRadius: 10) != nil { finds += 1 }
        }
        #expect(finds == 0, "\(finds) of 20 measures found ink in plain noise")
    }
}
