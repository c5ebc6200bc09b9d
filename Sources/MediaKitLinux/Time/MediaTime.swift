/// A point in media time: a rational `value / timescale` seconds, with Core Media's `CMTime` rules.
///
/// Besides numeric times there are the special times ``invalid``, ``positiveInfinity``,
/// ``negativeInfinity`` and ``indefinite``. Arithmetic on times of different timescales uses the
/// least common multiple of the timescales (clamped to ``maxTimescale``, then rounded), and every
/// conversion rounds half away from zero, as FFmpeg's `av_rescale_q` does.
///
/// Equality and ordering compare the rational values exactly: `1/2 == 2/4`. Following `CMTime`,
/// the order is `-infinity < numeric < +infinity < indefinite < invalid`.
public struct MediaTime: Sendable {
    /// What kind of time this is: a number or one of the special times.
    public enum Kind: String, Sendable, Codable {
        /// A numeric time `value / timescale`.
        case numeric
        /// A time that holds no value (`kCMTimeInvalid`).
        case invalid
        /// `kCMTimePositiveInfinity`.
        case positiveInfinity
        /// `kCMTimeNegativeInfinity`.
        case negativeInfinity
        /// An unknown time, e.g. the duration of a live stream (`kCMTimeIndefinite`).
        case indefinite
    }

    /// The numerator; meaningful only for numeric times.
    public let value: Int64
    /// Units per second; positive for numeric times.
    public let timescale: Int32
    /// Whether this is a number or a special time.
    public let kind: Kind

    /// The largest timescale a result may have (`kCMTimeMaxTimescale`).
    public static let maxTimescale: Int32 = 0x7fff_ffff

    /// Creates the numeric time `value / timescale` seconds. A timescale <= 0 gives ``invalid``.
    public init(value: Int64, timescale: Int32) {
        if timescale > 0 {
            self.value = value
            self.timescale = timescale
            self.kind = .numeric
        } else {
            self = .invalid
        }
    }

    private init(special kind: Kind) {
        self.value = 0
        self.timescale = 0
        self.kind = kind
    }

    /// Creates the time nearest to `seconds` in the given timescale (half away from zero).
    /// NaN gives ``invalid``; infinities give the infinite times.
    public init(seconds: Double, preferredTimescale: Int32) {
        if seconds.isNaN || preferredTimescale <= 0 {
            self = .invalid
        } else if seconds == .infinity {
            self = .positiveInfinity
        } else if seconds == -.infinity {
            self = .negativeInfinity
        } else {
            let scaled = (seconds * Double(preferredTimescale)).rounded(.toNearestOrAwayFromZero)
            if scaled >= 9.2e18 {
                self = .positiveInfinity
            } else if scaled <= -9.2e18 {
                self = .negativeInfinity
            } else {
                self.init(value: Int64(scaled), timescale: preferredTimescale)
            }
        }
    }

    /// Zero seconds (`kCMTimeZero`).
    public static let zero = MediaTime(value: 0, timescale: 1)
    /// The invalid time (`kCMTimeInvalid`).
    public static let invalid = MediaTime(special: .invalid)
    /// Positive infinity (`kCMTimePositiveInfinity`).
    public static let positiveInfinity = MediaTime(special: .positiveInfinity)
    /// Negative infinity (`kCMTimeNegativeInfinity`).
    public static let negativeInfinity = MediaTime(special: .negativeInfinity)
    /// The indefinite time (`kCMTimeIndefinite`).
    public static let indefinite = MediaTime(special: .indefinite)

    /// True for every time except ``invalid`` (`CMTIME_IS_VALID`).
    public var isValid: Bool { kind != .invalid }
    /// True for numeric times (`CMTIME_IS_NUMERIC`).
    public var isNumeric: Bool { kind == .numeric }
    /// True for ``positiveInfinity`` or ``negativeInfinity``.
    public var isInfinite: Bool { kind == .positiveInfinity || kind == .negativeInfinity }
    /// True for ``indefinite``.
    public var isIndefinite: Bool { kind == .indefinite }

    /// The time in seconds; NaN for invalid and indefinite, +/-infinity for the infinite times.
    public var seconds: Double {
        switch kind {
        case .numeric: return Double(value) / Double(timescale)
        case .positiveInfinity: return .infinity
        case .negativeInfinity: return -.infinity
        case .invalid, .indefinite: return .nan
        }
    }

    /// This time in another timescale, rounded half away from zero (`CMTimeConvertScale` with
    /// `roundHalfAwayFromZero`). Special times are returned unchanged; a value that overflows
    /// becomes the matching infinity.
    public func convertScale(_ newTimescale: Int32) -> MediaTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        let scaled = Rational.rescale(Int128(value), multiplier: Int128(newTimescale), divisor: Int128(timescale))
        return MediaTime.clamped(scaled, timescale: newTimescale)
    }

    /// Builds a numeric time from a 128-bit value, turning overflow into the matching infinity.
    static func clamped(_ value: Int128, timescale: Int32) -> MediaTime {
        if value > Int128(Int64.max) { return .positiveInfinity }
        if value < Int128(Int64.min) { return .negativeInfinity }
        return MediaTime(value: Int64(value), timescale: timescale)
    }
}

/// Integer helpers shared by time arithmetic.
enum Rational {
    /// `value * multiplier / divisor` rounded half away from zero; `divisor` must be positive.
    static func rescale(_ value: Int128, multiplier: Int128, divisor: Int128) -> Int128 {
        let product = value * multiplier
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: divisor)
        let twice = remainder.magnitude * 2
        if twice >= divisor.magnitude {
            return product >= 0 ? quotient + 1 : quotient - 1
        }
        return quotient
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a.magnitude, b.magnitude)
        while y != 0 { (x, y) = (y, x % y) }
        return Int64(x)
    }

    /// The least common multiple of two positive timescales, clamped to `MediaTime.maxTimescale`.
    static func lcmTimescale(_ a: Int32, _ b: Int32) -> Int32 {
        if a == b { return a }
        let l = Int64(a) / gcd(Int64(a), Int64(b)) * Int64(b)
        return l > Int64(MediaTime.maxTimescale) ? MediaTime.maxTimescale : Int32(l)
    }
}
