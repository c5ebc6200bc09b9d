import MediaKitLinux
@testable import TracerOverlay

/// A flat gray8 frame at level 120 with noise of about `noise` levels (four uniform draws summed
/// per pixel, in raster order from `seed`), plus `add(x, y)` levels at each pixel.
func noisyFlatFrame(width: Int, height: Int, seed: UInt64, noise: Double = 1,
                    add: (Int, Int) -> Double) throws -> VideoFrame {
    var frame = try VideoFrame(width: width, height: height, pixelFormat: .gray8, time: .zero)
    var rng = SplitMix64(seed: seed)
    frame.withUnsafeMutablePlane(0) { base, stride in
        for y in 0..<height {
            for x in 0..<width {
                var n = 0.0
                for _ in 0..<4 { n += Double(rng.next() >> 11) / Double(1 << 53) - 0.5 }
                let v = 120 + 1.73 * noise * n + add(x, y)
                base[y * stride + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
    }
    return frame
}
