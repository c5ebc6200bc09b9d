import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The local search's last resort for a ball hanging at its apex in front of drifting cloud:
/// finding it as a dot set off from its surroundings in the current frame alone.
@Suite struct AppearanceSearchTests {
    static let width = 160, height = 90

    /// A frame of cloud shaded from bright at the top to darker below (`slope` levels a row),
    /// with a texture of amplitude `texture`, Gaussian-like noise of about `noise` levels, and a
    /// dot of `dot` levels over the 2x2 pixels at (`dotX`, `dotY`).
    static func frame(seed: UInt64, slope: Double, texture: Double = 0, noise: Double,
                      dot: Int = 0, dotX: Int = 80, dotY: Int = 45) throws -> VideoFrame {
        var frame = try VideoFrame(width: width, height: height, pixelFormat: .gray8, time: .zero)
        var rng = SplitMix64(seed: seed)
        // The texture stays put from frame to frame (only the noise changes).
        var textureRNG = SplitMix64(seed: 99)
        frame.withUnsafeMutablePlane(0) { base, stride in
            for y in 0..<height {
                for x in 0..<width {
                    // Sum of uniforms: roughly Gaussian with standard deviation `noise`.
                    var n = 0.0
                    for _ in 0..<4 { n += Self.uniform(&rng) - 0.5 }
                    n *= noise * 1.73
                    let t = texture * (Self.uniform(&textureRNG) - 0.5) * 2
                    var v = 240 - slope * Double(y - 45) + n + t
                    if (dotX...dotX + 1).contains(x) && (dotY...dotY + 1).contains(y) { v += Double(dot) }
                    base[y * stride + x] = UInt8(max(0, min(255, v.rounded())))
                }
            }
        }
        return frame
    }

    static func uniform(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }

    /// A pipeline fed `frames`; its noise estimate is primed by the frame-to-frame changes.
    static func pipeline(_ frames: [VideoFrame]) -> DetectionPipeline {
        let pipeline = DetectionPipeline(sourceWidth: width, sourceHeight: height, width: width, height: height)
        for f in frames {
            _ = pipeline.candidates(in: f, region: (0, 0, width, height), minRadius: 0, maxRadius: 10)
        }
        return pipeline
    }

    static func request(x: Double, y: Double, polarity: Int8 = -1) -> LocalSearch {
        LocalSearch(x: x, y: y, radius: 4, polarity: polarity, references: [])
    }

    static let box = (70, 35, 90, 55)

    @Test func findsAFaintDotOnACloudsShading() throws {
        // 12 levels darker than cloud that darkens 3 levels a row, noise ~1: the ring's range
        // is 12 levels, as much as the dot, yet its plane explains it.
        let frames = try (0..<12).map { try Self.frame(seed: UInt64($0), slope: 3, noise: 1, dot: -12) }
        let p = Self.pipeline(frames)
        let found = try #require(p.appearanceCandidate(Self.request(x: 81.5, y: 45.5), box: Self.box))
        #expect(found.foundByAppearance)
        #expect(abs(found.x - 81) < 0.5 && abs(found.y - 46) < 0.5, "at \(found.x), \(found.y)")
        // The wrong polarity finds nothing: the dot is darker than the cloud.
        #expect(p.appearanceCandidate(Self.request(x: 81.5, y: 45.5, polarity: 1), box: Self.box) == nil)
    }

    @Test func findsNothingInNoiseOrTexture() throws {
        var falseFinds = 0
        for seed in 0..<40 {
            let frames = try (0..<6).map { try Self.frame(seed: UInt64(100 * seed + $0), slope: 3, noise: 1) }
            if Self.pipeline(frames).appearanceCandidate(Self.request(x: 80.5, y: 45.5), box: Self.box) != nil { falseFinds += 1 }
        }
        // ~50 pixels tested per search at 3.5 noise levels: a rare false find at most.
        #expect(falseFinds <= 2, "\(falseFinds) of 40 searches found a dot in plain noise")
        // Still, rough texture (leaves, broken cloud) of +/-12 levels: its dark specks stand out
        // as far as a faint ball would, but not from surroundings that rough.
        var textured = 0
        for seed in 0..<20 {
            let frames = try (0..<6).map { try Self.frame(seed: UInt64(7 * seed + $0), slope: 0, texture: 12, noise: 1) }
            for (x, y) in [(40.5, 20.5), (80.5, 45.5), (120.5, 70.5)] {
                let box = (Int(x) - 10, Int(y) - 10, Int(x) + 10, Int(y) + 10)
                if Self.pipeline(frames).appearanceCandidate(Self.request(x: x, y: y), box: box) != nil { textured += 1 }
            }
        }
        #expect(textured <= 3, "\(textured) of 60 searches took a speck of texture")
    }

    @Test func aDotOutsideTheGateIsNotTaken() throws {
        let frames = try (0..<12).map { try Self.frame(seed: UInt64($0), slope: 3, noise: 1, dot: -12, dotX: 86) }
        let p = Self.pipeline(frames)
        // The dot's centre (87, 46) lies 6.5 px from the prediction; the gate is 4.
        #expect(p.appearanceCandidate(Self.request(x: 80.5, y: 45.5), box: Self.box) == nil)
    }

    @Test func aSearchAtTheImageEdgeStaysInside() throws {
        // A dot in the corner: its ring would leave the image, so it is not looked at there,
        // and a box that lies wholly in the two-pixel border gives nothing (no trap).
        let frames = try (0..<8).map { try Self.frame(seed: UInt64($0), slope: 0, noise: 1, dot: -20, dotX: 0, dotY: 0) }
        let p = Self.pipeline(frames)
        #expect(p.appearanceCandidate(Self.request(x: 1, y: 1), box: (0, 0, 1, 1)) == nil)
        if let found = p.appearanceCandidate(Self.request(x: 1, y: 1), box: (0, 0, 5, 5)) {
            #expect(found.x >= 2 && found.y >= 2)
        }
    }

    @Test func aTrackDoesNotLiveOnAppearanceAlone() {
        // A slow ball confirmed over twelve frames; then only its look is ever found (the
        // search returns a dot that keeps to the prediction): after longestAppearanceRun such
        // points in a row the track must find motion again or stop.
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        for n in 0..<12 {
            let ball = BallCandidate(x: 300 + 0.3 * Double(n), y: 300 - 0.6 * Double(n), radius: 0.6, halfLength: 0.6,
                                     area: 1, polarity: 1, peakContrast: 15, neighbourhoodActivity: 0)
            _ = tracker.update([ball], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        var reportedFrames: [Int] = []
        for n in 12..<40 {
            let updated = tracker.update([], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                BallCandidate(x: request.x + 0.01 * Double(n % 3), y: request.y, radius: 0.75, halfLength: 0.75, area: 1,
                              polarity: request.polarity, peakContrast: 8, neighbourhoodActivity: 0, foundByAppearance: true)
            }
            if !updated.isEmpty { reportedFrames.append(n) }
        }
        #expect(reportedFrames == Array(12..<(12 + tracker.settings.longestAppearanceRun)), "\(reportedFrames)")
    }
}
