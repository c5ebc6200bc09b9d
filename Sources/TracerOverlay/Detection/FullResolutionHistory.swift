import MediaKitLinux

/// The latest frames at the size the video has, for a look at a far ball that the analysis
/// size has averaged into the noise.
///
/// At 1920x1080 reduced to 800 px a ball of 0.6 px in radius changes its analysis pixel by 1-2
/// levels, so a confirmed flight loses it for frames at a time; in the full-size frame the same
/// ball stands 6-25 levels above its surroundings. The frames themselves are kept (they share
/// their pixels, so nothing is copied: a copy of each 1080p frame's luma cost a tenth of the
/// decode + detect time), as many as fit in ``FullResolutionHistory/byteBudget``. Where fewer
/// than ``maximumCount`` fit (8 at 3840x2160), only every few frames are kept, so that the
/// history still reaches back as far: a slow ball needs a reference from well before it got
/// where it is (at 3840x2160 with the last 8 frames, a down-the-line flight was lost for its
/// last 35 frames; every fourth of the last 32 kept it).
final class FullResolutionHistory {
    /// How many frames back the history reaches: enough for a reference from before a slow
    /// ball reached its place.
    static let maximumCount = 32
    /// The fewest frames worth keeping.
    static let minimumCount = 4
    /// Memory the kept frames may hold, in bytes (32 frames at 1920x1080, 8 at 3840x2160).
    static let byteBudget = 100 << 20

    let width: Int
    let height: Int
    /// Every `spacing`-th frame is kept for reference.
    let spacing: Int
    private var frames: [VideoFrame?]
    /// The analysed-frame number each slot holds, -1 while empty.
    private var numbers: [Int]
    /// The latest frame, kept whatever its number (the one searched).
    private var latest: (frame: VideoFrame, number: Int)?

    /// A history for frames of `width` x `height`, or nil when not even
    /// ``minimumCount`` such frames fit in the budget.
    init?(width: Int, height: Int) {
        // yuv420p: luma plus two quarter-size chroma planes.
        let count = min(Self.maximumCount, Self.byteBudget / max(width * height * 3 / 2, 1))
        guard count >= Self.minimumCount else { return nil }
        self.width = width
        self.height = height
        spacing = (Self.maximumCount + count - 1) / count
        frames = [VideoFrame?](repeating: nil, count: count)
        numbers = [Int](repeating: -1, count: count)
    }

    /// Keeps `frame` (gray8 or yuv420p of this history's size) as analysed frame `number`;
    /// other frames are not kept, leaving that number without a full-size image.
    func store(_ frame: VideoFrame, number: Int) {
        let usable = frame.width == width && frame.height == height
            && (frame.pixelFormat == .gray8 || frame.pixelFormat == .yuv420p)
        latest = usable ? (frame, number) : nil
        guard number % spacing == 0 else { return }
        let slot = (number / spacing) % frames.count
        frames[slot] = usable ? frame : nil
        numbers[slot] = usable ? number : -1
    }

    /// Whether analysed frame `number` is held.
    func holds(_ number: Int) -> Bool {
        frame(number) != nil
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
        frame(number).map { !$0.isFullRange } ?? false
    }

    private func frame(_ number: Int) -> VideoFrame? {
        guard number >= 0 else { return nil }
        if let latest, latest.number == number { return latest.frame }
        guard number % spacing == 0 else { return nil }
        let slot = (number / spacing) % frames.count
        return numbers[slot] == number ? frames[slot] : nil
    }

    /// Calls `body` with the luma planes of the held frames `numbers`, in that order.
    func withLuma<R>(_ numbers: [Int], _ body: ([LumaPlane]) -> R) -> R {
        func nest(_ k: Int, _ planes: [LumaPlane]) -> R {
            guard k < numbers.count else { return body(planes) }
            return frame(numbers[k])!.withUnsafePlane(0) { bytes, stride in
                nest(k + 1, planes + [LumaPlane(base: bytes.baseAddress!, stride: stride)])
            }
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
