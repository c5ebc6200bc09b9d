import Foundation
import Testing
import MediaKitLinux
@testable import TracerOverlay

/// Where the region of interest ends must only decide which points are dropped, never what
/// happens to a ball well inside it. `shot-tracer demo`'s alignment (region bottom 0.935) once
/// lost the far ball after 17 points where a bottom of 0.95 followed it for 34: the golfer's and
/// walkers' specks in the band between the two edges changed which hypotheses survived (the
/// tracker dropped the newest, strongest blob first when full of noise chains, and a short
/// window's flight fit missed the ball after one off-centre point), so the ball's track ended
/// differently.
@Suite struct DetectRegionEdgeTests {
    /// The detected points, top-left normalized, of every trajectory found with the region
    /// `x, 0, width, bottom` (top-left normalized).
    static func points(_ frames: [VideoFrame], x: Double, width: Double, bottom: Double) throws -> [Trajectory] {
        let detector = try TrajectoryDetector(trajectoryLength: 10)
        detector.regionOfInterest = NormalizedRect(x: x, y: 0, width: width, height: bottom).topLeftToVision()
        var merged: [Trajectory] = []
        for frame in frames {
            for observation in try detector.process(frame) {
                if let i = merged.firstIndex(where: { $0.id == observation.uuid }) {
                    merged[i].merge(observation)
                } else {
                    merged.append(Trajectory(observation: observation))
                }
            }
        }
        return merged
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var scenario: String
        var seed: UInt64
        var testDescription: String { "\(scenario) seed \(seed)" }
    }

    /// Down-the-line clips (the ball starts just above the region's bottom edge, the golfer and
    /// walkers are partly below it) whose result used to depend on the edge.
    @Test(arguments: [Case(scenario: "dtl-noise-jitter", seed: 1), Case(scenario: "dtl-club-walkers", seed: 1)])
    func regionBottomOnlyDropsPointsBelowIt(_ c: Case) throws {
        let settings = try GroundTruthScenario.named(c.scenario).settings(seed: c.seed, width: 640, height: 360,
                                                                          frameRate: 60, duration: 2.5)
        let clip = try GroundTruthClip(settings: settings)
        let frames = clip.frames().map(\.frame)
        let launch = try #require(clip.truth.launchFrame)
        let marker = try #require(clip.truth.frames[launch].normalizedY)
        let markerX = try #require(clip.truth.frames[launch].normalizedX)
        let x = min(max(markerX - 0.35, 0), 0.3)
        // The demo's margin (0.04) and others around it, and the whole height.
        let bottoms = [0.02, 0.04, 0.055, 0.08].map { min(marker + $0, 1) } + [1]
        let common = bottoms.min()! - 0.01
        var reference: [[Double]]?
        for bottom in bottoms {
            let found = try Self.points(frames, x: x, width: 0.7, bottom: bottom)
            let inside = found.flatMap(\.points).filter { $0.normalized.y < common }
                .map { [$0.time.seconds, $0.normalized.x, $0.normalized.y] }
                .sorted { $0.lexicographicallyPrecedes($1) }
            // The shot is found at all, and found the same whatever the edge.
            #expect(inside.count >= 60, "bottom \(bottom): \(inside.count) points above \(common)")
            if let reference {
                // The same frames, each centre within a tenth of a pixel: the motion counted
                // around a ball's first points, beside the golfer, includes what the region
                // admits, so the run of points an early confirmation starts from (those after the
                // last one among other motion) may begin a frame apart, and the look back from it
                // centres the same finds up to 0.07 px apart (dtl-club-walkers-1).
                let sameFrames = inside.map { $0[0] } == reference.map { $0[0] }
                let offset = zip(inside, reference).map { max(abs($0[1] - $1[1]) * 640, abs($0[2] - $1[2]) * 360) }.max() ?? 0
                #expect(sameFrames && offset < 0.1,
                        "bottom \(bottom): \(inside.count) points vs \(reference.count) with the first edge, off by \(offset) px")
            } else {
                reference = inside
            }
        }
    }
}
