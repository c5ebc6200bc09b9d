#if canImport(Glibc)
import Glibc
#endif
import MediaKitLinux

/// An 8-bit luma image owned by the detector, with a margin of replicated edge pixels on the left
/// and right of every row so that vector loads one pixel before or after a row's ends stay in
/// bounds and see sensible values.
final class LumaImage: LumaRows {
    /// Bytes of margin before the first pixel of each row (a vector's worth, so row starts align).
    static let margin = 32

    let width: Int
    let height: Int
    /// Bytes from one row to the next: the width plus both margins, rounded up to 32.
    let stride: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private let byteCount: Int
    /// The memory of a whole batch (``batch(count:width:height:)``), which this image shares
    /// and keeps alive; nil when the image owns its storage.
    private let block: LumaImageBlock?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = Self.stride(width: width)
        self.byteCount = stride * height
        self.storage = .allocate(capacity: byteCount)
        storage.initialize(repeating: 0, count: byteCount)
        block = nil
    }

    private init(width: Int, height: Int, block: LumaImageBlock, offset: Int) {
        self.width = width
        self.height = height
        self.stride = Self.stride(width: width)
        self.byteCount = stride * height
        self.storage = block.bytes(from: offset, count: byteCount)
        self.block = block
    }

    deinit { if block == nil { storage.deallocate() } }

    /// `count` black images of one size in one block of memory the system backs with huge
    /// pages where it can. A detector's history is 96 frames (36 MB at 800x450): allocated
    /// image by image, every new detector took 9 000 page faults to fill it, a third of the
    /// time it spent on a 75-frame clip; in 2 MB pages it takes a few dozen.
    static func batch(count: Int, width: Int, height: Int) -> [LumaImage] {
        let byteCount = stride(width: width) * height
        guard count > 1, let block = LumaImageBlock(byteCount: count * byteCount) else {
            return (0..<count).map { _ in LumaImage(width: width, height: height) }
        }
        return (0..<count).map { LumaImage(width: width, height: height, block: block, offset: $0 * byteCount) }
    }

    /// Bytes from one row to the next for images `width` pixels wide.
    private static func stride(width: Int) -> Int { (width + 2 * margin + 31) / 32 * 32 }

    /// The first pixel of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { storage + y * stride + LumaImage.margin }

    /// The first pixel of row `y`, read-only.
    @inline(__always)
    func pixels(_ y: Int) -> UnsafePointer<UInt8> { UnsafePointer(row(y)) }

    /// Copies the edge pixels of every row into its margins.
    func replicateEdges() {
        let m = LumaImage.margin
        for y in 0..<height {
            let r = row(y)
            (r - m).update(repeating: r[0], count: m)
            (r + width).update(repeating: r[width - 1], count: stride - m - width)
        }
    }
}

/// Zeroed memory mapped for a batch of ``LumaImage``s, given back to the system when the last
/// of them is gone.
private final class LumaImageBlock {
    private let base: UnsafeMutableRawPointer
    private let byteCount: Int

    /// Nil when the system has no such memory to give (the images then get their own).
    init?(byteCount: Int) {
        #if canImport(Glibc)
        // Anonymous pages come zeroed: nothing writes them until a frame is stored.
        guard byteCount > 0, let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        // Advice only: where the system keeps huge pages for those who ask (or for all), a
        // fault fills 2 MB at once; elsewhere the block works as any other memory.
        _ = madvise(mapped, byteCount, MADV_HUGEPAGE)
        base = mapped
        self.byteCount = byteCount
        #else
        return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
        munmap(base, byteCount)
        #endif
    }

    /// `count` bytes at `offset` in the block, as bytes.
    func bytes(from offset: Int, count: Int) -> UnsafeMutablePointer<UInt8> {
        (base + offset).bindMemory(to: UInt8.self, capacity: count)
    }
}
