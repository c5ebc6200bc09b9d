import Foundation

/// A layer that fills and strokes a path (`CAShapeLayer`), with the stroke trimmed to
/// [``strokeStart``, ``strokeEnd``] as fractions of the path's length.
public final class ShapeLayer: Layer {
    /// The outline, in the layer's coordinates.
    public var path: Path?
    /// Fill colour; Core Animation's default is opaque black; nil for no fill.
    public var fillColor: Color? = .black
    /// Whether the fill uses the even-odd rule instead of non-zero winding.
    public var usesEvenOddFillRule = false
    /// Stroke colour; nil (the default) for no stroke.
    public var strokeColor: Color?
    /// Stroke width.
    public var lineWidth: CGFloat = 1
    /// End caps of the stroke.
    public var lineCap: LineCap = .butt
    /// Corner joins of the stroke.
    public var lineJoin: LineJoin = .miter
    /// Miter limit of the stroke.
    public var miterLimit: CGFloat = 10
    /// Dash lengths; empty for solid.
    public var lineDashPattern: [CGFloat] = []
    /// Offset into the dash pattern.
    public var lineDashPhase: CGFloat = 0
    /// Where the stroke starts, as a fraction of the path's length (0 by default).
    public var strokeStart: Double = 0
    /// Where the stroke ends, as a fraction of the path's length (1 by default).
    public var strokeEnd: Double = 1

    /// Creates a shape layer with no path.
    public override init() { super.init() }

    /// Copies `layer`'s properties (see ``Layer/init(layer:)``).
    public required init(layer: Layer) {
        super.init(layer: layer)
        guard let shape = layer as? ShapeLayer else { return }
        path = shape.path; fillColor = shape.fillColor; usesEvenOddFillRule = shape.usesEvenOddFillRule
        strokeColor = shape.strokeColor; lineWidth = shape.lineWidth; lineCap = shape.lineCap
        lineJoin = shape.lineJoin; miterLimit = shape.miterLimit; lineDashPattern = shape.lineDashPattern
        lineDashPhase = shape.lineDashPhase; strokeStart = shape.strokeStart; strokeEnd = shape.strokeEnd
    }

    /// The stroke style these properties describe.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                    dashPattern: lineDashPattern, dashPhase: lineDashPhase)
    }

    /// See ``Layer/value(forKeyPath:)``; adds the shape's animatable properties.
    public override func value(forKeyPath keyPath: String) -> AnimationValue? {
        switch keyPath {
        case "strokeStart": return .number(strokeStart)
        case "strokeEnd": return .number(strokeEnd)
        case "lineWidth": return .number(Double(lineWidth))
        case "strokeColor": return .color(strokeColor ?? .clear)
        case "fillColor": return .color(fillColor ?? .clear)
        case "lineDashPhase": return .number(Double(lineDashPhase))
        case "miterLimit": return .number(Double(miterLimit))
        default: return super.value(forKeyPath: keyPath)
        }
    }

    /// See ``Layer/setValue(_:forKeyPath:)``; adds the shape's animatable properties.
    @discardableResult
    public override func setValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
        switch (keyPath, value) {
        case ("strokeStart", .number(let v)): strokeStart = v
        case ("strokeEnd", .number(let v)): strokeEnd = v
        case ("lineWidth", .number(let v)): lineWidth = v
        case ("strokeColor", .color(let c)): strokeColor = c
        case ("fillColor", .color(let c)): fillColor = c
        case ("lineDashPhase", .number(let v)): lineDashPhase = v
        case ("miterLimit", .number(let v)): miterLimit = v
        default: return super.setValue(value, forKeyPath: keyPath)
        }
        return true
    }

    override func ownPropertiesDrawTheSame(as o: Layer) -> Bool {
        guard let o = o as? ShapeLayer, super.ownPropertiesDrawTheSame(as: o) else { return false }
        return fillColor == o.fillColor && usesEvenOddFillRule == o.usesEvenOddFillRule && strokeColor == o.strokeColor
            && lineWidth == o.lineWidth && lineCap == o.lineCap && lineJoin == o.lineJoin && miterLimit == o.miterLimit
            && lineDashPattern == o.lineDashPattern && lineDashPhase == o.lineDashPhase
            && strokeStart == o.strokeStart && strokeEnd == o.strokeEnd && path == o.path
    }

    override func drawContents(in canvas: Canvas) {
        guard let path, !path.isEmpty else { return }
        if let fillColor, fillColor.alpha > 0 {
            canvas.fill(path, with: fillColor, evenOdd: usesEvenOddFillRule)
        }
        if let strokeColor, strokeColor.alpha > 0, lineWidth > 0 {
            let transform = canvas.currentTransform
            guard var polyline = strokePolyline(transform: transform, measures: canvas.pathMeasures) else { return }
            if let area = canvas.cullRect, lineDashPattern.isEmpty {
                polyline = polyline.culled(to: area, margin: strokeReach(transform: transform), transform: transform)
            }
            canvas.stroke(polyline, with: strokeColor, style: strokeStyle)
        }
    }

    /// The stroked outline, trimmed, flattened for `transform` (user to device); nil when
    /// nothing is stroked.
    func strokePolyline(transform: CGAffineTransform, measures: PathMeasureCache? = nil) -> StrokePolyline? {
        guard let path, !path.isEmpty, let strokeColor, strokeColor.alpha > 0, lineWidth > 0 else { return nil }
        let start = strokeStart.clamped01, end = strokeEnd.clamped01
        guard end > start else { return nil }
        return StrokePolyline(path: path, from: start, to: end, tolerance: StrokePolyline.tolerance(for: transform), measures: measures)
    }

    /// How far (device pixels) the stroke's ink reaches from its segments: half the width,
    /// lengthened by miter joins or square caps, plus antialiasing.
    func strokeReach(transform: CGAffineTransform) -> CGFloat {
        let scale = max((transform.a * transform.a + transform.b * transform.b).squareRoot(),
                        (transform.c * transform.c + transform.d * transform.d).squareRoot())
        let factor = max(lineJoin == .miter ? max(miterLimit, 1) : 1, lineCap == .square ? 1.5 : 1)
        return ceil(lineWidth / 2 * scale * factor) + 2
    }
}
