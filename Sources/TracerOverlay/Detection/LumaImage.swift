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

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = (width + 2 * LumaImage.margin + 31) / 32 * 32
        self.byteCount = stride * height
        self.storage = .allocate(capacity: byteCount)
        storage.initialize(repeating: 0, count: byteCount)
    }

    deinit { storage.deallocate() }

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
