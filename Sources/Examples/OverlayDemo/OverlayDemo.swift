import ArgumentParser
import ExampleSupport
import Foundation
import MediaKitLinux

/// `overlay-demo`: burns an animated Core Animation-style overlay into a video.
@main
struct OverlayDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay-demo",
        abstract: "Burn an animated overlay (title, drawn curve, moving marker) into a video.",
        discussion: """
        The overlay is a layer tree evaluated at every frame's own presentation time, as \
        AVVideoCompositionCoreAnimationTool does on iOS: a title fades in, a ball-flight curve \
        is drawn by a strokeEnd animation with an ease-out, and a marker rides the curve's head \
        (a paced keyframe animation along the same path). Only the overlay's inked box is \
        rendered and blended into each decoded picture; the audio is copied unchanged and the \
        output keeps exactly the input's frames and timestamps.

        The output container follows the extension of --output (.mp4, .mov, .mkv). It appears \
        only when the export succeeds; Ctrl-C or an error leaves nothing behind.

        With --png-frames DIR nothing is exported: the overlay of every frame is written as \
        DIR/overlay-00001.png ... (full-frame RGBA), to feed ffmpeg's overlay filter when \
        benchmarking against it.
        """
    )

    @Argument(help: "The video to draw on.")
    var input: String

    @Option(name: .shortAndLong, help: "The file to write (.mp4, .mov or .mkv).")
    var output: String?

    @Option(help: "The title text.")
    var title: String = "MediaKitLinux overlay"

    @Option(help: "Codec: h264 or ffv1 (lossless, .mkv).")
    var codec: String = "h264"

    @Option(help: "x264 constant rate factor (0-51).")
    var crf: Int = 18

    @Option(help: "x264 preset (ultrafast ... veryslow).")
    var preset: String = "medium"

    @Option(help: "Write the overlay frames as PNGs into this folder instead of exporting.")
    var pngFrames: String?

    func validate() throws {
        if output == nil && pngFrames == nil { throw ValidationError("give --output FILE (or --png-frames DIR)") }
        if !["h264", "ffv1"].contains(codec) { throw ValidationError("--codec must be h264 or ffv1") }
    }

    func run() async throws {
        let failure: MediaError?
        do {
            try await perform()
            failure = nil
        } catch {
            failure = error
        }
        if let failure {
            FileHandle.standardError.write(Data("\roverlay-demo: \(failure.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func perform() async throws(MediaError) {
        let composition = try VideoComposition(sourcePath: input)
        composition.overlayLayer = DemoScene.make(size: composition.renderSize, duration: composition.asset.duration.seconds, title: title)
        if let pngFrames {
            try writeOverlayFrames(composition, to: pngFrames)
            return
        }
        let videoCodec: VideoCodec = codec == "ffv1" ? .ffv1 : .h264(crf: crf, preset: preset)
        let session = VideoCompositionExportSession(composition: composition, outputPath: output!, codec: videoCodec)
        let started = Date()
        // Run the export as a task that Ctrl-C cancels, so the partial file is removed.
        let export = Task { () async throws -> Int in
            let bar = TerminalProgress("exporting", total: 1)
            var frames = 0
            defer { bar.finish() }
            try await session.export { progress in
                frames = progress.framesWritten
                bar.update(progress.fractionCompleted, detail: String(format: "%5.1f fps", progress.framesPerSecond)
                           + (progress.estimatedTimeRemaining.map { String(format: " %.0f s left", $0) } ?? ""))
            }
            return frames
        }
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { export.cancel() }
        interrupt.resume()
        defer { interrupt.cancel() }
        let frames: Int
        switch await export.result {
        case .success(let count): frames = count
        case .failure(let error): throw (error as? MediaError) ?? .cancelled(path: output!)
        }
        let seconds = Date().timeIntervalSince(started)
        let line = String(format: "overlay-demo: %d frames in %.2f s (%.1f fps) -> %@\n", frames, seconds, Double(frames) / max(seconds, 1e-9), output!)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Renders the overlay alone at every source frame's time into numbered PNGs.
    private func writeOverlayFrames(_ composition: VideoComposition, to folder: String) throws(MediaError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .io(path: folder, message: "cannot create the folder")
        }
        let reader = try VideoReader(path: composition.sourcePath, options: .init(outputSize: PixelSize(width: 16, height: 16)))
        let size = composition.renderSize
        var index = 0
        while let frame = try reader.next() {
            index += 1
            let canvas = try Canvas(width: size.width, height: size.height)
            composition.overlayLayer?.render(in: canvas, at: frame.time)
            try canvas.makeImage().writePNG(to: folder + String(format: "/overlay-%05d.png", index))
        }
    }
}

