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
/// The earlier frames are taken dilated and eroded (max / min over a small square), so a camera
/// shake of a pixel, the ghost of the ball where it was before, sensor noise and slow light
/// changes all stay inside the band, while a small object arriving somewhere new stands out in
/// either polarity. The threshold beyond the band follows the measured frame-to-frame noise.
///
/// The band is the dilation of the earlier frames' pixelwise maximum (and the erosion of their
/// minimum), which is the maximum of their dilations: each frame is read as it was analysed
/// (the images stay the caller's, unchanged, for as long as the offsets reach back), and no
/// dilated copy of each is written and read back.
final class MotionMask {
    let width: Int
    let height: Int
    /// Which earlier frames form the background band (1 = the previous analysed frame).
    let backgroundOffsets: [Int]
    /// Radius of the square the background is dilated / eroded over (1 = 3x3).
    let toleranceRadius: Int
    /// The smallest threshold beyond the band, in 8-bit luma steps.
    let minimumThreshold: Int
    /// Where set, the threshold beyond a band no wider than ``flatBandWidth`` (a background
    /// flat and still in every reference frame: clear sky), where the frame's threshold is
    /// higher. Noise and x264's flicker widen the band wherever they are, so they keep the
    /// frame's threshold; a ball crossing clear sky needs only to stand out from one level.
    let flatThreshold: Int?
    /// The widest band (luma steps between its top and bottom) that counts as flat and still.
    static let flatBandWidth: UInt8 = 1
    /// The most pixels a frame may flag under ``flatThreshold`` alone; past that none of them
    /// counts in that frame. A ball is one to three such pixels; a noisy sky that x264 smoothed
    /// flat flickers by 3 levels in 6-27 pixels a frame (1280x720 25 fps sky-dark-ball-1), and
    /// those specks, taken, drew the ball's young tracks off it (recall 0.976 -> 0.585; at 8,
    /// 1280x720 25 fps dtl-noise-jitter-5 was found nowhere).
    static let mostFlatOnlyFlags = 4

    private let ringCount: Int
    /// The frames analysed lately, by frame count modulo ``ringCount``.
    private var frames: [LumaImage?]
    /// One row of the earlier frames' pixelwise max / min, margins included.
    private let pixelMax: UnsafeMutablePointer<UInt8>
    private let pixelMin: UnsafeMutablePointer<UInt8>
    /// The last `2 * toleranceRadius + 1` rows of those rows' row-wise max / min.
    private let rowMax: UnsafeMutablePointer<UInt8>
    private let rowMin: UnsafeMutablePointer<UInt8>
    /// One row of scratch for the comparison (band top, band bottom, change flags).
    private let bandHigh: UnsafeMutablePointer<UInt8>
    private let bandLow: UnsafeMutablePointer<UInt8>
    private let changed: UnsafeMutablePointer<UInt8>
    /// One row of frame-to-frame differences, for the noise estimate.
    private let differences: UnsafeMutablePointer<UInt8>
    private let histogram: UnsafeMutablePointer<Int>
    private var previous: LumaImage?
    /// Frames pushed so far.
    private(set) var frameCount = 0
    /// Typical absolute frame-to-frame luma change of a static pixel (median, smoothed).
    private(set) var noiseLevel: Double = 1.0
    /// The threshold used for the latest frame.
    private(set) var threshold = 0
    /// How many pixels of the frame being compared only the flat bands' lower threshold flagged.
    private var flatOnlyFlags = 0

    /// The usual smallest threshold: x264 flickers flat areas by a few steps.
    static let defaultMinimumThreshold = 4

    /// The usual background frames: a ball moving a few pixels a frame has left its place in
    /// them, while light and shake have not yet changed much.
    static let defaultBackgroundOffsets = [2, 3, 4]

    init(width: Int, height: Int, backgroundOffsets: [Int] = MotionMask.defaultBackgroundOffsets, toleranceRadius: Int = 1,
         minimumThreshold: Int = MotionMask.defaultMinimumThreshold, flatThreshold: Int? = nil) {
        precondition(toleranceRadius >= 0 && toleranceRadius <= LumaImage.margin)
        self.width = width
        self.height = height
        self.backgroundOffsets = backgroundOffsets
        self.toleranceRadius = toleranceRadius
        self.minimumThreshold = minimumThreshold
        self.flatThreshold = flatThreshold
        ringCount = (backgroundOffsets.max() ?? 1) + 1
        frames = Array(repeating: nil, count: ringCount)
        pixelMax = .allocate(capacity: width + 2 * toleranceRadius)
        pixelMin = .allocate(capacity: width + 2 * toleranceRadius)
        let window = 2 * toleranceRadius + 1
        rowMax = .allocate(capacity: window * width)
        rowMin = .allocate(capacity: window * width)
        bandHigh = .allocate(capacity: width + 8)
        bandLow = .allocate(capacity: width + 8)
        changed = .allocate(capacity: width + 8)
        changed.initialize(repeating: 0, count: width + 8)
        differences = .allocate(capacity: width)
        histogram = .allocate(capacity: 1024)
    }

