import Foundation
import MediaKitLinux

/// Burns tracers into frames of one size through MediaKitLinux's compositor (the code the
/// composition export session uses: only the tracer's ink box is rendered and blended into the
/// yuv420p picture). The live pipeline and the exporter both draw through this type, so a
/// lossless export is pixel-identical to the live preview.
///
/// MediaKitLinux exposes its compositor only through a ``VideoComposition``, which probes a
/// source file; a live input (a stream) has no file to probe, so the compositor is built on a
/// one-frame reference video of the right size written to a temporary directory and removed at
/// once. Nothing is read from it afterwards.
public final class TracerCompositor {
    /// The picture size frames must have.
    public let size: PixelSize
    /// The renderer every frame is drawn with.
    public let renderer: TracerRenderer
    private let composition: VideoComposition
    private var pending: [TracerPath] = []

    /// Prepares a compositor for `size` frames drawing with `style`.
    /// - Throws: ``MediaError`` when the reference video cannot be written (disk full...).
    public init(size: PixelSize, style: TracerStyle) throws(MediaError) {
        self.size = size
        self.renderer = TracerRenderer(style: style)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tracer-compositor-\(UUID().uuidString)").path
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .io(path: directory, message: "cannot create a temporary directory: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = directory + "/reference.mkv"
        let writer = try VideoWriter(path: reference, settings: VideoWriterSettings(width: size.width, height: size.height, codec: .ffv1))
        try writer.append(try VideoFrame(width: size.width, height: size.height, pixelFormat: .yuv420p))
        try writer.finish()
        composition = try VideoComposition(sourcePath: reference)
        let renderer = self.renderer
        composition.drawHandler = { [unowned self] canvas, _ in
            renderer.draw(self.pending, on: canvas, size: size)
        }
    }

    /// Draws `paths` over `frame` (yuv420p or bgra, of ``size``); a frame with no paths is left
    /// untouched.
    /// - Throws: ``MediaError/invalidArgument(_:)`` for a frame of another size or format.
    public func draw(_ paths: [TracerPath], over frame: inout VideoFrame) throws(MediaError) {
        guard frame.width == size.width, frame.height == size.height else {
            throw .invalidArgument("frame is \(frame.width)x\(frame.height), the tracer is drawn at \(size)")
        }
        guard paths.contains(where: { !$0.points.isEmpty }) else { return }
        pending = paths
        defer { pending = [] }
        try composition.composite(&frame)
    }

    /// Draws a layer tree (evaluated at the frame's time) over `frame`: the retimed export.
    public func draw(layer: Layer, over frame: inout VideoFrame) throws(MediaError) {
        let saved = composition.drawHandler
        composition.drawHandler = nil
        composition.overlayLayer = layer
        defer {
            composition.overlayLayer = nil
            composition.drawHandler = saved
        }
        try composition.composite(&frame)
    }
}
