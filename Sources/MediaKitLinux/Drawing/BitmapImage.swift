internal import CCairo
import Foundation

/// A picture in memory as premultiplied BGRA (Cairo's ARGB32 on little-endian machines), rows
/// `bytesPerRow` apart as Cairo wants them (`cairo_format_stride_for_width`).
public struct BitmapImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance in bytes between rows.
    public let bytesPerRow: Int
    /// Premultiplied B, G, R, A bytes, `bytesPerRow * height` of them.
    public internal(set) var pixels: [UInt8]

    /// A transparent image.
    /// - Throws: ``MediaError/invalidArgument(_:)`` when the size is not positive or too large.
    public init(width: Int, height: Int) throws(MediaError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidArgument("image size \(width)x\(height) must be between 1 and 32767")
        }
        self.width = width
        self.height = height
        self.bytesPerRow = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        self.pixels = [UInt8](repeating: 0, count: bytesPerRow * height)
    }

    /// Loads a PNG file (any PNG colour type; Cairo converts it to premultiplied BGRA).
    /// - Throws: ``MediaError/fileMissing(path:message:)`` or ``MediaError/notMediaFile(path:message:)``.
    public init(contentsOfPNG path: String) throws(MediaError) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .fileMissing(path: path, message: "cannot read the PNG file")
        }
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .notMediaFile(path: path, message: String(cString: cairo_status_to_string(status)))
        }
        try self.init(copying: surface!)
    }

    /// Copies the pixels of an image surface (converted to ARGB32 if needed).
    init(copying surface: OpaquePointer) throws(MediaError) {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        try self.init(width: width, height: height)
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = cairo_image_surface_get_data(surface)!
            let rowBytes = bytesPerRow
            pixels.withUnsafeMutableBytes { out in
                for y in 0..<height {
                    memcpy(out.baseAddress! + y * rowBytes, data + y * stride, width * 4)
                }
            }
        } else {
            // Let Cairo convert other formats (RGB24, A8) by painting them.
            withSurface { target in
                let cr = cairo_create(target)
                cairo_set_source_surface(cr, surface, 0, 0)
                cairo_paint(cr)
                cairo_destroy(cr)
            }
        }
    }

    /// Calls `body` with a Cairo image surface over this image's pixels (writes go to the image).
    mutating func withSurface<R>(_ body: (OpaquePointer) -> R) -> R {
        let (w, h, stride) = (width, height, bytesPerRow)
        return pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride))!
            defer {
                cairo_surface_flush(surface)
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            return body(surface)
        }
    }

    /// The premultiplied (B, G, R, A) bytes at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> (b: UInt8, g: UInt8, r: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = y * bytesPerRow + x * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Writes the image as a PNG file.
    /// - Throws: ``MediaError/io(path:message:)`` when the file cannot be written.
    public func writePNG(to path: String) throws(MediaError) {
        var copy = self
        let status = copy.withSurface { cairo_surface_write_to_png($0, path) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .io(path: path, message: "cannot write PNG: " + String(cString: cairo_status_to_string(status)))
        }
    }
}
