import Foundation

extension BitmapImage {
    /// The picture of `frame` (any pixel format, converted to opaque BGRA).
    public init(frame: VideoFrame) throws(MediaError) {
        let bgra = frame.pixelFormat == .bgra ? frame : try frame.converted(to: .bgra)
        try self.init(width: frame.width, height: frame.height)
        let rowBytes = bytesPerRow, width = frame.width, height = frame.height
        bgra.withUnsafePlane(0) { source, stride in
            pixels.withUnsafeMutableBytes { out in
                for y in 0..<height {
                    memcpy(out.baseAddress! + y * rowBytes, source.baseAddress! + y * stride, width * 4)
                }
            }
        }
        if frame.pixelFormat != .bgra {
            // Converted video is opaque; only a BGRA frame drawn by Cairo carries real alpha.
            pixels.withUnsafeMutableBytes { out in
                for y in 0..<height { for x in 0..<width { out[y * rowBytes + x * 4 + 3] = 255 } }
            }
        }
    }
}

extension VideoFrame {
    /// Writes this frame as a compressed PNG file (Cairo's encoder), atomically: a temporary
    /// file beside `path` is renamed onto it when complete.
    /// - Throws: ``MediaError/io(path:message:)`` naming `path`.
    public func writePNG(to path: String) throws(MediaError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8)).png"
        do {
            try BitmapImage(frame: self).writePNG(to: temporary)
        } catch {
            unlink(temporary)
            throw .io(path: path, message: error.description)
        }
        if rename(temporary, path) != 0 {
            unlink(temporary)
            throw .io(path: path, message: "cannot rename \(temporary): \(String(cString: strerror(errno)))")
        }
    }
}
