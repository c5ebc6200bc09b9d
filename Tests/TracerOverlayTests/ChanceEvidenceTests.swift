import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A young track's points are counted by how unlikely chance made them: a chain of specks taken
/// from crowded gates earns about nothing however long it grows, a ball's points landing where
/// they were predicted earn several each, and hypotheses are kept by that.
@Suite struct ChanceEvidenceTests {
    static let cap = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000).chanceEvidenceCap

    @Test func aPointOnItsPredictionEarnsTheCapAndOneAtTheGatesEdgeLessThanNothing() {
        #expect(BallTracker.chanceEvidence(offset: 0, gate: 10, candidatesInGate: 1, cap: Self.cap) == Self.cap - 1)
        #expect(BallTracker.chanceEvidence(offset: 10, gate: 10, candidatesInGate: 3, cap: Self.cap) == -1)
        // Half a pixel off in a 10 px gate, alone: the chance is (0.05)^2.
        let alone = BallTracker.chanceEvidence(offset: 0.5, gate: 10, candidatesInGate: 1, cap: 10)
        #expect(abs(alone - (-log(0.0025) - 1)) < 1e-9)
        // The same offset is worth less the more candidates shared the gate.
        let crowded = BallTracker.chanceEvidence(offset: 0.5, gate: 10, candidatesInGate: 20, cap: 10)
        #expect(crowded < alone - 2.5)
    }

    /// The nearest of n candidates strewn uniformly over the gate, taken at random, earns zero on
    /// average (less the little the cap takes off the rare near ones), whatever n.
    @Test func theNearestOfRandomCandidatesEarnsNothingOnAverage() {
        var random = SplitMix64(seed: 5, stream: 2)
        for n in [1, 3, 12] {
            var sum = 0.0
            let trials = 20_000
            for _ in 0..<trials {
                var nearest = Double.infinity
                for _ in 0..<n {
                    // Uniform over a disc of radius 8: the radius goes as the root of a uniform.
                    nearest = min(nearest, 8 * random.uniform(0...1).squareRoot())
                }
                sum += BallTracker.chanceEvidence(offset: nearest, gate: 8, candidatesInGate: n, cap: Self.cap)
            }
            let mean = sum / Double(trials)
            #expect(abs(mean) < 0.03, "n = \(n): mean \(mean)")
        }
    }

    /// Feeds 24 frames of `specks` noise specks strewn afresh over a 320x160 strip each frame
    /// (contrast 6) to a tracker of 60 places, and from frame 6 a ball of contrast 8 crossing the
    /// strip at 12 px a frame on a gentle arc. Returns whether a confirmed track follows the ball.
    func findsBall(countingEvidence: Bool, specks: Int) -> Bool {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 2000)
        settings.maxTracks = 60
        settings.strongYoungPlaces = 0
        settings.minimumConfirmSpeed = 200
        settings.promiseCountsChanceEvidence = countingEvidence
        var tracker = BallTracker(settings: settings)
        var random = SplitMix64(seed: 3, stream: 9)
        for n in 0..<24 {
            var candidates = (0..<specks).map { _ in
                BallCandidate(x: random.uniform(0...320), y: random.uniform(0...160), radius: 0.7, halfLength: 0.7, area: 2,
                              polarity: 1, peakContrast: 6, neighbourhoodActivity: 0)
            }
            if n >= 6 {
                let k = Double(n - 6)
                candidates.append(BallCandidate(x: 20 + 12 * k, y: 140 - 6 * k + 0.15 * k * k, radius: 0.8, halfLength: 0.8,
                                                area: 3, polarity: 1, peakContrast: 8, neighbourhoodActivity: 0))
            }
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 30), t: Double(n) / 30)
        }
        return tracker.tracks.contains { $0.confirmed && $0.points.count >= 10 && $0.points.allSatisfy { $0.contrast == 8 } }
    }

    /// Chains of specks through wide gates hold the places when a hypothesis counts its points;
    /// counted by evidence, the ball's keep theirs.
    @Test func aFaintBallAmongFastChainsOfSpecksKeepsItsHypotheses() {
        #expect(findsBall(countingEvidence: true, specks: 150))
        #expect(!findsBall(countingEvidence: false, specks: 150))
    }
}
