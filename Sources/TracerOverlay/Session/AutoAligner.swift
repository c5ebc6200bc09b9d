import Foundation
import MediaKitLinux

/// A marker proposed by ``AutoAligner``.
public struct AlignmentProposal: Sendable, Hashable, Codable {
    /// The resting ball's centre, top-left normalized.
    public var marker: NormalizedPoint
    /// Its approximate radius, as a fraction of the picture's width.
    public var radius: Double
    /// How far the ball stands out from its surroundings, in luma levels (negative: darker).
    public var contrast: Double
    /// The alignment built on the marker.
    public var alignment: Alignment { Alignment(marker: marker) }
}

/// Automatic alignment: finds the ball at address in the first frames of a fixed-camera video
/// and proposes it as the marker.
///
/// The ball at address is a small compact blob, brighter or darker than the ground around it,
/// that does not move, in the lower part of the picture. Frames are averaged (noise), pixels that
/// change over the frames are set aside (a waggling club, walkers), and each remaining blob that
/// stands out from a ring around it is scored by its contrast, its size against a ball's, and
/// its place (low in the picture, near the middle, where the golfer addresses the ball).
public final class AutoAligner {
    /// Frames are analysed at this width at most.
    public var workWidth: Int
    /// Luma levels a blob must stand out by.
    public var minimumContrast: Double = 18
    /// The largest ball radius accepted, as a fraction of the picture's width.
    public var maximumRadius: Double = 0.012
    /// A typical ball radius at address, as a fraction of the picture's width (a phone 2-3 m
    /// behind the ball).
    public var expectedRadius: Double = 0.005
    /// The top of the searched band, as a fraction of the height (the ball is in the lower part).
    public var searchTop: Double = 0.45

    private var sum: [Float] = []
    private var low: [UInt8] = []
    private var high: [UInt8] = []
    private var size: (width: Int, height: Int) = (0, 0)
    /// Frames added so far.
    public private(set) var frameCount = 0

    /// Creates an aligner analysing at `workWidth` pixels wide at most.
    public init(workWidth: Int = 480) { self.workWidth = workWidth }

    /// Adds one of the first frames (any size and format; all frames of one size).
    /// - Throws: ``MediaError`` when the frame cannot be converted or changes size.
    public func add(_ frame: VideoFrame) throws(MediaError) {
        let width = min(workWidth, frame.width)
        let height = max(8, Int((Double(frame.height) * Double(width) / Double(frame.width)).rounded()))
        let gray = (frame.pixelFormat == .gray8 && frame.width == width) ? frame
            : try frame.converted(to: .gray8, size: PixelSize(width: width, height: height))
        if frameCount == 0 {
            size = (gray.width, gray.height)
            sum = [Float](repeating: 0, count: size.width * size.height)
            low = [UInt8](repeating: 255, count: sum.count)
            high = [UInt8](repeating: 0, count: sum.count)
        } else if gray.width != size.width || gray.height != size.height {
            throw .invalidArgument("auto-alignment frames changed size from \(size.width)x\(size.height) to \(gray.width)x\(gray.height)")
        }
        let w = size.width
        gray.withUnsafePlane(0) { bytes, stride in
            sum.withUnsafeMutableBufferPointer { sum in
                low.withUnsafeMutableBufferPointer { low in
                    high.withUnsafeMutableBufferPointer { high in
                        for y in 0..<size.height {
                            let row = y * stride, out = y * w
                            for x in 0..<w {
                                let v = bytes[row + x]
                                sum[out + x] += Float(v)
                                if v < low[out + x] { low[out + x] = v }
                                if v > high[out + x] { high[out + x] = v }
                            }
                        }
                    }
                }
            }
        }
        frameCount += 1
    }

