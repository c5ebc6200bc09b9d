import Foundation

/// A path flattened to line segments at vertices that do not depend on the trim, then trimmed
/// to [start, end] of its length: what a shape layer strokes.
///
/// Flattening before trimming makes a growing stroke stable: the polyline for strokeEnd 0.6 is
/// the polyline for 0.5 plus new segments, vertex for vertex, so everything already drawn is
/// drawn from the same geometry. The compositor relies on that to re-render only the tiles near
/// a moving stroke end, and lets a tile draw only the segments that can reach it (``culled(to:margin:transform:)``).
struct StrokePolyline: Equatable {
    /// One subpath's vertices (at least two), and whether it is closed.
    struct Subpath: Equatable {
        var points: [CGPoint]
        var isClosed: Bool
    }

    var subpaths: [Subpath] = []

    /// No segments.
    init() {}

    /// The flattening tolerance for a user-to-device transform: 0.1 device pixel (Cairo's
    /// default), with the transform's scale quantised so that the same layer flattens to the
    /// same vertices whichever code computed its transform.
    static func tolerance(for transform: CGAffineTransform) -> CGFloat {
        let scale = max((transform.a * transform.a + transform.b * transform.b).squareRoot(),
                        (transform.c * transform.c + transform.d * transform.d).squareRoot())
        let quantised = max(1.0 / 64, (scale * 64).rounded() / 64)
        return 0.1 / quantised
    }

    /// `path` flattened with `tolerance` (user units) and trimmed to [`start`, `end`], fractions
    /// of its length as ``Path/trimmed(from:to:)`` measures it (the trim points are exact points
    /// of the curves; only the vertices between them come from flattening).
    init(path: Path, from start: Double, to end: Double, tolerance: CGFloat, measures: PathMeasureCache? = nil) {
        let a = start.clamped01, b = end.clamped01
        guard b > a || (a <= 0 && b >= 1) else { return }
        let measure = measures?.measure(of: path) ?? PathMeasure(path)
        let from = measure.length * a, to = measure.length * b
        var lastSubpath = -1
        var wholeSubpath = true
        var current: Subpath?
        func finish() {
            if let done = current, done.points.count >= 2 { subpaths.append(done) }
            current = nil
        }
        for (i, segment) in measure.segments.enumerated() {
            let table = measure.tables[i]
            let segStart = measure.offsets[i], segLength = table[table.count - 1]
            let segEnd = segStart + segLength
            let whole = a <= 0 && b >= 1
            if !whole && (segEnd < from || segStart > to || (segLength == 0 && segStart == to && to > from)) { continue }
            let t0 = whole ? 0 : PathSegment.parameter(forLength: from - segStart, in: table)
            let t1 = whole ? 1 : PathSegment.parameter(forLength: to - segStart, in: table)
            if segment.subpath != lastSubpath {
                finish()
                current = Subpath(points: [segment.point(at: t0)], isClosed: false)
                lastSubpath = segment.subpath
                wholeSubpath = t0 <= 0 && (i == 0 || measure.segments[i - 1].subpath != segment.subpath)
            }
            if !(t0 <= 0 && t1 >= 1) { wholeSubpath = false }
            if segment.isClosing && wholeSubpath {
                current?.isClosed = true
                continue
            }
            if !segment.isLine {
                let pieces = Self.pieces(of: segment, tolerance: tolerance)
                for k in 1..<pieces {
                    let t = CGFloat(k) / CGFloat(pieces)
                    if t > t0 && t < t1 { current?.points.append(segment.point(at: t)) }
                }
            }
            current?.points.append(segment.point(at: t1))
        }
        finish()
    }

    /// Chords needed for a cubic to stay within `tolerance` of the curve: uniform subdivision
    /// into n pieces deviates at most max|B''| / (8 n^2), and |B''| <= 6 max |second differences|.
    static func pieces(of segment: PathSegment, tolerance: CGFloat) -> Int {
        let d1 = hypot(segment.p0.x - 2 * segment.p1.x + segment.p2.x, segment.p0.y - 2 * segment.p1.y + segment.p2.y)
        let d2 = hypot(segment.p1.x - 2 * segment.p2.x + segment.p3.x, segment.p1.y - 2 * segment.p2.y + segment.p3.y)
        let n = (0.75 * max(d1, d2) / max(tolerance, 1e-6)).squareRoot().rounded(.up)
        return Int(min(max(n, 1), 4096))
    }

