internal import CFFmpeg
import Foundation

/// The blend of a premultiplied BGRA overlay into yuv420p, precomputed per sample as
/// `out = (in * scale + offset) >> 8` in 16-bit arithmetic: ``YUVBlender``'s formula with the
/// overlay's part folded into two numbers, so that blending an overlay that did not change since
/// the last frame is one 16-bit multiply-add per sample (eight or sixteen at a time).
///
/// Luma: `scale = floor((255 - a) * 256 / 255)` and `offset` = the overlay's luma contribution
/// in 8.8 fixed point plus a half for rounding. Chroma (each sample covers 2x2 pixels with an
/// alpha sum A up to 1020): `scale = floor((1020 - A) * 256 / 1020)`, `offset` likewise. The
/// scale is rounded down so that the sum never passes 255.5 * 256 (no 16-bit overflow); a
/// transparent pixel gives scale 256 and offset 128, which leaves the input exactly as it was.
/// Planes are frame-sized; only the samples of inked blocks are ever written or read.
final class BlendCoefficients {
    let width: Int, height: Int
    private let chromaWidth: Int
    private let blender: YUVBlender
    private let lumaScale: UnsafeMutablePointer<UInt16>
    private let lumaOffset: UnsafeMutablePointer<UInt16>
    private let chromaScale: UnsafeMutablePointer<UInt16>
    private let uOffset: UnsafeMutablePointer<UInt16>
    private let vOffset: UnsafeMutablePointer<UInt16>

    init(width: Int, height: Int, blender: YUVBlender) {
        self.width = width
        self.height = height
        self.blender = blender
        chromaWidth = (width + 1) / 2
        let chromaCount = chromaWidth * ((height + 1) / 2)
        // Left uninitialised on purpose: pages are touched only where ink is.
        lumaScale = .allocate(capacity: width * height)
        lumaOffset = .allocate(capacity: width * height)
        chromaScale = .allocate(capacity: chromaCount)
        uOffset = .allocate(capacity: chromaCount)
        vOffset = .allocate(capacity: chromaCount)
    }

    deinit {
        lumaScale.deallocate(); lumaOffset.deallocate(); chromaScale.deallocate(); uOffset.deallocate(); vOffset.deallocate()
    }

    /// Computes the coefficients of the box at (`x`, `y`) (even, of even size) from `pixels`.
    func compute(from pixels: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, x: Int, y: Int, width w: Int, height h: Int) {
        let k = blender
        // 24-bit fixed point products (YUVBlender's) down to 8.8, rounded, plus a half.
        func offset(_ fixed24: Int) -> UInt16 { UInt16(truncatingIfNeeded: min(max((fixed24 + (1 << 15)) >> 16, 0) + 128, 65535)) }
        for row in y..<(y + h) {
            let source = pixels + row * bytesPerRow + 4 * x
            let scale = lumaScale + row * width + x, add = lumaOffset + row * width + x
            for i in 0..<w {
                let b = Int(source[4 * i]), g = Int(source[4 * i + 1]), r = Int(source[4 * i + 2]), a = Int(source[4 * i + 3])
                // floor(t * 256 / 255) for t = 255 - a is t, plus one when t = 255.
                let t = 255 - a
                scale[i] = UInt16(truncatingIfNeeded: t + (t == 255 ? 1 : 0))
                add[i] = offset(16 * a * k.yScale + k.yR * r + k.yG * g + k.yB * b)
            }
        }
        for cy in (y / 2)..<((y + h) / 2) {
            let top = pixels + 2 * cy * bytesPerRow, bottom = top + bytesPerRow
            for cx in (x / 2)..<((x + w) / 2) {
                let p = top + 8 * cx, q = bottom + 8 * cx
                let b = Int(p[0]) + Int(p[4]) + Int(q[0]) + Int(q[4]), g = Int(p[1]) + Int(p[5]) + Int(q[1]) + Int(q[5])
                let r = Int(p[2]) + Int(p[6]) + Int(q[2]) + Int(q[6]), a = Int(p[3]) + Int(p[7]) + Int(q[3]) + Int(q[7])
                let index = cy * chromaWidth + cx
                // floor((1020 - A) * 64 / 255) by a multiply and shift (exact for 0...1020).
                chromaScale[index] = UInt16(truncatingIfNeeded: ((1020 - a) * 64 * 257 + 257) >> 16)
                let grey = 128 * a * k.cScale
                uOffset[index] = offset(grey + k.uR * r + k.uG * g + k.uB * b)
                vOffset[index] = offset(grey + k.vR * r + k.vG * g + k.vB * b)
            }
        }
    }

    /// Blends the rows `y ..< y + height` (even) of `source` into those of `target` (yuv420p
    /// pictures of this size; the same one to blend in place) over the horizontal `runs` (even
    /// x and width, coefficients computed). With a separate source, the rest of the rows is
    /// copied: the blended copy of a decoded picture is written in one pass.
    func blendRows(from source: UnsafeMutablePointer<AVFrame>, into target: UnsafeMutablePointer<AVFrame>,
                   y: Int, height h: Int, runs: [(x: Int, width: Int)]) {
        let copying = source != target
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let rowWidth = width >> shift
            let sourceBase = planeData(source, plane)!, targetBase = planeData(target, plane)!
            let sourceStride = planeStride(source, plane), targetStride = planeStride(target, plane)
            for row in (y >> shift)..<((y + h) >> shift) {
                let from = sourceBase + row * sourceStride, to = targetBase + row * targetStride
                var done = 0
                for run in runs {
                    let x = run.x >> shift, count = run.width >> shift
                    if copying && x > done { (to + done).update(from: from + done, count: x - done) }
                    if plane == 0 {
                        Self.apply(to + x, from + x, lumaScale + row * width + x, lumaOffset + row * width + x, count: count)
                    } else {
                        let index = row * chromaWidth + x
                        Self.apply(to + x, from + x, chromaScale + index, (plane == 1 ? uOffset : vOffset) + index, count: count)
                    }
                    done = x + count
                }
                if copying && done < rowWidth { (to + done).update(from: from + done, count: rowWidth - done) }
            }
        }
    }

    /// `out[i] = (source[i] * scale[i] + offset[i]) >> 8` (a plain loop, which the compiler
    /// vectorises to 16-bit multiply-adds).
    @inline(__always)
    private static func apply(_ out: UnsafeMutablePointer<UInt8>, _ source: UnsafeMutablePointer<UInt8>, _ scale: UnsafeMutablePointer<UInt16>,
                              _ offset: UnsafeMutablePointer<UInt16>, count: Int) {
        for i in 0..<count {
            out[i] = UInt8(truncatingIfNeeded: (UInt16(source[i]) &* scale[i] &+ offset[i]) &>> 8)
        }
    }
}
