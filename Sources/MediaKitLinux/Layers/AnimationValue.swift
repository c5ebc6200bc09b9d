import Foundation

/// A value an animation moves a layer property through (what `fromValue`/`toValue` hold).
/// Numbers convert from literals, so `fromValue = 0` works as in Core Animation.
public enum AnimationValue: Sendable, Hashable, Codable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A scalar: opacity, strokeEnd, lineWidth, position.x, transform.rotation.z...
    case number(Double)
    /// A point: position.
    case point(CGPoint)
    /// A colour: strokeColor, fillColor, backgroundColor.
    case color(Color)
    /// An affine transform: transform.
    case transform(CGAffineTransform)

    /// A number from a float literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }

    /// The scalar, if this is a number.
    public var number: Double? { if case .number(let v) = self { return v } else { return nil } }
    /// The point, if this is a point.
    public var point: CGPoint? { if case .point(let v) = self { return v } else { return nil } }
    /// The colour, if this is a colour.
    public var color: Color? { if case .color(let v) = self { return v } else { return nil } }
    /// The transform, if this is a transform.
    public var transform: CGAffineTransform? { if case .transform(let v) = self { return v } else { return nil } }

    /// The value `fraction` of the way from `self` to `other`; fraction may leave 0...1 (timing
    /// functions can overshoot). Values of different kinds jump at the midpoint.
    public func interpolated(to other: AnimationValue, fraction f: Double) -> AnimationValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + (b - a) * f)
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        case (.color(let a), .color(let b)):
            return .color(Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f))
        case (.transform(let a), .transform(let b)):
            return .transform(TransformParts(a).interpolated(to: TransformParts(b), fraction: f).transform)
        default:
            return f < 0.5 ? self : other
        }
    }

    /// A distance between two values, for paced keyframe timing.
    func distance(to other: AnimationValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return Double(hypot(b.x - a.x, b.y - a.y))
        case (.color(let a), .color(let b)):
            let d = [a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha]
            return d.map { $0 * $0 }.reduce(0, +).squareRoot()
        case (.transform(let a), .transform(let b)):
            return Double(hypot(a.tx - b.tx, a.ty - b.ty)) + abs(Double(TransformParts(a).angle - TransformParts(b).angle))
        default: return self == other ? 0 : 1
        }
    }
}

/// An affine transform split into translation, rotation, scale and shear, so that transforms
/// interpolate as motions (as Core Animation does) rather than entry by entry.
struct TransformParts {
    var tx, ty, angle, scaleX, scaleY, shear: CGFloat

    init(_ m: CGAffineTransform) {
        tx = m.tx; ty = m.ty
        scaleX = hypot(m.a, m.b)
        angle = atan2(m.b, m.a)
        let cs = cos(angle), sn = sin(angle)
        shear = m.c * cs + m.d * sn
        scaleY = -m.c * sn + m.d * cs
    }

    var transform: CGAffineTransform {
        let cs = cos(angle), sn = sin(angle)
        return CGAffineTransform(a: scaleX * cs, b: scaleX * sn, c: shear * cs - scaleY * sn, d: shear * sn + scaleY * cs, tx: tx, ty: ty)
    }

    func interpolated(to o: TransformParts, fraction f: CGFloat) -> TransformParts {
        var result = self
        var delta = o.angle - angle
        // The shorter way round, as a matrix does not know how many turns it made.
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        result.angle = angle + delta * f
        result.tx = tx + (o.tx - tx) * f
        result.ty = ty + (o.ty - ty) * f
        result.scaleX = scaleX + (o.scaleX - scaleX) * f
        result.scaleY = scaleY + (o.scaleY - scaleY) * f
        result.shear = shear + (o.shear - shear) * f
        return result
    }
}