    /// The polyline as a path of lines.
    var path: Path {
        var result = Path()
        for subpath in subpaths {
            result.move(to: subpath.points[0])
            for p in subpath.points.dropFirst() { result.addLine(to: p) }
            if subpath.isClosed { result.closeSubpath() }
        }
        return result
    }

    /// Only the segments whose device-space box comes within `margin` of `rect` (device space),
    /// as runs of consecutive segments; a closed subpath is kept whole or dropped. Inside `rect`
    /// the stroke is then the same shape as the whole polyline's: every cut end lies outside
    /// `rect` grown by `margin`, so with a margin of at least the stroke's reach its caps do not
    /// show.
    func culled(to rect: CGRect, margin: CGFloat, transform: CGAffineTransform) -> StrokePolyline {
        let area = rect.insetBy(dx: -margin, dy: -margin)
        var result = StrokePolyline()
        for subpath in subpaths {
            let device = subpath.points.map { $0.applying(transform) }
            if subpath.isClosed {
                if Self.box(of: device[...]).touches(area) { result.subpaths.append(subpath) }
                continue
            }
            var run: [CGPoint] = []
            for j in 0..<(device.count - 1) {
                let box = Self.box(of: device[j...(j + 1)])
                if box.touches(area) {
                    if run.isEmpty { run.append(subpath.points[j]) }
                    run.append(subpath.points[j + 1])
                } else if !run.isEmpty {
                    result.subpaths.append(Subpath(points: run, isClosed: false))
                    run = []
                }
            }
            if !run.isEmpty { result.subpaths.append(Subpath(points: run, isClosed: false)) }
        }
        return result
    }

    /// The user-space boxes of the pieces present in one polyline and not the other: open
    /// subpaths compared segment by segment, closed ones as a whole. A tile whose culled
    /// polyline can differ between the two lies within the stroke's reach of one of them.
    static func changedBoxes(_ old: StrokePolyline, _ new: StrokePolyline) -> [CGRect] {
        func pieces(_ polyline: StrokePolyline) -> [Piece: CGRect] {
            var result: [Piece: CGRect] = [:]
            for subpath in polyline.subpaths {
                if subpath.isClosed {
                    result[.closed(subpath.points)] = box(of: subpath.points[...])
                } else {
                    for j in 0..<(subpath.points.count - 1) {
                        let p = subpath.points[j], q = subpath.points[j + 1]
                        result[.segment(p.x, p.y, q.x, q.y)] = box(of: subpath.points[j...(j + 1)])
                    }
                }
            }
            return result
        }
        let a = pieces(old), b = pieces(new)
        var boxes: [CGRect] = []
        for (piece, box) in a where b[piece] == nil { boxes.append(box) }
        for (piece, box) in b where a[piece] == nil { boxes.append(box) }
        return boxes
    }

    private enum Piece: Hashable {
        case segment(CGFloat, CGFloat, CGFloat, CGFloat)
        case closed([CGPoint])
    }

    static func box(of points: ArraySlice<CGPoint>) -> CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension CGRect {
    /// Whether the closed rectangles share a point; unlike `intersects`, a zero-width or
    /// zero-height box (a horizontal or vertical segment) counts.
    func touches(_ other: CGRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}

/// The arc-length tables of the last few paths measured: a tile drawing a shape layer, and the
/// damage tracking comparing two trims of it, measure the same path again and again.
final class PathMeasureCache {
    private var entries: [(path: Path, measure: PathMeasure)] = []

    /// The measure of `path`, from the cache when it was measured lately.
    func measure(of path: Path) -> PathMeasure {
        if let index = entries.firstIndex(where: { $0.path == path }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.measure
        }
        let measure = PathMeasure(path)
        if entries.count >= 8 { entries.removeFirst() }
        entries.append((path, measure))
        return measure
    }
}
