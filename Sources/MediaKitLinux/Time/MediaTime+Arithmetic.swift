extension MediaTime: Comparable, Hashable {
    /// Ordering rank of the special kinds, following `CMTimeCompare`.
    private var rank: Int {
        switch kind {
        case .negativeInfinity: return 0
        case .numeric: return 1
        case .positiveInfinity: return 2
        case .indefinite: return 3
        case .invalid: return 4
        }
    }

    /// Compares exactly, as `CMTimeCompare` does; `1/2 == 2/4`.
    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
        if lhs.kind != rhs.kind { return false }
        if lhs.kind != .numeric { return true }
        return Int128(lhs.value) * Int128(rhs.timescale) == Int128(rhs.value) * Int128(lhs.timescale)
    }

    /// Orders `-infinity < numeric < +infinity < indefinite < invalid`.
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        if lhs.kind == .numeric && rhs.kind == .numeric {
            return Int128(lhs.value) * Int128(rhs.timescale) < Int128(rhs.value) * Int128(lhs.timescale)
        }
        return lhs.rank < rhs.rank
    }

    /// Hashes the reduced fraction so that equal times hash equally.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        guard kind == .numeric else { return }
        let divisor = Rational.gcd(value, Int64(timescale))
        hasher.combine(value / divisor)
        hasher.combine(Int64(timescale) / divisor)
    }

    /// Adds two times (`CMTimeAdd`): same timescale stays, different ones use their LCM
    /// (clamped to ``maxTimescale`` and rounded). `+inf + -inf` and anything with invalid is
    /// invalid; indefinite wins over numbers.
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, sign: 1)
    }

    /// Subtracts two times (`CMTimeSubtract`) with the rules of `+`.
    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, sign: -1)
    }

    /// Negates a time; infinities swap.
    public static prefix func - (time: MediaTime) -> MediaTime {
        switch time.kind {
        case .numeric: return MediaTime.clamped(-Int128(time.value), timescale: time.timescale)
        case .positiveInfinity: return .negativeInfinity
        case .negativeInfinity: return .positiveInfinity
        default: return time
        }
    }

    /// `lhs += rhs`.
    public static func += (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs + rhs }
    /// `lhs -= rhs`.
    public static func -= (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs - rhs }

    private static func combine(_ lhs: MediaTime, _ rhs: MediaTime, sign: Int128) -> MediaTime {
        if !lhs.isValid || !rhs.isValid { return .invalid }
        let right = sign < 0 ? -rhs : rhs
        switch (lhs.kind, right.kind) {
        case (.numeric, .numeric):
            let scale = Rational.lcmTimescale(lhs.timescale, right.timescale)
            let a = Rational.rescale(Int128(lhs.value), multiplier: Int128(scale), divisor: Int128(lhs.timescale))
            let b = Rational.rescale(Int128(right.value), multiplier: Int128(scale), divisor: Int128(right.timescale))
            return clamped(a + b, timescale: scale)
        case (.positiveInfinity, .negativeInfinity), (.negativeInfinity, .positiveInfinity):
            return .invalid
        case (.indefinite, _), (_, .indefinite):
            return .indefinite
        case (.numeric, _):
            return right
        default:
            return lhs
        }
    }

    /// Multiplies by an integer (`CMTimeMultiply`), keeping the timescale.
    public static func * (time: MediaTime, multiplier: Int64) -> MediaTime {
        switch time.kind {
        case .numeric:
            return clamped(Int128(time.value) * Int128(multiplier), timescale: time.timescale)
        case .positiveInfinity, .negativeInfinity:
            if multiplier == 0 { return .invalid }
            return multiplier < 0 ? -time : time
        default:
            return time
        }
    }

    /// Multiplies by a ratio, rounding half away from zero, keeping the timescale
    /// (`CMTimeMultiplyByRatio`).
    public func multiplied(byRatio numerator: Int64, _ denominator: Int64) -> MediaTime {
        guard isNumeric, denominator != 0 else { return denominator == 0 ? .invalid : self }
        let sign: Int128 = denominator < 0 ? -1 : 1
        let scaled = Rational.rescale(Int128(value) * sign, multiplier: Int128(numerator), divisor: Int128(denominator) * sign)
        return MediaTime.clamped(scaled, timescale: timescale)
    }

    /// The smaller of two times (`CMTimeMinimum`).
    public static func minimum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { b < a ? b : a }
    /// The larger of two times (`CMTimeMaximum`).
    public static func maximum(_ a: MediaTime, _ b: MediaTime) -> MediaTime { b > a ? b : a }
}

extension MediaTime: CustomStringConvertible {
    /// `value/timescale = seconds s`, or the special time's name.
    public var description: String {
        switch kind {
        case .numeric: return "\(value)/\(timescale) = \(seconds)s"
        case .invalid: return "invalid"
        case .positiveInfinity: return "+infinity"
        case .negativeInfinity: return "-infinity"
        case .indefinite: return "indefinite"
        }
    }
}

extension MediaTime: Codable {
    private enum CodingKeys: String, CodingKey { case value, timescale, kind }

    /// Decodes `{"value": V, "timescale": T}` or `{"kind": "positiveInfinity"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .numeric
        switch kind {
        case .numeric:
            let value = try container.decode(Int64.self, forKey: .value)
            let timescale = try container.decode(Int32.self, forKey: .timescale)
            guard timescale > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .timescale, in: container,
                                                       debugDescription: "timescale must be positive")
            }
            self.init(value: value, timescale: timescale)
        default:
            self.init(special: kind)
        }
    }

    /// Encodes numeric times as `{"value": V, "timescale": T}`, special ones as `{"kind": K}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if kind == .numeric {
            try container.encode(value, forKey: .value)
            try container.encode(timescale, forKey: .timescale)
        } else {
            try container.encode(kind, forKey: .kind)
        }
    }

    private init(special kind: Kind) {
        switch kind {
        case .numeric: self = .zero
        case .invalid: self = .invalid
        case .positiveInfinity: self = .positiveInfinity
        case .negativeInfinity: self = .negativeInfinity
        case .indefinite: self = .indefinite
        }
    }
}