    deinit {
        pixelMax.deallocate()
        pixelMin.deallocate()
        rowMax.deallocate()
        rowMin.deallocate()
        bandHigh.deallocate()
        bandLow.deallocate()
        changed.deallocate()
        differences.deallocate()
        histogram.deallocate()
    }

    /// Whether enough frames have been seen to compare against a full background.
    var isPrimed: Bool { frameCount >= ringCount }

    /// Forgets the background (after a cut or a frame of another size).
    func reset() {
        frameCount = 0
        previous = nil
        frames = Array(repeating: nil, count: ringCount)
    }

    /// Compares `current` with the background inside the pixel rectangle `region` (x0, y0, x1, y1,
    /// half-open), appends the flagged pixels in raster order to `flags` (at most `limit`), then
    /// makes `current` part of the background. Returns false when more than `limit` pixels
    /// changed (a cut, a flash, the camera moved): such a frame yields no detections.
    ///
    /// The mask holds on to `current` and reads it again as the background of the next
    /// `backgroundOffsets.max()` frames: its pixels, margins included, must stay as they are
    /// until then (the detection pipeline keeps each analysed frame for 96 frames or more).
    func process(_ current: LumaImage, region: (Int, Int, Int, Int), limit: Int,
                 into flags: inout [FlaggedPixel]) -> Bool {
        estimateNoise(current)
        let thresholdValue = max(minimumThreshold, Int((1.5 * noiseLevel + 1.5).rounded()))
        threshold = thresholdValue
        // The slot of this frame in the ring (never one of the compared offsets, all >= 1).
        let slot = frameCount % ringCount
        frames[slot] = current
        let compares = isPrimed && region.2 > region.0 && region.3 > region.1
        let t = UInt8(min(thresholdValue, 120))
        let flat = flatThreshold.map { UInt8(min($0, Int(t))) } ?? t
        var complete = true
        let start = flags.count
        flatOnlyFlags = 0
        if compares {
            let earlier = backgroundOffsets.map { frames[(frameCount - $0 + ringCount * 8) % ringCount]! }
            let r = toleranceRadius
            // Down the region's rows: each row of the earlier frames' extremes is spread along
            // the row once, when the band's window of rows first reaches it.
            var spread = max(region.1 - r, 0)
            for y in region.1..<region.3 {
                let y1 = min(y + r, height - 1)
                while spread <= y1 {
                    spreadRow(spread, of: earlier)
                    spread += 1
                }
                combineRows(y)
                complete = compareRow(y, current, x0: region.0, x1: region.2, t: t, flat: flat, limit: limit, into: &flags)
                if !complete { break }
            }
        }
        if flatOnlyFlags > Self.mostFlatOnlyFlags && complete {
            // Only a sky that is still in this frame (``mostFlatOnlyFlags``). The frame's
            // own flags lie beyond its threshold; the rest came from the flat bands.
            let kept = flags[start...].filter { $0.contrast > t }
            flags.replaceSubrange(start..., with: kept)
        }
        previous = current
        frameCount += 1
        return complete
    }

