import Testing
import MediaKitLinux
@testable import TracerOverlay

/// How far a window's points may lie off its flight fit grows with how smeared its blobs are.
@Suite struct StreakFitToleranceTests {
    typealias Blob = (x: Double, y: Double, radius: Double, halfLength: Double, axisX: Double, axisY: Double,
                      contrast: Int, activity: Int, polarity: Int8)

    static func track(_ blobs: [Blob], firstFrame: Int, localSearches: Set<Int> = []) -> Track {
        let made = blobs.enumerated().map { i, b in
            var p = TrackPoint(BallCandidate(x: b.x, y: b.y, radius: b.radius, halfLength: b.halfLength, axisX: b.axisX,
                                             axisY: b.axisY, area: 4, polarity: b.polarity, peakContrast: b.contrast,
                                             neighbourhoodActivity: b.activity),
                               time: MediaTime(seconds: Double(firstFrame + i) / 60, preferredTimescale: 600),
                               t: Double(firstFrame + i) / 60, frame: firstFrame + i)
            p.foundByLocalSearch = localSearches.contains(firstFrame + i)
            return p
        }
        var track = Track(point: made[0])
        track.points = made
        return track
    }

    /// The detector's settings for an 800 px analysis frame.
    static var settings: TrackerSettings {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.minimumConfirmSpeed = 0.33 * 800
        return settings
    }

    /// A ball's path down the line in a 1280x720 60 fps clip at 800 px, ten frames from the
    /// third after the strike (its true centres, camera shake included).
    static let path: [(x: Double, y: Double)] = [
        (397.8, 248.9), (396.8, 227.7), (396.6, 211.9), (396.5, 199.7), (396.4, 190.5),
        (396.9, 181.9), (396.9, 174.6), (396.9, 170.2), (396.3, 164.7), (396.9, 161.0),
    ]

    /// The path's blobs with their centres `offset` pixels along it, forward and back in turn,
    /// as a faint streak that breaks up gives them: `halfLength` long, `radius` across.
    static func blobs(offset: Double, radius: Double, halfLength: Double) -> [Blob] {
        path.enumerated().map { i, p in
            (p.x, p.y + (i % 2 == 0 ? offset : -offset), radius, halfLength, 0, 1, 12, 0, 1)
        }
    }

    /// Streaks 8 px long whose centres lie 1.1 px along them, forward and back in turn, off the
    /// ball's: the flight fit lies 1.64 px off, more than the 1.40 px a window of round blobs
    /// this size may, less than the 1.70 px streaks this long may (a faint launch streak
    /// breaks up and the blob found is a piece of it: 1280x720 60 fps dtl-everything-9 took
    /// pieces 5.5 px from the ball's centre and was reported 13 frames after the launch; now 12).
    @Test func streaksWhoseCentresWanderAlongThemAreAFlight() {
        let tracker = BallTracker(settings: Self.settings)
        #expect(tracker.judge(Self.track(Self.blobs(offset: 1.1, radius: 1, halfLength: 4), firstFrame: 75)) == .trajectory)
    }

    /// The same centres as round blobs are no flight: the latitude comes from the smear.
    @Test func roundBlobsAsFarOffAreNot() {
        let tracker = BallTracker(settings: Self.settings)
        #expect(tracker.judge(Self.track(Self.blobs(offset: 1.1, radius: 1, halfLength: 1), firstFrame: 75)) == .notYet)
    }
}
