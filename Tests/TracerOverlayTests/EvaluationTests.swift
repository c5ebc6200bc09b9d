import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite("Evaluation: scoring detections against truth")
struct EvaluationTests {
    /// 10 frames at 10 fps of a 1000x500 image (tolerance max(0.4% of 1118, 2 r) = 4.47 px for
    /// r = 1); the ball is visible in frames 2...7 at (100 + 50 n, 200).
    static func truth(radius: Double = 1, visible: ClosedRange<Int> = 2...7) -> ClipTruth {
        var settings = GroundTruthSettings()
        settings.width = 1000
        settings.height = 500
        settings.frameRate = 10
        let frames = (0..<10).map { n in
            let inFlight = visible.contains(n)
            return FrameTruth(index: n, time: Double(n) / 10, inFlight: inFlight, visible: inFlight,
                              x: inFlight ? 100 + 50 * Double(n) : nil, y: inFlight ? 200 : nil,
                              normalizedX: inFlight ? (100 + 50 * Double(n)) / 1000 : nil,
                              normalizedY: inFlight ? 0.4 : nil, radius: inFlight ? radius : nil,
                              depth: inFlight ? 50 : nil, contrast: inFlight ? Double(10 * n) : nil,
                              shiftX: 0, shiftY: 0)
        }
        return ClipTruth(width: 1000, height: 500, frameRate: 10, duration: 1, view: .downTheLine, scenario: "hand-made",
                         seed: 0, settings: settings, camera: CameraView.downTheLine.camera(width: 1000, height: 500),
                         launchFrame: visible.lowerBound, landingFrame: nil, launchTime: 0.2, landingTime: nil,
                         carry: nil, apexHeight: nil, frames: frames)
    }

    static func onBall(_ n: Int, dx: Double = 0, dy: Double = 0) -> EvaluatedPoint {
        EvaluatedPoint(time: Double(n) / 10, x: (100 + 50 * Double(n) + dx) / 1000, y: (200 + dy) / 500)
    }

    @Test func knownRecallPrecisionFalseTrajectoriesAndDelay() {
        let ball = EvaluatedTrajectory(id: "ball", firstReportedTime: 0.5, points: [
            Self.onBall(2), Self.onBall(3, dx: 3), Self.onBall(4, dy: -4.4), Self.onBall(5),
            Self.onBall(6, dx: 10),                           // 10 px off: a miss
        ])
        let club = EvaluatedTrajectory(id: "club", firstReportedTime: 0.3, points: [
            EvaluatedPoint(time: 0.3, x: 0.9, y: 0.9), EvaluatedPoint(time: 0.4, x: 0.85, y: 0.9),
        ])
        let score = DetectionEvaluator.score(truth: Self.truth(), trajectories: [ball, club])
        #expect(score.visibleFrames == 6)
        #expect(score.foundFrames == 4)
        #expect(score.recall == 4.0 / 6)
        #expect(score.reportedPoints == 7 && score.matchedPoints == 4)
        #expect(score.precision == 4.0 / 7)
        #expect(score.trajectories == 2 && score.falseTrajectories == 1)
        #expect(score.perTrajectory.map(\.isFalse) == [false, true])
        // The club was reported first, but only a true trajectory counts as finding the shot.
        #expect(score.firstVisibleFrame == 2 && score.firstReportFrame == 5 && score.framesToFirstReport == 3)
        #expect(score.shotFound)
    }

    @Test func toleranceGrowsWithTheBall() {
        let near = [EvaluatedTrajectory(id: "a", firstReportedTime: 0.2, points: [Self.onBall(2, dx: 8)])]
        #expect(DetectionEvaluator.score(truth: Self.truth(radius: 1), trajectories: near).matchedPoints == 0)
        #expect(DetectionEvaluator.score(truth: Self.truth(radius: 5), trajectories: near).matchedPoints == 1)
    }

    @Test func pointsAreMatchedToTheirOwnFrameOnly() {
        // The ball's position of frame 3 reported at frame 4's time is a miss; a time half
        // way between frames is nobody's... unless within half a frame of one.
        let shifted = EvaluatedPoint(time: 0.4, x: 0.25, y: 0.4)
        let late = EvaluatedPoint(time: 0.349, x: 0.25, y: 0.4)
        let offGrid = EvaluatedPoint(time: 3.0, x: 0.25, y: 0.4)
        let score = DetectionEvaluator.score(truth: Self.truth(), trajectories: [
            EvaluatedTrajectory(id: "t", firstReportedTime: 0.4, points: [shifted, late, offGrid])])
        #expect(score.matchedPoints == 1 && score.foundFrames == 1)
        #expect(score.perTrajectory[0].isFalse, "1 of 3 points is under half")
    }

    @Test func emptyAndNoShotCases() {
        let nothing = DetectionEvaluator.score(truth: Self.truth(), trajectories: [])
        #expect(nothing.recall == 0 && nothing.precision == nil && nothing.framesToFirstReport == nil && !nothing.shotFound)
        let noShot = Self.truth(visible: 20...21)
        let bird = EvaluatedTrajectory(id: "bird", firstReportedTime: 0.5,
                                       points: (3...7).map { EvaluatedPoint(time: Double($0) / 10, x: 0.1 * Double($0), y: 0.2) })
        let score = DetectionEvaluator.score(truth: noShot, trajectories: [bird])
        #expect(score.recall == nil && score.visibleFrames == 0)
        #expect(score.precision == 0 && score.falseTrajectories == 1 && score.framesToFirstReport == nil)
    }

