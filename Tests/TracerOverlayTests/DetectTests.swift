import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite struct DetectTests {
    let scene = SyntheticScene()
    let path = SyntheticScene.ballPath(launch: 6, start: (40, 150), velocity: (6, -6), gravity: 0.12)

    /// Runs frames 0..<count with a ball of `radius` and `luma` on `path`.
    func run(_ detector: TrajectoryDetector, count: Int = 50, radius: Double = 1.5, luma: UInt8 = 200,
             scene: SyntheticScene? = nil, extra: (Int) -> [SyntheticScene.Disc] = { _ in [] },
             path: ((Int) -> (Double, Double)?)? = nil) throws -> [(frame: Int, observations: [TrajectoryObservation])] {
        let scene = scene ?? self.scene
        let path = path ?? self.path
        var out: [(Int, [TrajectoryObservation])] = []
        for n in 0..<count {
            var discs = extra(n)
            if let p = path(n) { discs.append(.init(x: p.0, y: p.1, radius: radius, luma: luma)) }
            out.append((n, try detector.process(try scene.frame(n, discs: discs))))
        }
        return out
    }

    @Test func rejectsShortTrajectoryLengthAndBadSpacing() {
        #expect(throws: MediaError.self) { try TrajectoryDetector(trajectoryLength: 4) }
        #expect(throws: MediaError.self) { try TrajectoryDetector(frameAnalysisSpacing: .invalid, trajectoryLength: 5) }
        #expect(throws: MediaError.self) { try TrajectoryDetector(frameAnalysisSpacing: MediaTime(value: -1, timescale: 60), trajectoryLength: 5) }
    }

    @Test func rejectsTimesThatDoNotIncrease() throws {
        let detector = try TrajectoryDetector(trajectoryLength: 5)
        _ = try detector.process(try scene.frame(3, discs: []))
        #expect(throws: MediaError.self) { try detector.process(try scene.frame(3, discs: [])) }
        #expect(throws: MediaError.self) { try detector.process(try scene.frame(2, discs: [])) }
        var invalid = try scene.frame(9, discs: [])
        invalid.time = .invalid
        #expect(throws: MediaError.self) { try detector.process(invalid) }
        // Still usable afterwards.
        _ = try detector.process(try scene.frame(4, discs: []))
    }

    @Test func findsABallAndReportsEachUpdateOnceWithOneUUID() throws {
        let detector = try TrajectoryDetector(trajectoryLength: 8)
        let results = try run(detector)
        let all = results.flatMap(\.observations)
        try #require(!all.isEmpty)
        #expect(Set(all.map(\.uuid)).count == 1)
        // Reported once per frame at most, first when it has 8 points: launch 6 + 8 frames of
        // flight, plus the few frames the background needs (the ball is new from frame 6 on).
        for r in results { #expect(r.observations.count <= 1) }
        let firstFrame = try #require(results.first { !$0.observations.isEmpty }?.frame)
        #expect(firstFrame <= 6 + 8 + 2)
        // Every update carries a new latest point; no repeats.
        let lastTimes = all.map { $0.detectedTimes.last! }
        #expect(Set(lastTimes).count == lastTimes.count)
        for o in all {
            #expect(o.detectedPoints.count == 8 && o.detectedTimes.count == 8)
            #expect(o.projectedPoints.count == 5)
            // Each detected point lies within half a pixel of the true centre.
            for (p, t) in zip(o.detectedPoints, o.detectedTimes) {
                let n = Int((t.seconds * 60).rounded())
                let truth = try #require(path(n))
                let tl = p.visionToTopLeft()
                #expect(abs(tl.x * 320 - truth.0) < 0.5 && abs(tl.y * 180 - truth.1) < 0.5)
            }
            #expect(o.timeRange.start == MediaTime(value: 6, timescale: 60) || o.timeRange.start > MediaTime(value: 6, timescale: 60))
            #expect(o.confidence > 0.5 && o.confidence <= 1)
            #expect(abs(o.movingAverageRadius * 320 - 1.5) < 1.0)
        }
    }

    @Test func projectedPointsLieOnTheEquation() throws {
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        let all = try run(detector).flatMap(\.observations)
        try #require(!all.isEmpty)
        for o in all {
            for p in o.projectedPoints {
                let a = Double(o.equationCoefficients.x), b = Double(o.equationCoefficients.y), c = Double(o.equationCoefficients.z)
                #expect(abs(a * p.x * p.x + b * p.x + c - p.y) < 1e-5)
            }
            // The projected abscissae are the last five detected ones.
            #expect(o.projectedPoints.map(\.x) == o.detectedPoints.suffix(5).map(\.x))
            // Vision space: the ball climbs, so y grows along the early points; a < 0 (arc).
            #expect(o.equationCoefficients.x < 0)
            // The time fit reproduces the points to a fraction of a pixel.
            #expect(o.timeFit.rmsResidual * 320 < 0.5)
        }
    }

    @Test func findsADarkBallOnABrightSky() throws {
        var bright = scene
        bright.background = 200
        let detector = try TrajectoryDetector(trajectoryLength: 8)
        let all = try run(detector, luma: 150, scene: bright).flatMap(\.observations)
        #expect(!all.isEmpty)
        #expect(Set(all.map(\.uuid)).count == 1)
    }

    @Test func frameAnalysisSpacingSkipsFrames() throws {
        // 60 fps frames, spacing of 1/30 s + a bit: every other frame is skipped.
        let detector = try TrajectoryDetector(frameAnalysisSpacing: MediaTime(value: 1, timescale: 40), trajectoryLength: 5)
        let results = try run(detector, count: 40)
        #expect(detector.analysedFrameCount == 20)
        let all = results.flatMap(\.observations)
        try #require(!all.isEmpty)
        // Only analysed (even) frames appear, and skipped frames report nothing.
        for o in all { for t in o.detectedTimes { #expect(Int((t.seconds * 60).rounded()) % 2 == 0) } }
        for r in results where r.frame % 2 == 1 { #expect(r.observations.isEmpty) }
    }

    @Test func regionOfInterestLimitsWhereBallsAreFound() throws {
        // In 24 frames the flight stays in the left half of the frame (x <= 148 of 320).
        let left = try TrajectoryDetector(trajectoryLength: 8)
        left.regionOfInterest = NormalizedRect(x: 0, y: 0, width: 0.5, height: 1)
        #expect(!(try run(left, count: 24).flatMap(\.observations)).isEmpty)
        let right = try TrajectoryDetector(trajectoryLength: 8)
        right.regionOfInterest = NormalizedRect(x: 0.5, y: 0, width: 0.5, height: 1)
        #expect(try run(right, count: 24).flatMap(\.observations).isEmpty)
        // A low flight that stays in the bottom half (rows 110-150 of 180, top-left).
        let low = SyntheticScene.ballPath(launch: 6, start: (20, 150), velocity: (6, -1.8), gravity: 0.05)
        // Vision space: y is from the bottom, so a region with origin y = 0 and height 0.5
        // holds that flight...
        let bottom = try TrajectoryDetector(trajectoryLength: 8)
        bottom.regionOfInterest = NormalizedRect(x: 0, y: 0, width: 1, height: 0.5)
        let found = try run(bottom, count: 40, path: low).flatMap(\.observations)
        #expect(!found.isEmpty)
        for o in found { for p in o.detectedPoints { #expect(p.y <= 0.5 + 0.01) } }
        // ...and the top half (origin y = 0.5) does not.
        let top = try TrajectoryDetector(trajectoryLength: 8)
        top.regionOfInterest = NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.5)
        #expect(try run(top, count: 40, path: low).flatMap(\.observations).isEmpty)
        let invalid = try TrajectoryDetector(trajectoryLength: 8)
        invalid.regionOfInterest = NormalizedRect(x: 0.8, y: 0, width: 0.5, height: 1)
        #expect(throws: MediaError.self) { try invalid.process(try scene.frame(0, discs: [])) }
    }

    @Test func maximumRadiusIsHonoured() throws {
        // A ball of radius 3 px (0.009 of the width) is found by default...
        let open = try TrajectoryDetector(trajectoryLength: 8)
        #expect(!(try run(open, radius: 3)).flatMap(\.observations).isEmpty)
        // ...but not when the largest radius allowed is 2 px.
        let capped = try TrajectoryDetector(trajectoryLength: 8)
        capped.objectMaximumNormalizedRadius = 2.0 / 320
        #expect(try run(capped, radius: 3).flatMap(\.observations).isEmpty)
        // The same cap keeps a 1.5 px ball.
        let small = try TrajectoryDetector(trajectoryLength: 8)
        small.objectMaximumNormalizedRadius = 2.0 / 320
        #expect(!(try run(small, radius: 1.5)).flatMap(\.observations).isEmpty)
        // And a minimum radius above the ball's drops it.
        let minimum = try TrajectoryDetector(trajectoryLength: 8)
        minimum.objectMinimumNormalizedRadius = 3.0 / 320
        #expect(try run(minimum, radius: 1.5).flatMap(\.observations).isEmpty)
    }

    @Test func restingAndFlickeringBallsAreNotTrajectories() throws {
        let detector = try TrajectoryDetector(trajectoryLength: 5)
        let none: (Int) -> (Double, Double)? = { _ in nil }
        // Resting balls, one of them blinking on and off (as compression can make them).
        let results = try run(detector, count: 60, extra: { n in
            [.init(x: 100, y: 120, radius: 1.5, luma: 220), .init(x: 200.5, y: 130.5, radius: 1.2, luma: 220)]
                + (n % 3 == 0 ? [.init(x: 250, y: 60, radius: 1.5, luma: 220)] : [])
        }, path: none)
        #expect(results.flatMap(\.observations).isEmpty)
    }

    @Test func twoBallsAtOnceKeepTheirOwnUUIDs() throws {
        let detector = try TrajectoryDetector(trajectoryLength: 8)
        let second = SyntheticScene.ballPath(launch: 4, start: (290, 140), velocity: (-5, -5), gravity: 0.1)
        let results = try run(detector, count: 40, extra: { n in
            second(n).map { [.init(x: $0.0, y: $0.1, radius: 1.5, luma: 210)] } ?? []
        })
        let all = results.flatMap(\.observations)
        let ids = Set(all.map(\.uuid))
        #expect(ids.count == 2)
        // Each uuid follows one ball although their paths cross: the first ball only ever
        // moves right, the second only left.
        for id in ids {
            var merged = Trajectory(observation: all.first { $0.uuid == id }!)
            for o in all where o.uuid == id { merged.merge(o) }
            let xs = merged.points.map(\.normalized.x)
            let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
            #expect(steps.allSatisfy { $0 > 0 } || steps.allSatisfy { $0 < 0 })
        }
    }

    @Test func downscalesLargeFramesAndKeepsNormalizedPositions() throws {
        var big = scene
        big.width = 1280
        big.height = 720
        let bigPath = SyntheticScene.ballPath(launch: 6, start: (160, 600), velocity: (24, -24), gravity: 0.48)
        let detector = try TrajectoryDetector(trajectoryLength: 8)
        detector.analysisSize = 640
        let results = try run(detector, count: 30, radius: 4, scene: big, path: bigPath)
        let all = results.flatMap(\.observations)
        try #require(!all.isEmpty)
        for o in all {
            for (p, t) in zip(o.detectedPoints, o.detectedTimes) {
                let truth = try #require(bigPath(Int((t.seconds * 60).rounded())))
                let tl = p.visionToTopLeft()
                #expect(abs(tl.x * 1280 - truth.0) < 2 && abs(tl.y * 720 - truth.1) < 2)
            }
        }
    }

    @Test func appModelMergesObservationsIntoOneTrajectory() throws {
        let detector = try TrajectoryDetector(trajectoryLength: 6)
        let all = try run(detector).flatMap(\.observations)
        try #require(all.count > 3)
        var trajectory = Trajectory(observation: all[0])
        for o in all.dropFirst() { trajectory.merge(o) }
        // Every point once, strictly increasing in time, in top-left space.
        let times = trajectory.points.map(\.time)
        #expect(times == times.sorted() && Set(times).count == times.count)
        #expect(trajectory.points.count == 6 + all.count - 1)
        let lastVision = all.last!.detectedPoints.last!
        #expect(trajectory.points.last!.normalized == lastVision.visionToTopLeft())
    }
}
