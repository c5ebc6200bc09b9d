internal import CFFmpeg
import Foundation

/// A source video plus what to draw over it: a layer tree evaluated at each frame's time (what
/// `AVVideoCompositionCoreAnimationTool` does on iOS) and/or a drawing callback.
///
/// The overlay's coordinate space is the video's displayed picture in pixels, origin top-left.
/// Layer time is video time: an animation with `beginTime` 2 starts at the frame whose
/// presentation time is 2 s.
public final class VideoComposition {
    /// The video whose frames (and audio) are used.
    public let sourcePath: String
    /// The source's probe (size, duration, tracks).
    public let asset: MediaAsset
    /// The overlay layer tree; nil for none.
    public var overlayLayer: Layer?
    /// Custom drawing over the overlay, called with each frame's time. The canvas is valid only
    /// during the call; its coordinates are the picture's pixels.
    public var drawHandler: ((Canvas, MediaTime) -> Void)?

    /// Probes `sourcePath`.
    /// - Throws: ``MediaError`` when the file is missing, not media, or has no video track.
    public init(sourcePath: String, overlayLayer: Layer? = nil, drawHandler: ((Canvas, MediaTime) -> Void)? = nil) throws(MediaError) {
        let asset = try MediaAsset(path: sourcePath)
        _ = try asset.requireVideoTrack()
        self.sourcePath = sourcePath
        self.asset = asset
        self.overlayLayer = overlayLayer
        self.drawHandler = drawHandler
    }

    /// The size of the picture the overlay draws on.
    public var renderSize: PixelSize {
        let track = asset.videoTracks[0]
        return PixelSize(width: track.width, height: track.height)
    }

    /// Draws the composited frame at `frame.time` (any pixel format the compositor supports:
    /// yuv420p is blended in place, bgra drawn with Cairo). Meant for previews and tests; the
    /// export session uses the same code.
    public func composite(_ frame: inout VideoFrame) throws(MediaError) {
        // Keep one compositor (and its buffers) for frames of the same size: previews call
        // this for every frame.
        let compositor: FrameCompositor
        if let previewCompositor, previewCompositor.width == frame.width, previewCompositor.height == frame.height {
            compositor = previewCompositor
        } else {
            compositor = FrameCompositor(width: frame.width, height: frame.height)
            previewCompositor = compositor
        }
        _ = try compositor.composite(&frame, layer: overlayLayer, drawHandler: drawHandler)
    }

    private var previewCompositor: FrameCompositor?
}

/// Blends an overlay (a layer tree evaluated at each frame's time, and/or a drawing callback)
/// into frames of one size, reusing its buffers from frame to frame. This is the engine behind
/// ``VideoComposition`` and its export session, usable on its own for frames that come from
/// anywhere (a live stream, a generator): only the overlay's ink box is rendered, and it is
/// blended straight into yuv420p pictures. One owner; not `Sendable`.
public final class FrameCompositor {
    private let renderer: OverlayPatchRenderer
    private let blender: YUVBlender

    /// Frame width this compositor works on.
    public var width: Int { renderer.frameWidth }
    /// Frame height this compositor works on.
    public var height: Int { renderer.frameHeight }