    @Test func readsShotTracerJSONAndScoresIt() throws {
        let json = """
            {"width": 1000, "height": 500, "frameRate": 10, "duration": 1,
             "trajectories": [
               {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "confidence": 0.9,
                "timeRange": {"start": 0.2, "duration": 0.5},
                "points": [{"time": 0.3, "x": 0.25, "y": 0.4}, {"time": 0.2, "x": 0.2, "y": 0.4},
                           {"time": 0.4, "x": 0.3, "y": 0.4}, {"time": 0.5, "x": 0.35, "y": 0.4},
                           {"time": 0.6, "x": 0.4, "y": 0.4}, {"time": 0.7, "x": 0.45, "y": 0.4}],
                "equationCoefficients": [0, 0, 0.6]},
               {"id": "B", "confidence": 0.5, "timeRange": {"start": 0.2, "duration": 0.1},
                "points": [{"time": 0.2, "x": 0.9, "y": 0.9}], "equationCoefficients": [0, 0, 0.1],
                "firstReportedTime": 0.3}
             ]}
            """
        let report = try JSONDecoder().decode(DetectionReport.self, from: Data(json.utf8))
        let trajectories = report.evaluatedTrajectories(trajectoryLength: 5)
        #expect(trajectories[0].points.map(\.time) == [0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "sorted by time")
        #expect(trajectories[0].firstReportedTime == 0.6, "the fifth point's time")
        #expect(trajectories[1].firstReportedTime == 0.3, "the report's own time wins")
        let score = DetectionEvaluator.score(truth: Self.truth(), trajectories: trajectories)
        #expect(score.recall == 1 && score.precision == 6.0 / 7 && score.falseTrajectories == 1)
        #expect(score.framesToFirstReport == 4)
        #expect(throws: MediaError.self) { try DetectionReport.load(path: "/nonexistent/det.json") }
    }

    @Test func scoreRoundTripsThroughJSON() throws {
        let score = DetectionEvaluator.score(truth: Self.truth(), trajectories: [
            EvaluatedTrajectory(id: "x", firstReportedTime: 0.4, points: [Self.onBall(3), Self.onBall(4)])])
        let data = try JSONEncoder().encode(score)
        #expect(try JSONDecoder().decode(DetectionScore.self, from: data) == score)
    }
}

@Suite("Evaluation: faint frames")
struct EvaluationFaintFrameTests {
    @Test func faintFramesLeaveRecallButStillCountForPrecision() {
        // Contrast is 10 n in the hand-made truth: frames 2 and 3 (20, 30) are under 35.
        let t = EvaluatedTrajectory(id: "t", firstReportedTime: 0.4,
                                    points: [EvaluationTests.onBall(2), EvaluationTests.onBall(4), EvaluationTests.onBall(5)])
        let all = DetectionEvaluator.score(truth: EvaluationTests.truth(), trajectories: [t])
        #expect(all.visibleFrames == 6 && all.faintFrames == 0 && all.recall == 3.0 / 6)
        let bright = DetectionEvaluator.score(truth: EvaluationTests.truth(), trajectories: [t], minimumContrast: 35)
        #expect(bright.visibleFrames == 4 && bright.faintFrames == 2 && bright.foundFrames == 2 && bright.recall == 0.5)
        #expect(bright.precision == 1 && bright.firstVisibleFrame == 4 && bright.framesToFirstReport == 0)
    }
}

@Suite("Evaluation: frames the encoder erased")
struct EvaluationErasedFrameTests {
    @Test func erasedFramesLeaveRecallButStillCountForPrecision() {
        // The encoder kept nothing of the ball in frames 3 and 6, little in frame 4.
        var truth = EvaluationTests.truth()
        for n in 2...7 { truth.frames[n].decodedContrast = [3: 0, 4: 2.5, 6: 0.4][n] ?? 15 }
        let t = EvaluatedTrajectory(id: "t", firstReportedTime: 0.4,
                                    points: [EvaluationTests.onBall(2), EvaluationTests.onBall(3), EvaluationTests.onBall(5)])
        let all = DetectionEvaluator.score(truth: truth, trajectories: [t])
        #expect(all.visibleFrames == 6 && all.erasedFrames == 0 && all.recall == 3.0 / 6)
        let kept = DetectionEvaluator.score(truth: truth, trajectories: [t], minimumDecodedContrast: 3)
        #expect(kept.visibleFrames == 3 && kept.erasedFrames == 3 && kept.faintFrames == 0)
        #expect(kept.foundFrames == 2 && kept.recall == 2.0 / 3)
        #expect(kept.precision == 1, "a point on an erased frame is still on the ball")
        #expect(kept.firstVisibleFrame == 2)
        // Faint and erased are counted apart: frame 2 (contrast 20) is faint, not erased.
        let both = DetectionEvaluator.score(truth: truth, trajectories: [t], minimumContrast: 25, minimumDecodedContrast: 3)
        #expect(both.faintFrames == 1 && both.erasedFrames == 3 && both.visibleFrames == 2)
    }

    @Test func truthWithoutTheMeasurementKeepsEveryFrame() {
        let score = DetectionEvaluator.score(truth: EvaluationTests.truth(), trajectories: [], minimumDecodedContrast: 100)
        #expect(score.visibleFrames == 6 && score.erasedFrames == 0)
    }
}
