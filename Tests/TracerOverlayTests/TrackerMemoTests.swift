import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The tracker remembers its answers (``ContinuationMemo``, ``FlightFitMemo``): asked about
/// tracks that differ only where a careless key would not look, it must answer as a fresh
/// tracker does.
@Suite struct TrackerMemoTests {
    static let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)

    /// A track at 60 fps through `points` (frame, x, y), all with one uuid.
    static func track(_ points: [(frame: Int, x: Double, y: Double)], uuid: UUID, confirmed: Bool) -> Track {
        let made = points.map { p in
            TrackPoint(BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                     peakContrast: 20, neighbourhoodActivity: 0),
                       time: MediaTime(seconds: Double(p.frame) / 60, preferredTimescale: 600), t: Double(p.frame) / 60,
                       frame: p.frame)
        }
        var track = Track(points: made)
        track.uuid = uuid
        track.confirmed = confirmed
        return track
    }

    @Test func aContinuationIsAnsweredForTheTracksAsked() {
        let uuid = TrackIdentifier.make()
        // A flight rising 10 px a frame, and one arriving at the same last point diagonally:
        // same uuid, same count, same last point.
        var rising: [(frame: Int, x: Double, y: Double)] = [], slanting: [(frame: Int, x: Double, y: Double)] = []
        for k in 0..<10 {
            let y = 400 - 10 * Double(k)
            rising.append((k, 400, y))
            slanting.append((k, 400 + 10 * Double(9 - k), y))
        }
        let straight = Self.track(rising, uuid: uuid, confirmed: true)
        let diagonal = Self.track(slanting, uuid: uuid, confirmed: true)
        // Found again two frames on, rising on; and one whose third point turns aside.
        let onward = Self.track([(12, 400, 280), (13, 400, 270), (14, 400, 260)], uuid: TrackIdentifier.make(), confirmed: false)
        let aside = Self.track([(12, 400, 280), (13, 400, 270), (14, 440, 262)], uuid: TrackIdentifier.make(), confirmed: false)
        let questions: [(old: Track, young: Track)] = [(straight, onward), (straight, aside), (diagonal, onward), (diagonal, aside)]
        var fresh: [Bool] = []
        for q in questions { fresh.append(BallTracker(settings: Self.settings).continues(q.old, with: q.young)) }
        // The questions tell the tracks apart: a memo keyed on less would repeat a wrong answer.
        #expect(fresh == [true, false, false, false])
        let remembering = BallTracker(settings: Self.settings)
        for _ in 0..<2 {
            var answers: [Bool] = []
            for q in questions { answers.append(remembering.continues(q.old, with: q.young)) }
            #expect(answers == fresh)
        }
    }

    @Test func aPredictionFitsTheWindowAsked() throws {
        let uuid = TrackIdentifier.make()
        // Two young tracks with the same count and last point, one curving, one straight: the
        // flight fit of each window differs only in its earlier points.
        var bent: [(frame: Int, x: Double, y: Double)] = [], level: [(frame: Int, x: Double, y: Double)] = []
        for k in 0..<8 {
            let u = Double(k), back = Double(7 - k)
            bent.append((k, 300 + 14 * u, 400 - 30 * u + 1.5 * u * u))
            level.append((k, 398 - 14 * back, 263.5 + 19.5 * back))
        }
        let curving = Self.track(bent, uuid: uuid, confirmed: false)
        let straight = Self.track(level, uuid: uuid, confirmed: false)
        #expect(curving.points[7].x == straight.points[7].x && curving.points[7].y == straight.points[7].y)
        let t = 9.0 / 60
        let remembering = BallTracker(settings: Self.settings)
        for track in [curving, straight, curving, straight] {
            let expected = try #require(BallTracker(settings: Self.settings).predict(track, t: t))
            let remembered = try #require(remembering.predict(track, t: t))
            #expect(remembered.x == expected.x && remembered.y == expected.y && remembered.gate == expected.gate)
        }
        let a = try #require(remembering.predict(curving, t: t))
        let b = try #require(remembering.predict(straight, t: t))
        #expect(abs(a.y - b.y) > 5)
    }
}
