import MediaKitLinux

/// The latest frames' luma at the size the video has, for a look at a far ball that the
/// analysis size has averaged into the noise.
///
/// At 1920x1080 reduced to 800 px a ball of 0.6 px in radius changes its analysis pixel by 1-2
/// levels, so a confirmed flight loses it for frames at a time; in the full-size frame the same
/// ball stands 6-25 levels above its surroundings. References are copies of the luma, made
/// when the detector asks (``store(_:number:keepingReference:)``: the tracker's settings keep
/// them from the first frame, for gap fills and young tracks' looks): holding the decoded
/// frames themselves instead made every live frame shared, and the compositor then copied each
/// one before drawing on it (drawing's median cost doubled, 0.9 -> 1.8 ms at 1080p). The frame
/// being analysed is held only until ``releaseLatest()``. As many copies are kept as fit in
/// ``FullResolutionHistory/byteBudget``; where fewer than ``maximumCount`` fit (8 at
/// 3840x2160), only every few frames are kept, so that the history still reaches back as far: a
/// slow ball needs a reference from well before it got where it is (at 3840x2160 with the last
/// 8 frames, a down-the-line flight was lost for its last 35 frames; every fourth of the last
/// 32 kept it).
final class FullResolutionHistory {
    /// How many frames back the history reaches: enough for a reference from before a slow
    /// ball reached its place.
    static let maximumCount = 32
    /// The fewest frames worth keeping.
    static let minimumCount = 4
    /// Memory the luma copies may take, in bytes (32 frames at 1920x1080, 8 at 3840x2160).
    static let byteBudget = 72 << 20

    let width: Int
    let height: Int
    /// Every `spacing`-th frame is kept for reference.
    let spacing: Int
    private let count: Int
    /// The copies, allocated on first use (a video without a flight needs none).
    private var images: [LumaImage] = []
    /// The analysed-frame number each slot holds, -1 while empty.
    private var numbers: [Int]
    private var videoRange: [Bool]
    /// The frame being analysed, whatever its number (the one searched), until released.
    private var latest: (frame: VideoFrame, number: Int)?

    /// A history for frames of `width` x `height`, or nil when not even
    /// ``minimumCount`` such frames fit in the budget.
    init?(width: Int, height: Int) {
        let count = min(Self.maximumCount, Self.byteBudget / max(width * height, 1))
        guard count >= Self.minimumCount else { return nil }
        self.width = width
        self.height = height
        self.count = count
        spacing = (Self.maximumCount + count - 1) / count
        numbers = [Int](repeating: -1, count: count)
        videoRange = [Bool](repeating: false, count: count)
    }

    /// Holds `frame` (gray8 or yuv420p of this history's size) as analysed frame `number` until
    /// ``releaseLatest()``, and copies its luma as a reference when `keepingReference` and its
    /// number is one kept; other frames leave that number without a full-size image.
    func store(_ frame: VideoFrame, number: Int, keepingReference: Bool) {
        let usable = frame.width == width && frame.height == height
            && (frame.pixelFormat == .gray8 || frame.pixelFormat == .yuv420p)
        latest = usable ? (frame, number) : nil
        guard number % spacing == 0 else { return }
        let slot = (number / spacing) % count
        guard usable && keepingReference else {
            numbers[slot] = -1
            return
        }
        if images.isEmpty { images = LumaImage.batch(count: count, width: width, height: height) }
        let image = images[slot]
        frame.withUnsafePlane(0) { bytes, stride in
            for y in 0..<height { image.row(y).update(from: bytes.baseAddress! + y * stride, count: width) }
        }
        numbers[slot] = number
        videoRange[slot] = !frame.isFullRange
    }

    /// Lets go of the frame being analysed, so the caller's frame is its own again (drawing on
    /// it then needs no copy).
    func releaseLatest() { latest = nil }

    /// Whether the frame being analysed is held itself (not a copy of its luma).
    var holdsAFrame: Bool { latest != nil }

    /// Whether analysed frame `number` is held.
    func holds(_ number: Int) -> Bool {
        if let latest, latest.number == number { return true }
        return slot(number) != nil
    }

    /// The held frames to compare frame `number` with in place of the analysed frames
    /// `references`: for each, the latest held frame no later than it, else (references older
    /// than the history) the oldest held frame at least two frames before `number`.
    func references(for references: [Int], before number: Int) -> [Int] {
        let held = numbers.filter { $0 >= 0 && $0 <= number - 2 }
        var chosen: [Int] = []
        for reference in references {
            guard let stand = held.filter({ $0 <= reference }).max() ?? held.min(), !chosen.contains(stand) else { continue }
            chosen.append(stand)
        }
        return chosen
    }

    /// Whether the luma of held frame `number` is video range (16...235).
    func isVideoRange(_ number: Int) -> Bool {
        if let latest, latest.number == number { return !latest.frame.isFullRange }
        return slot(number).map { videoRange[$0] } ?? false
    }

    private func slot(_ number: Int) -> Int? {
        guard number >= 0, number % spacing == 0 else { return nil }
        let slot = (number / spacing) % count
        return numbers[slot] == number ? slot : nil
    }

    /// Calls `body` with the luma planes of the held frames `numbers`, in that order.
    func withLuma<R>(_ numbers: [Int], _ body: ([LumaPlane]) -> R) -> R {
        func nest(_ k: Int, _ planes: [LumaPlane]) -> R {
            guard k < numbers.count else { return body(planes) }
            if let latest, latest.number == numbers[k] {
                return latest.frame.withUnsafePlane(0) { bytes, stride in
                    nest(k + 1, planes + [LumaPlane(base: bytes.baseAddress!, stride: stride)])
                }
            }
            let image = images[slot(numbers[k])!]
            return nest(k + 1, planes + [LumaPlane(base: image.pixels(0), stride: image.stride)])
        }
        return nest(0, [])
    }
}

/// A frame's luma plane, valid only inside ``FullResolutionHistory/withLuma(_:_:)``.
struct LumaPlane: LumaRows {
    let base: UnsafePointer<UInt8>
    let stride: Int

    @inline(__always)
    func pixels(_ y: Int) -> UnsafePointer<UInt8> { base + y * stride }
}
