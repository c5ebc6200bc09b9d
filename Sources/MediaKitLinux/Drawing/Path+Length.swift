import Foundation

/// Arc length measurement of a path, shared by length, trimming and point lookup.
struct PathMeasure {
    let segments: [PathSegment]
    let tables: [[CGFloat]]
    /// Length of the path before each segment.
    let offsets: [CGFloat]
    let length: CGFloat

    init(_ path: Path) {
        segments = path.segments
        tables = segments.map { $0.lengthTable() }
        var offsets: [CGFloat] = []
        var total: CGFloat = 0
        for table in tables { offsets.append(total); total += table[table.count - 1] }
        self.offsets = offsets
        self.length = total
    }

    /// The segment index and parameter at arc length `s` (clamped to the path).
    func location(atLength s: CGFloat) -> (index: Int, t: CGFloat)? {
        guard !segments.isEmpty else { return nil }
        let clamped = min(max(s, 0), length)
        var index = segments.count - 1
        for i in 0..<segments.count where offsets[i] + tables[i][tables[i].count - 1] >= clamped {
            index = i; break
        }
        return (index, PathSegment.parameter(forLength: clamped - offsets[index], in: tables[index]))
    }
}

extension Path {
    /// The total length of all drawn segments (closing lines included), measured on the curves
    /// flattened to chords about one pixel long.
    public var length: CGFloat { PathMeasure(self).length }

    /// The point at `fraction` (0...1) of the path's length, and the direction of travel there
    /// in radians (y down); nil for a path with nothing drawn.
    public func point(atFractionOfLength fraction: Double) -> (point: CGPoint, angle: CGFloat)? {
        let measure = PathMeasure(self)
        guard let (index, t) = measure.location(atLength: measure.length * fraction.clamped01) else { return nil }
        let tangent = measure.segments[index].tangent(at: t)
        return (measure.segments[index].point(at: t), atan2(tangent.y, tangent.x))
    }

    /// The part of the path between `start` and `end`, fractions of its length (what
    /// `strokeStart` / `strokeEnd` draw). Curves are split exactly (de Casteljau), so the
    /// trimmed path is as smooth as the original; a subpath kept whole stays closed.
    public func trimmed(from start: Double, to end: Double) -> Path {
        let a = start.clamped01, b = end.clamped01
        if a <= 0 && b >= 1 { return self }
        var result = Path()
        guard b > a else { return result }
        let measure = PathMeasure(self)
        let from = measure.length * a, to = measure.length * b
        var lastSubpath = -1
        var wholeSubpath = true
        for (i, segment) in measure.segments.enumerated() {
            let table = measure.tables[i]
            let segStart = measure.offsets[i], segLength = table[table.count - 1]
            let segEnd = segStart + segLength
            if segEnd < from || segStart > to || (segLength == 0 && segStart == to && to > from) { continue }
            let t0 = PathSegment.parameter(forLength: from - segStart, in: table)
            let t1 = PathSegment.parameter(forLength: to - segStart, in: table)
            let piece = (t0 <= 0 && t1 >= 1) ? segment : segment.split(from: t0, to: t1)
            if segment.subpath != lastSubpath {
                result.move(to: piece.start)
                lastSubpath = segment.subpath
                wholeSubpath = t0 <= 0 && (i == 0 || measure.segments[i - 1].subpath != segment.subpath)
            }
            let whole = t0 <= 0 && t1 >= 1
            if !whole { wholeSubpath = false }
            if segment.isClosing && wholeSubpath {
                result.closeSubpath()
            } else if piece.isLine {
                result.addLine(to: piece.end)
            } else {
                result.addCurve(to: piece.end, control1: piece.p1, control2: piece.p2)
            }
        }
        return result
    }
}
