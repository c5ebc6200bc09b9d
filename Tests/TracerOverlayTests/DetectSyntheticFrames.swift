import Foundation
import MediaKitLinux
@testable import TracerOverlay

/// Tiny hand-made clips for unit tests of the detector: a noisy flat background and discs.
struct SyntheticScene {
    var width = 320
    var height = 180
    var background: UInt8 = 120
    var noise = 2
    var frameRate = 60

    /// A disc to draw in a frame: centre in pixels (top-left), radius, luma.
    struct Disc {
        var x: Double
        var y: Double
        var radius: Double
        var luma: UInt8
    }

    /// Frame `n` with `discs` drawn over the background (antialiased by 4x4 supersampling).
    func frame(_ n: Int, discs: [Disc], format: PixelFormat = .gray8) throws -> VideoFrame {
        var frame = try VideoFrame(width: width, height: height, pixelFormat: format,
                                   time: MediaTime(value: Int64(n), timescale: Int32(frameRate)))
        var state = UInt64(n) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        let (w, h, bg, amp) = (width, height, Int(background), noise)
        frame.withUnsafeMutablePlane(0) { bytes, stride in
            for y in 0..<h {
                for x in 0..<w {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let r = amp == 0 ? 0 : Int((state >> 33) % UInt64(2 * amp + 1)) - amp
                    var v = Double(bg + r)
                    for d in discs where abs(Double(x) + 0.5 - d.x) < d.radius + 1 && abs(Double(y) + 0.5 - d.y) < d.radius + 1 {
                        var covered = 0
                        for sy in 0..<4 { for sx in 0..<4 {
                            let px = Double(x) + (Double(sx) + 0.5) / 4 - d.x, py = Double(y) + (Double(sy) + 0.5) / 4 - d.y
                            if px * px + py * py <= d.radius * d.radius { covered += 1 }
                        } }
                        let c = Double(covered) / 16
                        v = v * (1 - c) + Double(d.luma) * c
                    }
                    bytes[y * stride + x] = UInt8(max(0, min(255, v.rounded())))
                }
            }
        }
        return frame
    }

    /// A ball thrown from `start` with `velocity` (pixels per frame) and `gravity` (pixels per
    /// frame squared, down), launched at frame `launch`: its centre at frame n, or nil before.
    static func ballPath(launch: Int, start: (Double, Double), velocity: (Double, Double), gravity: Double)
        -> (Int) -> (Double, Double)? {
        { n in
            guard n >= launch else { return nil }
            let k = Double(n - launch)
            return (start.0 + velocity.0 * k, start.1 + velocity.1 * k + 0.5 * gravity * k * k)
        }
    }
}