    /// The median absolute difference to the previous frame over every eighth row.
    private func estimateNoise(_ current: LumaImage) {
        guard let previous, previous !== current else { return }
        // Four interleaved histograms: neighbouring pixels usually share a difference, and one
        // histogram would make every increment wait for the previous one to land.
        let histogram = self.histogram
        histogram.initialize(repeating: 0, count: 1024)
        var samples = 0
        var y = 4
        // The row's differences first, in a loop the compiler vectorises; then the counting.
        let d = differences
        while y < height - 4 {
            let a = UnsafePointer(current.row(y)), b = UnsafePointer(previous.row(y))
            for x in 0..<width { d[x] = max(a[x], b[x]) &- min(a[x], b[x]) }
            var x = 0
            while x + 4 <= width {
                histogram[Int(d[x])] += 1
                histogram[256 + Int(d[x + 1])] += 1
                histogram[512 + Int(d[x + 2])] += 1
                histogram[768 + Int(d[x + 3])] += 1
                x += 4
            }
            while x < width {
                histogram[Int(d[x])] += 1
                x += 1
            }
            samples += width
            y += 8
        }
        for value in 0..<256 {
            histogram[value] += histogram[256 + value] + histogram[512 + value] + histogram[768 + value]
        }
        // Interpolated inside the median's bin so that low noise is not rounded to 0 or 1.
        guard let level = interpolatedMedian(UnsafeBufferPointer(start: histogram, count: 256), total: samples) else { return }
        let measured = max(level, 0.25)
        noiseLevel = frameCount < 3 ? measured : 0.9 * noiseLevel + 0.1 * measured
    }

    /// Row `y`'s max / min over `x - r ... x + r` of the pixelwise max / min of `images`, into
    /// the rolling row window.
    ///
    /// Plain element-wise loops over whole rows, the shape the compiler vectorises (a loop over
    /// neighbours inside the pixel loop, or generic SIMD types, stayed scalar and cost 30x more).
    @inline(__always)
    private func spreadRow(_ y: Int, of images: [LumaImage]) {
        let w = width, r = toleranceRadius, span = w + 2 * r
        let slot = (y % (2 * r + 1)) * w
        // The images' margins replicate their edge pixels, so x - r and x + r stay readable.
        let highest = pixelMax, lowest = pixelMin
        if images.count == 3 {
            let a = UnsafePointer(images[0].row(y) - r), b = UnsafePointer(images[1].row(y) - r)
            let c = UnsafePointer(images[2].row(y) - r)
            for x in 0..<span {
                highest[x] = max(a[x], max(b[x], c[x]))
                lowest[x] = min(a[x], min(b[x], c[x]))
            }
        } else {
            let first = UnsafePointer(images[0].row(y) - r)
            highest.update(from: first, count: span)
            lowest.update(from: first, count: span)
            for image in images.dropFirst() {
                let a = UnsafePointer(image.row(y) - r)
                for x in 0..<span {
                    highest[x] = max(highest[x], a[x])
                    lowest[x] = min(lowest[x], a[x])
                }
            }
        }
        let hi = UnsafePointer(highest + r), lo = UnsafePointer(lowest + r)
        let hmax = rowMax + slot, hmin = rowMin + slot
        if r == 1 {
            let hiLeft = hi - 1, hiRight = hi + 1, loLeft = lo - 1, loRight = lo + 1
            for x in 0..<w {
                hmax[x] = max(hi[x], max(hiLeft[x], hiRight[x]))
                hmin[x] = min(lo[x], min(loLeft[x], loRight[x]))
            }
            return
        }
        hmax.update(from: hi, count: w)
        hmin.update(from: lo, count: w)
        for d in stride(from: 1, through: r, by: 1) {
            for x in 0..<w {
                hmax[x] = max(hmax[x], max(hi[x - d], hi[x + d]))
                hmin[x] = min(hmin[x], min(lo[x - d], lo[x + d]))
            }
        }
    }

    /// The band's row `y` (into ``bandHigh`` / ``bandLow``): max / min of the window rows
    /// `y - r ... y + r` (clamped).
    @inline(__always)
    private func combineRows(_ y: Int) {
        let outMax = bandHigh, outMin = bandLow
        let w = width, r = toleranceRadius, window = 2 * r + 1
        let y0 = max(y - r, 0), y1 = min(y + r, height - 1)
        if r == 1 && y1 - y0 == 2 {
            let a = UnsafePointer(rowMax + (y0 % 3) * w), b = UnsafePointer(rowMax + ((y0 + 1) % 3) * w)
            let c = UnsafePointer(rowMax + ((y0 + 2) % 3) * w)
            let d = UnsafePointer(rowMin + (y0 % 3) * w), e = UnsafePointer(rowMin + ((y0 + 1) % 3) * w)
            let f = UnsafePointer(rowMin + ((y0 + 2) % 3) * w)
            for x in 0..<w {
                outMax[x] = max(a[x], max(b[x], c[x]))
                outMin[x] = min(d[x], min(e[x], f[x]))
            }
            return
        }
        outMax.update(from: rowMax + (y0 % window) * w, count: w)
        outMin.update(from: rowMin + (y0 % window) * w, count: w)
        var yy = y0 + 1
        while yy <= y1 {
            let a = UnsafePointer(rowMax + (yy % window) * w), b = UnsafePointer(rowMin + (yy % window) * w)
            for x in 0..<w {
                outMax[x] = max(outMax[x], a[x])
                outMin[x] = min(outMin[x], b[x])
            }
            yy += 1
        }
    }

