import Foundation
import MediaKitLinux

/// How a traced video is exported.
public struct ShotExportOptions: Sendable {
    /// What the tracer follows.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// Exactly what the live preview drew on each frame (the default: live equals export).
        case asSeenLive
        /// The head on the ball at every frame and the flight extended past its last sighting
        /// (dashed); differs from what was seen live.
        case retimed
    }

    /// The codec; FFV1 (in .mkv) is lossless, so its frames equal the preview's.
    public var codec: VideoCodec = .h264()
    /// What the tracer follows.
    public var mode: Mode = .asSeenLive
    /// Copy the recording's audio.
    public var includesAudio = true
    /// How far a recording's frame time may be from a timeline time and still match it (a
    /// remux into Matroska rounds times to milliseconds).
    public var timeTolerance = MediaTime(value: 1, timescale: 1000)

    /// Creates the defaults (H.264 crf 18, as seen live, with audio).
    public init(codec: VideoCodec = .h264(), mode: Mode = .asSeenLive) {
        self.codec = codec
        self.mode = mode
    }
}

/// What an export wrote.
public struct ShotExportSummary: Sendable, Hashable, Codable {
    /// The output file.
    public var outputPath: String
    /// Frames written (every frame of the recording).
    public var framesWritten: Int
    /// Frames with a tracer drawn.
    public var framesWithTracer: Int
}

/// Burns the tracer into the recording (seed 000's `ShotExporter`): replays the tracer timeline
/// over the recorded frames through the same drawing code as the live preview.
public final class ShotExporter {
    /// The recording (the input's packets, remuxed).
    public let recordingPath: String
    /// What the live preview drew.
    public let timeline: TracerTimeline
    /// The options.
    public let options: ShotExportOptions
    /// Called after each frame with the frames written and the fraction done (0...1).
    public var progressHandler: ((Int, Double) -> Void)?
    /// Keep the recording's last frame in ``lastFrame`` (for a poster).
    public var keepsLastFrame = false
    /// The recording's last frame, without tracer, after ``export(to:)`` when ``keepsLastFrame``.
    public private(set) var lastFrame: VideoFrame?

    /// Prepares an export.
    public init(recordingPath: String, timeline: TracerTimeline, options: ShotExportOptions = ShotExportOptions()) {
        self.recordingPath = recordingPath
        self.timeline = timeline
        self.options = options
    }

    /// Writes the traced video to `outputPath` (.mp4, .mov or .mkv); the file appears only when
    /// complete.
    /// - Throws: ``MediaError`` naming the recording or the output; the recording's size must be
    ///   the timeline's.
    public func export(to outputPath: String) throws(MediaError) -> ShotExportSummary {
        let asset = try MediaAsset(path: recordingPath)
        let track = try asset.requireVideoTrack()
        let reader = try VideoReader(path: recordingPath, options: VideoReader.Options(pixelFormat: .yuv420p))
        let size = PixelSize(width: track.width + track.width % 2, height: track.height + track.height % 2)
        guard size == timeline.videoSize else {
            throw .invalidArgument("\(recordingPath) is \(size), but the tracer timeline was drawn on \(timeline.videoSize)")
        }
        let compositor = TracerCompositor(size: size, style: timeline.style)
        let retimedLayer = options.mode == .retimed
            ? RetimedTracer(style: timeline.style).layer(for: timeline.shots, size: size, marker: timeline.alignment?.marker) : nil
        let hasAudio = options.includesAudio && !asset.audioTracks.isEmpty
        let writer = try VideoWriter(path: outputPath, settings: VideoWriterSettings(
            width: size.width, height: size.height, codec: options.codec,
            frameRate: track.averageFrameRate > 0 ? track.averageFrameRate : nil,
            audioSourcePath: hasAudio ? recordingPath : nil))
        let total = track.duration.isNumeric && track.duration > .zero ? track.duration.seconds : asset.duration.seconds
        var written = 0, traced = 0
        var cursor = 0
        do throws(MediaError) {
            while var frame = try reader.next() {
                if frame.width != size.width || frame.height != size.height {
                    frame = try frame.converted(to: .yuv420p, size: size)
                }
                if keepsLastFrame { lastFrame = frame }
                if let retimedLayer {
                    try compositor.draw(layer: retimedLayer, over: &frame)
                } else {
                    let paths = timeline.paths(near: frame.time, tolerance: options.timeTolerance, cursor: &cursor)
                    if !paths.isEmpty { traced += 1 }
                    try compositor.draw(paths, over: &frame)
                }
                try writer.append(frame)
                written += 1
                progressHandler?(written, total > 0 ? min(frame.time.seconds / total, 1) : 0)
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        return ShotExportSummary(outputPath: outputPath, framesWritten: written, framesWithTracer: traced)
    }
}

extension TracerTimeline {
    /// What was drawn over the frame whose time is `time`, matching a recorded time within
    /// `tolerance`. `cursor` remembers where the previous lookup ended so that a pass over the
    /// frames in order costs constant time per frame.
    func paths(near time: MediaTime, tolerance: MediaTime, cursor: inout Int) -> [TracerPath] {
        if cursor > frames.count || (cursor > 0 && frames[cursor - 1].time > time + tolerance) { cursor = 0 }
        while cursor < frames.count && frames[cursor].time < time - tolerance { cursor += 1 }
        guard cursor < frames.count, frames[cursor].time <= time + tolerance else { return [] }
        return frames[cursor].paths
    }
}
