import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// Points a trajectory gains before its first reported one: the points a track gathered before
/// its reported window, and those a confirmed flight finds by looking back (the launch frame, a
/// faint start). They travel in `TrajectoryObservation.earlierPoints` and merge by time.
@Suite struct LookBackTests {
    static func time(_ frame: Int) -> MediaTime { MediaTime(value: Int64(frame), timescale: 60) }

    /// An observation of frames `frames` of a rising flight, with `earlier` frames before them.
    /// Its time range starts at `start` (the flight's first point the detector holds), by
    /// default the first point it carries.
    static func observation(_ id: UUID, frames: ClosedRange<Int>, earlier: [Int] = [], start: Int? = nil) -> TrajectoryObservation {
        func place(_ f: Int) -> NormalizedPoint {
            let s = Double(f) / 60
            return NormalizedPoint(x: 0.3 + 0.2 * s, y: 0.9 - 1.2 * s + 0.8 * s * s).topLeftToVision()
        }
        let times = frames.map(time)
        let points = frames.map(place)
        return TrajectoryObservation(uuid: id, detectedPoints: points, detectedTimes: times, projectedPoints: points,
                                     equationCoefficients: .zero, timeFit: TimeQuadraticFit.fit(times: times, points: points),
                                     timeRange: MediaTimeRange(start: time(start ?? earlier.first ?? frames.lowerBound), end: time(frames.upperBound)),
                                     confidence: 0.9, movingAverageRadius: 0.002,
                                     earlierPoints: earlier.map(place), earlierTimes: earlier.map(time))
    }

