import Foundation

/// How a ``KeyframeAnimation`` moves between its values (`CAAnimationCalculationMode`).
public enum CalculationMode: String, Sendable, Hashable, Codable {
    /// Straight interpolation between values at their key times.
    case linear
    /// Each value holds until the next key time; no interpolation.
    case discrete
    /// Constant speed over the whole animation: key times follow the distance between values
    /// (key times and per-segment timing functions are ignored).
    case paced
}

/// Animates a property through a list of values (`CAKeyframeAnimation`).
public struct KeyframeAnimation: Animation, Hashable {
    /// The animated property.
    public var keyPath: String
    /// The values in order.
    public var values: [AnimationValue]
    /// For point properties (`position`): a path to move along at constant speed instead of
    /// `values` (like `CAKeyframeAnimation.path` with paced timing).
    public var path: Path?
    /// Fractions of the duration (0...1, increasing) at which each value is reached; nil spaces
    /// them evenly. For ``CalculationMode/discrete``, one more entry than `values` may be given
    /// (the last is 1), as Core Animation documents.
    public var keyTimes: [Double]?
    /// Pacing of each segment between two values (`values.count - 1` of them); missing ones are linear.
    public var timingFunctions: [TimingFunction]?
    /// How values are reached.
    public var calculationMode: CalculationMode = .linear
    /// See ``Animation/beginTime``.
    public var beginTime: Double = 0
    /// See ``Animation/duration``.
    public var duration: Double = 0
    /// See ``Animation/repeatCount``.
    public var repeatCount: Double = 0
    /// See ``Animation/autoreverses``.
    public var autoreverses = false
    /// See ``Animation/fillMode``.
    public var fillMode: FillMode = .removed
    /// Applied to the whole animation before the key times; nil is linear.
    public var timingFunction: TimingFunction?

    /// Creates a keyframe animation of `keyPath` through `values`.
    public init(keyPath: String, values: [AnimationValue] = [], keyTimes: [Double]? = nil,
                calculationMode: CalculationMode = .linear, beginTime: Double = 0, duration: Double = 0) {
        self.keyPath = keyPath; self.values = values; self.keyTimes = keyTimes
        self.calculationMode = calculationMode; self.beginTime = beginTime; self.duration = duration
    }

    /// See ``Animation/animatedProperties(at:modelValue:)``.
    public func animatedProperties(at time: Double, modelValue: (String) -> AnimationValue?) -> [AnimatedProperty] {
        guard let fraction = iterationFraction(at: time), let value = value(atFraction: fraction) else { return [] }
        return [AnimatedProperty(keyPath: keyPath, value: value)]
    }

    /// The value at `fraction` of one iteration.
    func value(atFraction f: Double) -> AnimationValue? {
        if let path, let hit = path.point(atFractionOfLength: f) { return .point(hit.point) }
        guard let first = values.first else { return nil }
        let n = values.count
        if n == 1 { return first }
        switch calculationMode {
        case .discrete:
            let times: [Double]
            if let keyTimes, keyTimes.count == n || keyTimes.count == n + 1 { times = keyTimes } else {
                times = (0..<n).map { Double($0) / Double(n) }
            }
            var index = 0
            for i in 0..<n where times[i] <= f { index = i }
            return values[index]
        case .paced:
            var cumulative = [0.0]
            for i in 1..<n { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = cumulative[n - 1]
            let times = total > 0 ? cumulative.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
            return interpolate(times: times, fraction: f, perSegment: nil)
        case .linear:
            let times: [Double]
            if let keyTimes, keyTimes.count == n { times = keyTimes } else {
                times = (0..<n).map { Double($0) / Double(n - 1) }
            }
            return interpolate(times: times, fraction: f, perSegment: timingFunctions)
        }
    }

    private func interpolate(times: [Double], fraction f: Double, perSegment: [TimingFunction]?) -> AnimationValue {
        let n = values.count
        if f <= times[0] { return values[0] }
        if f >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i < n - 2 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (f - times[i]) / span : 1
        if let perSegment, i < perSegment.count { local = perSegment[i].evaluate(local) }
        return values[i].interpolated(to: values[i + 1], fraction: local)
    }
}

/// Several animations sharing one timeline (`CAAnimationGroup`): children's times count from
/// the group's start, and the group's duration, repeat, fill and timing apply to all of them.
public struct AnimationGroup: Animation {
    /// The animations, applied in order (later ones win on the same property).
    public var animations: [any Animation]
    /// See ``Animation/beginTime``.
    public var beginTime: Double = 0
    /// See ``Animation/duration``.
    public var duration: Double = 0
    /// See ``Animation/repeatCount``.
    public var repeatCount: Double = 0
    /// See ``Animation/autoreverses``.
    public var autoreverses = false
    /// See ``Animation/fillMode``.
    public var fillMode: FillMode = .removed
    /// See ``Animation/timingFunction``.
    public var timingFunction: TimingFunction?

    /// Creates a group.
    public init(animations: [any Animation], beginTime: Double = 0, duration: Double = 0) {
        self.animations = animations; self.beginTime = beginTime; self.duration = duration
    }

    /// See ``Animation/animatedProperties(at:modelValue:)``.
    public func animatedProperties(at time: Double, modelValue: (String) -> AnimationValue?) -> [AnimatedProperty] {
        guard let fraction = iterationFraction(at: time) else { return [] }
        let local = fraction * effectiveDuration
        return animations.flatMap { $0.animatedProperties(at: local, modelValue: modelValue) }
    }
}
