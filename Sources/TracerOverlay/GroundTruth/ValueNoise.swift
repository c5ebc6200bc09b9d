import Foundation

/// Smooth, seeded 2-D noise in [0, 1] (value noise on an integer lattice, fractal sums of it),
/// for textures that must look natural yet be identical on every run.
struct ValueNoise: Sendable {
    let seed: UInt64

    @inline(__always) func lattice(_ x: Int, _ y: Int) -> Double {
        var h = seed &+ UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 32
        return Double(h & 0xFFFF_FFFF) / Double(UInt32.max)
    }

    /// Noise at (`x`, `y`) with one lattice cell per unit.
    func value(_ x: Double, _ y: Double) -> Double {
        let fx = floor(x), fy = floor(y)
        let ix = Int(fx), iy = Int(fy)
        var tx = x - fx, ty = y - fy
        tx = tx * tx * (3 - 2 * tx)
        ty = ty * ty * (3 - 2 * ty)
        let a = lattice(ix, iy), b = lattice(ix + 1, iy)
        let c = lattice(ix, iy + 1), d = lattice(ix + 1, iy + 1)
        return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty
    }

    /// A sum of `octaves` layers of noise, each twice as fine and half as strong, in [0, 1].
    func fractal(_ x: Double, _ y: Double, octaves: Int) -> Double {
        var sum = 0.0, weight = 1.0, total = 0.0, scale = 1.0
        for _ in 0..<octaves {
            sum += value(x * scale, y * scale) * weight
            total += weight
            weight *= 0.5
            scale *= 2
        }
        return sum / total
    }
}