    @Test func mergingPlacesEarlierPointsBeforeTheFirstInTimeOrder() throws {
        let id = UUID()
        var trajectory = Trajectory(observation: Self.observation(id, frames: 10...17))
        trajectory.merge(Self.observation(id, frames: 11...18, earlier: [6, 7, 8, 9]))
        #expect(trajectory.points.map(\.time) == (6...18).map(Self.time))
        // Converted to top-left like the detected points: the flight rises, so y falls.
        let ys = trajectory.points.map(\.normalized.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 > $1 })
        #expect(abs(ys[0] - (0.9 - 1.2 * 0.1 + 0.8 * 0.01)) < 1e-9)
        // Merging the same points again changes nothing.
        let before = trajectory.points
        trajectory.merge(Self.observation(id, frames: 11...18, earlier: [6, 7]))
        #expect(trajectory.points == before)
    }

    @Test func aRevisedCentreReplacesTheOneHeld() throws {
        let id = UUID()
        var trajectory = Trajectory(observation: Self.observation(id, frames: 10...17))
        var revised = Self.observation(id, frames: 12...18, earlier: [11], start: 10)
        revised.earlierPoints[0] = NormalizedPoint(x: 0.6, y: 0.5)
        trajectory.merge(revised)
        #expect(trajectory.points.map(\.time) == (10...18).map(Self.time))
        #expect(trajectory.points[1].normalized == NormalizedPoint(x: 0.6, y: 0.5).visionToTopLeft())
    }

    /// The detector may take a point off a flight's start after reporting it (a first point
    /// that proved to be the club head coming through): its next observation's time range
    /// starts later, and the point goes from the trajectory.
    @Test func aPointTakenOffTheStartGoes() throws {
        let id = UUID()
        var trajectory = Trajectory(observation: Self.observation(id, frames: 11...18, earlier: [8, 9, 10]))
        #expect(trajectory.points.first?.time == Self.time(8))
        trajectory.merge(Self.observation(id, frames: 12...19, start: 10))
        #expect(trajectory.points.map(\.time) == (10...19).map(Self.time))
        // An observation carrying only its window, its range from the flight's start, keeps
        // every earlier point.
        trajectory.merge(Self.observation(id, frames: 13...20, start: 10))
        #expect(trajectory.points.map(\.time) == (10...20).map(Self.time))
    }

    @Test func aShotTakesPointsFoundBeforeItsFirst() throws {
        let tracker = ShotTracker()
        let id = UUID()
        tracker.update([Self.observation(id, frames: 10...17)], at: Self.time(17))
        let started = try #require(tracker.currentShot)
        #expect(started.trajectory.points.first?.time == Self.time(10))
        #expect(tracker.update([Self.observation(id, frames: 11...18, earlier: [8, 9])], at: Self.time(18)))
        let shot = try #require(tracker.currentShot)
        #expect(shot.trajectory.points.map(\.time) == (8...18).map(Self.time))
    }

    /// Runs a down-the-line clip and returns its truth and the detector's observations.
    static func detect(_ scenario: String, seed: UInt64) throws -> (ClipTruth, [TrajectoryObservation]) {
        let settings = try GroundTruthScenario.named(scenario).settings(seed: seed, width: 480, height: 270,
                                                                        frameRate: 60, duration: 2.5)
        let clip = try GroundTruthClip(settings: settings)
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        var observations: [TrajectoryObservation] = []
        for (frame, _) in clip.frames() { observations += try detector.process(frame) }
        return (clip.truth, observations)
    }

    /// A dark ball's track passes the tests only after more than trajectoryLength points.
    @Test(arguments: [("dtl-noise-jitter", UInt64(1)), ("dtl-dark-ball", UInt64(1))])
    func everyPointIsDeliveredOnceAndTheFirstReportCarriesTheWholeTrack(_ scenario: String, _ seed: UInt64) throws {
        let (_, observations) = try Self.detect(scenario, seed: seed)
        #expect(!observations.isEmpty)
        var seen: [UUID: [MediaTime: NormalizedPoint]] = [:]
        for o in observations {
            let earlier = Set(o.earlierTimes)
            #expect(earlier.count == o.earlierTimes.count)
            #expect(o.earlierTimes == o.earlierTimes.sorted())
            #expect(o.earlierPoints.count == o.earlierTimes.count)
            #expect(earlier.isDisjoint(with: Set(o.detectedTimes)))
            // Never a point an earlier observation carried, unless revised to another place.
            for (time, point) in zip(o.earlierTimes, o.earlierPoints) {
                if let held = seen[o.uuid]?[time] { #expect(held != point, "re-sent unchanged at \(time)") }
            }
            if seen[o.uuid] == nil {
                // The first report starts where the track starts.
                #expect((o.earlierTimes.first ?? o.detectedTimes[0]) == o.timeRange.start)
            }
            for (time, point) in zip(o.earlierTimes + o.detectedTimes, o.earlierPoints + o.detectedPoints) {
                seen[o.uuid, default: [:]][time] = point
            }
            #expect(o.timeRange.start == seen[o.uuid]!.keys.min())
        }
    }

    /// The launch frame, where the ball has just left the club, is too close to the club (and a
    /// dark ball's first frames too faint) to start a track; once the flight is confirmed, the
    /// look back finds the ball there, and stops at the launch: the ball resting on the tee
    /// before it is not part of the flight.
    @Test(arguments: [("dtl-noise-jitter", UInt64(1)), ("dtl-club-walkers", UInt64(2))])
    func theFlightStartsAtTheLaunchFrame(_ scenario: String, _ seed: UInt64) throws {
        let (truth, observations) = try Self.detect(scenario, seed: seed)
        let launch = try #require(truth.launchFrame)
        var flights: [UUID: Trajectory] = [:]
        for o in observations {
            if flights[o.uuid] == nil { flights[o.uuid] = Trajectory(observation: o) } else { flights[o.uuid]!.merge(o) }
        }
        let flight = try #require(flights.values.max { $0.points.count < $1.points.count })
        let first = try #require(flight.points.first)
        let frame = Int((first.time.seconds * truth.frameRate).rounded())
        #expect(frame == launch, "first point at frame \(frame), launch at \(launch)")
        let t = truth.frames[frame]
        let dx = (first.normalized.x - (t.normalizedX ?? -1)) * Double(truth.width)
        let dy = (first.normalized.y - (t.normalizedY ?? -1)) * Double(truth.height)
        #expect((dx * dx + dy * dy).squareRoot() <= DetectionEvaluator.tolerance(for: t, width: truth.width, height: truth.height))
    }

    /// Finds of gap fills in 960x540 30 fps dtl-clean-1, where x264 left a far ball 4-5 levels
    /// for four frames: one or two pixels each, 2.1-2.8 px from the place the flight put it
    /// (and under a pixel from the ball), in gates of 6.3 px. Such finds are taken; a lone
    /// pixel further off in a wide gate is noise and is not.
    @Test func aLonePixelFindIsTakenNearThePlaceTheFlightPutsItsBall() {
        let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        // (area, offset from the place, gate): frames 32, 33, 34.
        func taken(_ area: Int, _ dx: Double, _ dy: Double, gate: Double) -> Bool {
            tracker.takesFind(area: area, offset: (dx, dy), gate: gate)
        }
        for (area, dx, dy) in [(2, -0.11, 2.80), (1, 0.31, 2.08), (1, -0.07, 2.34)] {
            #expect(taken(area, dx, dy, gate: 6.29), "area \(area) at (\(dx), \(dy))")
        }
        #expect(!taken(1, 3.5, 2.5, gate: 6.29))
        #expect(!taken(2, 0, 12, gate: 40))
        // Bigger finds, and any find in a narrow gate, as before.
        #expect(taken(3, 0, 12, gate: 40))
        #expect(taken(1, 4, 3, gate: 5.5))
    }

    @Test func aFarBallX264LeftFaintForFramesIsFollowedThrough() throws {
        let result = try DetectHarness.runEncoded("dtl-clean", seed: 1, width: 960, height: 540, frameRate: 30)
        let figures = DetectHarness.describe("dtl-clean-1 960x540 30 fps", result)
        #expect((result.score.recall ?? 0) >= 0.95, "\(figures)")
        #expect((result.score.precision ?? 0) >= 0.98, "\(figures)")
        #expect((result.score.framesToFirstReport ?? .max) <= 12, "\(figures)")
    }

    /// Streaks a look back found past a frame without a find (contrast, offset from the place,
    /// gate): a dark ball's launch streaks of 2-3 levels lie near the place and are taken
    /// (1280x720 60 fps dtl-dark-ball-1 and -2); traces as faint most of a gate off or beyond it
    /// (1280x720 25 fps dtl-noise-jitter-5, 640x360 30 fps dtl-dark-ball-4) are the club or
    /// x264's ringing and are not; a streak of 4 levels or more is taken wherever it was found.
    @Test func aFaintStreakPastAMissedFrameIsTakenOnlyNearThePlace() {
        let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        func taken(_ contrast: Int, _ dx: Double, _ dy: Double, gate: Double) -> Bool {
            tracker.takesStreakPastGap(contrast: contrast, offset: (dx, dy), gate: gate, motion: nil)
        }
        #expect(taken(2, 0.0, 0.5, gate: 7.9))
        #expect(taken(3, 0.3, -4.5, gate: 10.0))
        #expect(!taken(3, 2.6, -11.6, gate: 13.5))
        #expect(!taken(3, -4.1, -10.4, gate: 8.9))
        #expect(taken(4, 0.3, 9.5, gate: 5.2))
    }

    /// Along the motion the flight predicts, a faint streak past a frame without a find is taken
    /// a quarter of a frame's motion further than across it: 8 s 640x360 30 fps dtl-clean-5's
    /// ball in frame 41, 3 levels, lay 3.5 px back along a path moving 9.1 px a frame, with a
    /// reach of 2.5 px. The same offset across the path is not taken, nor without a motion.
    @Test func aFaintStreakPastAMissedFrameReachesFurtherAlongThePath() {
        let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        let up = SIMD2(0.0, -9.1)
        #expect(tracker.takesStreakPastGap(contrast: 3, offset: (0, 3.5), gate: 4.99, motion: up))
        #expect(tracker.takesStreakPastGap(contrast: 3, offset: (0.5, -4.7), gate: 4.99, motion: up))
        #expect(!tracker.takesStreakPastGap(contrast: 3, offset: (0, 4.9), gate: 4.99, motion: up))
        #expect(!tracker.takesStreakPastGap(contrast: 3, offset: (3.5, 0), gate: 4.99, motion: up))
        #expect(!tracker.takesStreakPastGap(contrast: 3, offset: (0, 3.5), gate: 4.99, motion: nil))
        // A motion along x stretches the reach along x.
        #expect(tracker.takesStreakPastGap(contrast: 2, offset: (3.5, 0), gate: 4.99, motion: SIMD2(9.1, 0)))
        // Never beyond the gate: before its launch frame 480x270 dtl-portrait-5's flight traced
        // back moved 100 px a frame, and a trace of 1 level lay 19 px along it in a gate of 15.
        #expect(!tracker.takesStreakPastGap(contrast: 1, offset: (0, 19), gate: 15, motion: SIMD2(0, -100)))
        #expect(tracker.takesStreakPastGap(contrast: 1, offset: (0, 14), gate: 15, motion: SIMD2(0, -100)))
    }

    /// Past two frames without a find, a find counts only as a clear streak that steps back the
    /// way the flight came to its first point. 1280x720 25 fps dtl-portrait-4: the launch
    /// frame's ball at (360, 845) came from below; something 280 px further below, then rising
    /// back in time as the club swinging down to the tee does, is not the ball.
    @Test func aFindPastTwoMissedFramesGoesOnTheFlightsWay() {
        let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        func streak(_ x: Double, _ y: Double, contrast: Int = 10) -> BallCandidate {
            BallCandidate(x: x, y: y, radius: 1, halfLength: 6, area: 6, polarity: 1, peakContrast: contrast,
                          neighbourhoodActivity: 0)
        }
        func point(_ x: Double, _ y: Double, frame: Int) -> TrackPoint {
            TrackPoint(streak(x, y), time: MediaTime(value: Int64(frame), timescale: 25), t: Double(frame) / 25, frame: frame)
        }
        let flight = [point(360.4, 845.1, frame: 23), point(360.9, 680.9, frame: 24)]
        #expect(tracker.continuesPastTwoMisses(streak(371.2, 1126.6), before: flight))
        // As faint as x264 leaves a ball: not past two missed frames.
        #expect(!tracker.continuesPastTwoMisses(streak(371.2, 1126.6, contrast: 3), before: flight))
        // The next step back rises: the club's way, not the ball's.
        let withIt = [point(371.2, 1126.6, frame: 20)] + flight
        #expect(!tracker.continuesPastTwoMisses(streak(360.7, 1008.8, contrast: 12), before: withIt))
        #expect(tracker.continuesPastTwoMisses(streak(372, 1300, contrast: 12), before: withIt))
    }

    /// Past a frame without a find, a faint trace of change along the motion traced back is no
    /// streak of the ball's: taken, 78.8 px up the path from the launch frame's ball, it let the
    /// look back go on to the frame before the launch (three points off the ball).
    @Test func aFaintTracePastAMissedFrameIsNotTheLaunch() throws {
        let result = try DetectHarness.runEncoded("dtl-noise-jitter", seed: 5, width: 1280, height: 720, frameRate: 25)
        let figures = DetectHarness.describe("dtl-noise-jitter-5 1280x720 25 fps", result)
        #expect(result.score.trajectories == 1, "\(figures)")
        #expect((result.score.precision ?? 0) >= 0.98, "\(figures)")
        #expect((result.score.recall ?? 0) >= 0.95, "\(figures)")
    }

    /// The same for a dark ball: a trace 66 px ahead of its launch, then the ball at rest.
    @Test func aDarkBallsLaunchIsNotTakenFromATraceAheadOfIt() throws {
        let result = try DetectHarness.runEncoded("dtl-dark-ball", seed: 4, width: 640, height: 360, frameRate: 30)
        let figures = DetectHarness.describe("dtl-dark-ball-4 640x360 30 fps", result)
        #expect(result.score.trajectories == 1, "\(figures)")
        #expect((result.score.precision ?? 0) >= 0.98, "\(figures)")
    }
}
