import Foundation

/// Answers of ``BallTracker/continues(_:with:)`` already worked out, by what they depend on.
///
/// Every frame each young track is asked whether it continues each launch lost lately, and
/// each asking extrapolates the launch's flight fit (six fits at most). The answer depends
/// only on the launch's points before the young track's first frame and on the young track's
/// first three points, which stay the same while the young track grows and across the
/// branches that share them: one young track was asked the same question up to seven times,
/// and the fits were an eighth of detection's time on busy footage.
///
/// A class, so that the tracker's non-mutating questions can fill it; a tracker whose settings
/// change starts a new one (the answers depend on them).
final class ContinuationMemo {
    /// What an answer depends on. The earlier track is named by its uuid, how many points it
    /// had before the young track's first frame, its last such point exactly and a digest of
    /// the last ``BallTracker/continuationHistory`` of them (all a prediction reads); the
    /// young track by its first three points exactly.
    struct Key: Equatable {
        var uuid: UUID
        var confirmed: Bool
        var count: Int
        var lastFrame: Int
        var lastX: Double
        var lastY: Double
        var digest: UInt64
        var youngCount: Int
        var youngFrames: SIMD3<Int>
        var youngT: SIMD3<Double>
        var youngX: SIMD3<Double>
        var youngY: SIMD3<Double>

        /// The table's hash: the digest, the young track's first frame and the place of its first point.
        var mixed: UInt64 {
            var mixed = Digest()
            mixed.mix(digest); mixed.mix(youngFrames[0]); mixed.mix(youngX[0]); mixed.mix(youngY[0])
            return mixed.value
        }
    }

    private var answers = PremixedTable<Key, Bool>(capacity: ContinuationMemo.capacity)

    /// Answers past which all are forgotten at once (a long video asks about launches minutes
    /// apart; none is asked about again once it left the resume window).
    private static let capacity = 8192

    /// The answer for `key`, worked out by `compute` the first time it is asked.
    func answer(_ key: Key, compute: () -> Bool) -> Bool {
        let hash = key.mixed
        if let index = answers.index(of: key, hash: hash) { return answers[index] }
        let value = compute()
        if answers.count >= Self.capacity { answers.filter { _, _ in false } }
        answers.insert(key, hash: hash, value: value)
        return value
    }
}
