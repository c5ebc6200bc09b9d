import ArgumentParser
import ExampleSupport
import Foundation
import MediaKitLinux

/// `transcode`: re-encode a video to H.264 (or FFV1) with MediaKitLinux, copying its audio.
@main
struct Transcode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcode",
        abstract: "Re-encode a video with MediaKitLinux's reader and writer, copying the audio unchanged.",
        discussion: """
        The output container follows the extension of --output (.mp4, .mov, .mkv). Frame times \
        are kept exactly (variable frame rate survives). The output is written to a temporary \
        file and renamed when complete, so a failed run leaves nothing behind.

        With --decode-only nothing is written: the video is decoded as fast as possible (like \
        `ffmpeg -i INPUT -f null -`), which is how the decoder is benchmarked.
        """
    )

    @Argument(help: "The video to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The file to write (.mp4, .mov or .mkv).")
    var output: String?

    @Option(help: "Codec: h264 or ffv1.")
    var codec: String = "h264"

    @Option(help: "x264 constant rate factor (0-51).")
    var crf: Int = 18

    @Option(help: "x264 preset (ultrafast ... veryslow).")
    var preset: String = "medium"

    @Option(help: "Largest keyframe interval, in frames.")
    var keyframeInterval: Int = 250

    @Option(help: "Decoder and encoder threads (0: automatic).")
    var threads: Int = 0

    @Flag(help: "Decode only; write nothing.")
    var decodeOnly = false

    func validate() throws {
        if !decodeOnly && output == nil { throw ValidationError("give --output FILE, or --decode-only") }
        if !["h264", "ffv1"].contains(codec) { throw ValidationError("--codec must be h264 or ffv1") }
    }

    func run() throws {
        do {
            try transcode()
        } catch {
            FileHandle.standardError.write(Data("transcode: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func transcode() throws(MediaError) {
        let reader = try VideoReader(path: input, options: .init(pixelFormat: .yuv420p, threadCount: threads))
        let track = reader.track
        let progress = TerminalProgress(decodeOnly ? "decoding" : "transcoding", total: Double(track.frameCount ?? Int((track.duration.seconds * track.averageFrameRate).rounded())))
        let start = Date()
        var frames = 0
        if decodeOnly {
            while try reader.next() != nil {
                frames += 1
                progress.update(Double(frames))
            }
        } else {
            let videoCodec: VideoCodec = codec == "ffv1" ? .ffv1 : .h264(crf: crf, preset: preset, keyframeInterval: keyframeInterval)
            let hasAudio = (try? MediaAsset(path: input))?.audioTracks.isEmpty == false
            let settings = VideoWriterSettings(width: track.width, height: track.height, codec: videoCodec,
                                               frameRate: track.averageFrameRate > 0 ? track.averageFrameRate : nil,
                                               audioSourcePath: hasAudio ? input : nil, threadCount: threads)
            let writer = try VideoWriter(path: output!, settings: settings)
            while let frame = try reader.next() {
                try writer.append(frame)
                frames += 1
                progress.update(Double(frames))
            }
            try writer.finish()
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(start)
        let summary = String(format: "%d frames in %.2f s (%.1f fps)", frames, seconds, Double(frames) / max(seconds, 1e-9))
        FileHandle.standardError.write(Data("transcode: \(summary)\(decodeOnly ? "" : " -> \(output!)")\n".utf8))
    }
}
