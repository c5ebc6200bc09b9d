import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A far ball crossing a quiet sky that shows only every other frame at first is followed from
/// its first sighting: its lone first points wait a frame for it instead of moving on to the
/// next frame's specks and ending there. Not so against trees or grass, where such waits gave
/// a bird its first step (``TrackerSettings/loneWaitDarkestBackground``).
@Suite struct LoneWaitTests {
    /// The ball's centre in frame `n` (25 fps, 800x450 analysis frame): 12.5 px a frame across
    /// the sky, rising 5 px a frame and slowing (1920x1080 25 fps sky-dark-ball-2 at the
    /// analysis size).
    static func ball(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(10 + 12.5 * k, 262 - 5 * k + 0.05 * k * k)
    }

    /// The frames that show the ball: 0, 2 and 4, then every frame.
    static func shows(_ n: Int) -> Bool { n >= 4 || n % 2 == 0 }

    /// Feeds 20 frames of the ball (where ``shows(_:)``, 4 levels past the frame's threshold of
    /// 3, like the noise) and `specks` noise specks a frame scattered afresh each frame 90-170 px
    /// around it, all against a background of luma `background` (darker than it, or brighter
    /// for `polarity` +1). Returns the first report of the ball's flight: the frame it came in
    /// and the frame of the flight's first point.
    func firstReport(specks: Int, background: Int = 225, polarity: Int8 = -1,
                     loneWaitCandidateLimit: Int? = nil) -> (frame: Int, firstPoint: Int)? {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5 * (800.0 * 800 + 450 * 450).squareRoot())
        settings.minimumConfirmSpeed = 0.33 * 800
        if let loneWaitCandidateLimit { settings.loneWaitCandidateLimit = loneWaitCandidateLimit }
        var tracker = BallTracker(settings: settings)
        var random = SplitMix64(seed: 7, stream: 1)
        for n in 0..<20 {
            // Within reach of the ball's lone points (a lone point may move 184 px in a frame:
            // its speed is unknown), none nearer than about half that, as in a quiet sky.
            let centre = Self.ball(n)
            var candidates = (0..<specks).map { _ in
                let angle = random.uniform(0...(2 * Double.pi)), distance = random.uniform(90...170)
                return BallCandidate(x: centre.x + distance * cos(angle), y: centre.y + distance * sin(angle), radius: 0.6,
                                     halfLength: 0.6, area: 1, polarity: polarity, peakContrast: 4,
                                     neighbourhoodActivity: 0, background: background)
            }
            if Self.shows(n) {
                let p = Self.ball(n)
                candidates.append(BallCandidate(x: p.x, y: p.y, radius: 0.6, halfLength: 0.6, area: 1, polarity: polarity,
                                                peakContrast: 4, neighbourhoodActivity: 0, background: background))
            }
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 25),
                                          t: Double(n) / 25, noiseThreshold: 3)
            for i in reported {
                let track = tracker.tracks[i]
                let onBall = track.points.allSatisfy { point in
                    let p = Self.ball(point.frame)
                    return abs(point.x - p.x) < 0.5 && abs(point.y - p.y) < 0.5
                }
                if onBall { return (n, track.points[0].frame) }
            }
        }
        return nil
    }

    @Test func aBallSeenEveryOtherFrameInAQuietSkyIsFollowedFromItsFirstSighting() throws {
        // Ten points by frame 11: 0, 2, 4 and 5-11.
        let report = try #require(firstReport(specks: 8))
        #expect(report.firstPoint == 0 && report.frame == 11, "reported in frame \(report.frame) from frame \(report.firstPoint)")
        // Lone points that always moved on lost frames 0 and 2: the flight began at 4, and its
        // tenth point came two frames later.
        let moving = try #require(firstReport(specks: 8, loneWaitCandidateLimit: 0))
        #expect(moving.firstPoint == 4 && moving.frame == 13, "reported in frame \(moving.frame) from frame \(moving.firstPoint)")
    }

    @Test func lonePointsAgainstTreesOrGrassDoNotWait() throws {
        // The same ball, brighter than grass (luma 90) behind it: its lone points move on.
        let report = try #require(firstReport(specks: 8, background: 90, polarity: 1))
        #expect(report.firstPoint == 4 && report.frame == 13, "reported in frame \(report.frame) from frame \(report.firstPoint)")
    }

    @Test func lonePointsInABusyFrameDoNotWait() throws {
        // 24 specks a frame, past the limit of 20: the sky is no longer quiet, and the lone
        // points move on.
        let report = try #require(firstReport(specks: 24))
        #expect(report.firstPoint == 4, "reported in frame \(report.frame) from frame \(report.firstPoint)")
    }
}
