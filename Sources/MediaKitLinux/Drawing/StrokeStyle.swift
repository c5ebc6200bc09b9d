import Foundation

/// How the ends of open stroked lines look (`CAShapeLayerLineCap`).
public enum LineCap: String, Sendable, Hashable, Codable {
    /// The stroke stops exactly at the end point.
    case butt
    /// A half circle of the line's width past the end point.
    case round
    /// A half square of the line's width past the end point.
    case square
}

/// How corners of stroked lines look (`CAShapeLayerLineJoin`).
public enum LineJoin: String, Sendable, Hashable, Codable {
    /// Sharp corners, cut to a bevel past the miter limit.
    case miter
    /// Rounded corners.
    case round
    /// Corners cut flat.
    case bevel
}

/// Everything about a stroke except its colour.
public struct StrokeStyle: Sendable, Hashable, Codable {
    /// Line width in user-space units.
    public var lineWidth: CGFloat
    /// End caps.
    public var lineCap: LineCap
    /// Corner joins.
    public var lineJoin: LineJoin
    /// The ratio of miter length to line width past which a miter join becomes a bevel.
    public var miterLimit: CGFloat
    /// Alternating on/off lengths; empty for a solid line.
    public var dashPattern: [CGFloat]
    /// How far into the dash pattern the line starts.
    public var dashPhase: CGFloat

    /// Creates a stroke style; defaults match `CAShapeLayer` (1 wide, butt caps, miter joins, limit 10).
    public init(lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: CGFloat = 10, dashPattern: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dashPattern = dashPattern; self.dashPhase = dashPhase
    }

    /// How far ink can reach beyond the path's own bounding box.
    var outset: CGFloat {
        let half = lineWidth / 2
        switch lineJoin {
        case .miter: return half * max(miterLimit, lineCap == .square ? 1.5 : 1)
        default: return half * (lineCap == .square ? 1.5 : 1)
        }
    }
}

/// A colour ramp for gradients: colours at locations in 0...1.
public struct Gradient: Sendable, Hashable, Codable {
    /// One colour at one location.
    public struct Stop: Sendable, Hashable, Codable {
        /// Colour at this stop.
        public var color: Color
        /// Position along the gradient, 0...1.
        public var location: Double
        /// Creates a stop.
        public init(color: Color, location: Double) { self.color = color; self.location = location }
    }

    /// The stops in order of location.
    public var stops: [Stop]

    /// Creates a gradient from explicit stops.
    public init(stops: [Stop]) { self.stops = stops }

    /// Creates a gradient with colours evenly spaced from 0 to 1.
    public init(colors: [Color]) {
        let n = max(colors.count - 1, 1)
        self.stops = colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / Double(n)) }
    }
}

/// A shadow drawn under content: colour, offset in device pixels and blur radius.
///
/// `blur` is the blur radius as HTML canvas' `shadowBlur` uses it: the shadow is blurred with a
/// Gaussian of standard deviation `blur / 2` (approximated by three box blurs).
public struct Shadow: Sendable, Hashable, Codable {
    /// Shadow colour (its alpha scales the shadow).
    public var color: Color
    /// Offset of the shadow from the content, in device pixels (y down).
    public var offset: CGSize
    /// Blur radius in device pixels; 0 for a hard shadow.
    public var blur: CGFloat

    /// Creates a shadow. Defaults follow `CALayer`: black, offset (0, -3) flipped to y-down (0, 3), blur 3.
    public init(color: Color = Color(white: 0, alpha: 1), offset: CGSize = CGSize(width: 0, height: 3), blur: CGFloat = 3) {
        self.color = color; self.offset = offset; self.blur = blur
    }

    /// Standard deviation of the blur's Gaussian.
    var sigma: Double { Double(blur) / 2 }
    /// The blur runs on a mask shrunk by this factor (a wide blur hides detail anyway; the cost
    /// falls with its square).
    var maskScale: Int { max(1, min(8, Int(sigma / 2))) }
    /// How far (device pixels) the blurred mask reaches beyond the content, and how much
    /// content around a pixel decides its blurred value: three box passes of the shrunken
    /// radius, one mask pixel for the shrinking, one for the bilinear enlargement, and 2 for
    /// antialiasing. Rounding in each box pass stays within that distance too.
    var blurReach: Int {
        let scale = maskScale
        return (3 * BoxBlur.radius(sigma: sigma / Double(scale)) + 2) * scale + 2
    }
    /// How far beyond an area the content must be known to draw this shadow exactly inside it
    /// (the blur's reach plus the offset).
    var cullOutset: CGFloat { CGFloat(blurReach) + ceil(max(abs(offset.width), abs(offset.height))) }
}
