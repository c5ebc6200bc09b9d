import Testing
import MediaKitLinux
@testable import TracerOverlay

/// How long a young track may go without passing the trajectory tests: as long a time as 30
/// points at 60 fps, at any frame rate, but never fewer points than a few windows' worth.
@Suite struct UnconfirmedTrackLimitTests {
    func limit(fps: Double, framesPerReferenceInterval: Int = 1, trajectoryLength: Int = 10) -> Int {
        TrackerSettings.longestUnconfirmedTrack(frameInterval: 1 / fps, framesPerReferenceInterval: framesPerReferenceInterval,
                                                trajectoryLength: trajectoryLength)
    }

    @Test func theLimitIsHalfASecondOfFrames() {
        #expect(limit(fps: 60) == 30)
        #expect(limit(fps: 59.94) == 30)
        #expect(limit(fps: 50) == 25)
        #expect(limit(fps: 30) == 15)
        // Above 60 fps each judged point stands for whole 60 fps intervals.
        #expect(limit(fps: 120, framesPerReferenceInterval: 2, trajectoryLength: 20) == 60)
        #expect(limit(fps: 240, framesPerReferenceInterval: 4, trajectoryLength: 40) == 120)
    }

    @Test func aFewWindowsFitAtAnyFrameRate() {
        #expect(limit(fps: 25) == 15)
        #expect(limit(fps: 24) == 15)
        #expect(limit(fps: 60, trajectoryLength: 30) == 35)
    }

    /// A detector that has analysed eight blank frames `fps` a second apart: enough to have
    /// measured the frame rate and set the tracker from it.
    static func detector(afterFramesAt fps: Double) throws -> TrajectoryDetector {
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        for i in 0..<8 {
            let frame = try VideoFrame(width: 320, height: 180, pixelFormat: .gray8,
                                       time: MediaTime(seconds: Double(i) / fps, preferredTimescale: 600_000))
            _ = try detector.process(frame)
        }
        return detector
    }

    @Test func theDetectorSetsTheLimitFromTheFrameRate() throws {
        for (fps, expected) in [(30.0, 15), (60.0, 30), (120.0, 60)] {
            let detector = try Self.detector(afterFramesAt: fps)
            #expect(detector.tracker.settings.longestUnconfirmedTrack == expected, "\(fps) fps")
        }
    }
}

/// How many points an unconfirmed track that ran out of misses needs to be kept as a lost
/// launch: as long a time as six points at 60 fps, and never fewer than four.
@Suite struct LostLaunchMinimumTests {
    @Test func theMinimumSpansTheSameTime() {
        let points = { (fps: Double) in TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1 / fps) }
        #expect(points(60) == 6 && points(59.94) == 6 && points(120) == 6)
        #expect(points(50) == 6)
        #expect(points(30) == 4 && points(29.97) == 4)
        #expect(points(25) == 4 && points(24) == 4)
    }

    /// The launch of 640x360 30 fps dtl-clean-1: four points slowing hard as the ball recedes.
    static func launch(contrast: Int) -> Track {
        var track = Track.confirmed(onVerticalLineAt: 330, heights: [317, 225, 184, 161], frameRate: 30, firstFrame: 27)
        track.confirmed = false
        for i in track.points.indices { track.points[i].contrast = contrast }
        return track
    }

    @Test func fourPointsStandingOutAreALostLaunchAt30Fps() {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        tracker.settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1.0 / 30)
        #expect(tracker.isLostLaunch(Self.launch(contrast: 20)))
        // As faint as the specks of noise that chain into hundreds of fast four-point tracks.
        #expect(!tracker.isLostLaunch(Self.launch(contrast: 8)))
        // At 60 fps four points are too few, however clear.
        tracker.settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1.0 / 60)
        #expect(!tracker.isLostLaunch(Self.launch(contrast: 20)))
    }

    @Test func theDetectorSetsTheMinimumFromTheFrameRate() throws {
        for (fps, expected) in [(30.0, 4), (60.0, 6)] {
            let detector = try UnconfirmedTrackLimitTests.detector(afterFramesAt: fps)
            #expect(detector.tracker.settings.lostLaunchMinimumPoints == expected, "\(fps) fps")
        }
    }
}
