/// Flight fits (``ProjectiveTimeFit``) of prediction windows already worked out, by the
/// window's points.
///
/// A hypothesis that found nothing in a frame coasts on with the points it had, and so does
/// the copy a young hypothesis leaves behind when it branches: on busy footage seven in ten of
/// the windows ``BallTracker/predict(_:t:)`` fitted were the same as the frame before, and
/// the fits were the larger part of the tracker's time.
///
/// A class, so that the tracker's non-mutating predictions can fill it.
final class FlightFitMemo {
    /// A window: how many points, the last exactly, and a digest of the times and places of
    /// all of them; `loose` for the fit with freer depth terms.
    struct Key: Equatable {
        var count: Int
        var lastT: Double
        var lastX: Double
        var lastY: Double
        var digest: UInt64
        var loose: Bool

        /// The table's hash: the digest already mixes every point.
        var mixed: UInt64 {
            var mixed = Digest()
            mixed.mix(digest); mixed.mix(2 * count + (loose ? 1 : 0))
            return mixed.value
        }
    }

    /// The fits, with the latest frame that asked for each.
    private var fits = PremixedTable<Key, (frame: Int, fit: ProjectiveTimeFit?)>(capacity: FlightFitMemo.capacity)
    private var frame = 0

    /// Fits held before the old ones are forgotten (a frame asks for a few hundred).
    private static let capacity = 4096

    /// Starts a frame; once the memo is full, fits that neither this frame nor the one before
    /// asked for are forgotten (only coasting hypotheses ask for a fit again, every frame).
    func nextFrame() {
        frame += 1
        guard fits.count >= Self.capacity else { return }
        let oldest = frame - 1
        fits.filter { $1.frame >= oldest }
    }

    /// The fit for `key`, worked out by `compute` the first time it is asked for.
    func fit(_ key: Key, compute: () -> ProjectiveTimeFit?) -> ProjectiveTimeFit? {
        let hash = key.mixed
        if let index = fits.index(of: key, hash: hash) {
            let known = fits[index]
            if known.frame != frame { fits[index].frame = frame }
            return known.fit
        }
        let value = compute()
        fits.insert(key, hash: hash, value: (frame, value))
        return value
    }

    /// The key of the window of `count` samples that `sample` gives by index.
    static func key(count: Int, loose: Bool, sample: (Int) -> (t: Double, x: Double, y: Double)) -> Key {
        var digest = Digest()
        for i in 0..<count {
            let s = sample(i)
            digest.mix(s.t)
            digest.mix(s.x)
            digest.mix(s.y)
        }
        let last = sample(count - 1)
        return Key(count: count, lastT: last.t, lastX: last.x, lastY: last.y, digest: digest.value, loose: loose)
    }
}
