import Testing
@testable import TracerOverlay

/// A generated bird glides; it does not fall. Over a long clip a glide that steepened without
/// end drew birds diving from the top of the frame to the bottom on ballistic parabolas, which
/// no detector can tell from a descending ball.
@Suite("Ground truth: gliding birds")
struct BirdGlideTests {
    /// The vertical speed (normalized units a second) of `bird` at `t`, by central difference.
    static func verticalSpeed(_ bird: Bird, at t: Double) -> Double {
        let h = 1e-3
        return (bird.position(at: t + h).y - bird.position(at: t - h).y) / (2 * h)
    }

    @Test func aGlideSteepensForFourSecondsThenHoldsItsSpeed() {
        let bird = Bird(start: SIMD2(0.1, 0.2), velocity: SIMD2(0.2, -0.1), curvature: 0.1, waveAmplitude: 0,
                        waveRate: 1, flapRate: 5, size: 2, luma: 60, phase: 0)
        // Up to four seconds, the parabola every clip of that length has always had.
        for t in [0.0, 1.5, 3.0, 4.0] {
            #expect(bird.position(at: t).y == 0.2 - 0.1 * t + 0.5 * 0.1 * t * t)
        }
        #expect(abs(Self.verticalSpeed(bird, at: 2) - 0.1) < 1e-9)
        // Then straight on at the speed reached (-0.1 + 0.1 * 4 = 0.3 a second), not faster.
        for t in [5.0, 7.0, 9.5] {
            #expect(abs(Self.verticalSpeed(bird, at: t) - 0.3) < 1e-9, "t = \(t)")
        }
        #expect(abs(bird.position(at: 9).y - (0.2 - 0.4 + 0.8 + 0.3 * 5)) < 1e-12)
    }

    @Test func aBirdOfALongClipCrossesNoFasterThanOneOfAFourSecondClip() throws {
        // Every gliding bird of every bird scenario, seeds 1-20, in a 10 s clip.
        var gliders = 0
        for scenario in ["walkers-birds-no-shot", "dtl-birds-walkers-no-shot", "sky-birds-clouds", "dtl-everything"] {
            for seed in UInt64(1)...20 {
                let settings = try GroundTruthScenario.named(scenario).settings(seed: seed, width: 320, height: 180,
                                                                               frameRate: 30, duration: 10)
                for bird in SceneLayout(settings: settings).birds where bird.curvature > 0 {
                    gliders += 1
                    // The glide's speed after four seconds' pull, and the fastest its gentle
                    // wave adds.
                    let fastest = bird.velocity.y + bird.curvature * 4
                        + 2 * Double.pi * bird.waveAmplitude * bird.waveRate
                    for t in stride(from: 0.5, through: 9.5, by: 0.5) {
                        #expect(Self.verticalSpeed(bird, at: t) <= fastest + 1e-9)
                    }
                    // The layout still puts it at the height it chose (0.08-0.45 of the frame,
                    // its wave aside) in the middle half of the clip.
                    #expect((250...750).contains { k in (0.07...0.46).contains(bird.position(at: Double(k) * 0.01).y) })
                }
            }
        }
        #expect(gliders >= 20)
    }
}
