import Foundation
import MediaKitLinux

extension GroundTruthClip {
    /// Writes the clip as H.264 (the settings' CRF, so compression artefacts are part of the
    /// test) and its truth as JSON. Both files appear only when complete: the video through the
    /// writer's atomic finish, the JSON through an atomic write after it.
    /// - Parameters:
    ///   - videoPath: an .mp4, .mov or .mkv path.
    ///   - truthPath: where the ``ClipTruth`` JSON goes.
    ///   - preset: the x264 preset (slower presets compress better, not differently in kind).
    ///   - progress: called after each frame with the number of frames written.
    public func write(videoPath: String, truthPath: String, preset: String = "veryfast",
                      progress: (Int) -> Void = { _ in }) throws(MediaError) {
        let writer = try VideoWriter(path: videoPath, settings: VideoWriterSettings(
            width: settings.width, height: settings.height,
            codec: .h264(crf: settings.compressionCRF, preset: preset, keyframeInterval: 250, pixelFormat: .yuv420p),
            timescale: clock.timescale, frameRate: settings.frameRate))
        do {
            for index in 0..<frameCount {
                try writer.append(try frame(at: index))
                progress(index + 1)
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        let data = try truth.jsonData()
        do { try data.write(to: URL(fileURLWithPath: truthPath), options: .atomic) } catch {
            throw .io(path: truthPath, message: error.localizedDescription)
        }
    }
}
