/// A pixel that differs from the recent background by more than the noise allows.
struct FlaggedPixel {
    var x: Int32
    var y: Int32
    /// +1 brighter than every background frame around it, -1 darker than all of them.
    var polarity: Int8
    /// How far beyond the background band the pixel lies, plus the threshold (always > 0).
    var contrast: UInt8
}

/// Finds the pixels of the current frame that are new: brighter than the brightest, or darker
/// than the darkest, value of a few earlier frames around the same place.
///
/// The earlier frames are kept dilated and eroded (max / min over a small square), so a camera
/// shake of a pixel, the ghost of the ball where it was before, sensor noise and slow light
/// changes all stay inside the band, while a small object arriving somewhere new stands out in
/// either polarity. The threshold beyond the band follows the measured frame-to-frame noise.
final class MotionMask {
    let width: Int
    let height: Int
    /// Which earlier frames form the background band (1 = the previous analysed frame).
    let backgroundOffsets: [Int]
    /// Radius of the square the background is dilated / eroded over (1 = 3x3).
    let toleranceRadius: Int
    /// The smallest threshold beyond the band, in 8-bit luma steps.
    let minimumThreshold: Int

    private let ringCount: Int
    private var dilated: [LumaImage]
    private var eroded: [LumaImage]
    private let rowMax: LumaImage
    private let rowMin: LumaImage
    private var previous: LumaImage?
    /// Frames pushed so far.
    private(set) var frameCount = 0
    /// Typical absolute frame-to-frame luma change of a static pixel (median, smoothed).
    private(set) var noiseLevel: Double = 1.0
    /// The threshold used for the latest frame.
    private(set) var threshold = 0

    init(width: Int, height: Int, backgroundOffsets: [Int] = [2, 3, 4], toleranceRadius: Int = 1,
         minimumThreshold: Int = 4) {
        self.width = width
        self.height = height
        self.backgroundOffsets = backgroundOffsets
        self.toleranceRadius = toleranceRadius
        self.minimumThreshold = minimumThreshold
        ringCount = (backgroundOffsets.max() ?? 1) + 1
        dilated = (0..<ringCount).map { _ in LumaImage(width: width, height: height) }
        eroded = (0..<ringCount).map { _ in LumaImage(width: width, height: height) }
        rowMax = LumaImage(width: width, height: height)
        rowMin = LumaImage(width: width, height: height)
    }

    /// Whether enough frames have been seen to compare against a full background.
    var isPrimed: Bool { frameCount >= ringCount }

    /// Forgets the background (after a cut or a frame of another size).
    func reset() {
        frameCount = 0
        previous = nil
    }

    /// Compares `current` with the background inside the pixel rectangle `region` (x0, y0, x1, y1,
    /// half-open), appends the flagged pixels in raster order to `flags` (at most `limit`), then
    /// makes `current` part of the background. Returns false when more than `limit` pixels
    /// changed (a cut, a flash, the camera moved): such a frame yields no detections.
    func process(_ current: LumaImage, region: (Int, Int, Int, Int), limit: Int,
                 into flags: inout [FlaggedPixel]) -> Bool {
        estimateNoise(current)
        var complete = true
        if isPrimed {
            complete = compare(current, region: region, limit: limit, into: &flags)
        }
        // The slot of this frame in the rings.
        let slot = frameCount % ringCount
        spread(current, dilated: dilated[slot], eroded: eroded[slot])
        previous = current
        frameCount += 1
        return complete
    }

    /// The image `offset` frames back in a ring.
    private func back(_ ring: [LumaImage], _ offset: Int) -> LumaImage {
        ring[(frameCount - offset + ringCount * 8) % ringCount]
    }

    /// The median absolute difference to the previous frame over every eighth row.
    private func estimateNoise(_ current: LumaImage) {
        guard let previous, previous !== current else { return }
        var histogram = [Int](repeating: 0, count: 256)
        var samples = 0
        var y = 4
        while y < height - 4 {
            let a = current.row(y), b = previous.row(y)
            for x in 0..<width {
                let d = Int(a[x]) - Int(b[x])
                histogram[d < 0 ? -d : d] += 1
            }
            samples += width
            y += 8
        }
        guard samples > 0 else { return }
        var seen = 0, median = 0
        for (value, count) in histogram.enumerated() {
            seen += count
            if seen * 2 >= samples { median = value; break }
        }
        // Interpolate inside the median's bin so that low noise is not rounded to 0 or 1.
        let below = histogram[..<median].reduce(0, +)
        let inBin = max(histogram[median], 1)
        let level = Double(median) + (Double(samples) / 2 - Double(below)) / Double(inBin) - 0.5
        let measured = max(level, 0.25)
        noiseLevel = frameCount < 3 ? measured : 0.9 * noiseLevel + 0.1 * measured
    }

