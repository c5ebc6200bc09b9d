import Testing
import MediaKitLinux
@testable import TracerOverlay

/// How far a window's points may lie off its flight fit grows with how smeared its blobs are.
@Suite struct StreakFitToleranceTests {
    /// A ball's path down the line in a 1280x720 60 fps clip at 800 px, ten frames from the
    /// third after the strike (its true centres, camera shake included).
    static let path: [(x: Double, y: Double)] = [
        (397.8, 248.9), (396.8, 227.7), (396.6, 211.9), (396.5, 199.7), (396.4, 190.5),
        (396.9, 181.9), (396.9, 174.6), (396.9, 170.2), (396.3, 164.7), (396.9, 161.0),
    ]

    /// The path's blobs with their centres `offset` pixels along it (it runs up the frame),
    /// forward and back in turn, as a faint streak that breaks up gives them: `halfLength`
    /// long, `radius` across, from frame 75 at 60 fps.
    static func track(offset: Double, radius: Double, halfLength: Double) -> Track {
        let points = path.enumerated().map { i, p in
            TrackPoint(BallCandidate(x: p.x, y: p.y + (i % 2 == 0 ? offset : -offset), radius: radius,
                                     halfLength: halfLength, axisX: 0, axisY: 1, area: 4, polarity: 1,
                                     peakContrast: 12, neighbourhoodActivity: 0),
                       time: MediaTime(seconds: Double(75 + i) / 60, preferredTimescale: 600),
                       t: Double(75 + i) / 60, frame: 75 + i)
        }
        return Track(points: points)
    }

    /// Streaks 8 px long whose centres lie 1.1 px along them, forward and back in turn, off the
    /// ball's: the flight fit lies 1.64 px off, more than the 1.40 px a window of round blobs
    /// this size may, less than the 1.70 px streaks this long may (a faint launch streak
    /// breaks up and the blob found is a piece of it: 1280x720 60 fps dtl-everything-9 took
    /// pieces 5.5 px from the ball's centre and was reported 13 frames after the launch; now 12).
    @Test func streaksWhoseCentresWanderAlongThemAreAFlight() {
        let tracker = BallTracker(settings: LaunchSpeedTests.settings)
        #expect(tracker.judge(Self.track(offset: 1.1, radius: 1, halfLength: 4)) == .trajectory)
    }

    /// The same centres as round blobs are no flight: the latitude comes from the smear.
    @Test func roundBlobsAsFarOffAreNot() {
        let tracker = BallTracker(settings: LaunchSpeedTests.settings)
        #expect(tracker.judge(Self.track(offset: 1.1, radius: 1, halfLength: 1)) == .notYet)
    }
}
