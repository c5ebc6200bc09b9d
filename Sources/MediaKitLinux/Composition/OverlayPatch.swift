internal import CCairo
import Foundation

/// Renders an overlay (a layer tree and/or a drawing callback) for one frame time and
/// rasterises only the part that has ink.
///
/// The overlay is first drawn into a Cairo recording surface, which costs no pixels and tells
/// the exact ink extents (stroke widths, caps, shadows and text included); only that box,
/// widened to even coordinates for 4:2:0 chroma, is then replayed into a small premultiplied
/// BGRA buffer. One renderer has one owner.
final class OverlayPatchRenderer {
    /// A rendered box of overlay pixels at (`x`, `y`) in the frame.
    struct Patch {
        let x, y, width, height, bytesPerRow: Int
        let pixels: UnsafePointer<UInt8>
    }

    let frameWidth: Int
    let frameHeight: Int
    private var buffer: UnsafeMutableRawPointer
    private let bufferSize: Int

    init(frameWidth: Int, frameHeight: Int) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(frameWidth)))
        bufferSize = stride * frameHeight
        buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 64)
    }

    deinit { buffer.deallocate() }

    /// Records the overlay at `time`; returns nil when it draws nothing inside the frame.
    func record(layer: Layer?, drawHandler: ((Canvas, MediaTime) -> Void)?, at time: MediaTime) -> RecordedOverlay? {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(frameWidth), height: Double(frameHeight))
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let recorded = RecordedOverlay(surface: recording)
        cairo_surface_destroy(recording)
        do {
            let canvas = Canvas(surface: recording, width: frameWidth, height: frameHeight)
            layer?.render(in: canvas, atSeconds: time.seconds)
            if let drawHandler { canvas.withSavedGState { drawHandler(canvas, time) } }
        }
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &w, &h)
        guard w > 0, h > 0 else { return nil }
        let x0 = max(0, Int(floor(x))) & ~1, y0 = max(0, Int(floor(y))) & ~1
        let x1 = min(frameWidth, (Int(ceil(x + w)) + 1) & ~1), y1 = min(frameHeight, (Int(ceil(y + h)) + 1) & ~1)
        guard x1 > x0, y1 > y0 else { return nil }
        recorded.box = (x0, y0, x1 - x0, y1 - y0)
        return recorded
    }

    /// Rasterises the recorded overlay's ink box into the reusable buffer.
    func rasterize(_ overlay: RecordedOverlay) -> Patch {
        let (x0, y0, width, height) = overlay.box
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        precondition(stride * height <= bufferSize)
        memset(buffer, 0, stride * height)
        let pixels = buffer.assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
        let cr = cairo_create(surface)!
        cairo_set_source_surface(cr, overlay.surface, Double(-x0), Double(-y0))
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return Patch(x: x0, y: y0, width: width, height: height, bytesPerRow: stride, pixels: UnsafePointer(pixels))
    }
}

/// A recording of one frame's overlay and its ink box (even-aligned, clipped to the frame).
final class RecordedOverlay {
    let surface: OpaquePointer
    var box: (x: Int, y: Int, width: Int, height: Int) = (0, 0, 0, 0)

    init(surface: OpaquePointer) { self.surface = cairo_surface_reference(surface) }
    deinit { cairo_surface_destroy(surface) }

    /// Paints the recording over a canvas (the slow path for RGB frames).
    func paint(on canvas: Canvas) {
        cairo_save(canvas.context)
        cairo_identity_matrix(canvas.context)
        cairo_set_source_surface(canvas.context, surface, 0, 0)
        cairo_rectangle(canvas.context, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
        cairo_fill(canvas.context)
        cairo_restore(canvas.context)
    }
}
