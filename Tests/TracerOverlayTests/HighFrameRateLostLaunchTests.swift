import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A 120 fps launch that x264 erases before its twentieth point is kept as a lost launch, and the
/// slow, faint track that finds the ball again takes it up: at 120 fps a struck ball moves half
/// as far a frame as at 60, and the lost launch's step is judged per 60 fps interval.
@Suite struct HighFrameRateLostLaunchTests {
    static let fps = 120.0

    /// The ball's centre in frame `n` of a 480x270 120 fps down-the-line shot (480x270 120 fps
    /// dtl-clean-1's flight to 0.4 px): struck upward, slowing hard as it recedes.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(251 - 68 / (6.25 + k), 57.9 + 1141 / (6.25 + k))
    }

    /// The tracker as the detector sets it for 480x270 frames analysed at 120 fps.
    static func tracker() -> BallTracker {
        let frames = 2
        var settings = TrackerSettings(trajectoryLength: 10 * frames, maxSpeed: 5 * (480.0 * 480 + 270 * 270).squareRoot())
        settings.minimumConfirmSpeed = 0.33 * 480
        settings.framesPerJudgedPoint = frames
        settings.longestUnconfirmedTrack = TrackerSettings.longestUnconfirmedTrack(
            frameInterval: 1 / fps, framesPerReferenceInterval: frames, trajectoryLength: settings.trajectoryLength)
        settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: 1 / fps)
        settings.maxMissesConfirmed = TrackerSettings.maxMissesConfirmedAt60Fps * frames
        return BallTracker(settings: settings)
    }

    /// Feeds the ball as a candidate in frames `launch` and from `resumed` on; returns the frame
    /// of the first report.
    func reportFrame(launch: ClosedRange<Int>, resumed: Int, tracker start: BallTracker = tracker()) -> Int? {
        var tracker = start
        for n in 0..<60 {
            let p = Self.place(n)
            let shown = launch.contains(n) || n >= resumed
            let candidates = shown ? [BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8, area: 3, polarity: 1,
                                                    peakContrast: n <= launch.upperBound ? 60 : 12, neighbourhoodActivity: 0)] : []
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 120),
                                          t: Double(n) / Self.fps) { _ in nil }
            if !reported.isEmpty { return n }
        }
        return nil
    }

    /// Feeds the ball as a candidate in frames 6-14 (bright; before, it is beside the club) unless
    /// `withLaunch` is false, and from frame 24 on (faint); frames 15-23 show nothing (x264
    /// erased it). Returns the first report's frame and track.
    func firstReport(withLaunch: Bool, frames: Int = 80) -> (frame: Int, track: Track)? {
        var tracker = Self.tracker()
        for n in 0..<frames {
            let p = Self.place(n)
            let shown = n < 15 ? withLaunch && n >= 6 : n >= 24
            let candidates = shown ? [BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8, area: 3, polarity: 1,
                                                    peakContrast: n < 15 ? 60 : 12, neighbourhoodActivity: 0)] : []
            let reported = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 120),
                                          t: Double(n) / Self.fps) { _ in nil }
            if let i = reported.first { return (n, tracker.tracks[i]) }
        }
        return nil
    }

    @Test func aLaunchErasedBeforeItsWindowIsTakenUpByTheSlowTrackAfterIt() throws {
        // The launch moves 3-5 px a frame over the last points of any run of six or more (the
        // fewest a lost launch may have at 120 fps), under the 6 a 60 fps launch does.
        for end in 11...14 {
            let a = Self.place(end - 3), b = Self.place(end)
            let step = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / 3
            #expect(step > 3 && step < 6, "frames \(end - 3)-\(end)")
        }
        // Alone, the ball found again is too slow for a launch: nothing is reported.
        #expect(firstReport(withLaunch: false) == nil)
        // With the launch before the gap, the two are one flight, reported from its first frame.
        let report = try #require(firstReport(withLaunch: true))
        #expect(report.track.points.first?.frame == 6)
        #expect(report.frame < 40)
    }

    @Test func aLaunchTakenUpIsJudgedOnceItsPointsFillTenSixtiethsOfASecond() throws {
        // Thirteen launch points (frames 2-14), four frames erased, then the ball again: from
        // frame 23 the points fill ten of the last twelve 60 fps intervals, sixteen points in
        // all, and the flight is reported then, not once it holds twenty (frame 25).
        #expect(reportFrame(launch: 2...14, resumed: 19) == 23)
        // Under three quarters of a window's points it waits, however the intervals are filled.
        var strict = Self.tracker()
        strict.settings.resumedWindowShare = 1
        #expect(reportFrame(launch: 2...14, resumed: 19, tracker: strict) == 25)
    }
}
