/// A small, fast, seedable random number generator (SplitMix64).
///
/// Generated clips must be identical on every machine and Swift version, which the standard
/// library's generator does not promise; SplitMix64 is fully specified by its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    public init(seed: UInt64) { state = seed }

    /// Creates an independent stream for one part of a clip (a frame, a distractor), so that
    /// changing one part (drawing the ball or not) leaves every other part's randomness alone.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next() ^ stream
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A standard normal value (Box-Muller), spelled out so results never depend on a library.
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }
}

@inline(__always) private func _log(_ x: Double) -> Double { Foundation.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Foundation.cos(x) }

import Foundation
