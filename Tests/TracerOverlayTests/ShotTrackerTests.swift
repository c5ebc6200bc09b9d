import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// Choosing, merging, bridging and ending shots.
@Suite struct ShotTrackerTests {
    static let fps: Int32 = 60

    static func time(_ frame: Int) -> MediaTime { MediaTime(value: Int64(frame), timescale: fps) }

    /// An observation holding frames `range` of a flight `position(t)` (top-left), as the detector
    /// reports it (Vision space, last `length` points, its time range from the flight's start).
    static func observation(_ id: UUID, frames range: ClosedRange<Int>, length: Int = 8, confidence: Float = 0.9,
                            position: (Double) -> NormalizedPoint) -> TrajectoryObservation {
        let frames = Array(range.suffix(length))
        let times = frames.map { time($0) }
        let topLeft = frames.map { position(Double($0) / Double(fps)) }
        let vision = topLeft.map { $0.topLeftToVision() }
        let fit = TimeQuadraticFit.fit(times: times, points: vision)
        return TrajectoryObservation(uuid: id, detectedPoints: vision, detectedTimes: times, projectedPoints: vision,
                                     equationCoefficients: .zero, timeFit: fit,
                                     timeRange: MediaTimeRange(start: time(range.lowerBound), end: times[times.count - 1]),
                                     confidence: confidence, movingAverageRadius: 2)
    }

    /// A ball launched at `launch` seconds from (0.5, 0.9), rising.
    static func flight(launch: Double) -> (Double) -> NormalizedPoint {
        { t in
            let s = t - launch
            return NormalizedPoint(x: 0.5 + 0.1 * s, y: 0.9 - 1.6 * s + 0.9 * s * s)
        }
    }

    /// Feeds frames `range`: for each, the observations `make(frame)` returns.
    static func feed(_ tracker: ShotTracker, _ range: ClosedRange<Int>, _ make: (Int) -> [TrajectoryObservation]) {
        for frame in range { tracker.update(make(frame), at: time(frame)) }
    }

