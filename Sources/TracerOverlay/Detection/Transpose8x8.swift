/// 8x8 transposes in SSE2's unpack steps (interleave single lanes, then pairs, then fours):
/// three rounds of eight vector operations where element-wise copies take 64 loads and 64
/// stores.
enum Transpose8x8 {
    /// Eight rows of eight 16-bit lanes: lane c of row r becomes lane r of result c.
    @inline(__always)
    static func transpose(_ r0: SIMD8<UInt16>, _ r1: SIMD8<UInt16>, _ r2: SIMD8<UInt16>, _ r3: SIMD8<UInt16>,
                          _ r4: SIMD8<UInt16>, _ r5: SIMD8<UInt16>, _ r6: SIMD8<UInt16>, _ r7: SIMD8<UInt16>)
        -> (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>,
            SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>) {
        let (a0, a1) = zip16(r0, r1), (a2, a3) = zip16(r2, r3), (a4, a5) = zip16(r4, r5), (a6, a7) = zip16(r6, r7)
        let (b0, b1) = zip32(a0, a2), (b2, b3) = zip32(a1, a3), (b4, b5) = zip32(a4, a6), (b6, b7) = zip32(a5, a7)
        let (c0, c1) = zip64(b0, b4), (c2, c3) = zip64(b1, b5), (c4, c5) = zip64(b2, b6), (c6, c7) = zip64(b3, b7)
        return (c0, c1, c2, c3, c4, c5, c6, c7)
    }

    /// Eight rows of eight bytes: byte c of row r becomes byte r of result c.
    @inline(__always)
    static func transpose(_ r0: SIMD8<UInt8>, _ r1: SIMD8<UInt8>, _ r2: SIMD8<UInt8>, _ r3: SIMD8<UInt8>,
                          _ r4: SIMD8<UInt8>, _ r5: SIMD8<UInt8>, _ r6: SIMD8<UInt8>, _ r7: SIMD8<UInt8>)
        -> (SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>,
            SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>) {
        let (a0, a1) = zip8(r0, r1), (a2, a3) = zip8(r2, r3), (a4, a5) = zip8(r4, r5), (a6, a7) = zip8(r6, r7)
        let (b0, b1) = zip16(a0, a2), (b2, b3) = zip16(a1, a3), (b4, b5) = zip16(a4, a6), (b6, b7) = zip16(a5, a7)
        let (c0, c1) = zip32(b0, b4), (c2, c3) = zip32(b1, b5), (c4, c5) = zip32(b2, b6), (c6, c7) = zip32(b3, b7)
        return (c0, c1, c2, c3, c4, c5, c6, c7)
    }

    // Each zip interleaves two vectors in units of its width (a0 b0 a1 b1 ...) and returns the
    // result's two halves.

    @inline(__always)
    private static func zip16(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
        var z = SIMD16<UInt16>()
        z.evenHalf = a
        z.oddHalf = b
        return (z.lowHalf, z.highHalf)
    }

    @inline(__always)
    private static func zip32(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
        var z = SIMD8<UInt32>()
        z.evenHalf = unsafeBitCast(a, to: SIMD4<UInt32>.self)
        z.oddHalf = unsafeBitCast(b, to: SIMD4<UInt32>.self)
        return (unsafeBitCast(z.lowHalf, to: SIMD8<UInt16>.self), unsafeBitCast(z.highHalf, to: SIMD8<UInt16>.self))
    }

    @inline(__always)
    private static func zip64(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
        let x = unsafeBitCast(a, to: SIMD2<UInt64>.self), y = unsafeBitCast(b, to: SIMD2<UInt64>.self)
        return (unsafeBitCast(SIMD2(x[0], y[0]), to: SIMD8<UInt16>.self),
                unsafeBitCast(SIMD2(x[1], y[1]), to: SIMD8<UInt16>.self))
    }

    @inline(__always)
    private static func zip8(_ a: SIMD8<UInt8>, _ b: SIMD8<UInt8>) -> (SIMD8<UInt8>, SIMD8<UInt8>) {
        var z = SIMD16<UInt8>()
        z.evenHalf = a
        z.oddHalf = b
        return (z.lowHalf, z.highHalf)
    }

    @inline(__always)
    private static func zip16(_ a: SIMD8<UInt8>, _ b: SIMD8<UInt8>) -> (SIMD8<UInt8>, SIMD8<UInt8>) {
        var z = SIMD8<UInt16>()
        z.evenHalf = unsafeBitCast(a, to: SIMD4<UInt16>.self)
        z.oddHalf = unsafeBitCast(b, to: SIMD4<UInt16>.self)
        return (unsafeBitCast(z.lowHalf, to: SIMD8<UInt8>.self), unsafeBitCast(z.highHalf, to: SIMD8<UInt8>.self))
    }

    @inline(__always)
    private static func zip32(_ a: SIMD8<UInt8>, _ b: SIMD8<UInt8>) -> (SIMD8<UInt8>, SIMD8<UInt8>) {
        let x = unsafeBitCast(a, to: SIMD2<UInt32>.self), y = unsafeBitCast(b, to: SIMD2<UInt32>.self)
        return (unsafeBitCast(SIMD2(x[0], y[0]), to: SIMD8<UInt8>.self),
                unsafeBitCast(SIMD2(x[1], y[1]), to: SIMD8<UInt8>.self))
    }
}
