import Foundation
import MediaKitLinux

/// A generated golf clip: frames rendered on demand plus the exact truth about the ball.
///
/// Rendering is deterministic: `frame(at:)` gives the same pixels whenever and in whatever order
/// it is called. Frames are yuv420p with times n / frameRate. Not thread-safe (it reuses
/// scratch buffers); make one clip per task.
public final class GroundTruthClip {
    /// The settings the clip was made from.
    public let settings: GroundTruthSettings
    /// Where the ball is in every frame, plus how the clip was made.
    public let truth: ClipTruth
    /// The number of frames.
    public var frameCount: Int { truth.frames.count }

    let layout: SceneLayout
    let clock: FrameClock
    private let renderer: SceneRenderer

    /// Prepares a clip (simulates the flight, lays out the scene, computes the truth).
    /// - Throws: ``MediaError/invalidArgument(_:)`` for an odd or out-of-range size, a
    ///   non-positive frame rate or duration, or settings out of their documented ranges.
    public init(settings: GroundTruthSettings) throws(MediaError) {
        guard settings.width >= 16, settings.height >= 16, settings.width <= 8192, settings.height <= 8192,
              settings.width % 2 == 0, settings.height % 2 == 0 else {
            throw .invalidArgument("clip size \(settings.width)x\(settings.height) must be even and between 16 and 8192")
        }
        guard settings.frameRate > 0, settings.frameRate <= 1000 else {
            throw .invalidArgument("frame rate \(settings.frameRate) must be in (0, 1000]")
        }
        guard settings.duration > 0, settings.duration * settings.frameRate <= 100_000 else {
            throw .invalidArgument("duration \(settings.duration) s must be positive and at most 100000 frames")
        }
        guard (0...1).contains(settings.shutter), (0...1).contains(settings.ballOpacity),
              (0...1).contains(settings.jitterProbability), settings.noiseSigma >= 0,
              (0...2).contains(settings.jitter), settings.minimumBallRadius > 0 else {
            throw .invalidArgument("shutter, ball opacity and jitter probability must be in [0, 1], noise >= 0, jitter 0...2 px, minimum ball radius > 0")
        }
        if let readout = settings.rollingShutterReadout, !(0...1).contains(readout) {
            throw .invalidArgument("rolling shutter readout \(readout) s must be in [0, 1]")
        }
        if let shot = settings.shot {
            guard shot.launchSpeed > 0, shot.launchSpeed < 120, (-10...80).contains(shot.launchAngle) else {
                throw .invalidArgument("launch speed \(shot.launchSpeed) m/s and angle \(shot.launchAngle) deg out of range")
            }
        }
        self.settings = settings
        layout = SceneLayout(settings: settings)
        clock = FrameClock(frameRate: settings.frameRate)
        let renderer = SceneRenderer(settings: settings, layout: layout)
        self.renderer = renderer
        truth = Self.makeTruth(settings: settings, layout: layout, clock: clock, renderer: renderer)
    }

    /// The camera-shake shift of frame `n` (the same for truth and pixels).
    static func shift(settings: GroundTruthSettings, frame n: Int) -> (Int, Int) {
        guard settings.jitter > 0 else { return (0, 0) }
        var random = SplitMix64(seed: settings.seed, stream: 0x1_0000_0000 + UInt64(n))
        guard random.unit() < settings.jitterProbability else { return (0, 0) }
        let j = settings.jitter
        return (Int(random.next() % UInt64(2 * j + 1)) - j, Int(random.next() % UInt64(2 * j + 1)) - j)
    }

