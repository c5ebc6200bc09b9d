internal import CCairo
import Foundation

/// A frame-sized premultiplied BGRA rendering of a layer tree, kept from frame to frame and
/// brought up to date tile by tile.
///
/// Each 64x64 tile is drawn on its own, with the canvas' cull rectangle set to the tile, so its
/// pixels depend only on what can reach it (``Canvas/cullRect``): a tile outside the damage
/// between two presentations (``OverlayDamage``) would be drawn the same again and is kept. A
/// tile re-rendered from scratch and a tile kept are therefore the same bytes. Which 16x16
/// blocks hold ink is tracked so that blending skips the empty ones, and each inked block's
/// blend into yuv420p is turned into one multiply-add per sample when it is drawn
/// (``BlendCoefficients``), so that frames showing an unchanged overlay cost little. One owner.
final class OverlayTiles {
    static let tileSize = 64
    static let blockSize = 16

    let width: Int, height: Int
    let bytesPerRow: Int
    /// The rendering, `bytesPerRow * height` bytes.
    let pixels: UnsafeMutablePointer<UInt8>
    private let tileColumns: Int, tileRows: Int
    private let blockColumns: Int, blockRows: Int
    private var inked: [Bool]
    private var inkedCount = 0
    /// The presentation tree the pixels show; nil before the first update.
    private var shown: Layer?

    /// Tiles re-rendered by the last ``update(to:)`` (for tests and measurements).
    private(set) var lastRenderedTileCount = 0

    private let coefficients: BlendCoefficients
    private let measures = PathMeasureCache()
    private let shadowMasks = ShadowMaskCache()

