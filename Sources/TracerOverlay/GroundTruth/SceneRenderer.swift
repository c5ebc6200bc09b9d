import Foundation
import MediaKitLinux

/// Composes one frame: the still backdrop with drifting clouds, then (back to front) the
/// resting ball, walkers, golfer and club, birds and the flying ball, each motion-blurred over
/// the shutter; then light change, sensor noise and 8-bit quantization.
final class SceneRenderer {
    let settings: GroundTruthSettings
    let layout: SceneLayout
    let backdrop: SceneBackdrop
    let canvas: LumaCanvas
    /// Unit Gaussian samples; each row of a frame reads them from its own random offset.
    let noiseTable: [Float]
    static let noiseTableSize = 1 << 16

    init(settings: GroundTruthSettings, layout: SceneLayout) {
        self.settings = settings
        self.layout = layout
        backdrop = SceneBackdrop(settings: settings, camera: layout.camera, restingBalls: layout.restingBalls)
        canvas = LumaCanvas(width: settings.width, height: settings.height)
        var random = SplitMix64(seed: settings.seed, stream: 2)
        noiseTable = (0..<(Self.noiseTableSize + settings.width)).map { _ in Float(random.gaussian()) }
    }

    var scale: Double { Double(settings.height) / 1080 }

    func render(frame n: Int, time t: Double, shift: (Int, Int), drawingBall: Bool, into frame: inout VideoFrame) {
        let w = settings.width, h = settings.height
        canvas.offset = SIMD2(Double(shift.0), Double(shift.1))
        composeBackground(time: t, shift: shift)
        let shutter = settings.shutter / settings.frameRate
        let camera = layout.camera
        let ballRadius = settings.shot?.radius ?? GolfShot().radius

        // The ball at address until it is struck (and for good when there is no shot).
        if settings.shot == nil || t + shutter / 2 < settings.launchTime {
            if let p = camera.project(GolferSwing.ball) {
                canvas.accumulateDisc(center: SIMD2(p.x, p.y),
                                      radius: max(camera.projectedSize(ballRadius, depth: p.depth), 0.6), weight: 1)
                canvas.composite(value: 225, opacity: 1)
            }
        }
        for walker in layout.walkers {
            drawBlurred(value: walker.clothes, opacity: 1, time: t, shutter: shutter, samples: 3) { walker.capsules(at: $0) }
        }
        if let swing = layout.swing {
            drawBlurred(value: 42, opacity: 1, time: t, shutter: shutter, samples: 3) { swing.pose(at: $0).body }
            let samples = blurSamples(time: t, shutter: shutter, minimumStep: 1) { swing.pose(at: $0).head }
            drawBlurred(value: 70, opacity: 1, time: t, shutter: shutter, samples: max(3, samples / 2)) { swing.pose(at: $0).arms }
            drawBlurred(value: 95, opacity: 1, time: t, shutter: shutter, samples: samples) {
                let pose = swing.pose(at: $0)
                return [(pose.shaft.0, pose.shaft.1, 0.006)]
            }
            drawBlurred(value: 48, opacity: 1, time: t, shutter: shutter, samples: samples) {
                let head = swing.pose(at: $0).head
                return [(head, head, 0.045)]
            }
        }
        for bird in layout.birds {
            let r = max(0.7, bird.size * scale)
            let speed = ((bird.velocity * SIMD2(Double(w), Double(h))) * (bird.velocity * SIMD2(Double(w), Double(h)))).sum().squareRoot()
            let samples = min(24, max(1, Int((speed * shutter / max(0.5, r * 0.5)).rounded(.up))))
            for k in 0..<samples {
                let s = t - shutter / 2 + shutter * (Double(k) + 0.5) / Double(samples)
                let p = bird.position(at: s) * SIMD2(Double(w), Double(h))
                let half = bird.span(at: s) * r * 0.5
                canvas.accumulate(Capsule(a: p - SIMD2(half, 0), b: p + SIMD2(half, 0), radius: r * 0.6),
                                  weight: 1 / Float(samples))
            }
            canvas.composite(value: bird.luma, opacity: 1)
        }
        if drawingBall {
            let images = ballImages(time: t)
            for (centre, radius, weight) in images {
                canvas.accumulateDisc(center: centre, radius: radius, weight: weight)
            }
            if !images.isEmpty { canvas.composite(value: Float(settings.ballLuma), opacity: Float(settings.ballOpacity)) }
        }
        writePlanes(frame: n, time: t, shift: shift, into: &frame)
    }

