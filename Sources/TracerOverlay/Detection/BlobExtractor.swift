import Foundation

/// A small moving object found in one frame: the input of the tracker.
struct BallCandidate {
    /// Contrast-weighted centre in analysis pixels (pixel centres at +0.5).
    var x: Double
    var y: Double
    /// Radius of the object: half its thickness across the direction it is smeared in, in pixels.
    var radius: Double
    /// Half the length along its longest axis (a motion-blurred streak is long), in pixels.
    var halfLength: Double
    /// Direction of the blob's long axis (unit vector; its sign means nothing).
    var axisX = 1.0
    var axisY = 0.0
    /// Flagged pixels in the blob.
    var area: Int
    /// +1 brighter than the background, -1 darker.
    var polarity: Int8
    /// The largest contrast of any of its pixels.
    var peakContrast: Int
    /// Other changed pixels nearby (inside moving regions such as a body or a club).
    var neighbourhoodActivity: Int
    /// Found by its look in one frame (a dot set off from its surroundings), not by a change
    /// between frames: only a local search for a confirmed track does this.
    var foundByAppearance = false
    /// Found as a faint streak along a flight's predicted motion (a look back's find).
    var foundAsStreak = false
    /// Found in the full-size frame as a lone peak that nothing else in its gate comes near
    /// (``DetectionPipeline/distinctPeakThreshold(differences:gate:centre:peak:streak:box:excess:minimum:)``):
    /// a far flight's look back takes it however few pixels it covers.
    var isDistinctPeak = false
    /// The background's luma at the centre (the analysis frame ``DetectionPipeline/backgroundLag``
    /// frames before, where a moving object was elsewhere); nil where not measured.
    var background: Int? = nil
    /// The background at the place a crossing was measured from (``LocalSearch/crossingFrom``),
    /// in the same frame as ``background``; nil where not measured.
    var backgroundBefore: Int? = nil
    /// Lies beside a far stronger blob of the other sign, as the wake a slow object leaves at
    /// its edges does (``DetectionPipeline/markWakes(_:)``).
    var inWake = false
}