    /// Dilates and erodes `image` over a square of radius ``toleranceRadius``.
    ///
    /// Separable: a running max / min across each row, then down the columns. Each pass is a
    /// plain element-wise loop over whole rows, the shape the compiler vectorises (a loop over
    /// neighbours inside the pixel loop, or generic SIMD types, stayed scalar and cost 30x more).
    private func spread(_ image: LumaImage, dilated: LumaImage, eroded: LumaImage) {
        let r = toleranceRadius
        let w = width
        for y in 0..<height {
            let src = UnsafePointer(image.row(y))
            let hmax = rowMax.row(y), hmin = rowMin.row(y)
            hmax.update(from: src, count: w)
            hmin.update(from: src, count: w)
            // The margins replicate the edge pixels, so x - d and x + d stay readable.
            for d in stride(from: 1, through: r, by: 1) {
                let left = src - d, right = src + d
                for x in 0..<w {
                    hmax[x] = max(hmax[x], max(left[x], right[x]))
                    hmin[x] = min(hmin[x], min(left[x], right[x]))
                }
            }
        }
        for y in 0..<height {
            let outMax = dilated.row(y), outMin = eroded.row(y)
            let y0 = max(y - r, 0), y1 = min(y + r, height - 1)
            outMax.update(from: rowMax.row(y0), count: w)
            outMin.update(from: rowMin.row(y0), count: w)
            var yy = y0 + 1
            while yy <= y1 {
                let a = UnsafePointer(rowMax.row(yy)), b = UnsafePointer(rowMin.row(yy))
                for x in 0..<w {
                    outMax[x] = max(outMax[x], a[x])
                    outMin[x] = min(outMin[x], b[x])
                }
                yy += 1
            }
        }
        dilated.replicateEdges()
        eroded.replicateEdges()
    }

    private func compare(_ current: LumaImage, region: (Int, Int, Int, Int), limit: Int,
                         into flags: inout [FlaggedPixel]) -> Bool {
        let thresholdValue = max(minimumThreshold, Int((1.5 * noiseLevel + 1.5).rounded()))
        threshold = thresholdValue
        let t = UInt8(min(thresholdValue, 120))
        let top = 255 &- t
        let maxRings = backgroundOffsets.map { back(dilated, $0) }
        let minRings = backgroundOffsets.map { back(eroded, $0) }
        let (x0, y0, x1, y1) = region
        guard x1 > x0 else { return true }
        let span = x1 - x0
        let hi = UnsafeMutablePointer<UInt8>.allocate(capacity: span + 8)
        let lo = UnsafeMutablePointer<UInt8>.allocate(capacity: span + 8)
        let changed = UnsafeMutablePointer<UInt8>.allocate(capacity: span + 8)
        defer { hi.deallocate(); lo.deallocate(); changed.deallocate() }
        (changed + span).initialize(repeating: 0, count: 8)
        for y in y0..<y1 {
            let cur = UnsafePointer(current.row(y) + x0)
            hi.update(from: maxRings[0].row(y) + x0, count: span)
            lo.update(from: minRings[0].row(y) + x0, count: span)
            for k in 1..<maxRings.count {
                let a = UnsafePointer(maxRings[k].row(y) + x0), b = UnsafePointer(minRings[k].row(y) + x0)
                for x in 0..<span {
                    hi[x] = max(hi[x], a[x])
                    lo[x] = min(lo[x], b[x])
                }
            }
            // Saturating hi + t and lo - t, so 255 / 0 backgrounds never wrap.
            for x in 0..<span {
                let c = cur[x]
                let upper = min(hi[x], top) &+ t
                let lower = max(lo[x], t) &- t
                changed[x] = (c > upper ? 1 : 0) | (c < lower ? 2 : 0)
            }
            // Changes are rare: skip eight quiet pixels at a time.
            var x = 0
            while x < span {
                if UnsafeRawPointer(changed + x).loadUnaligned(as: UInt64.self) == 0 { x += 8; continue }
                let end = min(x + 8, span)
                while x < end {
                    let flag = changed[x]
                    if flag != 0 {
                        guard flags.count < limit else { return false }
                        let v = Int(cur[x])
                        if flag & 1 != 0 {
                            flags.append(FlaggedPixel(x: Int32(x0 + x), y: Int32(y), polarity: 1, contrast: UInt8(min(v - Int(hi[x]), 255))))
                        } else {
                            flags.append(FlaggedPixel(x: Int32(x0 + x), y: Int32(y), polarity: -1, contrast: UInt8(min(Int(lo[x]) - v, 255))))
                        }
                    }
                    x += 1
                }
            }
        }
        return true
    }
}
