import Foundation

/// What an animation does outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Sendable, Hashable, Codable {
    /// Outside the active interval the layer shows its model value (Core Animation's default).
    case removed
    /// After the end, the final value stays.
    case forwards
    /// Before ``Animation/beginTime``, the first value shows.
    case backwards
    /// Both ``forwards`` and ``backwards``.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// One animated property value at a time.
public struct AnimatedProperty: Sendable, Hashable {
    /// The property, by Core Animation key path (`"strokeEnd"`, `"position.x"`...).
    public var keyPath: String
    /// Its value at that time.
    public var value: AnimationValue
}

/// Timing shared by every animation, as in `CAMediaTiming` (times in seconds).
///
/// Layer time is video time: ``beginTime`` 0 is the start of the video, so unlike Core
/// Animation there is no `AVCoreAnimationBeginTimeAtZero` to remember. Inside an
/// ``AnimationGroup``, `beginTime` counts from the group's start.
public protocol Animation: Sendable {
    /// When the animation starts, in seconds of its parent's time (video time at the top).
    var beginTime: Double { get set }
    /// Length of one iteration in seconds; 0 means Core Animation's default of 0.25 s.
    var duration: Double { get set }
    /// How many iterations play (fractions allowed, `.infinity` for ever); 0 means 1.
    var repeatCount: Double { get set }
    /// Whether each iteration plays forwards then backwards.
    var autoreverses: Bool { get set }
    /// What shows outside the active interval.
    var fillMode: FillMode { get set }
    /// The pacing of each iteration; nil is linear.
    var timingFunction: TimingFunction? { get set }

    /// The property values this animation sets at `time` (parent time, seconds); empty when it
    /// is not in effect (outside its active interval with a fill mode that does not hold it).
    /// `modelValue` gives the layer's own value of a key path, for ends left unset.
    func animatedProperties(at time: Double, modelValue: (String) -> AnimationValue?) -> [AnimatedProperty]
}

extension Animation {
    /// Duration with Core Animation's default applied.
    var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

    /// The total time the animation is active: iterations times (2 if autoreversing) times duration.
    public var activeDuration: Double {
        let repeats = repeatCount > 0 ? repeatCount : 1
        return effectiveDuration * (autoreverses ? 2 : 1) * repeats
    }

    /// The eased fraction (0...1, more if the timing function overshoots) through the current
    /// iteration at parent time `time`; nil when the animation has no effect then.
    func iterationFraction(at time: Double) -> Double? {
        let d = effectiveDuration
        let repeats = repeatCount > 0 ? repeatCount : 1
        let cycle = autoreverses ? 2 * d : d
        let active = cycle * repeats
        var local = time - beginTime
        // Frame times are exact rationals, seconds in Double are not: 1.4 - 0.4 must count as
        // the end of a 1 s animation, not a hair before it.
        if abs(local - active) < 1e-9 { local = active }
        if abs(local) < 1e-9 { local = 0 }
        var inCycle: Double
        if local < 0 {
            guard fillMode.fillsBackwards else { return nil }
            local = 0
            inCycle = 0
        } else if local >= active {
            guard fillMode.fillsForwards, active.isFinite else { return nil }
            // The state at the very end of the last (possibly partial) iteration.
            let partial = repeats - repeats.rounded(.down)
            inCycle = partial == 0 ? cycle : partial * cycle
        } else {
            inCycle = local.truncatingRemainder(dividingBy: cycle)
        }
        if autoreverses && inCycle > d { inCycle = 2 * d - inCycle }
        var fraction = min(max(inCycle / d, 0), 1)
        if let timingFunction { fraction = timingFunction.evaluate(fraction) }
        return fraction
    }
}

/// Animates one property from one value to another (`CABasicAnimation`).
///
/// Missing ends follow Core Animation: with only `toValue`, the animation starts from the
/// layer's model value; with only `fromValue`, it ends at the model value.
public struct BasicAnimation: Animation, Hashable {
    /// The animated property (`"strokeEnd"`, `"opacity"`, `"position"`, `"transform"`...).
    public var keyPath: String
    /// The start value; nil takes the model value.
    public var fromValue: AnimationValue?
    /// The end value; nil takes the model value.
    public var toValue: AnimationValue?
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

    /// Creates an animation of `keyPath`.
    public init(keyPath: String, fromValue: AnimationValue? = nil, toValue: AnimationValue? = nil,
                beginTime: Double = 0, duration: Double = 0, timingFunction: TimingFunction? = nil, fillMode: FillMode = .removed) {
        self.keyPath = keyPath; self.fromValue = fromValue; self.toValue = toValue
        self.beginTime = beginTime; self.duration = duration; self.timingFunction = timingFunction; self.fillMode = fillMode
    }

    /// The value at `time`, or nil (see ``Animation/animatedProperties(at:modelValue:)``); a nil end
    /// stands for the model value, which the layer supplies.
    func value(at time: Double, model: AnimationValue?) -> AnimationValue? {
        guard let fraction = iterationFraction(at: time) else { return nil }
        guard let from = fromValue ?? model, let to = toValue ?? model else { return nil }
        return from.interpolated(to: to, fraction: fraction)
    }

    /// See ``Animation/animatedProperties(at:modelValue:)``.
    public func animatedProperties(at time: Double, modelValue: (String) -> AnimationValue?) -> [AnimatedProperty] {
        guard let value = value(at: time, model: fromValue == nil || toValue == nil ? modelValue(keyPath) : nil) else { return [] }
        return [AnimatedProperty(keyPath: keyPath, value: value)]
    }
}
