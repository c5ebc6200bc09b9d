import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Hypotheses beyond ``TrackerSettings/maxTracks`` are dropped by promise: a clear ball that has
/// just appeared must outrank the many short chains of noise specks a shaken, noisy frame starts.
@Suite struct HypothesisPruningTests {
    /// Feeds 30 frames. Each frame holds 120 specks (contrast 5) that each stay put, a pixel's
    /// jitter aside, for six frames and then move on, so their hypotheses grow to six points and
    /// no further (a sixth of them at each length); from frame 8 a ball (contrast `ball`) flies
    /// at 5 px a frame through open ground. Returns the confirmed tracks.
    func run(ball: Int, strongestPromise: Double) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.maxTracks = 40
        settings.strongestPromise = strongestPromise
        var tracker = BallTracker(settings: settings)
        var random = SplitMix64(seed: 7, stream: 1)
        var specks = (0..<120).map { _ in SIMD2(random.uniform(0...800), random.uniform(0...200)) }
        for n in 0..<30 {
            // Each speck moves on after six frames, a sixth of them every frame.
            for i in specks.indices where (n + i) % 6 == 0 {
                specks[i] = SIMD2(random.uniform(0...800), random.uniform(0...200))
            }
            var candidates = specks.map { p in
                BallCandidate(x: p.x + random.uniform(-0.5...0.5), y: p.y + random.uniform(-0.5...0.5), radius: 0.6,
                              halfLength: 0.6, area: 1, polarity: 1, peakContrast: 5, neighbourhoodActivity: 0)
            }
            if n >= 8 {
                let k = Double(n - 8)
                candidates.append(BallCandidate(x: 100 + 5 * k, y: 400 - 3 * k + 0.05 * k * k, radius: 0.6, halfLength: 0.6,
                                                area: 1, polarity: 1, peakContrast: ball, neighbourhoodActivity: 0))
            }
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        return tracker.tracks.filter { $0.confirmed && $0.points.contains { $0.y > 300 } }
    }

    /// Feeds 30 frames of `specks` specks, each of contrast 4-8 and staying put for 8 frames,
    /// and from frame 8 a ball of contrast 12 flying at 5 px a frame. Returns the confirmed
    /// tracks on the ball.
    func runAmongLongerChains(specks count: Int, strongYoungPlaces: Int) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.maxTracks = 40
        settings.strongYoungPlaces = strongYoungPlaces
        var tracker = BallTracker(settings: settings)
        var random = SplitMix64(seed: 11, stream: 3)
        func speck() -> (SIMD2<Double>, Int) {
            (SIMD2(random.uniform(0...800), random.uniform(0...200)), Int(random.uniform(4...8.99)))
        }
        var specks = (0..<count).map { _ in speck() }
        for n in 0..<30 {
            for i in specks.indices where (n + i) % 8 == 0 { specks[i] = speck() }
            var candidates = specks.map { p, contrast in
                BallCandidate(x: p.x + random.uniform(-0.5...0.5), y: p.y + random.uniform(-0.5...0.5), radius: 0.6,
                              halfLength: 0.6, area: 1, polarity: 1, peakContrast: contrast, neighbourhoodActivity: 0)
            }
            if n >= 8 {
                let k = Double(n - 8)
                candidates.append(BallCandidate(x: 100 + 5 * k, y: 400 - 3 * k + 0.05 * k * k, radius: 0.6, halfLength: 0.6,
                                                area: 1, polarity: 1, peakContrast: 12, neighbourhoodActivity: 0))
            }
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        return tracker.tracks.filter { $0.confirmed && $0.points.contains { $0.y > 300 } }
    }

    /// Twice the specks' typical contrast is worth two points of length, too little against
    /// chains of specks up to eight points long; but in a frame crowded with specks the ball,
    /// the strongest candidate of every frame, keeps its young hypotheses until they are long
    /// enough to hold their places.
    @Test func aCrowdedFramesStrongestCandidatesKeepTheirYoungHypotheses() {
        let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        let crowded = settings.crowdedFrameCandidates + 20
        #expect(runAmongLongerChains(specks: crowded, strongYoungPlaces: settings.strongYoungPlaces).count == 1)
        #expect(runAmongLongerChains(specks: crowded, strongYoungPlaces: 0).isEmpty)
    }

    @Test func aClearBallOutranksChainsOfSpecks() {
        let strongest = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000).strongestPromise
        // Four times the specks' contrast: followed, though a new hypothesis has one point
        // where the chains have up to six.
        #expect(run(ball: 20, strongestPromise: strongest).count == 1)
        // With the bonus capped at 1.5 the ball's young hypotheses are dropped every frame.
        #expect(run(ball: 20, strongestPromise: 1.5).isEmpty)
    }
}

