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

    // Luma: Y = (Yin (255 - a) + 16 a) / 255 + (219 / 255) (kr R + kg G + kb B) / 255 for premultiplied R, G, B.
    let yScale: Int, yR: Int, yG: Int, yB: Int
    // Chroma over 2x2 sums (A up to 1020): C = (Cin (1020 - A) + 128 A) / 1020 + (224 / 255) (c . S) / 1020.
    let cScale: Int, uR: Int, uG: Int, uB: Int, vR: Int, vG: Int, vB: Int

    init(matrix: Matrix) {
        let kr = matrix.kr, kb = matrix.kb, kg = 1 - kr - kb
        let one = Double(1 << 24)
        func fixed(_ v: Double) -> Int { Int((v * one).rounded()) }
        yScale = fixed(1 / 255.0)
        yR = fixed(219.0 / 255.0 * kr / 255.0); yG = fixed(219.0 / 255.0 * kg / 255.0); yB = fixed(219.0 / 255.0 * kb / 255.0)
        cScale = fixed(1 / 1020.0)
        let c = 224.0 / 255.0 / 1020.0
        uR = fixed(c * -kr / (2 * (1 - kb))); uG = fixed(c * -kg / (2 * (1 - kb))); uB = fixed(c * 0.5)
        vR = fixed(c * 0.5); vG = fixed(c * -kg / (2 * (1 - kr))); vB = fixed(c * -kb / (2 * (1 - kr)))
    }

    /// Blends `patch` (at its x, y, even-aligned) into `frame`, which must be yuv420p.
    func blend(_ patch: OverlayPatchRenderer.Patch, into frame: inout VideoFrame) {
        precondition(frame.pixelFormat == .yuv420p && patch.x % 2 == 0 && patch.y % 2 == 0)
        let half = 1 << 23
        let src = patch.pixels, srcStride = patch.bytesPerRow
        let pw = patch.width, ph = patch.height
        frame.withUnsafeMutablePlane(0) { plane, stride in
            let base = plane.baseAddress!
            for row in 0..<ph {
                let out = base + (patch.y + row) * stride + patch.x
                let p = src + row * srcStride
                for col in 0..<pw {
                    let a = Int(p[4 * col + 3])
                    if a == 0 { continue }
                    let b = Int(p[4 * col]), g = Int(p[4 * col + 1]), r = Int(p[4 * col + 2])
                    let acc = (Int(out[col]) * (255 - a) + 16 * a) * yScale + yR * r + yG * g + yB * b + half
                    out[col] = UInt8(truncatingIfNeeded: min(max(acc >> 24, 0), 255))
                }
            }
        }
        let chromaWidth = (pw + 1) / 2, chromaHeight = (ph + 1) / 2
        let lastRow = ph - 1, lastCol = pw - 1
        // Both chroma planes at once: take their pointers directly (the frame is unique now).
        frame.makeUnique()
        let uBase = planeData(frame.buffer.frame, 1)!, vBase = planeData(frame.buffer.frame, 2)!
        let uStride = planeStride(frame.buffer.frame, 1), vStride = planeStride(frame.buffer.frame, 2)
        do {
            do {
                for cy in 0..<chromaHeight {
                    let p0 = src + (2 * cy) * srcStride
                    let p1 = src + min(2 * cy + 1, lastRow) * srcStride
                    let uOut = uBase + (patch.y / 2 + cy) * uStride + patch.x / 2
                    let vOut = vBase + (patch.y / 2 + cy) * vStride + patch.x / 2
                    for cx in 0..<chromaWidth {
                        let i0 = 8 * cx, i1 = 4 * min(2 * cx + 1, lastCol)
                        let a = Int(p0[i0 + 3]) + Int(p0[i1 + 3]) + Int(p1[i0 + 3]) + Int(p1[i1 + 3])
                        if a == 0 { continue }
                        let b = Int(p0[i0]) + Int(p0[i1]) + Int(p1[i0]) + Int(p1[i1])
                        let g = Int(p0[i0 + 1]) + Int(p0[i1 + 1]) + Int(p1[i0 + 1]) + Int(p1[i1 + 1])
                        let r = Int(p0[i0 + 2]) + Int(p0[i1 + 2]) + Int(p1[i0 + 2]) + Int(p1[i1 + 2])
                        let keep = 1020 - a, grey = 128 * a
                        let u = (Int(uOut[cx]) * keep + grey) * cScale + uR * r + uG * g + uB * b + half
                        let v = (Int(vOut[cx]) * keep + grey) * cScale + vR * r + vG * g + vB * b + half
                        uOut[cx] = UInt8(truncatingIfNeeded: min(max(u >> 24, 0), 255))
                        vOut[cx] = UInt8(truncatingIfNeeded: min(max(v >> 24, 0), 255))
                    }
                }
            }
        }
    }
}
