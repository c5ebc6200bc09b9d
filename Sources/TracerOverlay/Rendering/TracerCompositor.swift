import Foundation
import MediaKitLinux

/// Burns tracers into frames of one size through MediaKitLinux's ``FrameCompositor`` (the code
/// the composition export session uses: only the tracer's ink box is rendered and blended into
/// the yuv420p picture). The live pipeline and the exporter both draw through this type, so a
/// lossless export is pixel-identical to the live preview.
public final class TracerCompositor {
    /// The picture size frames must have.
    public let size: PixelSize
    /// The renderer every frame is drawn with.
    public let renderer: TracerRenderer
    private let compositor: FrameCompositor

    /// Prepares a compositor for `size` frames drawing with `style`.
    public init(size: PixelSize, style: TracerStyle) {
        self.size = size
        self.renderer = TracerRenderer(style: style)
        self.compositor = FrameCompositor(width: size.width, height: size.height)
    }

    /// Draws `paths` over `frame` (yuv420p or bgra, of ``size``); a frame with no paths is left
    /// untouched.
    /// - Throws: ``MediaError/invalidArgument(_:)`` for a frame of another size or format.
    public func draw(_ paths: [TracerPath], over frame: inout VideoFrame) throws(MediaError) {
        guard frame.width == size.width, frame.height == size.height else {
            throw .invalidArgument("frame is \(frame.width)x\(frame.height), the tracer is drawn at \(size)")
        }
        guard paths.contains(where: { !$0.points.isEmpty }) else { return }
        let renderer = self.renderer, size = self.size
        try compositor.composite(&frame, layer: nil) { canvas, _ in
            renderer.draw(paths, on: canvas, size: size)
        }
    }

    /// Draws a layer tree (evaluated at the frame's time) over `frame`: the retimed export.
    public func draw(layer: Layer, over frame: inout VideoFrame) throws(MediaError) {
        try compositor.composite(&frame, layer: layer, drawHandler: nil)
    }
}
