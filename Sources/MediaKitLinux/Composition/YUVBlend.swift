import Foundation

/// Alpha-blends a premultiplied BGRA patch into a yuv420p frame in place, converting only the
/// patch's pixels to Y'CbCr (limited range). Luma is blended per pixel; each chroma sample
/// blends the average of the 2x2 patch pixels it covers (averaging premultiplied values is
/// exact compositing). Pixels and 2x2 blocks with no coverage are not touched at all.
///
/// All arithmetic is integer, with coefficients in 24-bit fixed point.
struct YUVBlender {
    /// The Y'CbCr matrix.
    enum Matrix {
        /// ITU-R BT.601 (SD).
        case bt601
        /// ITU-R BT.709 (HD).
        case bt709

        /// HD sizes (720 lines or more) use BT.709, smaller ones BT.601, as players assume for
        /// untagged video.
        static func forFrame(width: Int, height: Int) -> Matrix { height >= 720 || width >= 1280 ? .bt709 : .bt601 }

        var kr: Double { self == .bt709 ? 0.2126 : 0.299 }
        var kb: Double { self == .bt709 ? 0.0722 : 0.114 }
    }

    // Luma: Y = (Yin (255 - a) + 16 a) / 255 + 219 (kr R + kg G + kb B) / 255 for premultiplied R, G, B.
    let yScale: Int, yR: Int, yG: Int, yB: Int
    // Chroma over 2x2 sums (A up to 1020): C = (Cin (1020 - A) + 128 A) / 1020 + 224 (c . S) / 1020.
    let cScale: Int, uR: Int, uG: Int, uB: Int, vR: Int, vG: Int, vB: Int

    init(matrix: Matrix) {
        let kr = matrix.kr, kb = matrix.kb, kg = 1 - kr - kb
        let one = Double(1 << 24)
        func fixed(_ v: Double) -> Int { Int((v * one).rounded()) }
        yScale = fixed(1 / 255.0)
        yR = fixed(219.0 * kr / 255.0); yG = fixed(219.0 * kg / 255.0); yB = fixed(219.0 * kb / 255.0)
        cScale = fixed(1 / 1020.0)
        let c = 224.0 / 1020.0
        uR = fixed(c * -kr / (2 * (1 - kb))); uG = fixed(c * -kg / (2 * (1 - kb))); uB = fixed(c * 0.5)
        vR = fixed(c * 0.5); vG = fixed(c * -kg / (2 * (1 - kr))); vB = fixed(c * -kb / (2 * (1 - kr)))
    }

    /// Blends `patch` (at its x, y, even-aligned and of even size) into `frame`, which must be
    /// yuv420p. One pass over 2x2 blocks: each block's two pixel pairs are loaded as 64-bit
    /// words, so a transparent block costs two loads and a test.
    func blend(_ patch: OverlayPatchRenderer.Patch, into frame: inout VideoFrame) {
        precondition(frame.pixelFormat == .yuv420p && patch.x % 2 == 0 && patch.y % 2 == 0
                     && patch.width % 2 == 0 && patch.height % 2 == 0)
        frame.makeUnique()
        let raw = frame.buffer.frame
        let yBase = planeData(raw, 0)!, uBase = planeData(raw, 1)!, vBase = planeData(raw, 2)!
        let yStride = planeStride(raw, 0), uStride = planeStride(raw, 1), vStride = planeStride(raw, 2)
        let src = UnsafeRawPointer(patch.pixels), srcStride = patch.bytesPerRow
        let alphaBits: UInt64 = 0xFF00_0000_FF00_0000
        for cy in 0..<(patch.height / 2) {
            let row0 = src + (2 * cy) * srcStride, row1 = row0 + srcStride
            let y0 = yBase + (patch.y + 2 * cy) * yStride + patch.x, y1 = y0 + yStride
            let uOut = uBase + (patch.y / 2 + cy) * uStride + patch.x / 2
            let vOut = vBase + (patch.y / 2 + cy) * vStride + patch.x / 2
            for cx in 0..<(patch.width / 2) {
                let top = row0.loadUnaligned(fromByteOffset: 8 * cx, as: UInt64.self)
                let bottom = row1.loadUnaligned(fromByteOffset: 8 * cx, as: UInt64.self)
                if (top | bottom) & alphaBits == 0 { continue }
                blendLuma(top, into: y0 + 2 * cx)
                blendLuma(bottom, into: y1 + 2 * cx)
                // Sum the four premultiplied pixels channel by channel.
                let b = Int(top & 0xFF) + Int((top >> 32) & 0xFF) + Int(bottom & 0xFF) + Int((bottom >> 32) & 0xFF)
                let g = Int((top >> 8) & 0xFF) + Int((top >> 40) & 0xFF) + Int((bottom >> 8) & 0xFF) + Int((bottom >> 40) & 0xFF)
                let r = Int((top >> 16) & 0xFF) + Int((top >> 48) & 0xFF) + Int((bottom >> 16) & 0xFF) + Int((bottom >> 48) & 0xFF)
                let a = Int((top >> 24) & 0xFF) + Int(top >> 56) + Int((bottom >> 24) & 0xFF) + Int(bottom >> 56)
                let keep = 1020 - a, grey = 128 * a
                let u = (Int(uOut[cx]) * keep + grey) * cScale + uR * r + uG * g + uB * b + (1 << 23)
                let v = (Int(vOut[cx]) * keep + grey) * cScale + vR * r + vG * g + vB * b + (1 << 23)
                uOut[cx] = UInt8(truncatingIfNeeded: min(max(u >> 24, 0), 255))
                vOut[cx] = UInt8(truncatingIfNeeded: min(max(v >> 24, 0), 255))
            }
        }
    }

    /// Blends two horizontally adjacent BGRA pixels (packed little-endian in `pair`) into two luma samples.
    @inline(__always)
    private func blendLuma(_ pair: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<2 {
            let pixel = Int(truncatingIfNeeded: (pair >> (32 * UInt64(i))) & 0xFFFF_FFFF)
            let a = pixel >> 24
            if a == 0 { continue }
            let b = pixel & 0xFF, g = (pixel >> 8) & 0xFF, r = (pixel >> 16) & 0xFF
            let acc = (Int(out[i]) * (255 - a) + 16 * a) * yScale + yR * r + yG * g + yB * b + (1 << 23)
            out[i] = UInt8(truncatingIfNeeded: min(max(acc >> 24, 0), 255))
        }
    }
}
