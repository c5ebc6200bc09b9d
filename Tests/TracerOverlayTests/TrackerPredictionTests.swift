import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Where a confirmed track looks for its ball after a missed frame.
@Suite struct TrackerPredictionTests {
    /// A track through `points` (its candidates as ``candidate(_:_:contrast:)`` makes them),
    /// confirmed unless `confirmed` is false.
    static func track(_ points: [(frame: Int, x: Double, y: Double, contrast: Int)], frameRate: Double = 60,
                      confirmed: Bool = true) -> Track {
        let made = points.map { p in
            TrackPoint(candidate(p.x, p.y, contrast: p.contrast),
                       time: MediaTime(seconds: Double(p.frame) / frameRate, preferredTimescale: 600), t: Double(p.frame) / frameRate,
                       frame: p.frame)
        }
        var track = Track(points: made)
        track.confirmed = confirmed
        return track
    }

    /// A tracker with a 10-point window and no speed limit to speak of.
    static func tracker() -> BallTracker {
        BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
    }

    /// A small, bright candidate at (`x`, `y`) with peak contrast `contrast`.
    static func candidate(_ x: Double, _ y: Double, contrast: Int) -> BallCandidate {
        BallCandidate(x: x, y: y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1, peakContrast: contrast,
                      neighbourhoodActivity: 0)
    }

