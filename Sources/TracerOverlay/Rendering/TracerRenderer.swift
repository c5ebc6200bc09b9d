import Foundation
import MediaKitLinux

/// Draws tracers: the one function both the live preview and the export call, so that what
/// is exported is what was seen.
public struct TracerRenderer: Sendable {
    /// The look of every tracer drawn.
    public var style: TracerStyle

    /// Creates a renderer.
    public init(style: TracerStyle) { self.style = style }

    /// Draws `paths` (normalized, top-left) on a canvas covering a `size` picture.
    public func draw(_ paths: [TracerPath], on canvas: Canvas, size: PixelSize) {
        for path in paths where !path.points.isEmpty {
            draw(path, on: canvas, size: size)
        }
    }

    /// The picture-space polyline of `points`.
    public static func polyline(_ points: [TracerPoint], size: PixelSize) -> Path {
        var path = Path()
        for (index, point) in points.enumerated() {
            let p = CGPoint(x: point.x * Double(size.width), y: point.y * Double(size.height))
            if index == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        return path
    }

    private func draw(_ tracer: TracerPath, on canvas: Canvas, size: PixelSize) {
        // Seen points first; the extrapolated part continues from the last seen point.
        let seenCount = tracer.points.firstIndex(where: \.extrapolated) ?? tracer.points.count
        let seen = Array(tracer.points[..<seenCount])
        let guessed = seenCount > 0 && seenCount < tracer.points.count
            ? Array(tracer.points[(seenCount - 1)...]) : Array(tracer.points[seenCount...])
        let seenPath = Self.polyline(seen, size: size)
        let guessedPath = Self.polyline(guessed, size: size)
        let whole = Self.polyline(tracer.points, size: size)
        let round = StrokeStyle(lineWidth: style.lineWidth, lineCap: .round, lineJoin: .round)

        if style.glowWidth > 0 {
            canvas.stroke(whole, with: style.color.withAlpha(style.color.alpha * style.glowOpacity),
                          style: StrokeStyle(lineWidth: style.glowWidth, lineCap: .round, lineJoin: .round))
        }
        let body: (Canvas) -> Void = { canvas in
            if seen.count == 1 && guessed.isEmpty {
                let p = CGPoint(x: seen[0].x * Double(size.width), y: seen[0].y * Double(size.height))
                let r = style.lineWidth / 2
                canvas.fill(Path(ellipseIn: CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)), with: style.color)
            } else if seen.count > 1 {
                strokeWithTail(seenPath, on: canvas, round: round)
            }
            if guessed.count > 1 {
                var dashed = round
                dashed.lineCap = .butt
                dashed.dashPattern = style.extrapolatedDash.map { CGFloat($0) }
                canvas.stroke(guessedPath, with: style.color.withAlpha(style.color.alpha * style.extrapolatedOpacity), style: dashed)
            }
            if style.headDotRadius > 0, let head = tracer.head {
                let p = CGPoint(x: head.x * Double(size.width), y: head.y * Double(size.height))
                let r = style.headDotRadius
                canvas.fill(Path(ellipseIn: CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)), with: style.color)
            }
        }
        if let shadow = style.shadow {
            canvas.drawWithShadow(shadow, body)
        } else {
            body(canvas)
        }
    }

    /// Strokes `path`, its oldest ``TracerStyle/tailFade`` fraction in steps of rising opacity.
    private func strokeWithTail(_ path: Path, on canvas: Canvas, round: StrokeStyle) {
        let fade = min(max(style.tailFade, 0), 1)
        guard fade > 0 else {
            canvas.stroke(path, with: style.color, style: round)
            return
        }
        let steps = 6
        var butt = round
        butt.lineCap = .butt
        for step in 0..<steps {
            let from = fade * Double(step) / Double(steps), to = fade * Double(step + 1) / Double(steps)
            let alpha = style.color.alpha * (Double(step) + 0.5) / Double(steps)
            canvas.stroke(path.trimmed(from: from, to: to), with: style.color.withAlpha(alpha), style: butt)
        }
        if fade < 1 {
            canvas.stroke(path.trimmed(from: fade, to: 1), with: style.color, style: round)
        }
    }
}
