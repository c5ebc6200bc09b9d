import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A window that ends on two faint points of the other sign is a hypothesis that left its
/// object for specks ahead of it, not yet a flight.
@Suite struct FadedTurnTests {
    /// 640x360 30 fps dtl-everything-72 launched between frames, as the detector judged it: a
    /// dark bird at 6-7 px a frame near the top of the frame, then two light specks of 6 levels
    /// 37 px on over three frames, which made the window quick enough for a launch.
    static let window: [(frame: Int, x: Double, y: Double, contrast: Int, polarity: Int8)] = [
        (9, 101, 20, 43, -1), (10, 107, 20, 100, -1), (11, 113, 20, 107, -1), (12, 120, 21, 68, -1),
        (13, 127, 18, 58, -1), (14, 131, 19, 74, -1), (15, 139, 19, 45, -1), (16, 146, 19, 33, -1),
        (18, 161, 16, 6, 1), (21, 198, 14, 6, 1),
    ]

    static func track(_ points: [(frame: Int, x: Double, y: Double, contrast: Int, polarity: Int8)]) -> Track {
        Track(points: points.map { p in
            TrackPoint(BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: p.polarity,
                                     peakContrast: p.contrast, neighbourhoodActivity: 0),
                       time: MediaTime(seconds: Double(p.frame) / 30, preferredTimescale: 600),
                       t: Double(p.frame) / 30, frame: p.frame)
        })
    }

    static var settings: TrackerSettings { LaunchSpeedTests.settings(width: 640) }

    @Test func aWindowEndingOnFadedSpecksOfTheOtherSignIsNotYetAFlight() {
        #expect(BallTracker(settings: Self.settings).judge(Self.track(Self.window)) == .notYet)
        // Without the rule it passed as a flight.
        var anyEnd = Self.settings
        anyEnd.fadedTurnShare = 0
        #expect(BallTracker(settings: anyEnd).judge(Self.track(Self.window)) == .trajectory)
    }

    /// The same turn keeping half its contrast (a ball crossing onto a background of the other
    /// sign) is judged as before.
    @Test func aTurnThatKeepsItsContrastIsJudgedAsBefore() {
        let kept = Self.window.map { p in p.polarity > 0 ? (p.frame, p.x, p.y, 30, p.polarity) : p }
        #expect(BallTracker(settings: Self.settings).judge(Self.track(kept)) == .trajectory)
    }
}
