import Foundation

/// Exports a ``VideoComposition`` to a file (`AVAssetExportSession` with a video composition):
/// every source frame, at its own presentation time, with the overlay blended in, and the
/// source's audio packets copied unchanged.
///
/// Only the overlay's inked box is rendered and blended, straight into the decoded yuv420p
/// picture; frames without overlay ink are re-encoded untouched. The output appears at
/// ``outputPath`` only when the export succeeds (the writer renames a temporary file).
public final class VideoCompositionExportSession {
    /// What is exported.
    public let composition: VideoComposition
    /// Where the result goes (.mp4, .mov or .mkv).
    public let outputPath: String
    /// Writer settings; size, frame rate and audio source start from the source.
    public var settings: VideoWriterSettings

    /// Prepares an export of `composition` to `outputPath` with `codec`, copying the source's
    /// audio when `includesAudio` and there is any.
    public init(composition: VideoComposition, outputPath: String, codec: VideoCodec = .h264(), includesAudio: Bool = true) {
        self.composition = composition
        self.outputPath = outputPath
        let track = composition.asset.videoTracks[0]
        let hasAudio = includesAudio && !composition.asset.audioTracks.isEmpty
        settings = VideoWriterSettings(width: track.width, height: track.height, codec: codec,
                                       frameRate: track.averageFrameRate > 0 ? track.averageFrameRate : nil,
                                       audioSourcePath: hasAudio ? composition.sourcePath : nil)
    }

    /// Runs the export. `progress` is called after every frame, on the exporting task.
    ///
    /// Cancelling the calling task stops the export at the next frame, removes the partial
    /// output and throws ``MediaError/cancelled(path:)``.
    /// - Throws: ``MediaError`` from reading, writing or compositing; the target is then untouched.
    public func export(progress: ((ExportProgress) -> Void)? = nil) async throws(MediaError) {
        try run(progress: progress)
    }

    private func run(progress: ((ExportProgress) -> Void)?) throws(MediaError) {
        let reader = try VideoReader(path: composition.sourcePath, options: .init(pixelFormat: .yuv420p))
        let writer = try VideoWriter(path: outputPath, settings: settings)
        let size = composition.renderSize
        let compositor = FrameCompositor(width: size.width, height: size.height)
        let total = composition.asset.videoTracks[0].duration.isNumeric && composition.asset.videoTracks[0].duration > .zero
            ? composition.asset.videoTracks[0].duration.seconds : composition.asset.duration.seconds
        let started = ContinuousClock.now
        var written = 0
        do throws(MediaError) {
            while var frame = try reader.next() {
                if Task.isCancelled { throw MediaError.cancelled(path: outputPath) }
                _ = try compositor.composite(&frame, layer: composition.overlayLayer, drawHandler: composition.drawHandler)
                try writer.append(frame)
                compositor.recycle(frame)
                written += 1
                if let progress {
                    let elapsed = (ContinuousClock.now - started).inSeconds
                    let end = frame.duration.isNumeric ? (frame.time + frame.duration).seconds : frame.time.seconds
                    let fraction = total > 0 ? min(max(end / total, 0), 1) : 0
                    let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : nil
                    progress(ExportProgress(fractionCompleted: fraction, framesWritten: written,
                                            framesPerSecond: elapsed > 0 ? Double(written) / elapsed : 0,
                                            estimatedTimeRemaining: remaining, elapsedTime: elapsed))
                }
            }
            if Task.isCancelled { throw MediaError.cancelled(path: outputPath) }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
