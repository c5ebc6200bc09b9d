/// A point in normalized image coordinates: x and y in [0, 1] across the frame's width and height.
///
/// The same type serves both conventions the project meets: Vision's (origin bottom-left, y up)
/// and the app's (origin top-left, y down, as UIKit, Cairo and FFmpeg use). Which one a value is in
/// is said by the API that holds it; convert only with ``visionToTopLeft()`` and ``topLeftToVision()``.
public struct NormalizedPoint: Sendable, Hashable, Codable {
    /// Horizontal position, 0 at the left edge, 1 at the right edge.
    public var x: Double
    /// Vertical position; 0 is the bottom edge in Vision space, the top edge in top-left space.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// This Vision-space point (origin bottom-left) in top-left space: y flips, x stays.
    public func visionToTopLeft() -> NormalizedPoint { NormalizedPoint(x: x, y: 1 - y) }

    /// This top-left point in Vision space (origin bottom-left): y flips, x stays.
    public func topLeftToVision() -> NormalizedPoint { NormalizedPoint(x: x, y: 1 - y) }

    /// The distance to `other` measured in pixels of a `width` x `height` frame.
    public func pixelDistance(to other: NormalizedPoint, width: Int, height: Int) -> Double {
        let dx = (x - other.x) * Double(width)
        let dy = (y - other.y) * Double(height)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A rectangle in normalized image coordinates (`CGRect` in Vision's `regionOfInterest`).
///
/// In Vision space ``origin`` is the bottom-left corner; in top-left space it is the top-left
/// corner. Convert with ``visionToTopLeft()`` and ``topLeftToVision()``.
public struct NormalizedRect: Sendable, Hashable, Codable {
    /// The corner nearest the coordinate origin.
    public var origin: NormalizedPoint
    /// Width as a fraction of the frame width.
    public var width: Double
    /// Height as a fraction of the frame height.
    public var height: Double

    /// Creates a rectangle from its origin corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = NormalizedPoint(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// The whole frame, Vision's default region of interest.
    public static let full = NormalizedRect(x: 0, y: 0, width: 1, height: 1)

    /// Smallest x.
    public var minX: Double { origin.x }
    /// Largest x.
    public var maxX: Double { origin.x + width }
    /// Smallest y.
    public var minY: Double { origin.y }
    /// Largest y.
    public var maxY: Double { origin.y + height }

    /// True when the rectangle has positive size and lies inside the unit square (with a tiny
    /// tolerance for rounding).
    public var isValidRegion: Bool {
        let eps = 1e-9
        return width > 0 && height > 0 && minX >= -eps && minY >= -eps && maxX <= 1 + eps && maxY <= 1 + eps
            && width.isFinite && height.isFinite
    }

    /// Whether `point` (in the same space) lies inside; edges included.
    public func contains(_ point: NormalizedPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// This Vision-space rectangle in top-left space: the bottom edge y becomes the top edge 1 - (y + h).
    public func visionToTopLeft() -> NormalizedRect {
        NormalizedRect(x: origin.x, y: 1 - (origin.y + height), width: width, height: height)
    }

    /// This top-left rectangle in Vision space: the top edge y becomes the bottom edge 1 - (y + h).
    public func topLeftToVision() -> NormalizedRect {
        NormalizedRect(x: origin.x, y: 1 - (origin.y + height), width: width, height: height)
    }
}
