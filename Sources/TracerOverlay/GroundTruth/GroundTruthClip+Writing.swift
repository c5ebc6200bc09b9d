import Foundation
import MediaKitLinux

extension GroundTruthClip {
    /// Writes the clip as H.264 (the settings' CRF, so compression artefacts are part of the
    /// test) and its truth as JSON. Both files appear only when complete: the video through the
    /// writer's atomic finish, the JSON through an atomic write after it.
    ///
    /// The video is decoded back to measure how much of the ball each frame kept
    /// (``FrameTruth/decodedContrast``); the written truth, also returned, includes it.
    /// - Parameters:
    ///   - videoPath: an .mp4, .mov or .mkv path.
    ///   - truthPath: where the ``ClipTruth`` JSON goes.
    ///   - preset: the x264 preset (slower presets compress better, not differently in kind).
    ///   - progress: called after each frame with the number of frames written.
    @discardableResult
    public func write(videoPath: String, truthPath: String, preset: String = "veryfast",
                      progress: (Int) -> Void = { _ in }) throws(MediaError) -> ClipTruth {
        try write(videoPath: videoPath, truthPath: truthPath, preset: preset, progress: progress, decoded: { _ in })
    }

    /// ``write(videoPath:truthPath:preset:progress:)``, handing each frame decoded back to `decoded`.
    func write(videoPath: String, truthPath: String, preset: String, progress: (Int) -> Void,
               decoded keep: (VideoFrame) -> Void) throws(MediaError) -> ClipTruth {
        let writer = try VideoWriter(path: videoPath, settings: VideoWriterSettings(
            width: settings.width, height: settings.height,
            codec: .h264(crf: settings.compressionCRF, preset: preset, keyframeInterval: 250, pixelFormat: .yuv420p),
            timescale: clock.timescale, frameRate: settings.frameRate))
        var survival = BallSurvival()
        do {
            for index in 0..<frameCount {
                let picture = try frame(at: index)
                if truth.frames[index].visible {
                    survival.record(index: index, withBall: picture, withoutBall: try frame(at: index, drawingBall: false))
                }
                try writer.append(picture)
                progress(index + 1)
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        var measured = truth
        let reader = try VideoReader(path: videoPath)
        var index = 0
        while index < frameCount, let decoded = try reader.next() {
            if let contrast = measured.frames[index].contrast, measured.frames[index].visible {
                measured.frames[index].decodedContrast = survival.survivingShare(index: index, decoded: decoded)
                    .map { $0 * contrast } ?? 0
            }
            keep(decoded)
            index += 1
        }
        guard index == frameCount else {
            try? FileManager.default.removeItem(atPath: videoPath)
            throw .corruptData(path: videoPath, message: "decoded \(index) of \(frameCount) frames back")
        }
        let data = try measured.jsonData()
        do { try data.write(to: URL(fileURLWithPath: truthPath), options: .atomic) } catch {
            throw .io(path: truthPath, message: error.localizedDescription)
        }
        return measured
    }
}

extension GroundTruthClip {
    /// Every frame as a detector would see it from a file: encoded with H.264 at the settings'
    /// CRF (compression artefacts included), decoded back (yuv420p, exact times), paired with
    /// its truth (with ``FrameTruth/decodedContrast`` measured). The temporary file is removed
    /// before returning. Holds all frames in memory, so keep such clips small.
    public func compressedFrames(preset: String = "veryfast") throws(MediaError) -> [(frame: VideoFrame, truth: FrameTruth)] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("golf-clip-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw .io(path: directory.path, message: error.localizedDescription)
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = directory.appendingPathComponent("clip.mp4").path
        // The frames the measurement decodes are the ones to return: no second decoding pass.
        var decodedFrames: [VideoFrame] = []
        let measured = try write(videoPath: video, truthPath: directory.appendingPathComponent("clip.json").path,
                                 preset: preset, progress: { _ in }, decoded: { decodedFrames.append($0) })
        // `write` has checked that every frame decoded back.
        return zip(decodedFrames, measured.frames).map { (frame: $0, truth: $1) }
    }
}