    /// Prepares a compositor for frames of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        renderer = OverlayPatchRenderer(frameWidth: width, frameHeight: height)
        blender = YUVBlender(matrix: .forFrame(width: width, height: height))
    }

    /// The last presentation tree drawn and its recording (nil recording: it drew nothing).
    private var cached: (presentation: Layer, recording: RecordedOverlay?)?
    /// The last rasterised patch, valid while ``cached`` is reused (the renderer's buffer keeps it).
    private var cachedPatch: OverlayPatchRenderer.Patch?

    /// The tiled rendering of the layer tree, for frames composited without a draw handler.
    private(set) var tiles: OverlayTiles?

    /// A frame handed back after encoding, reused as the next writable copy.
    private var spare: VideoFrame?

    /// Offers a frame the caller is done with for reuse (the encoder has copied it by now).
    public func recycle(_ frame: VideoFrame) {
        if frame.pixelFormat == .yuv420p && frame.width == renderer.frameWidth && frame.height == renderer.frameHeight {
            spare = frame
        }
    }

    /// Whether `frame`'s pixels may be changed in place (decoded frames share their memory with
    /// the decoder's reference pool).
    private func isWritable(_ frame: inout VideoFrame) -> Bool {
        isKnownUniquelyReferenced(&frame.buffer) && av_frame_is_writable(frame.buffer.frame) != 0
    }

    /// A yuv420p frame of `frame`'s size and times to write a changed copy into: the recycled
    /// one when there is one, which avoids a fresh multi-megabyte allocation (and its page
    /// faults) per frame.
    private func blankFrame(like frame: VideoFrame) throws(MediaError) -> VideoFrame {
        var target: VideoFrame
        if let reusable = spare {
            spare = nil
            target = reusable
        } else {
            target = try VideoFrame(width: frame.width, height: frame.height, pixelFormat: .yuv420p)
        }
        target.time = frame.time
        target.duration = frame.duration
        return target
    }

    /// Makes `frame` writable, copying it into a recycled frame when it is shared.
    private func makeWritable(_ frame: inout VideoFrame) throws(MediaError) {
        if isWritable(&frame) { return }
        var target = try blankFrame(like: frame)
        for plane in 0..<3 {
            let rowBytes = PixelFormat.yuv420p.planeWidth(plane, frameWidth: frame.width)
            let rows = frame.rows(plane: plane)
            frame.withUnsafePlane(plane) { source, sourceStride in
                target.withUnsafeMutablePlane(plane) { destination, destinationStride in
                    for row in 0..<rows {
                        (destination.baseAddress! + row * destinationStride)
                            .update(from: source.baseAddress! + row * sourceStride, count: rowBytes)
                    }
                }
            }
        }
        frame = target
    }

    /// Draws the overlay at `frame.time` into `frame` (yuv420p blended in place, bgra drawn with
    /// Cairo); returns false, leaving the frame untouched, when the overlay has no ink in it.
    /// - Throws: ``MediaError/invalidArgument(_:)`` for a frame of another size or format.
    @discardableResult
    public func composite(_ frame: inout VideoFrame, layer: Layer?, drawHandler: ((Canvas, MediaTime) -> Void)?) throws(MediaError) -> Bool {
        guard frame.width == renderer.frameWidth, frame.height == renderer.frameHeight else {
            throw .invalidArgument("frame is \(frame.width)x\(frame.height), the compositor \(renderer.frameWidth)x\(renderer.frameHeight)")
        }
        // A layer tree alone, over yuv420p: keep the rendering from frame to frame and redraw
        // only the tiles whose pixels can have changed.
        if drawHandler == nil, let layer, frame.pixelFormat == .yuv420p {
            guard frame.width % 2 == 0, frame.height % 2 == 0 else {
                throw .invalidArgument("yuv420p compositing needs an even frame size, not \(frame.width)x\(frame.height)")
            }
            let tiles = self.tiles ?? OverlayTiles(width: frame.width, height: frame.height)
            self.tiles = tiles
            tiles.update(to: layer.presentation(at: frame.time))
            guard tiles.hasInk else { return false }
            if isWritable(&frame) {
                tiles.blend(into: &frame)
            } else {
                var target = try blankFrame(like: frame)
                tiles.blend(from: frame, into: &target)
                frame = target
            }
            return true
        }
        // Without a draw handler the overlay is a pure function of the layer tree's presentation:
        // when that is unchanged from the previous frame, reuse its recording and pixels.
        var reusable = false
        var presented: Layer?
        if drawHandler == nil, let layer {
            let current = layer.presentation(at: frame.time)
            reusable = cached.map { $0.presentation.hasSameAppearance(as: current) } ?? false
            presented = current
        }
        let recorded: RecordedOverlay?
        if reusable, let cached {
            recorded = cached.recording
        } else {
            recorded = renderer.record(layer: presented ?? layer, drawHandler: drawHandler, at: frame.time)
            cachedPatch = nil
            cached = presented.map { (presentation: $0, recording: recorded) }
        }
        guard let recorded else { return false }
        switch frame.pixelFormat {
        case .yuv420p:
            guard frame.width % 2 == 0, frame.height % 2 == 0 else {
                throw .invalidArgument("yuv420p compositing needs an even frame size, not \(frame.width)x\(frame.height)")
            }
            try makeWritable(&frame)
            let patch = cachedPatch ?? renderer.rasterize(recorded)
            cachedPatch = patch
            blender.blend(patch, into: &frame)
        case .bgra:
            try frame.withCanvas { recorded.paint(on: $0) }
        case .rgba, .gray8:
            throw .invalidArgument("compositing supports yuv420p and bgra frames, not \(frame.pixelFormat.rawValue)")
        }
        return true
    }
}
