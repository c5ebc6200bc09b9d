import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A confirmed flight whose object slows to a hover (a far ball near its apex): the object is
/// then too slow to be among the frame's candidates, and a faint speck beside it must not take
/// its place when a local search finds the object itself nearer the prediction.
@Suite struct SpeckBesideFlightTests {
    /// The object's place in frame `n`: 6 px a frame, slowing evenly to a stop at frame 15, then
    /// drifting 0.1 px a frame.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(min(n, 15)), drift = Double(max(n - 15, 0))
        return SIMD2(100 + 6 * k - 0.2 * k * k + 0.1 * drift, 300 - 4 * k + 0.4 / 3 * k * k)
    }

    /// Where the speck lies in frame `n`: 2.5 px beside the object.
    static func speck(_ n: Int) -> SIMD2<Double> { place(n) + SIMD2(2.0, 1.5) }

    /// Feeds 30 frames: the object is a candidate (contrast 20) while it moves a pixel a frame or
    /// more (frames 0-13); from frame 14 on only the speck (contrast `speckContrast`) is, and a
    /// local search finds the object (contrast 15) within its gate. Returns the confirmed
    /// tracks.
    func run(speckContrastRatio: Double, speck speckContrast: Int = 5, fillsGapsAtFullSize: Bool = false) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.speckContrastRatio = speckContrastRatio
        settings.fillsGapsAtFullSize = fillsGapsAtFullSize
        var tracker = BallTracker(settings: settings)
        func candidate(_ p: SIMD2<Double>, contrast: Int) -> BallCandidate {
            BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                          peakContrast: contrast, neighbourhoodActivity: 0)
        }
        for n in 0..<30 {
            let candidates = n < 14 ? [candidate(Self.place(n), contrast: 20)] : [candidate(Self.speck(n), contrast: speckContrast)]
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                guard request.frame == nil, request.motion == nil else { return nil }
                let p = Self.place(n), dx = p.x - request.x, dy = p.y - request.y
                guard dx * dx + dy * dy <= request.radius * request.radius else { return nil }
                return candidate(p, contrast: 15)
            }
        }
        return tracker.tracks.filter(\.confirmed)
    }

    /// How many of the track's points from frame 14 on lie more than a pixel from the object.
    func pointsOffTheObject(_ track: Track) -> Int {
        track.points.filter { p in
            let q = Self.place(p.frame)
            return p.frame >= 14 && ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() > 1
        }.count
    }

    @Test func theHoveringObjectIsKeptOverAFaintSpeckBesideIt() throws {
        let confirmed = run(speckContrastRatio: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000).speckContrastRatio)
        #expect(confirmed.count == 1)
        let track = try #require(confirmed.first)
        #expect(track.points.last?.frame == 29, "followed to frame \(track.points.last?.frame ?? -1)")
        #expect(pointsOffTheObject(track) == 0)
        // Without the rule the flight takes the speck, frame after frame.
        let taken = run(speckContrastRatio: 0)
        #expect(taken.count == 1)
        #expect(taken.first.map { pointsOffTheObject($0) >= 5 } == true,
                "off the object without the rule: \(taken.first.map(pointsOffTheObject) ?? -1)")
    }

    @Test func whereFullSizeFramesAreSearchedASpeckAsFaintAsTheBallGivesWay() throws {
        // A speck of 12 against the object's 15: not faint enough for the analysis size's rule,
        // but where the object is measured in the full-size frames, its own find is preferred.
        let defaults = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        let kept = run(speckContrastRatio: defaults.speckContrastRatio, speck: 12, fillsGapsAtFullSize: true)
        let track = try #require(kept.first)
        #expect(kept.count == 1)
        #expect(pointsOffTheObject(track) == 0)
        let taken = run(speckContrastRatio: defaults.speckContrastRatio, speck: 12)
        #expect(taken.first.map { pointsOffTheObject($0) >= 5 } == true,
                "off the object at the analysis size: \(taken.first.map(pointsOffTheObject) ?? -1)")
    }
}
