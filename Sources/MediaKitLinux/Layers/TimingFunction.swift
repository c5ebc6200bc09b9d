import Foundation

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points, mapping the
/// fraction of time elapsed to the fraction of change applied (`CAMediaTimingFunction`).
public struct TimingFunction: Sendable, Hashable, Codable {
    /// First control point (x in 0...1).
    public let control1: CGPoint
    /// Second control point (x in 0...1).
    public let control2: CGPoint

    /// A custom curve (`CAMediaTimingFunction(controlPoints:)`); x values are clamped to 0...1
    /// so that time keeps moving forward.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        control1 = CGPoint(x: x1.clamped01, y: y1)
        control2 = CGPoint(x: x2.clamped01, y: y2)
    }

    /// Constant speed: (0, 0, 1, 1).
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly: (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly: (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default for implicit animations: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The output fraction for the input (time) fraction `x`, clamped to 0...1 first.
    /// Solves x(t) = x to 1e-7 with Newton's method, falling back to bisection.
    public func evaluate(_ x: Double) -> Double {
        let x = x.clamped01
        if x == 0 || x == 1 { return x }
        let t = solveParameter(forX: x)
        return Self.bezier(t, Double(control1.y), Double(control2.y))
    }

    /// One coordinate of the curve at parameter `t`, given the two control values.
    static func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        // B(t) = 3(1-t)^2 t c1 + 3(1-t) t^2 c2 + t^3, written in Horner form.
        let a = 1 + 3 * c1 - 3 * c2, b = 3 * c2 - 6 * c1, c = 3 * c1
        return ((a * t + b) * t + c) * t
    }

    private static func derivative(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let a = 1 + 3 * c1 - 3 * c2, b = 3 * c2 - 6 * c1, c = 3 * c1
        return (3 * a * t + 2 * b) * t + c
    }

    private func solveParameter(forX x: Double) -> Double {
        let x1 = Double(control1.x), x2 = Double(control2.x)
        let epsilon = 1e-7
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < epsilon { return t }
            let slope = Self.derivative(t, x1, x2)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        // x(t) is monotonic for control x in 0...1, so bisection always converges.
        var lo = 0.0, hi = 1.0
        t = x
        while hi - lo > 1e-12 {
            let value = Self.bezier(t, x1, x2)
            if abs(value - x) < epsilon { return t }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
