import MediaKitLinux

/// The latest frames at the size the video has, for a look at a far ball that the analysis
/// size has averaged into the noise.
///
/// At 1920x1080 reduced to 800 px a ball of 0.6 px in radius changes its analysis pixel by 1-2
/// levels, so a confirmed flight loses it for frames at a time; in the full-size frame the same
/// ball stands 6-25 levels above its surroundings. The frames themselves are kept (they share
/// their pixels, so nothing is copied: a copy of each 1080p frame's luma cost a tenth of the
/// decode + detect time), as many as fit in ``FullResolutionHistory/byteBudget``.
final class FullResolutionHistory {
    /// The most frames kept: enough for a reference from before a slow ball reached its place.
    static let maximumCount = 32
    /// The fewest frames worth keeping (a reference must be at least two frames old).
    static let minimumCount = 4
    /// Memory the kept frames may hold, in bytes (32 frames at 1920x1080, 8 at 3840x2160).
    static let byteBudget = 100 << 20

    let width: Int
    let height: Int
    private var frames: [VideoFrame?]
    /// The analysed-frame number each slot holds, -1 while empty.
    private var numbers: [Int]

    /// A history for frames of `width` x `height`, or nil when not even
    /// ``minimumCount`` such frames fit in the budget.
    init?(width: Int, height: Int) {
        // yuv420p: luma plus two quarter-size chroma planes.
        let count = min(Self.maximumCount, Self.byteBudget / max(width * height * 3 / 2, 1))
        guard count >= Self.minimumCount else { return nil }
        self.width = width
        self.height = height
        frames = [VideoFrame?](repeating: nil, count: count)
        numbers = [Int](repeating: -1, count: count)
    }

    /// Keeps `frame` (gray8 or yuv420p of this history's size) as analysed frame `number`;
    /// other frames are not kept, leaving that number without a full-size image.
    func store(_ frame: VideoFrame, number: Int) {
        let slot = number % frames.count
        let usable = frame.width == width && frame.height == height
            && (frame.pixelFormat == .gray8 || frame.pixelFormat == .yuv420p)
        frames[slot] = usable ? frame : nil
        numbers[slot] = usable ? number : -1
    }

    /// Whether analysed frame `number` is still held.
    func holds(_ number: Int) -> Bool {
        number >= 0 && numbers[number % frames.count] == number
    }

    /// The oldest frame held, if it is at least two frames before `number`.
    func oldest(before number: Int) -> Int? {
        numbers.filter { $0 >= 0 && $0 <= number - 2 }.min()
    }

    /// Whether the luma of held frame `number` is video range (16...235).
    func isVideoRange(_ number: Int) -> Bool {
        frames[number % frames.count].map { !$0.isFullRange } ?? false
    }

    /// Calls `body` with the luma planes of the held frames `numbers`, in that order.
    func withLuma<R>(_ numbers: [Int], _ body: ([LumaPlane]) -> R) -> R {
        func nest(_ k: Int, _ planes: [LumaPlane]) -> R {
            guard k < numbers.count else { return body(planes) }
            let frame = frames[numbers[k] % frames.count]!
            return frame.withUnsafePlane(0) { bytes, stride in
                nest(k + 1, planes + [LumaPlane(base: bytes.baseAddress!, stride: stride)])
            }
        }
        return nest(0, [])
    }
}

/// A frame's luma plane, valid only inside ``FullResolutionHistory/withLuma(_:_:)``.
struct LumaPlane {
    let base: UnsafePointer<UInt8>
    let stride: Int

    /// The first pixel of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt8> { base + y * stride }

    /// The sum of the pixels in columns `xs` of rows `ys`.
    func sum(columns xs: ClosedRange<Int>, rows ys: ClosedRange<Int>) -> Int {
        var total = 0
        for y in ys {
            let r = row(y)
            for x in xs { total += Int(r[x]) }
        }
        return total
    }
}