    /// The most likely ball at address, or nil when no static ball-like blob was found.
    public func proposal() -> AlignmentProposal? {
        guard frameCount > 0 else { return nil }
        let (w, h) = size
        let count = Float(frameCount)
        let mean = sum.map { $0 / count }
        let ring = max(3, Int((Double(w) * 0.012).rounded()))
        let diagonal = max(2, Int((Double(ring) * 0.7).rounded()))
        let offsets = [(ring, 0), (-ring, 0), (0, ring), (0, -ring),
                       (diagonal, diagonal), (-diagonal, diagonal), (diagonal, -diagonal), (-diagonal, -diagonal)]
        var contrast = [Float](repeating: 0, count: w * h)
        let top = max(ring, Int(Double(h) * searchTop))
        for y in top..<(h - ring) {
            for x in ring..<(w - ring) {
                var background: Float = 0
                for (dx, dy) in offsets { background += mean[(y + dy) * w + x + dx] }
                let c = mean[y * w + x] - background / 8
                let spread = Float(high[y * w + x]) - Float(low[y * w + x])
                // Static: the pixel moved much less over the frames than it stands out.
                if abs(c) >= Float(minimumContrast) && spread < max(10, abs(c) * 0.6) { contrast[y * w + x] = c }
            }
        }
        var seen = [Bool](repeating: false, count: w * h)
        var best: (score: Double, proposal: AlignmentProposal)?
        let maxArea = Double.pi * pow(maximumRadius * Double(w) + 1, 2)
        let expectedArea = Double.pi * pow(expectedRadius * Double(w) + 1, 2)
        for start in 0..<(w * h) where contrast[start] != 0 && !seen[start] {
            // Flood fill one blob of one polarity.
            let positive = contrast[start] > 0
            var stack = [start], members: [Int] = []
            seen[start] = true
            while let i = stack.popLast() {
                members.append(i)
                let x = i % w, y = i / w
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let j = ny * w + nx
                    if !seen[j] && contrast[j] != 0 && (contrast[j] > 0) == positive {
                        seen[j] = true
                        stack.append(j)
                    }
                }
            }
            let area = Double(members.count)
            guard area <= maxArea else { continue }
            let xs = members.map { $0 % w }, ys = members.map { $0 / w }
            let boxWidth = Double(xs.max()! - xs.min()! + 1), boxHeight = Double(ys.max()! - ys.min()! + 1)
            // Compact: round-ish, not a thin line (a club shaft, a painted line).
            guard max(boxWidth, boxHeight) <= 2.5 * min(boxWidth, boxHeight) + 1 else { continue }
            var weight = 0.0, cx = 0.0, cy = 0.0, peak = 0.0
            for i in members {
                let c = Double(abs(contrast[i]))
                weight += c
                cx += c * (Double(i % w) + 0.5)
                cy += c * (Double(i / w) + 0.5)
                peak = max(peak, c)
            }
            let centre = NormalizedPoint(x: cx / weight / Double(w), y: cy / weight / Double(h))
            // The ball the golfer addresses stands out most, is low in the picture and usually
            // near the middle of it; blobs much bigger than a ball (a shoe, a bag) lose out.
            let centring = 1 - min(abs(centre.x - 0.5), 0.5)
            let score = peak * (0.5 + centre.y) * centring / (1 + area / expectedArea)
            let proposal = AlignmentProposal(marker: centre, radius: (area / .pi).squareRoot() / Double(w),
                                             contrast: positive ? peak : -peak)
            if best == nil || score > best!.score { best = (score, proposal) }
        }
        return best?.proposal
    }

    /// Reads the first `frameLimit` frames of `path` and proposes the ball at address.
    /// - Throws: ``MediaError`` naming the file when it cannot be read.
    public static func propose(path: String, frameLimit: Int = 12) throws(MediaError) -> AlignmentProposal? {
        let reader = try VideoReader(path: path, options: VideoReader.Options(pixelFormat: .gray8))
        let aligner = AutoAligner()
        while aligner.frameCount < frameLimit, let frame = try reader.next() {
            try aligner.add(frame)
        }
        return aligner.proposal()
    }
}