    /// The flying ball's image at instants of the exposure of the frame at `t` (centre and
    /// radius in unshifted pixels, weight): enough instants that consecutive discs are at most a
    /// quarter pixel apart. Empty when the ball is not in the air during the exposure.
    func ballImages(time t: Double) -> [(SIMD2<Double>, Double, Float)] {
        let shutter = settings.shutter / settings.frameRate
        guard let flight = layout.flight, let shot = settings.shot, t + shutter / 2 >= settings.launchTime,
              t - shutter / 2 < settings.launchTime + flight.landingTime else { return [] }
        let camera = layout.camera
        let tau = t - settings.launchTime
        var length = 0.0
        if let a = camera.project(flight.position(at: tau - shutter / 2)), let b = camera.project(flight.position(at: tau + shutter / 2)) {
            length = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        let samples = min(200, max(1, Int((length / 0.25).rounded(.up))))
        var images: [(SIMD2<Double>, Double, Float)] = []
        for k in 0..<samples {
            let s = tau - shutter / 2 + shutter * (Double(k) + 0.5) / Double(samples)
            guard s < flight.landingTime, let p = camera.project(flight.position(at: s)) else { continue }
            let r = max(camera.projectedSize(shot.radius, depth: p.depth), settings.minimumBallRadius)
            images.append((SIMD2(p.x, p.y), r, 1 / Float(samples)))
        }
        return images
    }

    /// The most the ball changes any pixel of the frame at `t`, in luma levels, before light
    /// change, noise and compression: |ball - background| x opacity x the largest coverage.
    /// Streaks and sub-pixel balls cover no pixel fully, which is what makes them faint.
    func ballContrast(time t: Double) -> Double {
        let images = ballImages(time: t)
        guard !images.isEmpty else { return 0 }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (c, r, _) in images {
            minX = min(minX, c.x - r); maxX = max(maxX, c.x + r); minY = min(minY, c.y - r); maxY = max(maxY, c.y + r)
        }
        let x0 = Int(floor(minX)), y0 = Int(floor(minY)), w = Int(ceil(maxX)) - x0 + 1, h = Int(ceil(maxY)) - y0 + 1
        guard w > 0, h > 0, w * h < 1_000_000 else { return 0 }
        var coverage = [Double](repeating: 0, count: w * h)
        for (c, r, weight) in images {
            for y in max(0, Int(floor(c.y - r)) - y0)..<min(h, Int(ceil(c.y + r)) - y0 + 1) {
                for x in max(0, Int(floor(c.x - r)) - x0)..<min(w, Int(ceil(c.x + r)) - x0 + 1) {
                    var inside = 0
                    for sy in 0..<4 {
                        let dy = Double(y + y0) + (Double(sy) + 0.5) / 4 - c.y
                        for sx in 0..<4 {
                            let dx = Double(x + x0) + (Double(sx) + 0.5) / 4 - c.x
                            if dx * dx + dy * dy <= r * r { inside += 1 }
                        }
                    }
                    coverage[y * w + x] += Double(weight) * Double(inside) / 16
                }
            }
        }
        var best = 0.0
        for y in 0..<h {
            for x in 0..<w where coverage[y * w + x] > 0 {
                let background = backgroundLuma(x: x + x0, y: y + y0, time: t)
                best = max(best, abs(settings.ballLuma - background) * min(1, coverage[y * w + x]) * settings.ballOpacity)
            }
        }
        return best
    }

    /// The still scene plus clouds at pixel (`x`, `y`) (unshifted) at time `t`.
    func backgroundLuma(x: Int, y: Int, time t: Double) -> Double {
        let w = settings.width, h = settings.height
        guard x >= 0, x < w, y >= 0, y < h else { return Double(backdrop.skyMask.isEmpty ? 0 : 200) }
        var v = Double(backdrop.luma[y * w + x])
        let m = Double(backdrop.skyMask[y * w + x])
        if settings.cloudCover > 0, m > 0 {
            let cloudBase = settings.cloudDrift > 0 ? Double(backdrop.cloudWidth - w - 2) : 1
            let u = min(max(Int(Double(x) + cloudBase - settings.cloudDrift * scale * t), 0), backdrop.cloudWidth - 1)
            v += (Double(backdrop.cloudLuma) - v) * Double(backdrop.cloud[y * backdrop.cloudWidth + u]) * m
        }
        return v
    }

    /// How many instants of the shutter a point moving like `point(t)` needs so that
    /// consecutive images are at most `minimumStep` pixels apart.
    private func blurSamples(time t: Double, shutter: Double, minimumStep: Double, _ point: (Double) -> Vector3) -> Int {
        guard let a = layout.camera.project(point(t - shutter / 2)), let b = layout.camera.project(point(t + shutter / 2)) else { return 1 }
        let length = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        return min(64, max(1, Int((length / minimumStep).rounded(.up))))
    }

    /// Draws world capsules (radius in metres) as one blended shape, averaged over `samples`
    /// instants of the shutter.
    private func drawBlurred(value: Float, opacity: Float, time t: Double, shutter: Double, samples: Int,
                             _ shapes: (Double) -> [(Vector3, Vector3, Double)]) {
        let camera = layout.camera
        for k in 0..<samples {
            let s = t - shutter / 2 + shutter * (Double(k) + 0.5) / Double(samples)
            for (a, b, radius) in shapes(s) {
                guard let pa = camera.project(a), let pb = camera.project(b) else { continue }
                let r = camera.projectedSize(radius, depth: (pa.depth + pb.depth) / 2)
                canvas.accumulate(Capsule(a: SIMD2(pa.x, pa.y), b: SIMD2(pb.x, pb.y), radius: r), weight: 1 / Float(samples))
            }
        }
        canvas.composite(value: value, opacity: opacity)
    }

    /// The backdrop shifted by the camera shake, with the clouds at their drifted position.
    private func composeBackground(time t: Double, shift: (Int, Int)) {
        let w = settings.width, h = settings.height
        let drift = settings.cloudDrift * scale * t
        let cloudBase = settings.cloudDrift > 0 ? Double(backdrop.cloudWidth - w - 2) : 1
        let cw = backdrop.cloudWidth
        let cloudLuma = backdrop.cloudLuma
        let hasClouds = settings.cloudCover > 0
        backdrop.luma.withUnsafeBufferPointer { still in
            backdrop.skyMask.withUnsafeBufferPointer { mask in
                backdrop.cloud.withUnsafeBufferPointer { cloud in
                    canvas.luma.withUnsafeMutableBufferPointer { out in
                        for y in 0..<h {
                            let sy = min(max(y - shift.1, 0), h - 1)
                            let row = sy * w
                            for x in 0..<w {
                                let sx = min(max(x - shift.0, 0), w - 1)
                                var v = still[row + sx]
                                let m = mask[row + sx]
                                if hasClouds && m > 0 {
                                    let u = Double(sx) + cloudBase - drift
                                    let ui = min(max(Int(u), 0), cw - 2)
                                    let f = Float(min(max(u - Double(ui), 0), 1))
                                    let a = (cloud[sy * cw + ui] * (1 - f) + cloud[sy * cw + ui + 1] * f) * m
                                    v += (cloudLuma - v) * a
                                }
                                out[y * w + x] = v
                            }
                        }
                    }
                }
            }
        }
    }

    /// Light change, noise and quantization into the frame's planes.
    private func writePlanes(frame n: Int, time t: Double, shift: (Int, Int), into frame: inout VideoFrame) {
        let w = settings.width, h = settings.height
        let period = max(settings.lightChangePeriod, 0.01)
        let readout = settings.rollingShutterReadout ?? 0
        // The sensor's rows run along the frame's longer side (a phone filming upright is a
        // landscape sensor turned): row y of a landscape frame is exposed readout * y / h after
        // the top row, column x of a portrait frame readout * x / w after the left one.
        let portrait = h > w
        func gain(_ y: Int, _ x: Int) -> Float {
            let delay = portrait ? readout * Double(x) / Double(w) : readout * Double(y) / Double(h)
            return Float(1 + settings.lightChange * sin(2 * .pi * (t + delay) / period + layout.lightPhase))
        }
        // A portrait frame's columns each take their own gain, a landscape frame's rows theirs;
        // the other factor is 1, which leaves a product exactly as it was.
        let columnGains = (0..<w).map { portrait ? gain(0, $0) : 1 }
        let sigma = Float(settings.noiseSigma)
        var random = SplitMix64(seed: settings.seed, stream: 0x2_0000_0000 + UInt64(n))
        let tableSize = UInt64(Self.noiseTableSize)
        noiseTable.withUnsafeBufferPointer { noise in
            canvas.luma.withUnsafeBufferPointer { image in
                frame.withUnsafeMutablePlane(0) { plane, stride in
                    for y in 0..<h {
                        let offset = Int(random.next() % tableSize)
                        let gain = portrait ? 1 : gain(y, 0)
                        for x in 0..<w {
                            let v = image[y * w + x] * gain * columnGains[x] + noise[offset + x] * sigma
                            plane[y * stride + x] = UInt8(min(max(v.rounded(), 0), 255))
                        }
                    }
                }
            }
            let cw = (w + 1) / 2, ch = (h + 1) / 2
            let drift = settings.cloudDrift * scale * t
            let cloudBase = settings.cloudDrift > 0 ? Double(backdrop.cloudWidth - w - 2) : 1
            for (plane, still) in [(1, backdrop.cb), (2, backdrop.cr)] {
                frame.withUnsafeMutablePlane(plane) { bytes, stride in
                    for y in 0..<ch {
                        let offset = Int(random.next() % tableSize)
                        let ly = min(2 * y, h - 1)
                        for x in 0..<cw {
                            var v = Float(still[y * cw + x])
                            let lx = min(2 * x, w - 1)
                            let m = backdrop.skyMask[ly * w + lx]
                            if m > 0 && settings.cloudCover > 0 {
                                let u = min(max(Int(Double(lx) + cloudBase - drift), 0), backdrop.cloudWidth - 1)
                                v += (128 - v) * backdrop.cloud[ly * backdrop.cloudWidth + u] * m
                            }
                            v += noise[offset + x] * sigma * 0.5
                            bytes[y * stride + x] = UInt8(min(max(v.rounded(), 0), 255))
                        }
                    }
                }
            }
        }
    }
}
