import MediaKitLinux
import Testing
@testable import TracerOverlay

/// The receding straight flight a look back traces a young down-the-line track back on.
@Suite struct RecedingLineFitTests {
    static let recession = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000).lookBackRecession

    /// The true centres of a generated shot struck down the line at 640x360 30 fps, by frame
    /// from the launch: its image slows from 95 px a frame to 10 within five frames.
    static let shot: (frames: [FrameTruth], launch: Int) = {
        let settings = try! GroundTruthScenario.named("dtl-clean").settings(seed: 1, width: 640, height: 360, frameRate: 30, duration: 3)
        let truth = try! GroundTruthClip(settings: settings).truth
        return (truth.frames, truth.launchFrame!)
    }()

    static func truth(_ k: Int) -> (t: Double, x: Double, y: Double) {
        let f = shot.frames[shot.launch + k]
        return (f.time, f.x!, f.y!)
    }

    static func points(_ ks: ClosedRange<Int>) -> [TrackPoint] {
        ks.map { k in
            let s = truth(k)
            return TrackPoint(BallCandidate(x: s.x, y: s.y, radius: 1, halfLength: 1, area: 3, polarity: -1, peakContrast: 30,
                                            neighbourhoodActivity: 0),
                              time: MediaTime(seconds: s.t, preferredTimescale: 600), t: s.t, frame: shot.launch + k)
        }
    }

    static func miss(_ p: (x: Double, y: Double), _ k: Int) -> Double {
        let s = truth(k)
        return ((p.x - s.x) * (p.x - s.x) + (p.y - s.y) * (p.y - s.y)).squareRoot()
    }

    @Test func aRecedingLaunchIsTracedBackToItsFirstFrames() throws {
        let later = Self.points(4...9)
        let fit = try #require(RecedingLineFit.fit(count: later.count) { (later[$0].t, later[$0].x, later[$0].y) })
        #expect(fit.rmsResidual < 0.5)
        #expect(fit.recession > 0.5)
        let quadratic = QuadraticFit.fitPair(count: later.count) { (later[$0].t, later[$0].x, later[$0].y) }
        // From its fifth frame back to its second, where it moved 95 px and then 41: a parabola
        // in time puts it 15-42 px short.
        for k in 1...3 {
            let t = Self.truth(k).t
            let p = try #require(fit.point(at: t))
            let q = (x: quadratic.0.value(at: t), y: quadratic.1.value(at: t))
            #expect(Self.miss(p, k) < 0.25 * Self.miss(q, k), "frame \(k) after the launch")
        }
        #expect(try Self.miss(#require(fit.point(at: Self.truth(2).t)), 2) < 2)
    }

    /// The look back's place two frames before a young track of six points lies within its
    /// gate where the track recedes; the constant-acceleration fit's lies outside its own.
    @Test func theLookBackPlacesARecedingBallOnTheRecedingFlight() throws {
        let later = Self.points(4...9)
        let t = Self.truth(2).t
        let receding = try #require(BackFlight(later, recedingFrom: Self.recession)?.place(at: t))
        #expect(Self.miss((receding.x, receding.y), 2) <= receding.gate)
        let parabola = try #require(BackFlight(later)?.place(at: t))
        #expect(Self.miss((parabola.x, parabola.y), 2) > parabola.gate)
    }

    /// A flight across the sky keeps its depth: the constant-acceleration fit still places it.
    @Test func aFlightAcrossTheSkyIsNotTakenForARecedingOne() throws {
        func across(_ t: Double) -> (x: Double, y: Double) {
            let x = 100 + 300 * t
            let y = 200 - 240 * t + 100 * t * t
            return (x, y)
        }
        let points = (0...5).map { f -> TrackPoint in
            let t = Double(f) / 30, p = across(t)
            let candidate = BallCandidate(x: p.x, y: p.y, radius: 1, halfLength: 1, area: 3, polarity: -1, peakContrast: 30,
                                          neighbourhoodActivity: 0)
            return TrackPoint(candidate, time: MediaTime(seconds: t, preferredTimescale: 600), t: t, frame: f)
        }
        let t = -2.0 / 30, truth = across(t)
        let place = try #require(BackFlight(points, recedingFrom: Self.recession)?.place(at: t))
        #expect(abs(place.x - truth.x) < 1e-6)
        #expect(abs(place.y - truth.y) < 1e-6)
    }
}
