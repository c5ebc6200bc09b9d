import Foundation

/// The still part of a scene, computed once per clip: sky gradient, a tree line, textured
/// grass in perspective, balls resting on the range, and the cloud texture that drifts over
/// the sky.
struct SceneBackdrop {
    let width: Int
    let height: Int
    /// Luma of the still scene, 8-bit levels.
    var luma: [Float]
    /// 1 where the sky shows (clouds may cover it), 0 on trees and grass; soft at the edges.
    var skyMask: [Float]
    /// Chroma planes (half size), from the kind of surface under each chroma sample.
    var cb: [UInt8]
    var cr: [UInt8]
    /// Cloud opacity, `cloudWidth` wide so the drift never runs out of texture.
    var cloud: [Float]
    let cloudWidth: Int
    /// Luma of the clouds.
    let cloudLuma: Float

    /// The distance in metres to the tree line that closes the range.
    static let treeDistance = 280.0

    init(settings: GroundTruthSettings, camera: PinholeCamera, restingBalls: [Vector3]) {
        width = settings.width
        height = settings.height
        let w = width, h = height
        let scale = Double(h) / 1080
        let noise = ValueNoise(seed: settings.seed &* 31 &+ 7)
        let grain = ValueNoise(seed: settings.seed &* 131 &+ 3)
        luma = [Float](repeating: 0, count: w * h)
        skyMask = [Float](repeating: 0, count: w * h)
        cb = [UInt8](repeating: 128, count: ((w + 1) / 2) * ((h + 1) / 2))
        cr = cb
        // Surface kind per pixel for chroma: 0 sky, 1 trees, 2 grass.
        var kind = [UInt8](repeating: 0, count: w * h)
        let cameraHeight = camera.position.y
        for y in 0..<h {
            for x in 0..<w {
                let ray = camera.rayDirection(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let elevation = asin(max(-1, min(1, ray.y)))
                let azimuth = atan2(ray.x, ray.z)
                // Tree tops: 9-20 m high at the tree distance, uneven along the horizon.
                let treeHeight = 9 + 11 * noise.fractal(azimuth * 40, 3.5, octaves: 4)
                let treeTop = atan2(treeHeight - cameraHeight, Self.treeDistance)
                var value: Double
                var sky: Double = 0
                var surface: UInt8
                if ray.y < 0, -cameraHeight / ray.y * (ray.x * ray.x + ray.z * ray.z).squareRoot() < Self.treeDistance {
                    // Grass: mowing stripes along the target line, clumps, fine grain, fading
                    // into haze with distance.
                    let t = -cameraHeight / ray.y
                    let p = camera.position + ray * t
                    let distance = t
                    let stripe = sin((p.x + 1.7) * .pi / 5) > 0 ? 7.0 : -7.0
                    let clumps = (noise.fractal(p.x * 0.35, p.z * 0.35, octaves: 3) - 0.5) * 26
                    let detail = (grain.value(Double(x) * 0.9, Double(y) * 0.9) - 0.5) * 22 * exp(-distance / 40)
                    let haze = 1 - exp(-distance / 450)
                    value = (92 + stripe + clumps + detail) * (1 - haze) + 150 * haze
                    surface = 2
                } else if elevation < treeTop {
                    let leaves = (noise.fractal(Double(x) * 0.08 / max(scale, 0.1), Double(y) * 0.08 / max(scale, 0.1), octaves: 3) - 0.5) * 30
                    value = 62 + leaves
                    surface = 1
                    // Soften the tree tops against the sky over about a pixel.
                    let edge = (treeTop - elevation) * camera.focalLength
                    if edge < 1 {
                        let skyValue = Self.skyLuma(elevation: elevation)
                        value = skyValue + (value - skyValue) * max(0, edge)
                        sky = 1 - max(0, edge)
                    }
                } else {
                    value = Self.skyLuma(elevation: elevation) + (noise.value(Double(x) * 0.004 / max(scale, 0.1), Double(y) * 0.01 / max(scale, 0.1)) - 0.5) * 6
                    sky = 1
                    surface = 0
                }
                luma[y * w + x] = Float(value)
                skyMask[y * w + x] = Float(sky)
                kind[y * w + x] = surface
            }
        }
        for y in 0..<((h + 1) / 2) {
            for x in 0..<((w + 1) / 2) {
                let k = kind[min(h - 1, 2 * y + 1) * w + min(w - 1, 2 * x + 1)]
                let i = y * ((w + 1) / 2) + x
                switch k {
                case 0: cb[i] = 141; cr[i] = 118   // blue sky
                case 1: cb[i] = 116; cr[i] = 122   // dark foliage
                default: cb[i] = 104; cr[i] = 116  // grass
                }
            }
        }
        // Resting balls: small bright discs on the grass.
        for ball in restingBalls {
            guard let p = camera.project(ball) else { continue }
            let r = max(camera.projectedSize(0.02135, depth: p.depth), 0.6)
            Self.stamp(disc: SIMD2(p.x, p.y), radius: r, value: 215, into: &luma, width: w, height: h)
        }
        // Clouds: fractal noise thresholded by the cover, only where sky shows.
        cloudWidth = w + Int(ceil(abs(settings.cloudDrift) * scale * (settings.duration + 1))) + 4
        cloudLuma = 238
        cloud = [Float](repeating: 0, count: cloudWidth * h)
        if settings.cloudCover > 0 {
            let cloudNoise = ValueNoise(seed: settings.seed &* 977 &+ 11)
            let threshold = 1 - min(0.95, settings.cloudCover) * 0.9 - 0.05
            let cell = 220 * scale
            for y in 0..<h {
                for x in 0..<cloudWidth {
                    let n = cloudNoise.fractal(Double(x) / cell, Double(y) / (cell * 0.45), octaves: 5)
                    let a = min(1, max(0, (n - threshold) / 0.12))
                    cloud[y * cloudWidth + x] = Float(a * 0.85)
                }
            }
        }
    }

    /// Sky luma: brightest at the horizon, deeper blue (darker) overhead.
    static func skyLuma(elevation: Double) -> Double {
        let e = max(0, elevation)
        return 218 - 38 * pow(min(1, e / 1.2), 0.8)
    }

    /// Draws a disc (4 x 4 samples per pixel) straight into a still image.
    static func stamp(disc c: SIMD2<Double>, radius: Double, value: Float, into image: inout [Float], width: Int, height: Int) {
        let x0 = max(0, Int(floor(c.x - radius))), x1 = min(width, Int(ceil(c.x + radius)) + 1)
        let y0 = max(0, Int(floor(c.y - radius))), y1 = min(height, Int(ceil(c.y + radius)) + 1)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - c.x
                        let dy = Double(y) + (Double(sy) + 0.5) / 4 - c.y
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                let f = Float(inside) / 16
                image[y * width + x] += (value - image[y * width + x]) * f
            }
        }
    }
}
