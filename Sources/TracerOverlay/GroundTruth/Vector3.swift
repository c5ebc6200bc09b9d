import Foundation

/// A point or direction in the generator's world, in metres.
///
/// The world is right-handed with y up: the golfer addresses the ball at the origin and the
/// target line runs along +z, so seen from behind the golfer +x points to the LEFT (a
/// right-handed golfer stands at +x, facing the ball).
public struct Vector3: Sendable, Hashable, Codable {
    /// Metres to the left of the target line, seen from behind the golfer.
    public var x: Double
    /// Metres above the ground.
    public var y: Double
    /// Metres down the target line.
    public var z: Double

    /// Creates a vector from its components.
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(0, 0, 0)

    /// Euclidean length.
    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// This vector scaled to length 1 (the zero vector stays zero).
    public var normalized: Vector3 {
        let l = length
        return l > 0 ? self / l : self
    }

    /// The dot product.
    public func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }

    /// The cross product (right-handed).
    public func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// Component-wise sum.
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    /// Component-wise difference.
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    /// Scaling.
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    /// Scaling.
    public static func * (s: Double, a: Vector3) -> Vector3 { a * s }
    /// Division by a scalar.
    public static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.x / s, a.y / s, a.z / s) }
    /// Negation.
    public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }

    /// Linear interpolation from `a` (f = 0) to `b` (f = 1).
    public static func mix(_ a: Vector3, _ b: Vector3, _ f: Double) -> Vector3 { a + (b - a) * f }
}