    private static func makeTruth(settings: GroundTruthSettings, layout: SceneLayout, clock: FrameClock,
                                  renderer: SceneRenderer) -> ClipTruth {
        let count = max(1, Int((settings.duration * settings.frameRate).rounded()))
        var frames: [FrameTruth] = []
        frames.reserveCapacity(count)
        let camera = layout.camera
        var launchFrame: Int?
        var landingFrame: Int?
        for n in 0..<count {
            let t = clock.time(ofFrame: n).seconds
            let (sx, sy) = shift(settings: settings, frame: n)
            var entry = FrameTruth(index: n, time: t, inFlight: false, visible: false, x: nil, y: nil,
                                   normalizedX: nil, normalizedY: nil, radius: nil, depth: nil, contrast: nil,
                                   shiftX: sx, shiftY: sy)
            if let flight = layout.flight, let shot = settings.shot {
                let tau = t - settings.launchTime
                if tau >= 0, launchFrame == nil { launchFrame = n }
                if tau >= flight.landingTime, landingFrame == nil { landingFrame = n }
                if tau >= 0, tau < flight.landingTime, let centre = streakCentre(flight: flight, shot: shot, tau: tau,
                                                                                  settings: settings, camera: camera) {
                    entry.inFlight = true
                    let x = centre.x + Double(sx), y = centre.y + Double(sy)
                    entry.x = x
                    entry.y = y
                    entry.normalizedX = x / Double(settings.width)
                    entry.normalizedY = y / Double(settings.height)
                    entry.radius = centre.radius
                    entry.depth = centre.depth
                    entry.visible = x >= 0 && x < Double(settings.width) && y >= 0 && y < Double(settings.height)
                    entry.contrast = renderer.ballContrast(time: t)
                } else if tau >= 0, tau < flight.landingTime {
                    entry.inFlight = true
                }
            }
            frames.append(entry)
        }
        let flight = layout.flight
        return ClipTruth(width: settings.width, height: settings.height, frameRate: settings.frameRate,
                         duration: Double(count) / settings.frameRate, view: settings.view,
                         scenario: settings.scenario, seed: settings.seed, settings: settings, camera: camera,
                         launchFrame: launchFrame, landingFrame: landingFrame,
                         launchTime: flight == nil ? nil : settings.launchTime,
                         landingTime: flight.map { settings.launchTime + $0.landingTime },
                         carry: flight?.carry, apexHeight: flight?.apexHeight, frames: frames)
    }

    /// The middle of the ball's image during the exposure of the frame at `tau` seconds after
    /// launch: the mean of its projected centres (and radii) over the shutter interval, which
    /// is where the streak's ink is centred (at the launch frame too, where part of the
    /// exposure still sees the ball at rest).
    private static func streakCentre(flight: BallFlight, shot: GolfShot, tau: Double, settings: GroundTruthSettings,
                                     camera: PinholeCamera) -> (x: Double, y: Double, radius: Double, depth: Double)? {
        let shutter = settings.shutter / settings.frameRate
        let count = shutter > 0 ? 32 : 1
        var x = 0.0, y = 0.0, r = 0.0, depth = 0.0, n = 0.0
        for k in 0..<count {
            let s = count == 1 ? tau : tau - shutter / 2 + shutter * (Double(k) + 0.5) / Double(count)
            guard s < flight.landingTime, let p = camera.project(flight.position(at: s)) else { continue }
            x += p.x; y += p.y; depth += p.depth; n += 1
            r += max(camera.projectedSize(shot.radius, depth: p.depth), settings.minimumBallRadius)
        }
        guard n > 0 else { return nil }
        return (x / n, y / n, r / n, depth / n)
    }

    /// Renders frame `index` (0 ..< ``frameCount``).
    /// - Throws: ``MediaError/invalidArgument(_:)`` for an index outside the clip.
    public func frame(at index: Int) throws(MediaError) -> VideoFrame {
        try frame(at: index, drawingBall: true)
    }

    /// Renders frame `index`, optionally without the flying ball (to see exactly which pixels
    /// the ball changed).
    func frame(at index: Int, drawingBall: Bool) throws(MediaError) -> VideoFrame {
        guard index >= 0, index < frameCount else {
            throw .invalidArgument("frame index \(index) outside 0..<\(frameCount)")
        }
        var frame = try VideoFrame(width: settings.width, height: settings.height, pixelFormat: .yuv420p,
                                   time: clock.time(ofFrame: index), duration: clock.frameDuration)
        renderer.render(frame: index, time: truth.frames[index].time,
                        shift: (truth.frames[index].shiftX, truth.frames[index].shiftY),
                        drawingBall: drawingBall, into: &frame)
        return frame
    }

    /// Every frame in order with its truth. Each frame is rendered when the iteration reaches it.
    public func frames() -> Frames { Frames(clip: self) }

    /// The frames of a clip, rendered one at a time.
    public struct Frames: Sequence, IteratorProtocol {
        let clip: GroundTruthClip
        var index = 0

        /// The next frame and its truth, or nil after the last frame.
        public mutating func next() -> (frame: VideoFrame, truth: FrameTruth)? {
            guard index < clip.frameCount else { return nil }
            defer { index += 1 }
            do {
                return (try clip.frame(at: index), clip.truth.frames[index])
            } catch {
                // The size was validated when the clip was made, so only memory can run out.
                fatalError("cannot allocate frame \(index) of a generated clip: \(error)")
            }
        }
    }
}