/// Groups flagged pixels into blobs (same polarity, gaps of one pixel bridged, since a faint
/// streak breaks up) and describes each blob by its centre, size and shape.
final class BlobExtractor {
    let width: Int
    let height: Int
    /// Tile edge for the activity map that tells a lone object from one inside a moving region.
    static let tile = 16
    /// The flag at each pixel of the last three rows (row y in slot y % 3), or an older row's
    /// in the same slot, or -1: flags come in raster order, and a flag's neighbours lie at
    /// most two rows up. Three rows stay in the nearest cache, where a whole frame's labels
    /// missed it for most neighbours a flag looked at.
    private var labels: [Int32]
    private var parent: [Int32] = []
    private var tileCounts: [Int32]
    private let tilesX: Int
    private let tilesY: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        labels = [Int32](repeating: -1, count: 3 * width)
        tilesX = (width + BlobExtractor.tile - 1) / BlobExtractor.tile
        tilesY = (height + BlobExtractor.tile - 1) / BlobExtractor.tile
        tileCounts = [Int32](repeating: 0, count: tilesX * tilesY)
        neighbourhoodSums = [Int](repeating: 0, count: tilesX * tilesY)
        rowSums = neighbourhoodSums
    }

    /// Root of `i` in the union-find forest `parent`, compressing the path walked.
    @inline(__always)
    private static func find(_ i: Int32, _ parent: UnsafeMutablePointer<Int32>) -> Int32 {
        var r = i
        while parent[Int(r)] != r { r = parent[Int(r)] }
        var j = i
        while parent[Int(j)] != r { let next = parent[Int(j)]; parent[Int(j)] = r; j = next }
        return r
    }

    @inline(__always)
    private static func union(_ a: Int32, _ b: Int32, _ parent: UnsafeMutablePointer<Int32>) {
        let ra = find(a, parent), rb = find(b, parent)
        if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
    }

    /// Blobs of `flags` (raster order), those with more than `maxArea` pixels dropped.
    func extract(_ flags: [FlaggedPixel], maxArea: Int) -> [BallCandidate] {
        // A frame where nothing changed has no activity anywhere (not the last frame's).
        for i in 0..<tileCounts.count { tileCounts[i] = 0 }
        activityBaseline = 0
        guard !flags.isEmpty else {
            neighbourhoodSums.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) }
            return []
        }
        let count = flags.count
        if parent.count < count { parent = [Int32](repeating: 0, count: count) }
        let w = width, tilesX = self.tilesX
        // Local buffers for the pixel loop: class-property arrays there pay an exclusivity check
        // and a uniqueness check per access.
        var stats: [Moments] = []
        parent.withUnsafeMutableBufferPointer { parentBuffer in
            let parent = parentBuffer.baseAddress!
            for i in 0..<count { parent[i] = Int32(i) }
            labels.withUnsafeMutableBufferPointer { label in
                label.initialize(repeating: -1)
                tileCounts.withUnsafeMutableBufferPointer { tiles in
                    flags.withUnsafeBufferPointer { flags in
                        for i in 0..<count {
                            let f = flags[i]
                            let x = Int(f.x), y = Int(f.y)
                            tiles[(y / BlobExtractor.tile) * tilesX + x / BlobExtractor.tile] += 1
                            // Earlier neighbours within two pixels (raster order): bridges one-pixel gaps.
                            for dy in -2...0 {
                                let yy = y + dy
                                guard yy >= 0 else { continue }
                                let dxs = dy == 0 ? -2...(-1) : -2...2
                                let slot = (yy % 3) * w
                                for dx in dxs {
                                    let xx = x + dx
                                    guard xx >= 0, xx < w else { continue }
                                    let l = label[slot + xx]
                                    // (A label left from three rows up or more is no neighbour.)
                                    if l >= 0 && flags[Int(l)].y == Int32(yy) && flags[Int(l)].polarity == f.polarity {
                                        Self.union(Int32(i), l, parent)
                                    }
                                }
                            }
                            label[(y % 3) * w + x] = Int32(i)
                        }
                        // Accumulate moments per root.
                        var index = [Int32](repeating: -1, count: count)
                        for i in 0..<count {
                            let root = Int(Self.find(Int32(i), parent))
                            if index[root] < 0 { index[root] = Int32(stats.count); stats.append(Moments()) }
                            stats[Int(index[root])].add(flags[i])
                        }
                    }
                }
            }
        }
        activityBaseline = typicalActivity()
        var result: [BallCandidate] = []
        for m in stats where m.n <= maxArea {
            guard let candidate = m.candidate() else { continue }
            result.append(withActivity(candidate))
        }
        return result
    }

    /// The changed pixels in the 3x3 tiles around the frame's median tile: what noise and
    /// compression flag everywhere, which says nothing about a moving body near a candidate. In
    /// clean video it is 0; at crf 23 the frame is full of x264's flicker, and a ball climbing
    /// through it counted as crowded in every frame (1920x1080 crf 23 dtl-noise-jitter-1:
    /// nothing found -> recall 0.405, precision 1.000, reported 10 frames in; no clip of the
    /// crf 18 sets changed but 640x360 120 fps sky-birds-clouds-1, 0.650 -> 0.720).
    private(set) var activityBaseline = 0
    /// The changed pixels in each tile's 3x3 neighbourhood in the latest frame (worked out by
    /// ``typicalActivity()``; all 0 before the first frame and after one where nothing changed).
    private var neighbourhoodSums: [Int]
    /// Scratch for ``typicalActivity()``: each tile's sum with its left and right neighbours,
    /// then how many neighbourhoods hold each sum.
    private var rowSums: [Int]
    private var sumCounts: [Int32] = []

    /// The median over tiles of the changed pixels in each tile's 3x3 neighbourhood.
    private func typicalActivity() -> Int {
        let tilesX = self.tilesX, tilesY = self.tilesY, n = tileCounts.count
        // Three across, then three down (pointers: this runs over every tile on every frame).
        tileCounts.withUnsafeBufferPointer { counts in
            rowSums.withUnsafeMutableBufferPointer { across in
                neighbourhoodSums.withUnsafeMutableBufferPointer { sums in
                    for ty in 0..<tilesY {
                        let row = ty * tilesX
                        for tx in 0..<tilesX {
                            var total = Int(counts[row + tx])
                            if tx > 0 { total += Int(counts[row + tx - 1]) }
                            if tx + 1 < tilesX { total += Int(counts[row + tx + 1]) }
                            across[row + tx] = total
                        }
                    }
                    for ty in 0..<tilesY {
                        let row = ty * tilesX
                        for tx in 0..<tilesX {
                            var total = across[row + tx]
                            if ty > 0 { total += across[row - tilesX + tx] }
                            if ty + 1 < tilesY { total += across[row + tilesX + tx] }
                            sums[row + tx] = total
                        }
                    }
                }
            }
        }
        // The median by counting: a neighbourhood holds at most nine tiles' pixels, and sorting
        // every tile's sum cost more than summing them.
        let largest = 9 * BlobExtractor.tile * BlobExtractor.tile
        if sumCounts.count != largest + 1 { sumCounts = [Int32](repeating: 0, count: largest + 1) }
        return sumCounts.withUnsafeMutableBufferPointer { counts in
            counts.initialize(repeating: 0)
            neighbourhoodSums.withUnsafeBufferPointer { sums in
                for total in sums { counts[min(total, largest)] += 1 }
            }
            // The value at index n / 2 of the sums in order.
            let rank = n / 2
            var below = 0
            for value in 0...largest {
                below += Int(counts[value])
                if below > rank { return value }
            }
            return largest
        }
    }

    /// Sets the count of changed pixels in the 3x3 tiles around the candidate, minus its own and
    /// the frame's ``activityBaseline``.
    private func withActivity(_ c: BallCandidate) -> BallCandidate {
        var out = c
        out.neighbourhoodActivity = max(activity(x: c.x, y: c.y) - c.area - activityBaseline, 0)
        return out
    }

    /// The count of the latest frame's changed pixels in the 3x3 tiles around (x, y).
    func activity(x: Double, y: Double) -> Int {
        let tx = max(min(Int(x) / BlobExtractor.tile, tilesX - 1), 0), ty = max(min(Int(y) / BlobExtractor.tile, tilesY - 1), 0)
        return neighbourhoodSums[ty * tilesX + tx]
    }
}

