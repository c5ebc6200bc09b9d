internal import CCairo
import Foundation

extension VideoFrame {
    /// Calls `body` with a canvas drawing straight into this BGRA frame's pixels (copying them
    /// first if another value shares them). The canvas is valid only inside `body`.
    ///
    /// Cairo treats the pixels as premultiplied; decoded video is opaque, so that holds.
    /// - Throws: ``MediaError/invalidArgument(_:)`` unless the frame is ``PixelFormat/bgra``.
    public mutating func withCanvas<R>(_ body: (Canvas) -> R) throws(MediaError) -> R {
        guard pixelFormat == .bgra else {
            throw .invalidArgument("drawing needs a bgra frame, this one is \(pixelFormat.rawValue)")
        }
        let (w, h) = (width, height)
        let minimumStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        return withUnsafeMutablePlane(0) { bytes, stride in
            precondition(stride >= minimumStride && stride % 4 == 0, "frame stride \(stride) unusable by Cairo")
            let surface = cairo_image_surface_create_for_data(bytes.baseAddress, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride))!
            cairo_surface_mark_dirty(surface)
            let result: R
            do {
                let canvas = Canvas(surface: surface, width: w, height: h)
                result = body(canvas)
            }
            cairo_surface_flush(surface)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
            return result
        }
    }
}
