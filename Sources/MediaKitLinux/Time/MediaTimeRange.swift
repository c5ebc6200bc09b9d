/// A half-open span of media time `[start, start + duration)`, like `CMTimeRange`.
///
/// Its ``end`` is not inside it: a frame at exactly `end` belongs to the next range.
public struct MediaTimeRange: Sendable, Hashable, Codable {
    /// The first time inside the range.
    public var start: MediaTime
    /// How long the range lasts; may be ``MediaTime/positiveInfinity`` for "to the end".
    public var duration: MediaTime

    /// Creates a range from its start and duration.
    public init(start: MediaTime, duration: MediaTime) {
        self.start = start
        self.duration = duration
    }

    /// Creates the range `[start, end)`.
    public init(start: MediaTime, end: MediaTime) {
        self.start = start
        self.duration = end - start
    }

    /// The first time after the range (`CMTimeRangeGetEnd`).
    public var end: MediaTime { start + duration }

    /// True when the range is valid, numeric at its start and has a non-negative duration.
    public var isValid: Bool {
        start.isNumeric && duration.isValid && !duration.isIndefinite && duration >= .zero
    }

    /// True when the duration is zero: such a range contains no time.
    public var isEmpty: Bool { duration == .zero }

    /// Whether `time` lies in `[start, end)`.
    public func contains(_ time: MediaTime) -> Bool {
        guard isValid, time.isNumeric else { return false }
        return time >= start && time < end
    }

    /// The overlap of two ranges, or an empty range at the later start when they do not meet.
    public func intersection(_ other: MediaTimeRange) -> MediaTimeRange {
        let lower = MediaTime.maximum(start, other.start)
        let upper = MediaTime.minimum(end, other.end)
        return upper > lower ? MediaTimeRange(start: lower, end: upper)
                             : MediaTimeRange(start: lower, duration: .zero)
    }

    /// The smallest range covering both.
    public func union(_ other: MediaTimeRange) -> MediaTimeRange {
        MediaTimeRange(start: MediaTime.minimum(start, other.start), end: MediaTime.maximum(end, other.end))
    }

    /// From the given time to forever; reading with it means "to the end of the file".
    public static func from(_ start: MediaTime) -> MediaTimeRange {
        MediaTimeRange(start: start, duration: .positiveInfinity)
    }

    /// Everything: `[-infinity, +infinity)`.
    public static let all = MediaTimeRange(start: .zero, duration: .positiveInfinity)
}