/// Running sums describing one blob.
private struct Moments {
    var n = 0
    var weight = 0.0
    var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
    var peak = 0
    var polarity: Int8 = 0

    mutating func add(_ f: FlaggedPixel) {
        let w = Double(f.contrast) + 1
        let x = Double(f.x) + 0.5, y = Double(f.y) + 0.5
        n += 1
        weight += w
        sx += w * x; sy += w * y
        sxx += w * x * x; syy += w * y * y; sxy += w * x * y
        peak = max(peak, Int(f.contrast))
        polarity = f.polarity
    }

    func candidate() -> BallCandidate? {
        guard weight > 0 else { return nil }
        let cx = sx / weight, cy = sy / weight
        let vxx = max(sxx / weight - cx * cx, 0), vyy = max(syy / weight - cy * cy, 0), vxy = sxy / weight - cx * cy
        // Eigenvalues of the covariance: spread along and across the blob's main axis.
        let mean = (vxx + vyy) / 2
        let diff = (((vxx - vyy) / 2) * ((vxx - vyy) / 2) + vxy * vxy).squareRoot()
        let major = mean + diff, minor = max(mean - diff, 0)
        // A uniform disc of radius r has variance r^2/4 along any axis; +1/12 per pixel quantization.
        let radius = max((4 * minor + 1.0 / 3).squareRoot(), (Double(n) / Double.pi).squareRoot() * 0.5)
        let halfLength = max((4 * major + 1.0 / 3).squareRoot(), radius)
        let angle = 0.5 * atan2(2 * vxy, vxx - vyy)
        var c = BallCandidate(x: cx, y: cy, radius: min(radius, halfLength), halfLength: halfLength, area: n,
                              polarity: polarity, peakContrast: peak, neighbourhoodActivity: 0)
        c.axisX = cos(angle)
        c.axisY = sin(angle)
        return c
    }
}
