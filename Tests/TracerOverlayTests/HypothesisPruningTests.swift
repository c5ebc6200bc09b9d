import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Hypotheses beyond ``TrackerSettings/maxTracks`` are dropped by promise: a clear ball that has
/// just appeared must outrank the many short chains of noise specks a shaken, noisy frame starts.
/// The contrast bonus and the places kept beyond the pool are tested with points counted one
/// each (``TrackerSettings/promiseCountsChanceEvidence`` off), where they alone keep the ball.
@Suite struct HypothesisPruningTests {
    /// Feeds 30 frames to a tracker with `settings` and 40 places. Each frame holds `count`
    /// specks (contrast drawn by `contrast`) that each stay put, a pixel's jitter aside, for
    /// `stay` frames and then move on, so their hypotheses grow to `stay` points and no further
    /// (a `stay`th of them at each length); from frame 8 a ball (contrast `ball`) flies at 5 px a
    /// frame through open ground. The specks lie in a region of `activity`. The frames in
    /// `empty` hold no candidate at all. Returns the confirmed tracks on the ball.
    func run(_ settings: TrackerSettings, specks count: Int, stay: Int, ball: Int, seed: UInt64, stream: UInt64,
             activity: Int = 0, empty: Set<Int> = [], contrast: (inout SplitMix64) -> Int) -> [Track] {
        var settings = settings
        settings.maxTracks = 40
        var tracker = BallTracker(settings: settings)
        var random = SplitMix64(seed: seed, stream: stream)
        func speck() -> (place: SIMD2<Double>, contrast: Int) {
            let place = SIMD2(random.uniform(0...800), random.uniform(0...200))
            return (place, contrast(&random))
        }
        var specks = (0..<count).map { _ in speck() }
        for n in 0..<30 {
            // Each speck moves on after `stay` frames, a `stay`th of them every frame.
            for i in specks.indices where (n + i) % stay == 0 { specks[i] = speck() }
            var candidates = specks.map { p in
                BallCandidate(x: p.place.x + random.uniform(-0.5...0.5), y: p.place.y + random.uniform(-0.5...0.5), radius: 0.6,
                              halfLength: 0.6, area: 1, polarity: 1, peakContrast: p.contrast, neighbourhoodActivity: activity)
            }
            if n >= 8 {
                let k = Double(n - 8)
                candidates.append(BallCandidate(x: 100 + 5 * k, y: 400 - 3 * k + 0.05 * k * k, radius: 0.6, halfLength: 0.6,
                                                area: 1, polarity: 1, peakContrast: ball, neighbourhoodActivity: 0))
            }
            if empty.contains(n) { candidates.removeAll() }
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        return tracker.tracks.filter { $0.confirmed && $0.points.contains { $0.y > 300 } }
    }

    /// 120 specks of contrast 5 in chains of up to six points, and a ball of contrast `ball`,
    /// kept by its promise alone (no places beyond the pool), whose points count one each or,
    /// where `countsEvidence`, by how unlikely chance made them.
    func run(ball: Int, strongestPromise: Double, countsEvidence: Bool = false) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.strongestPromise = strongestPromise
        settings.promiseCountsChanceEvidence = countsEvidence
        settings.strongYoungPlaces = 0
        return run(settings, specks: 120, stay: 6, ball: ball, seed: 7, stream: 1) { _ in 5 }
    }

    /// `count` specks of contrast 4-8 in chains of up to eight points, in a region of
    /// `activity`, and a ball of contrast 12; points count one each towards promise unless
    /// `countsEvidence`.
    func runAmongLongerChains(specks count: Int, strongYoungPlaces: Int, activity: Int = 0, empty: Set<Int> = [],
                              countsEvidence: Bool = false) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.strongYoungPlaces = strongYoungPlaces
        settings.promiseCountsChanceEvidence = countsEvidence
        return run(settings, specks: count, stay: 8, ball: 12, seed: 11, stream: 3, activity: activity, empty: empty) {
            Int($0.uniform(4...8.99))
        }
    }

    /// Twice the specks' typical contrast is worth two points of length, too little against
    /// chains of specks up to eight points long; but in a frame crowded with specks the ball,
    /// the strongest candidate of every frame, keeps its young hypotheses until they are long
    /// enough to hold their places. Counted by how unlikely chance made them, the specks'
    /// jittering points are worth little, and the ball needs no such places.
    @Test func aCrowdedFramesStrongestCandidatesKeepTheirYoungHypotheses() {
        let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        let crowded = settings.crowdedFrameCandidates + 20
        #expect(runAmongLongerChains(specks: crowded, strongYoungPlaces: settings.strongYoungPlaces).count == 1)
        #expect(runAmongLongerChains(specks: crowded, strongYoungPlaces: 0).isEmpty)
        #expect(runAmongLongerChains(specks: crowded, strongYoungPlaces: 0, countsEvidence: true).count == 1)
    }

    /// Before any flight, a frame of a few dozen candidates fills the places too where the
    /// club's and the golfer's swing start chains in a moving region: the ball's young
    /// hypotheses outside it keep theirs.
    @Test func beforeAFlightTheStrongestCalmCandidatesKeepTheirYoungHypotheses() {
        let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        let few = settings.crowdedFrameCandidates * 3 / 4
        let moving = settings.crowdedActivity + 100
        #expect(runAmongLongerChains(specks: few, strongYoungPlaces: settings.strongYoungPlaces, activity: moving).count == 1)
        #expect(runAmongLongerChains(specks: few, strongYoungPlaces: 0, activity: moving).isEmpty)
        #expect(runAmongLongerChains(specks: few, strongYoungPlaces: 0, activity: moving, countsEvidence: true).count == 1)
    }

    /// A frame without a single candidate (a dropped frame, a flash, a region where nothing
    /// changed) after crowded ones, before any flight, while the young hypotheses kept beyond
    /// the pool still outnumber it: the tracker goes on, and the ball that comes later is
    /// followed. Pruning the pool with no candidate to rank by used to stop the process there
    /// (1920x1080 25 fps sky-birds-clouds-3).
    @Test func aFrameWithoutCandidatesAfterCrowdedOnesIsPassedOver() {
        let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        let crowded = settings.crowdedFrameCandidates + 20
        #expect(runAmongLongerChains(specks: crowded, strongYoungPlaces: settings.strongYoungPlaces, empty: [4, 6]).count == 1)
    }

    @Test func aClearBallOutranksChainsOfSpecks() {
        let strongest = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000).strongestPromise
        // Four times the specks' contrast: followed, though a new hypothesis has one point
        // where the chains have up to six.
        #expect(run(ball: 20, strongestPromise: strongest).count == 1)
        // With the bonus capped at 1.5 the ball's young hypotheses are dropped every frame.
        #expect(run(ball: 20, strongestPromise: 1.5).isEmpty)
        // Unless points count by how unlikely chance made them: the specks' jitter about
        // where they stand is chance, the ball's path is not.
        #expect(run(ball: 20, strongestPromise: 1.5, countsEvidence: true).count == 1)
    }
}
