import Foundation
import MediaKitLinux

/// The poster of a traced shot: the last frame with the whole tracer and the shot's figures
/// (launch angle and apex in the image, time in the air, frames tracked) written on it.
public enum ShotPoster {
    /// Draws the poster over `frame` (any format; the result is BGRA).
    /// - Throws: ``MediaError`` when the frame cannot be converted.
    public static func render(frame: VideoFrame, shots: [Shot], style: TracerStyle) throws(MediaError) -> VideoFrame {
        var poster = try frame.converted(to: .bgra)
        let size = PixelSize(width: poster.width, height: poster.height)
        let renderer = TracerRenderer(style: style)
        let paths = shots.map { TracerPath(points: $0.trajectory.points.map { TracerPoint(x: $0.normalized.x, y: $0.normalized.y) }) }
        let lines = figureLines(shots: shots, size: size)
        try poster.withCanvas { canvas in
            renderer.draw(paths, on: canvas, size: size)
            let font = Font(family: "sans-serif", size: max(12, Double(size.height) / 30), weight: .bold)
            let lineHeight = font.size * 1.35
            let margin = font.size * 0.8
            let width = lines.map { canvas.size(of: $0, font: font).width }.max() ?? 0
            let box = CGRect(x: margin, y: margin, width: width + 2 * margin, height: Double(lines.count) * lineHeight + margin)
            canvas.fill(Path(rect: box), with: Color(white: 0, alpha: 0.55))
            for (index, line) in lines.enumerated() {
                let y = box.minY + margin / 2 + Double(index) * lineHeight + canvas.ascent(of: font)
                canvas.draw(line, at: CGPoint(x: box.minX + margin, y: y), font: font, color: .white)
            }
        }
        return poster
    }

    /// The text lines of the poster: one block per shot.
    public static func figureLines(shots: [Shot], size: PixelSize) -> [String] {
        guard !shots.isEmpty else { return ["No shot found"] }
        var lines: [String] = []
        for (index, shot) in shots.enumerated() {
            let figures = ShotFigures(points: shot.trajectory.points, aspect: Double(size.width) / Double(size.height))
            let prefix = shots.count > 1 ? "Shot \(index + 1): " : ""
            let angle = figures.launchAngle.map { String(format: "%.0f°", $0) } ?? "-"
            let apex = figures.apex.map { String(format: "%.0f%% up the frame", (1 - $0.y) * 100) } ?? "-"
            lines.append(prefix + "launch \(angle) in image, apex \(apex)")
            lines.append(String(format: "air time %.2f s, %d frames tracked", figures.timeInAir, figures.framesTracked))
        }
        return lines
    }

    /// Writes `frame` (converted to RGB) as a PNG file.
    /// - Throws: ``MediaError/io(path:message:)`` naming `path`.
    public static func writePNG(_ frame: VideoFrame, to path: String) throws(MediaError) {
        let rgb = try frame.converted(to: .rgba)
        let data = PNGEncoder.encode(rgb)
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw .io(path: path, message: "cannot write the poster: \(error.localizedDescription)")
        }
    }
}

/// A small PNG encoder (RGBA, deflate "stored" blocks: no compression library needed).
/// MediaKitLinux writes PNGs only from its own bitmaps, not from video frames.
enum PNGEncoder {
    static func encode(_ frame: VideoFrame) -> Data {
        precondition(frame.pixelFormat == .rgba)
        let width = frame.width, height = frame.height
        var raw = [UInt8]()
        raw.reserveCapacity((width * 4 + 1) * height)
        frame.withUnsafePlane(0) { bytes, stride in
            for y in 0..<height {
                raw.append(0)
                raw.append(contentsOf: bytes[(y * stride)..<(y * stride + width * 4)])
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib.append(final)
            zlib.append(UInt8(count & 0xff)); zlib.append(UInt8(count >> 8))
            zlib.append(UInt8(~count & 0xff)); zlib.append(UInt8((~count >> 8) & 0xff))
            zlib.append(contentsOf: raw[offset..<(offset + count)])
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        appendBigEndian(&zlib, (b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(&header, UInt32(width)); appendBigEndian(&header, UInt32(height))
        header += [8, 6, 0, 0, 0]
        chunk(&png, "IHDR", header)
        chunk(&png, "IDAT", zlib)
        chunk(&png, "IEND", [])
        return Data(png)
    }

    private static func appendBigEndian(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func chunk(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
        appendBigEndian(&png, UInt32(data.count))
        let body = Array(type.utf8) + data
        png += body
        var crc: UInt32 = 0xFFFFFFFF
        for byte in body { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        appendBigEndian(&png, crc ^ 0xFFFFFFFF)
    }
}
