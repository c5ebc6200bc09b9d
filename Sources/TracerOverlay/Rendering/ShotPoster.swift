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

    /// Writes `frame` as a PNG file.
    /// - Throws: ``MediaError/io(path:message:)`` naming `path`.
    public static func writePNG(_ frame: VideoFrame, to path: String) throws(MediaError) {
        try frame.writePNG(to: path)
    }
}