    @Test func picksTheFlightLeavingTheMarkerOverAMoreConfidentDistractor() {
        let tracker = ShotTracker(settings: ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9)))
        let ball = UUID(), bird = UUID(), falling = UUID()
        let launch = 0.5
        Self.feed(tracker, 38...60) { frame in
            [Self.observation(ball, frames: 31...frame, position: Self.flight(launch: launch)),
             // A bird high in the sky, more confident, flying sideways.
             Self.observation(bird, frames: 20...frame, confidence: 0.99) { t in NormalizedPoint(x: 0.1 + 0.2 * t, y: 0.2 + 0.01 * t) },
             // Something dropping near the marker (not rising first).
             Self.observation(falling, frames: 25...frame, confidence: 0.99) { t in NormalizedPoint(x: 0.52, y: 0.3 + 0.5 * t) }]
        }
        #expect(tracker.shots.count == 1)
        let shot = tracker.shots[0]
        #expect(shot.id == ball)
        // Every frame of the flight exactly once, in order, converted to top-left.
        #expect(shot.trajectory.points.map(\.time) == (31...60).map { Self.time($0) })
        let expected = Self.flight(launch: launch)(Self.time(45).seconds)
        let got = shot.trajectory.points[45 - 31].normalized
        #expect(abs(got.x - expected.x) < 1e-12 && abs(got.y - expected.y) < 1e-12)
    }

    @Test func bridgesAUUIDSplitOfTheSameFlight() {
        let tracker = ShotTracker(settings: ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9)))
        let first = UUID(), second = UUID()
        let path = Self.flight(launch: 0.5)
        Self.feed(tracker, 38...50) { [Self.observation(first, frames: 31...$0, position: path)] }
        // The detector lost the ball for 3 frames and restarted with a new uuid.
        Self.feed(tracker, 51...61) { frame in frame < 61 ? [] : [Self.observation(second, frames: 54...61, position: path)] }
        Self.feed(tracker, 62...70) { [Self.observation(second, frames: 54...$0, position: path)] }
        #expect(tracker.shots.count == 1)
        #expect(tracker.shots[0].observationIDs == [first, second])
        #expect(tracker.shots[0].trajectory.points.count == (50 - 31 + 1) + (70 - 54 + 1))
    }

    @Test func aDuplicateReportOfTheFlightJoinsTheShot() {
        let tracker = ShotTracker(settings: ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9)))
        let ball = UUID(), duplicate = UUID()
        let path = Self.flight(launch: 0.5)
        Self.feed(tracker, 38...60) { frame in
            [Self.observation(ball, frames: 31...frame, position: path),
             Self.observation(duplicate, frames: 31...min(frame, 45), confidence: 0.6, position: path)]
        }
        #expect(tracker.shots.count == 1)
        #expect(Set(tracker.shots[0].observationIDs) == [ball, duplicate])
        #expect(tracker.shots[0].trajectory.points.map(\.time) == (31...60).map { Self.time($0) })
    }

    @Test func aFlightPointingBackAtTheMarkerReplacesAFalseStart() {
        let tracker = ShotTracker(settings: ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9)))
        let club = UUID(), ball = UUID()
        // The club head rises past the ball first, off to the side of the ball's path.
        let clubPath = { (t: Double) in NormalizedPoint(x: 0.42 - 0.4 * (t - 0.4), y: 0.78 - 0.9 * (t - 0.4)) }
        Self.feed(tracker, 32...36) { [Self.observation(club, frames: 24...$0, position: clubPath)] }
        #expect(tracker.shots.map(\.id) == [club])
        // The ball, reported from frame 31 on, points back at the marker exactly.
        Self.feed(tracker, 37...50) { frame in
            [Self.observation(club, frames: 24...min(frame, 40), position: clubPath),
             Self.observation(ball, frames: 31...frame, confidence: 0.8, position: Self.flight(launch: 0.5))]
        }
        #expect(tracker.shots.map(\.id) == [ball])
    }

    @Test func aSlowObjectFarFromTheMarkerIsNoLaunch() {
        let tracker = ShotTracker(settings: ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9)))
        // Rising slowly on a line through the marker, but 0.5 away: it would need 1.2 s to get there.
        let slow = Self.observation(UUID(), frames: 10...20) { t in NormalizedPoint(x: 0.5, y: 0.4 - 0.4 * t) }
        #expect(tracker.launchMiss(Trajectory(observation: slow)) == nil)
        let fast = Self.observation(UUID(), frames: 10...20) { t in NormalizedPoint(x: 0.5, y: 0.4 - 1.2 * (t - 10.0 / 60)) }
        #expect(tracker.launchMiss(Trajectory(observation: fast)) != nil)
    }

    @Test func doesNotBridgeAnotherPathAndEndsTheShotAfterTheQuietTime() {
        var settings = ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9))
        settings.quietTime = MediaTime(value: 1, timescale: 2)
        let tracker = ShotTracker(settings: settings)
        let ball = UUID(), other = UUID()
        Self.feed(tracker, 38...50) { [Self.observation(ball, frames: 31...$0, position: Self.flight(launch: 0.5))] }
        Self.feed(tracker, 51...60) { frame in
            [Self.observation(other, frames: 51...max(frame, 53)) { t in NormalizedPoint(x: 0.9 - 0.1 * t, y: 0.5 - 0.2 * t) }]
        }
        #expect(tracker.shots.count == 1)
        #expect(tracker.shots[0].observationIDs == [ball])
        #expect(tracker.currentShot != nil)
        Self.feed(tracker, 61...79) { _ in [] }
        #expect(tracker.currentShot != nil)     // 29 frames < 30 frames of quiet
        Self.feed(tracker, 80...80) { _ in [] }
        #expect(tracker.currentShot == nil)
        #expect(tracker.shots[0].endTime == Self.time(80))
    }

    @Test func severalShotsInOneRecording() {
        var settings = ShotTrackerSettings(marker: NormalizedPoint(x: 0.5, y: 0.9))
        settings.quietTime = MediaTime(value: 1, timescale: 2)
        let tracker = ShotTracker(settings: settings)
        let a = UUID(), b = UUID(), c = UUID()
        Self.feed(tracker, 38...60) { [Self.observation(a, frames: 31...$0, position: Self.flight(launch: 0.5))] }
        Self.feed(tracker, 61...130) { _ in [] }
        Self.feed(tracker, 158...170) { [Self.observation(b, frames: 151...$0, position: Self.flight(launch: 2.5))] }
        // A third swing while the second ball is still being traced: a new launch from the marker.
        Self.feed(tracker, 178...190) { frame in
            [Self.observation(c, frames: 171...frame, position: Self.flight(launch: 2.85))]
        }
        #expect(tracker.shots.map(\.id) == [a, b, c])
        #expect(tracker.shots[0].isFinished && tracker.shots[1].isFinished && !tracker.shots[2].isFinished)
        #expect(tracker.shots[1].trajectory.points.last!.time == Self.time(170))
    }

    @Test func withoutAMarkerAFlightMustStartLowInThePicture() {
        let tracker = ShotTracker()
        let high = UUID(), low = UUID()
        Self.feed(tracker, 10...20) { [Self.observation(high, frames: 3...$0) { t in NormalizedPoint(x: 0.3, y: 0.2 - 0.1 * t) }] }
        #expect(tracker.shots.isEmpty)
        Self.feed(tracker, 38...45) { [Self.observation(low, frames: 31...$0, position: Self.flight(launch: 0.5))] }
        #expect(tracker.shots.map(\.id) == [low])
    }

    @Test func severalShotsInOneRecordedVideo() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3, 1.6], duration: 2.8, path: dir + "/clip.mp4")
        var options = LiveShotOptions()
        options.alignment = Alignment(marker: TracerTestMedia.syntheticMarker)
        options.tracker.quietTime = MediaTime(value: 1, timescale: 2)
        let result = try LiveShotPipeline(input: dir + "/clip.mp4", options: options).run()
        #expect(result.shots.count == 2)
        guard result.shots.count == 2 else { return }
        let starts = result.shots.map { $0.trajectory.points[0].time.seconds }
        let ends = result.shots.map { $0.trajectory.points.last!.time.seconds }
        #expect(starts[0] >= 0.3 && starts[0] < 0.5 && ends[0] < 1.6, "first shot \(starts[0])-\(ends[0]) s")
        #expect(starts[1] >= 1.6 && starts[1] < 1.8, "second shot from \(starts[1]) s")
        // The first tracer shows until the second shot starts, then only the second.
        let second = result.shots[1].trajectory.points
        let before = result.timeline.paths(at: second[0].time - MediaTime(value: 1, timescale: 60))
        #expect(before.count == 1 && before[0].points.first?.normalized == result.shots[0].trajectory.points[0].normalized)
        // Once the second flight is reported, its tracer replaces the first.
        let last = result.timeline.paths(at: result.lastFrameTime)
        #expect(last.count == 1 && last[0].points.filter { !$0.extrapolated }.map(\.normalized) == second.map(\.normalized))
    }
}