    /// Flags the pixels of row `y` in `x0 ..< x1` beyond the band (``bandHigh`` / ``bandLow``,
    /// the whole row) by more than `t` (by more than `flat` where the band is flat); false once
    /// more than `limit` pixels are flagged.
    @inline(__always)
    private func compareRow(_ y: Int, _ current: LumaImage, x0: Int, x1: Int, t: UInt8, flat: UInt8, limit: Int,
                            into flags: inout [FlaggedPixel]) -> Bool {
        let span = x1 - x0
        let hi = UnsafePointer(bandHigh + x0), lo = UnsafePointer(bandLow + x0), changed = self.changed
        let top = 255 &- t
        let cur = UnsafePointer(current.row(y) + x0)
        // Whether anything changed in the row at all: most rows of a still scene are quiet.
        var any: UInt8 = 0
        // Saturating hi + t and lo - t, so 255 / 0 backgrounds never wrap.
        if flat < t {
            // Each pixel's threshold chosen by its band's width, in a loop of its own so that
            // the usual one below stays as lean as it was.
            let width = Self.flatBandWidth
            for x in 0..<span {
                let c = cur[x]
                let k = hi[x] &- lo[x] <= width ? flat : t
                let upper = min(hi[x], 255 &- k) &+ k
                let lower = max(lo[x], k) &- k
                let flag: UInt8 = (c > upper ? 1 : 0) | (c < lower ? 2 : 0)
                changed[x] = flag
                any |= flag
            }
        } else {
            for x in 0..<span {
                let c = cur[x]
                let upper = min(hi[x], top) &+ t
                let lower = max(lo[x], t) &- t
                let flag: UInt8 = (c > upper ? 1 : 0) | (c < lower ? 2 : 0)
                changed[x] = flag
                any |= flag
            }
        }
        guard any != 0 else { return true }
        (changed + span).update(repeating: 0, count: 8)
        return collect(y, x0: x0, span: span, cur: cur, t: t, limit: limit, into: &flags) { x in (hi[x], lo[x]) }
    }

    /// Appends the pixels the change row marks; `band` gives the band's top and bottom at `x`
    /// (asked only for marked pixels, which are rare). A mark no more than `t` beyond its band
    /// came from the flat bands alone: past ``mostFlatOnlyFlags`` of those in a frame the rest
    /// are not kept, and none of them counts towards `limit`, so the lower threshold never
    /// makes a frame incomplete that was not. False once more than `limit` others are flagged.
    @inline(__always)
    private func collect(_ y: Int, x0: Int, span: Int, cur: UnsafePointer<UInt8>, t: UInt8, limit: Int,
                         into flags: inout [FlaggedPixel], band: (Int) -> (UInt8, UInt8)) -> Bool {
        let changed = self.changed
        // Changes are rare: skip 32 quiet pixels at a time, then eight.
        var x = 0
        while x < span {
            let raw = UnsafeRawPointer(changed + x)
            if x + 32 <= span, raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == 0 {
                x += 32
                continue
            }
            if raw.loadUnaligned(as: UInt64.self) == 0 { x += 8; continue }
            let end = min(x + 8, span)
            while x < end {
                let flag = changed[x]
                if flag != 0 {
                    let v = Int(cur[x])
                    let (hi, lo) = band(x)
                    let polarity: Int8 = flag & 1 != 0 ? 1 : -1
                    let contrast = min(flag & 1 != 0 ? v - Int(hi) : Int(lo) - v, 255)
                    if contrast <= Int(t) {
                        flatOnlyFlags += 1
                    } else {
                        guard flags.count - min(flatOnlyFlags, Self.mostFlatOnlyFlags) < limit else { return false }
                    }
                    if contrast > Int(t) || flatOnlyFlags <= Self.mostFlatOnlyFlags {
                        flags.append(FlaggedPixel(x: Int32(x0 + x), y: Int32(y), polarity: polarity, contrast: UInt8(contrast)))
                    }
                }
                x += 1
            }
        }
        return true
    }
}