    /// A far ball slowing down the line towards its apex, as tracked at 800 px in a 1280x720
    /// clip re-encoded by x264 (medium, CRF 14): 2-3 px a frame, its last centre 1.5 px ahead of
    /// the ball. It is missed in frame 76; two frames on it must be sought where a slow ball
    /// goes. The fast-flight model, chosen because the distance to cover over two frames looked
    /// fast, put it 5 px ahead, outside its 4 px gate, and the flight was lost for good (the
    /// clip's recall 0.16; 0.95 since).
    @Test func aSlowBallCoastingOverAMissedFrameIsSoughtWhereItGoes() throws {
        let tracker = Self.tracker()
        let track = Self.track([(64, 416.5, 169.5, 7), (65, 416.9, 164.5, 7), (66, 416.9, 159.5, 9), (67, 417.0, 155.5, 6),
                                (68, 417.5, 152.5, 13), (69, 417.5, 149.5, 7), (70, 417.8, 146.6, 5), (71, 417.8, 144.1, 5),
                                (72, 417.5, 141.5, 5), (73, 418.0, 139.5, 6), (74, 417.8, 137.8, 4), (75, 418.1, 134.5, 3)])
        // The ball's true centres in frames 76 to 78.
        for (frame, y) in [(76, 134.4), (77, 132.9), (78, 131.4)] {
            let prediction = try #require(tracker.predict(track, t: Double(frame) / 60))
            let dx = prediction.x - 418.1, dy = prediction.y - y
            #expect((dx * dx + dy * dy).squareRoot() <= 0.8 * prediction.gate,
                    "frame \(frame): predicted (\(prediction.x), \(prediction.y)) gate \(prediction.gate)")
        }
    }

    /// A ball just struck down the line in a 1280x720 25 fps clip (noise and jitter), its three
    /// first points at 800 px: 61 then 40 px a frame, slowing as it recedes. In the next frame
    /// it is 26 px on, and a speck of noise lies where a straight line would put it; the
    /// track's branches went to the specks, and the flight was never found.
    @Test func aFastYoungTrackSlowingDownTheLineIsSoughtWhereItSlowsTo() throws {
        let tracker = Self.tracker()
        let track = Self.track([(31, 405.6, 275.6, 12), (32, 407.5, 214.6, 16), (33, 410.0, 174.8, 13)], frameRate: 25, confirmed: false)
        let prediction = try #require(tracker.predict(track, t: 34.0 / 25))
        let ball = try #require(tracker.matchCost(track, prediction, Self.candidate(411.2, 148.8, contrast: 12), t: 34.0 / 25))
        let speck = try #require(tracker.matchCost(track, prediction, Self.candidate(414.5, 135.5, contrast: 5), t: 34.0 / 25))
        #expect(ball < speck, "ball \(ball), speck \(speck); predicted (\(prediction.x), \(prediction.y))")
        // A track as fast that keeps its speed (a ball crossing the sky) is still sought ahead.
        let steady = Self.track([(31, 405.6, 275.6, 12), (32, 407.5, 214.6, 16), (33, 409.4, 153.6, 13)], frameRate: 25)
        let ahead = try #require(tracker.predict(steady, t: 34.0 / 25))
        #expect(abs(ahead.y - 92.6) < 1, "predicted \(ahead.y)")
        // Over 60 fps frames the straight line is kept: there a ball's steps shrink little.
        let fast = Self.track([(31, 405.6, 275.6, 12), (32, 407.5, 214.6, 16), (33, 410.0, 174.8, 13)], frameRate: 60)
        let straight = try #require(tracker.predict(fast, t: 34.0 / 60))
        #expect(abs(straight.y - 135.0) < 1, "predicted \(straight.y)")
    }

    /// A ball struck down the line in a 960x540 30 fps clip (seed 6, the club and walkers), its
    /// first four points at 800 px: 105 px a frame, then 54, then 29, halving as it recedes.
    /// In the next frame it turns from brighter than the ground to darker than the sky at a
    /// sixth of its contrast and is missed. Two frames on, a straight line put it 28 px past
    /// the ball, outside its gate; the hypothesis lost it to one that had begun on the club,
    /// and the shot was never found. A young track this long is sought where it slows to, as
    /// a three-point one is; a speck where the straight line goes no longer outranks the ball.
    @Test func aFourPointLaunchSlowingHardIsSoughtWhereItSlowsToOverAMissedFrame() throws {
        let tracker = Self.tracker()
        var track = Self.track([(27, 401.0, 383.0, 30), (28, 411.0, 278.0, 13), (29, 416.0, 225.0, 14),
                                (30, 419.0, 195.0, 32)], frameRate: 30, confirmed: false)
        let t = 32.0 / 30
        let prediction = try #require(tracker.predict(track, t: t))
        // The ball's centre two frames on.
        let ball = tracker.matchCost(track, prediction, Self.candidate(422.4, 163.5, contrast: 13), t: t)
        #expect(ball != nil, "predicted (\(prediction.x), \(prediction.y)) gate \(prediction.gate)")
        let straightOn = tracker.matchCost(track, prediction, Self.candidate(424.6, 135.5, contrast: 13), t: t)
        #expect(straightOn == nil || ball! < straightOn!, "ball \(String(describing: ball)), straight on \(String(describing: straightOn))")
        // A confirmed flight this long keeps its own models: nothing changes for it.
        track.confirmed = true
        let confirmed = try #require(tracker.predict(track, t: t))
        #expect(abs(confirmed.y - prediction.y) > 10, "confirmed \(confirmed.y), young \(prediction.y)")
    }

    /// The first two points of a ball struck down the line in a 1280x720 24-25 fps clip, at 800
    /// px: a 79 px step, then, as it recedes, one of 37. The straight line put it 42 px past its
    /// next image, outside the gate, and the flight was never found; the place it would reach
    /// at half its speed is asked as well. A speck where the straight line goes still matches
    /// (a ball crossing the sky keeps its speed), and over 60 fps frames nothing changes.
    @Test func aTwoPointLaunchIsAlsoSoughtWhereItWouldBeAtHalfItsSpeed() throws {
        let tracker = Self.tracker()
        let track = Self.track([(23, 406.3, 316.8, 21), (24, 411.9, 237.9, 27)], frameRate: 25, confirmed: false)
        let t = 25.0 / 25
        let prediction = try #require(tracker.predict(track, t: t))
        let ball = tracker.matchCost(track, prediction, Self.candidate(414.5, 200.7, contrast: 40), t: t)
        #expect(ball != nil, "predicted (\(prediction.x), \(prediction.y)) gate \(prediction.gate)")
        let ahead = tracker.matchCost(track, prediction, Self.candidate(417.5, 159.0, contrast: 27), t: t)
        #expect(ahead != nil)
        // Where neither guess goes (well short of half the speed): no match.
        #expect(tracker.matchCost(track, prediction, Self.candidate(413.0, 222.0, contrast: 27), t: t) == nil)

        let fast = Self.track([(23, 406.3, 316.8, 21), (24, 411.9, 237.9, 27)], frameRate: 60, confirmed: false)
        let straight = try #require(tracker.predict(fast, t: 25.0 / 60))
        #expect(straight.receding == nil)
        #expect(tracker.matchCost(fast, straight, Self.candidate(414.5, 200.7, contrast: 40), t: 25.0 / 60) == nil)
    }

    /// A ball just struck down the line in a 640x360 120 fps clip, bright against trees and
    /// slowing hard as it recedes (24 px a frame to 7 in eleven frames). At the horizon x264's
    /// ringing hid it for a frame; two frames on, it shows against the sky at a tenth of its
    /// contrast. The flight fit, held stiff for short windows, followed these eleven points
    /// only to 0.8 px, put the ball 5.6 px short and refused it (the shot was reported 29
    /// frames after the launch; now 20).
    @Test func aLaunchSlowingHardIsSoughtWhereItSlowsTo() throws {
        var settings = TrackerSettings(trajectoryLength: 20, maxSpeed: 5000)
        settings.framesPerJudgedPoint = 2
        let tracker = BallTracker(settings: settings)
        let track = Self.track([(109, 322.0, 292.8, 80), (110, 323.9, 268.1, 94), (111, 325.4, 247.6, 103),
                                (112, 326.5, 230.0, 115), (113, 327.6, 214.9, 114), (114, 328.5, 201.8, 129),
                                (115, 329.4, 190.0, 112), (116, 330.2, 179.7, 127), (117, 330.8, 170.4, 114),
                                (118, 331.6, 161.9, 162), (119, 332.0, 154.9, 123)], frameRate: 120, confirmed: false)
        let t = 121.0 / 120
        let prediction = try #require(tracker.predict(track, t: t))
        let ball = BallCandidate(x: 332.9, y: 142.0, radius: 1.1, halfLength: 1.2, area: 4, polarity: 1, peakContrast: 16,
                                 neighbourhoodActivity: 1)
        let dx = prediction.x - ball.x, dy = prediction.y - ball.y
        #expect((dx * dx + dy * dy).squareRoot() <= 0.65 * prediction.gate,
                "predicted (\(prediction.x), \(prediction.y)) gate \(prediction.gate)")
        #expect(tracker.matchCost(track, prediction, ball, t: t) != nil)
    }

    /// A far ball near its apex in a 640x360 30 fps portrait clip (dtl-portrait seed 2, noise
    /// and shake), its confirmed flight's points as tracked (frame, centre, contrast). In frame
    /// 38 the ball's own blob (contrast 24) lies 4.3 px from the guess, which a shaken point
    /// bent, and a speck of noise (contrast 6) lies 0.5 px from it. The flight took the speck,
    /// a point off the ball, and the clip missed the precision goal (0.968).
    @Test func aConfirmedFlightTakesItsBallOverAFarFainterSpeckNearerItsGuess() throws {
        let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        let track = Self.track([(27, 178.89, 503.32, 29), (28, 187.95, 391.00, 13), (29, 192.69, 326.79, 18),
                                (30, 195.30, 290.87, 25), (31, 196.50, 259.98, 18), (32, 199.17, 241.97, 19),
                                (33, 200.50, 226.55, 16), (34, 202.50, 216.65, 20), (35, 202.50, 206.32, 18),
                                (36, 202.12, 198.95, 17), (37, 204.84, 191.50, 16)], frameRate: 30)
        let t = 38.0 / 30
        let prediction = try #require(tracker.predict(track, t: t))
        let ball = try #require(tracker.matchCost(track, prediction, Self.candidate(204.5, 187.1, contrast: 24), t: t))
        let speck = try #require(tracker.matchCost(track, prediction, Self.candidate(207.5, 184.5, contrast: 6), t: t))
        #expect(ball < speck, "ball \(ball), speck \(speck); predicted (\(prediction.x), \(prediction.y)) gate \(prediction.gate)")
        // A young track pays nothing more for a fainter candidate: a launch fades that fast.
        var young = track
        young.confirmed = false
        let youngBall = try #require(tracker.matchCost(young, prediction, Self.candidate(204.5, 187.1, contrast: 24), t: t))
        let youngSpeck = try #require(tracker.matchCost(young, prediction, Self.candidate(207.5, 184.5, contrast: 6), t: t))
        #expect(youngBall == ball && youngSpeck < speck, "young: ball \(youngBall), speck \(youngSpeck)")
    }

    @Test func aFarBallNearItsApexIsNotSwappedForSpecksOfNoise() throws {
        // The whole clip through H.264: every reported point on the ball.
        let result = try DetectHarness.runEncoded("dtl-portrait", seed: 2, width: 640, height: 360, frameRate: 30)
        let figures = DetectHarness.describe("dtl-portrait-2 640x360 30 fps", result)
        #expect(result.score.falseTrajectories == 0, "\(figures)")
        #expect((result.score.precision ?? 0) >= 0.98, "\(figures)")
        #expect((result.score.recall ?? 0) >= 0.95, "\(figures)")
    }
}
