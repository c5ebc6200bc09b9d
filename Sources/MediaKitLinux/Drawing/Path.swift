import Foundation

/// A resolution-independent outline: subpaths of lines and Bézier curves, as a value.
///
/// Arcs are stored as cubic Béziers (error below 0.03% of the radius), so every element is a
/// line or a polynomial curve and length, trimming and hit points work the same on all of them.
/// Coordinates are y-down (UIKit, Cairo, video).
public struct Path: Sendable, Hashable, Codable {
    /// One drawing command.
    public enum Element: Sendable, Hashable, Codable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the subpath's start, which closes it.
        case closeSubpath
    }

    /// The commands in order.
    public private(set) var elements: [Element] = []
    private var subpathStart: CGPoint?
    /// The pen position after the last command; nil for an empty path.
    public private(set) var currentPoint: CGPoint?

    /// An empty path.
    public init() {}

    /// A path made of `elements` in order.
    public init(elements: [Element]) {
        for element in elements { append(element) }
    }

    /// A rectangle, clockwise from its top-left corner.
    public init(rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) {
        let k = 0.5522847498307936
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// Whether the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) { append(.move(to: point)) }
    /// Adds a straight line to `point` (starting a subpath there if there is no current point).
    public mutating func addLine(to point: CGPoint) { append(.line(to: point)) }
    /// Adds a quadratic Bézier curve.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) { append(.quadCurve(to: point, control: control)) }
    /// Adds a cubic Bézier curve.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        append(.curve(to: point, control1: control1, control2: control2))
    }
    /// Closes the current subpath with a line to its start.
    public mutating func closeSubpath() { append(.closeSubpath) }

    /// Adds a circular arc (`UIBezierPath.addArc`): from `startAngle` to `endAngle` radians
    /// around `center`. Angles grow clockwise on screen (y down); `clockwise` picks the direction
    /// of travel. A line joins the current point to the arc's start, if there is a current point.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * CGFloat.pi
        if clockwise {
            while sweep < 0 { sweep += full }
            if sweep > full { sweep = full }
        } else {
            while sweep > 0 { sweep -= full }
            if sweep < -full { sweep = -full }
        }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            let p3 = CGPoint(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
            let c1 = CGPoint(x: p0.x - k * radius * sin(angle), y: p0.y + k * radius * cos(angle))
            let c2 = CGPoint(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
            addCurve(to: p3, control1: c1, control2: c2)
            angle = next
        }
    }

    /// Appends all of `other`'s subpaths.
    public mutating func addPath(_ other: Path) { for element in other.elements { append(element) } }

    /// Appends one command, keeping the current point and subpath start up to date.
    public mutating func append(_ element: Element) {
        switch element {
        case .move(let p):
            subpathStart = p; currentPoint = p
        case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
            if currentPoint == nil {
                // As Core Graphics would complain, but keep going: an implicit move.
                let start: CGPoint
                switch element {
                case .quadCurve(_, let c): start = c
                case .curve(_, let c1, _): start = c1
                default: start = p
                }
                elements.append(.move(to: start)); subpathStart = start
            }
            currentPoint = p
        case .closeSubpath:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        }
        elements.append(element)
    }

    /// The path with every point mapped by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        Path(elements: elements.map { element in
            switch element {
            case .move(let p): return .move(to: p.applying(transform))
            case .line(let p): return .line(to: p.applying(transform))
            case .quadCurve(let p, let c): return .quadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                return .curve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: return .closeSubpath
            }
        })
    }

    /// The smallest rectangle containing every point of the path (curve extremes, not control
    /// points: Core Graphics' `boundingBoxOfPath`). `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func include(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for segment in segments {
            include(segment.start); include(segment.end)
            for t in segment.extremaParameters() { include(segment.point(at: t)) }
        }
        for element in elements { if case .move(let p) = element { include(p) } }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
