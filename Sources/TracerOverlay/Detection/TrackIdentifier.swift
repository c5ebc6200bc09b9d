import Foundation
import Synchronization

/// Random version-4 UUIDs for tracks, without a system call each.
///
/// `UUID()` asks the kernel for randomness on every call, and the tracker opens a hypothesis
/// (with its own uuid) for nearly every candidate blob: on busy footage that cost more than the
/// tracking itself. Track identifiers need to be unique, not unpredictable, so a xoshiro256**
/// stream seeded once from the system generator serves.
enum TrackIdentifier {
    private static let generator = Mutex(Xoshiro256StarStar())

    /// A new random (version 4, RFC 4122 variant) UUID.
    static func make() -> UUID {
        let (a, b) = generator.withLock { ($0.next(), $0.next()) }
        var bytes = (UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
                     UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: a.littleEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: b.littleEndian, toByteOffset: 8, as: UInt64.self)
            raw[6] = raw[6] & 0x0F | 0x40
            raw[8] = raw[8] & 0x3F | 0x80
        }
        return UUID(uuid: bytes)
    }
}

/// Blackman and Vigna's xoshiro256** generator.
struct Xoshiro256StarStar: RandomNumberGenerator {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    /// Seeded from the system's random source.
    init() {
        var system = SystemRandomNumberGenerator()
        s = (system.next(), system.next(), system.next(), system.next())
        if s == (0, 0, 0, 0) { s.0 = 1 }
    }

    mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3 << 45 | s.3 >> 19
        return result
    }
}
