import MediaKitLinux

/// A trajectory fitted in time: `x(t)` and `y(t)` are each a parabola in the seconds elapsed since
/// ``referenceTime``, i.e. motion with constant acceleration.
///
/// Unlike `y = f(x)`, this stays well-posed for paths that are nearly vertical in the image (a
/// golf shot filmed down the line), where x barely changes while y does.
public struct TimeQuadraticFit: Sendable, Hashable, Codable {
    /// The time the polynomials are centred on (t = 0); the first fitted sample's time.
    public var referenceTime: MediaTime
    /// `x(t)` with t in seconds after ``referenceTime``.
    public var x: QuadraticFit
    /// `y(t)` with t in seconds after ``referenceTime``.
    public var y: QuadraticFit

    /// Creates a fit from its parts.
    public init(referenceTime: MediaTime, x: QuadraticFit, y: QuadraticFit) {
        self.referenceTime = referenceTime
        self.x = x
        self.y = y
    }

    /// Fits samples given as times and points (same count, at least one).
    public static func fit(times: [MediaTime], points: [NormalizedPoint]) -> TimeQuadraticFit {
        precondition(times.count == points.count && !times.isEmpty, "fit needs matching, non-empty samples")
        let reference = times[0]
        let ts = times.map { ($0 - reference).seconds }
        return TimeQuadraticFit(referenceTime: reference,
                                x: .fit(xs: ts, ys: points.map(\.x)),
                                y: .fit(xs: ts, ys: points.map(\.y)))
    }

    /// The fitted position at `time` (also meaningful a little before or after the samples).
    public func point(at time: MediaTime) -> NormalizedPoint {
        let t = (time - referenceTime).seconds
        return NormalizedPoint(x: x.value(at: t), y: y.value(at: t))
    }

    /// The fitted velocity at `time`, in normalized units per second.
    public func velocity(at time: MediaTime) -> NormalizedPoint {
        let t = (time - referenceTime).seconds
        return NormalizedPoint(x: x.slope(at: t), y: y.slope(at: t))
    }

    /// The root mean square distance between the samples and the fit, in normalized units of
    /// each axis combined.
    public var rmsResidual: Double { (x.rmsResidual * x.rmsResidual + y.rmsResidual * y.rmsResidual).squareRoot() }
}