    init(width: Int, height: Int, matrix: YUVBlender.Matrix? = nil) {
        self.width = width
        self.height = height
        coefficients = BlendCoefficients(width: width, height: height,
                                         blender: YUVBlender(matrix: matrix ?? .forFrame(width: width, height: height)))
        bytesPerRow = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesPerRow * height)
        pixels.initialize(repeating: 0, count: bytesPerRow * height)
        tileColumns = (width + Self.tileSize - 1) / Self.tileSize
        tileRows = (height + Self.tileSize - 1) / Self.tileSize
        blockColumns = (width + Self.blockSize - 1) / Self.blockSize
        blockRows = (height + Self.blockSize - 1) / Self.blockSize
        inked = [Bool](repeating: false, count: blockColumns * blockRows)
    }

    deinit { pixels.deallocate() }

    /// Whether any pixel holds ink.
    var hasInk: Bool { inkedCount > 0 }

    /// Re-renders the tiles where `presentation` (a presentation tree: no animations) can differ
    /// from the tree shown so far.
    func update(to presentation: Layer) {
        var dirty = [Bool](repeating: false, count: tileColumns * tileRows)
        let boxes: [CGRect]
        if let shown, let damage = OverlayDamage.boxes(from: shown, to: presentation, width: width, height: height, measures: measures) {
            boxes = damage
        } else {
            // Everything may have changed: redraw where the new tree has ink and where ink is now.
            boxes = OverlayDamage.inkBounds(of: presentation, parent: .identity, width: width, height: height)
                .map { [$0.insetBy(dx: -2, dy: -2)] } ?? []
            for by in 0..<blockRows {
                for bx in 0..<blockColumns where inked[by * blockColumns + bx] {
                    dirty[(by * Self.blockSize / Self.tileSize) * tileColumns + bx * Self.blockSize / Self.tileSize] = true
                }
            }
        }
        for box in boxes {
            guard box.maxX >= 0, box.maxY >= 0, box.minX < CGFloat(width), box.minY < CGFloat(height) else { continue }
            let c0 = max(0, Int(floor(box.minX)) / Self.tileSize), c1 = min(tileColumns - 1, Int(ceil(box.maxX)) / Self.tileSize)
            let r0 = max(0, Int(floor(box.minY)) / Self.tileSize), r1 = min(tileRows - 1, Int(ceil(box.maxY)) / Self.tileSize)
            guard c0 <= c1, r0 <= r1 else { continue }
            for row in r0...r1 { for column in c0...c1 { dirty[row * tileColumns + column] = true } }
        }
        var rendered = 0
        for row in 0..<tileRows {
            for column in 0..<tileColumns where dirty[row * tileColumns + column] {
                renderTile(column: column, row: row, presentation)
                rendered += 1
            }
        }
        lastRenderedTileCount = rendered
        shown = presentation
    }

    /// Forgets what is shown: the next update draws everything.
    func invalidate() { shown = nil }

    private func renderTile(column: Int, row: Int, _ layer: Layer) {
        let x = column * Self.tileSize, y = row * Self.tileSize
        let w = min(Self.tileSize, width - x), h = min(Self.tileSize, height - y)
        let origin = pixels + y * bytesPerRow + 4 * x
        for line in 0..<h { (origin + line * bytesPerRow).update(repeating: 0, count: 4 * w) }
        let surface = cairo_image_surface_create_for_data(origin, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(bytesPerRow))!
        // Draw in frame coordinates: the same transforms, hence the same geometry, in every tile.
        cairo_surface_set_device_offset(surface, Double(-x), Double(-y))
        do {
            let canvas = Canvas(surface: surface, width: width, height: height)
            canvas.cullRect = CGRect(x: x, y: y, width: w, height: h)
            canvas.pathMeasures = measures
            canvas.shadowMasks = shadowMasks
            shadowMasks.beginTile(row * tileColumns + column)
            layer.render(in: canvas, atSeconds: 0)
            shadowMasks.endTile()
        }
        cairo_surface_flush(surface)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        updateInk(x: x, y: y, width: w, height: h)
    }

    /// Recomputes the ink flags of the blocks of one tile.
    private func updateInk(x: Int, y: Int, width w: Int, height h: Int) {
        let alpha: UInt64 = 0xFF00_0000_FF00_0000
        var by = y
        while by < y + h {
            var bx = x
            while bx < x + w {
                let bw = min(Self.blockSize, x + w - bx), bh = min(Self.blockSize, y + h - by)
                var any: UInt64 = 0
                for line in 0..<bh {
                    let row = UnsafeRawPointer(pixels + (by + line) * bytesPerRow + 4 * bx)
                    var i = 0
                    while i + 2 <= bw {
                        any |= row.loadUnaligned(fromByteOffset: 4 * i, as: UInt64.self)
                        i += 2
                    }
                    if i < bw { any |= UInt64(row.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
                }
                let index = (by / Self.blockSize) * blockColumns + bx / Self.blockSize
                let now = any & alpha != 0
                if now != inked[index] { inkedCount += now ? 1 : -1 }
                inked[index] = now
                if now {
                    coefficients.compute(from: pixels, bytesPerRow: bytesPerRow, x: bx, y: by, width: bw, height: bh)
                }
                bx += Self.blockSize
            }
            by += Self.blockSize
        }
    }

    /// Blends the inked blocks of the rendering into `target` (yuv420p, this size, even
    /// dimensions, uniquely owned), reading the picture from `source` when given (copying its
    /// other pixels: the blended copy takes one pass) and from `target` itself otherwise.
    func blend(from source: VideoFrame? = nil, into target: inout VideoFrame) {
        target.makeUnique()
        let to = target.buffer.frame, from = source?.buffer.frame ?? to
        var runs: [(x: Int, width: Int)] = []
        for by in 0..<blockRows {
            runs.removeAll(keepingCapacity: true)
            var bx = 0
            while bx < blockColumns {
                guard inked[by * blockColumns + bx] else { bx += 1; continue }
                let first = bx
                while bx < blockColumns && inked[by * blockColumns + bx] { bx += 1 }
                runs.append((first * Self.blockSize, min(bx * Self.blockSize, width) - first * Self.blockSize))
            }
            if runs.isEmpty && source == nil { continue }
            let y = by * Self.blockSize
            coefficients.blendRows(from: from, into: to, y: y, height: min(Self.blockSize, height - y), runs: runs)
        }
        withExtendedLifetime(source) {}
    }
}
