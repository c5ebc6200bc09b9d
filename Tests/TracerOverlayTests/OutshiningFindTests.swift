import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A far ball hanging at its apex is found by local searches alone; a bird passing over it
/// outshines it many times, and a flight that took the bird's finds followed the bird off.
@Suite struct OutshiningFindTests {
    /// The ball's place in frame `n`: 6 px a frame, slowing evenly to a stop at frame 15, then
    /// drifting 0.1 px a frame.
    static func ball(_ n: Int) -> SIMD2<Double> { SpeckBesideFlightTests.place(n) }

    /// The bird's place in frame `n`: crossing the ball's place of frame 24 at 1.2 px a frame.
    static func bird(_ n: Int) -> SIMD2<Double> { ball(24) + SIMD2(1.2 * Double(n - 24), 0) }

    /// Feeds 45 frames: the ball is a candidate (contrast 20) while it moves (frames 0-13);
    /// from then on a local search finds it (contrast 8), or the bird (contrast 300) wherever
    /// the bird lies within the search's gate. Returns the confirmed tracks.
    func run(outshiningContrastRatio: Int) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.outshiningContrastRatio = outshiningContrastRatio
        var tracker = BallTracker(settings: settings)
        func candidate(_ p: SIMD2<Double>, contrast: Int, polarity: Int8 = 1) -> BallCandidate {
            BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: polarity,
                          peakContrast: contrast, neighbourhoodActivity: 0)
        }
        for n in 0..<45 {
            let candidates = n < 14 ? [candidate(Self.ball(n), contrast: 20)] : []
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                guard request.frame == nil, request.motion == nil else { return nil }
                func within(_ p: SIMD2<Double>) -> Bool {
                    let dx = p.x - request.x, dy = p.y - request.y
                    return dx * dx + dy * dy <= request.radius * request.radius
                }
                // The search takes what stands out most in its gate.
                if within(Self.bird(n)) { return candidate(Self.bird(n), contrast: 300) }
                return within(Self.ball(n)) ? candidate(Self.ball(n), contrast: 8) : nil
            }
        }
        return tracker.tracks.filter(\.confirmed)
    }

    /// How many of the track's points lie more than a pixel from the ball.
    func pointsOffTheBall(_ track: Track) -> Int {
        track.points.filter { p in
            let q = Self.ball(p.frame)
            return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() > 1
        }.count
    }

    @Test func aBirdPassingOverAHoveringBallIsNotFollowed() throws {
        let kept = run(outshiningContrastRatio: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000).outshiningContrastRatio)
        #expect(kept.count == 1)
        let track = try #require(kept.first)
        #expect(pointsOffTheBall(track) == 0)
        #expect(track.points.last?.frame == 44, "followed to frame \(track.points.last?.frame ?? -1)")
        // Taking every find, the flight goes off with the bird.
        let taken = try #require(run(outshiningContrastRatio: 1000).first)
        #expect(pointsOffTheBall(taken) >= 5, "off the ball without the rule: \(pointsOffTheBall(taken))")
    }
}
