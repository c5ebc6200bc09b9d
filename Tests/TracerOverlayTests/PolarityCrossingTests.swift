import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A ball rising from the ground into a brighter sky is lighter than its background at first and
/// darker after: the same object of one luma, whose sign against the background turns once.
@Suite struct PolarityCrossingTests {
    static let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)

    static func point(polarity: Int8, contrast: Int, background: Int?) -> TrackPoint {
        var c = candidate(x: 0, y: 0, polarity: polarity, contrast: contrast)
        c.background = background
        return TrackPoint(c, time: .zero, t: 0, frame: 0)
    }

    static func candidate(x: Double, y: Double, polarity: Int8, contrast: Int, background: Int? = nil, area: Int = 1) -> BallCandidate {
        var c = BallCandidate(x: x, y: y, radius: 0.6, halfLength: 0.6, area: area, polarity: polarity,
                              peakContrast: contrast, neighbourhoodActivity: 0)
        c.background = background
        return c
    }

    @Test func theSignMayTurnOnlyWhereTheBackgroundCrossesTheObjectsLuma() {
        let lighter = Self.point(polarity: 1, contrast: 10, background: 80)
        // Lighter than 80 by 10 (luma 90 or more), darker than 120 by 8: one luma fits both.
        #expect(BallTracker.crossesBackground(lighter, Self.candidate(x: 0, y: 0, polarity: -1, contrast: 8, background: 120)))
        // The background rose by less than both contrasts together: no luma is both.
        #expect(!BallTracker.crossesBackground(lighter, Self.candidate(x: 0, y: 0, polarity: -1, contrast: 8, background: 95)))
        // It fell: darker than a darker background means a darker object.
        #expect(!BallTracker.crossesBackground(lighter, Self.candidate(x: 0, y: 0, polarity: -1, contrast: 8, background: 50)))
        // Not measured: no licence.
        #expect(!BallTracker.crossesBackground(lighter, Self.candidate(x: 0, y: 0, polarity: -1, contrast: 8)))
        // Darker first, over a bright sky, then lighter over dark trees.
        let darker = Self.point(polarity: -1, contrast: 10, background: 150)
        #expect(BallTracker.crossesBackground(darker, Self.candidate(x: 0, y: 0, polarity: 1, contrast: 8, background: 120)))
        #expect(!BallTracker.crossesBackground(darker, Self.candidate(x: 0, y: 0, polarity: 1, contrast: 8, background: 140)))
        // The same sign is no crossing, and costs nothing either way.
        #expect(!BallTracker.crossesBackground(lighter, Self.candidate(x: 0, y: 0, polarity: 1, contrast: 10, background: 200)))
        let crossing = Self.candidate(x: 0, y: 0, polarity: -1, contrast: 10, background: 120)
        let unexplained = Self.candidate(x: 0, y: 0, polarity: -1, contrast: 10, background: 85)
        #expect(abs(BallTracker.dissimilarity(lighter, crossing)) < 1e-12)
        #expect(abs(BallTracker.dissimilarity(lighter, unexplained) - 0.5) < 1e-12)
    }

    /// The ball's place in frame `n`: rising 20 px a frame, slowing.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(300 + 3 * k, 400 - 20 * k + 0.3 * k * k)
    }

    /// Frame 0 shows the ball lighter than the ground; from frame 1 on it is darker than the sky,
    /// and in frame 1 three specks of the ground's sign lie about as near as it. A young track
    /// of one point keeps three branches: the ball's must be one of them. No local search finds
    /// anything, so a flight confirmed without its first point cannot look back for it.
    func firstFrameOfTheConfirmedFlight(measuringBackground: Bool) -> Int? {
        var tracker = BallTracker(settings: Self.settings)
        for n in 0..<14 {
            let ball = Self.place(n)
            var candidates = [Self.candidate(x: ball.x, y: ball.y, polarity: n == 0 ? 1 : -1, contrast: n == 0 ? 14 : 8,
                                             background: measuringBackground ? (n == 0 ? 80 : 120) : nil)]
            if n == 1 {
                let first = Self.place(0)
                for (dx, dy) in [(30.0, 0.0), (-30.0, 0.0), (0.0, 30.0)] {
                    candidates.append(Self.candidate(x: first.x + dx, y: first.y + dy, polarity: 1, contrast: 20,
                                                     background: measuringBackground ? 80 : nil))
                }
            }
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { _ in nil }
        }
        return tracker.tracks.filter(\.confirmed).map { $0.points[0].frame }.min()
    }

    @Test func aBallRisingIntoABrighterSkyKeepsItsFirstPoint() {
        #expect(firstFrameOfTheConfirmedFlight(measuringBackground: true) == 0)
        // Without the backgrounds the turn of sign ranks the ball's branch behind the specks.
        #expect(firstFrameOfTheConfirmedFlight(measuringBackground: false) == 1)
    }

    /// A flight confirmed over the sky (darker than it) looks back over the ground, where the
    /// ball was lighter: it must look for the sign of its earliest points, not of most of them.
    func lookBack(polarityPoints: Int) -> Int? {
        var settings = Self.settings
        settings.lookBackPolarityPoints = polarityPoints
        var tracker = BallTracker(settings: settings)
        // Lighter over the ground up to frame 5, darker over the sky from frame 6.
        func polarity(_ n: Int) -> Int8 { n < 6 ? 1 : -1 }
        for n in 0..<16 {
            let ball = Self.place(n)
            // Frames 0-2: too near the club to be among the candidates.
            let candidates = n < 3 ? [] : [Self.candidate(x: ball.x, y: ball.y, polarity: polarity(n), contrast: 20)]
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                // Only a look back (a search of an earlier frame) finds the ball, and only with its sign there.
                guard let f = request.frame, f < n, request.polarity == polarity(f) else { return nil }
                let p = Self.place(f)
                return Self.candidate(x: p.x, y: p.y, polarity: polarity(f), contrast: 20, area: 4)
            }
        }
        return tracker.tracks.filter(\.confirmed).map { $0.points[0].frame }.min()
    }

    @Test func aLookBackSeeksTheSignOfTheEarliestPoints() {
        #expect(lookBack(polarityPoints: Self.settings.lookBackPolarityPoints) == 0)
        // By the majority of the first eight points (five of them over the sky) it finds nothing.
        #expect(lookBack(polarityPoints: 8) == 3)
    }
}
