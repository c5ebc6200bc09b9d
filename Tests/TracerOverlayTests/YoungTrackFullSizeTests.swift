import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Young tracks in a video twice the analysis size or more: a far ball the analysis frame shows
/// only now and then is sought in the full-size frame, and only a find that keeps the track's
/// pace, away from other motion, carries the track on.
@Suite struct YoungTrackFullSizeTests {
    /// Analysis pixels a frame the object moves while the analysis frame shows it.
    static let step = SIMD2(5.0, -2.0)

    /// Feeds 16 frames. The object is a candidate in the frames `seen` gives a place for (by
    /// default frames 0-2 of its flight), and a speck of noise far away in every frame; the
    /// full-size search answers `found(n)` (nil: nothing) with `activity` changed pixels
    /// around it. Returns the confirmed tracks.
    func run(searching: Bool = true, pace: Double? = nil, misses: Int? = nil, activity: Int = 0, chancePairs: Int = 0,
             seen: (Int) -> SIMD2<Double>? = { $0 < 3 ? YoungTrackFullSizeTests.flying($0) : nil },
             found: @escaping (Int) -> SIMD2<Double>?) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.searchesYoungTracksAtFullSize = searching
        if let pace { settings.youngFullSizeMinimumPace = pace }
        if let misses { settings.youngFullSizeMaximumMisses = misses }
        var tracker = BallTracker(settings: settings)
        func candidate(_ p: SIMD2<Double>, contrast: Int, activity: Int = 0) -> BallCandidate {
            BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                          peakContrast: contrast, neighbourhoodActivity: activity)
        }
        for n in 0..<16 {
            let noise = candidate(SIMD2(40 + Double(n % 3), 40), contrast: 5)
            // Pairs of specks, each seen in two frames and never again: `chancePairs` start in
            // every frame, far from the object, and each gives a young track that asks too.
            let pairs = (0..<chancePairs).flatMap { j -> [BallCandidate] in
                // Farther apart than anything moves in a frame, so that no two pairs chain.
                let start = { (k: Int) in SIMD2(200 + 90 * Double(j), 100 + 100 * Double(k % 2)) }
                return [candidate(start(n), contrast: 8)] + (n > 0 ? [candidate(start(n - 1) + SIMD2(4, 3), contrast: 8)] : [])
            }
            let candidates = (seen(n).map { [candidate($0, contrast: 8)] } ?? []) + [noise] + pairs
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                // Only the current frame's full-size look answers (a confirmed track's local
                // search asks the same frame without that flag).
                guard request.frame == nil, request.motion == nil, let p = found(n) else { return nil }
                let dx = p.x - request.x, dy = p.y - request.y
                guard dx * dx + dy * dy <= request.radius * request.radius else { return nil }
                return candidate(p, contrast: 5, activity: activity)
            }
        }
        return tracker.tracks.filter(\.confirmed)
    }

    /// The object's place in frame `n` when it flies on at its pace.
    static func flying(_ n: Int) -> SIMD2<Double> { SIMD2(100, 300) + Double(n) * step }

    @Test func aFarBallSeenNowAndThenIsFollowedInTheFullSizeFrame() {
        let confirmed = run(found: Self.flying)
        #expect(confirmed.count == 1)
        #expect(confirmed.first.map { $0.points.count >= 10 } == true)
        // Without the full-size look, its young track ends with the analysis frame's candidates.
        #expect(run(searching: false, found: Self.flying).isEmpty)
    }

    @Test func aBallMissingFromOneFrameIsCarriedOn() {
        // x264 leaves a far ball's change out of single frames (5 levels left of 12 in frame
        // 100 of a 1920x1080 sky shot, under what the full-size look takes): the young track
        // looks again in the next frame, within the same narrow gate though its own has grown.
        let gapped = { (n: Int) -> SIMD2<Double>? in n == 3 ? nil : Self.flying(n) }
        let confirmed = run(found: gapped)
        #expect(confirmed.count == 1)
        #expect(confirmed.first.map { $0.points.count >= 10 } == true)
        // Looking only while a young track has missed no frame, it ends there.
        #expect(run(misses: 0, found: gapped).isEmpty)
    }

    @Test func theMostPromisingTracksAskFirst() {
        // Seven chance pairs a frame outnumber the looks a frame allows (six): the object's
        // track, the longest and strongest, asks before them, though it is listed after them
        // (it moved on by its look, after every hypothesis that moved on by a candidate). In
        // the order they were listed, the pairs took every look and it ended (1280x720 25 fps
        // dtl-clean-1, a launch nine points long that x264 had erased for a frame).
        let confirmed = run(chancePairs: 7, found: Self.flying)
        #expect(confirmed.count == 1)
        #expect(confirmed.first.map { $0.points.count >= 10 } == true)
    }

    @Test func anObjectThatStallsIsNotCarriedOn() {
        // A chance chain of candidates gives something a velocity of 4.5 px a frame (frames
        // 0-2); the full-size frame then shows it creeping at a third of that: a walker's head
        // on the horizon, the golfer's arms at rest. (In a 10 s 1920x1080 clip such a chain,
        // rising at 8 px a frame and then slowing to a standstill, drew a second, false shot.)
        let place = { (n: Int) -> SIMD2<Double> in
            SIMD2(460, 230) + (Double(min(n, 2)) + 0.3 * Double(max(n - 2, 0))) * SIMD2(2, -4)
        }
        let seen = { (n: Int) -> SIMD2<Double>? in n < 3 ? place(n) : nil }
        #expect(run(seen: seen, found: place).isEmpty)
        // With any pace allowed, the crawl is followed into a trajectory.
        #expect(!run(pace: 0, seen: seen, found: place).isEmpty)
    }

    @Test func aFindAmongOtherMotionIsLeft() {
        // The club head swinging round against the sky is found as readily as the ball.
        #expect(run(activity: 30, found: Self.flying).isEmpty)
    }
}
