import Foundation
import MediaKitLinux

/// What the live pipeline does and how.
public struct LiveShotOptions: Sendable {
    /// How frames are taken from the input.
    public enum Pacing: Sendable, Hashable {
        /// Each frame is handled when its presentation time comes, as a camera delivers them;
        /// when analysis falls behind, frames go unanalysed (never unrecorded or unshown).
        case realTime
        /// Frames are handled as fast as they decode; every frame is analysed.
        case asFastAsPossible
    }

    /// How frames are taken from the input.
    public var pacing: Pacing = .asFastAsPossible
    /// Where the input's packets are remuxed to (the recording); nil records nothing.
    public var recordingPath: String?
    /// The detector's parameters.
    public var detector = DetectorSettings()
    /// The tracker's parameters (its marker is set from ``alignment`` when that is given).
    public var tracker = ShotTrackerSettings()
    /// The locked-in alignment: marker and region of interest.
    public var alignment: Alignment?
    /// A region of interest (top-left normalized) that overrides the alignment's.
    public var regionOfInterest: NormalizedRect?
    /// Find the ball at address in the first frames when no alignment is given.
    public var autoAlign = false
    /// Frames the automatic alignment looks at.
    public var autoAlignFrames = 12
    /// The tracer's look.
    public var style = TracerStyle.classicRed
    /// Between sightings of a shot in flight, the head follows the fitted path for at most this
    /// long (those points are marked extrapolated).
    public var extrapolationLimit = MediaTime(value: 1, timescale: 4)
    /// In real time, a frame whose handling starts later than this after its due time is not
    /// analysed.
    public var lateness = MediaTime(value: 1, timescale: 50)

    /// Creates the defaults.
    public init() {}
}

/// Per-frame costs measured by the live pipeline, in milliseconds.
public struct LiveFrameTimings: Sendable, Hashable, Codable {
    /// Reading and decoding each frame (including the recording's remux).
    public var decode: [Double] = []
    /// Detection and tracking of each analysed frame.
    public var analysis: [Double] = []
    /// Drawing the tracer into each frame.
    public var draw: [Double] = []
    /// The whole handling of each frame (decode + analysis + draw, before the sink).
    public var total: [Double] = []
}

/// What a live run produced.
public struct LiveShotResult: Sendable {
    /// What was drawn on every frame (also saved beside the recording).
    public var timeline: TracerTimeline
    /// The shots found, oldest first.
    public var shots: [Shot]
    /// The alignment used (given, or proposed automatically).
    public var alignment: Alignment?
    /// Frames read (all recorded and previewed).
    public var framesRead: Int
    /// Frames analysed by the detector.
    public var framesAnalysed: Int
    /// Frames not analysed because analysis was behind real time.
    public var framesSkipped: Int
    /// The time of the last frame.
    public var lastFrameTime: MediaTime
    /// Per-frame costs.
    public var timings: LiveFrameTimings
    /// The last frame as read, without the tracer (when ``LiveShotPipeline/keepsLastFrame``).
    public var lastFrame: VideoFrame?
}

/// The live shot tracer (seed 000's camera, detector and overlay working together): reads an
/// input (a file, or a stream FFmpeg opens: udp://, rtsp://, http://, `-` for stdin) as a camera,
/// records its packets unchanged, detects and tracks the ball in each frame, draws the tracer
/// over each frame from the tracker's state at that frame, records what it drew (the tracer
/// timeline) and hands the preview frame to a sink.
///
/// One pipeline belongs to one owner and runs once.
public final class LiveShotPipeline {
    /// The input path or URL.
    public let input: String
    /// The options.
    public let options: LiveShotOptions
    /// Receives every preview frame (the input frame with the tracer drawn), in order.
    public var previewHandler: ((VideoFrame) throws(MediaError) -> Void)?
    /// Called with each frame just before it is analysed: the cost of analysis as the pipeline
    /// sees it. Tests use it to simulate slow analysis.
    public var analysisHook: ((VideoFrame) -> Void)?
    /// Called after each frame with the number of frames handled and the frame's time.
    public var progressHandler: ((Int, MediaTime) -> Void)?
    /// Keep the last frame as read (without the tracer) in ``LiveShotResult/lastFrame``, for a
    /// poster.
    public var keepsLastFrame = false
    /// A session to drive (ready -> recording -> tracking); its state is left at the end of
    /// the recording for the caller to export.
    public var session: ShotSession?

    /// Prepares a pipeline; nothing is opened until ``run()``.
    public init(input: String, options: LiveShotOptions = LiveShotOptions()) {
        self.input = input
        self.options = options
    }

    /// Runs the input to its end.
    /// - Throws: ``MediaError`` naming the input or the recording when reading or recording
    ///   fails, or what the preview handler throws. The recording is completed whenever the
    ///   input could be read.
    public func run() throws(MediaError) -> LiveShotResult {
        let reader = try VideoReader(path: input, options: VideoReader.Options(pixelFormat: .yuv420p, recordingPath: options.recordingPath))
        let size = PixelSize(width: reader.track.width + reader.track.width % 2, height: reader.track.height + reader.track.height % 2)
        let compositor = TracerCompositor(size: size, style: options.style)
        var alignment = options.alignment
        var trackerSettings = options.tracker
        if let alignment { trackerSettings.marker = alignment.marker }
        let tracker = ShotTracker(settings: trackerSettings)
        let detector = try options.detector.makeDetector(regionOfInterest: regionOfInterest(alignment))
        let aligner = (alignment == nil && options.autoAlign) ? AutoAligner() : nil
        var timeline = TracerTimeline(videoSize: size, style: options.style)
        var timings = LiveFrameTimings()
        var read = 0, analysed = 0, skipped = 0
        var lastTime = MediaTime.zero
        let clock = ContinuousClock()
        var start: ContinuousClock.Instant?
        var firstTime = MediaTime.invalid
        var lastFrame: VideoFrame?
        if let session, session.state == .ready { try? session.startRecording() }
        // Decoding runs on its own thread a few frames ahead, as a camera delivers frames while
        // the last one is analysed; the loop below only waits when decoding falls behind.
        let frames = FrameReadAhead(reader, depth: 4)

        while true {
            let began = clock.now
            guard var frame = try frames.next() else { break }
            let decoded = clock.now
            if start == nil { start = began; firstTime = frame.time }
            read += 1
            lastTime = frame.time
            // Real time: wait for the frame's moment; if already late, do not analyse it.
            var analyse = true
            if options.pacing == .realTime, let start {
                let due = start + .seconds((frame.time - firstTime).seconds)
                let now = clock.now
                if now < due { sleepThread(until: due, clock: clock) }
                else if (now - due).secondsValue > options.lateness.seconds { analyse = false }
            }
            let analysisStart = clock.now
            if let aligner, alignment == nil, aligner.frameCount < options.autoAlignFrames {
                try aligner.add(frame)
                if aligner.frameCount == options.autoAlignFrames, let proposal = aligner.proposal() {
                    alignment = proposal.alignment
                    tracker.settings.marker = proposal.marker
                    detector.regionOfInterest = regionOfInterest(alignment)
                }
            }
            if analyse {
                analysisHook?(frame)
                let observations = try detector.process(frame)
                let hadShot = tracker.currentShot != nil
                tracker.update(observations, at: frame.time)
                if !hadShot && tracker.currentShot != nil, let session { try? session.shotDetected() }
                analysed += 1
                timings.analysis.append((clock.now - analysisStart).millisecondsValue)
            } else {
                tracker.endQuietShot(at: frame.time)
                skipped += 1
            }
            let drawStart = clock.now
            let paths = Self.tracerPaths(tracker: tracker, at: frame.time, extrapolationLimit: options.extrapolationLimit)
            try timeline.record(time: frame.time, paths: paths)
            if frame.width != size.width || frame.height != size.height {
                frame = try frame.converted(to: .yuv420p, size: size)
            }
            if keepsLastFrame { lastFrame = frame }
            try compositor.draw(paths, over: &frame)
            let drawn = clock.now
            timings.decode.append((decoded - began).millisecondsValue)
            timings.draw.append((drawn - drawStart).millisecondsValue)
            timings.total.append((drawn - began).millisecondsValue)
            try previewHandler?(frame)
            progressHandler?(read, frame.time)
        }
        try frames.finish()
        // Points the detector held back to the end belong to the shots, though no frame showed them.
        if analysed > 0 { tracker.update(detector.finish(), at: lastTime) }
        tracker.finish(at: lastTime)
        timeline.shots = tracker.shots
        timeline.alignment = alignment
        return LiveShotResult(timeline: timeline, shots: tracker.shots, alignment: alignment, framesRead: read,
                              framesAnalysed: analysed, framesSkipped: skipped, lastFrameTime: lastTime, timings: timings, lastFrame: lastFrame)
    }

    private func regionOfInterest(_ alignment: Alignment?) -> NormalizedRect {
        if let roi = options.regionOfInterest { return roi.topLeftToVision() }
        return alignment?.visionRegionOfInterest ?? .full
    }

    /// What the live preview draws at `time`: the most recent shot's points seen so far, and
    /// while it is in flight, the head carried along the fitted path to `time` (marked
    /// extrapolated) for at most `extrapolationLimit` after the last sighting.
    public static func tracerPaths(tracker: ShotTracker, at time: MediaTime, extrapolationLimit: MediaTime) -> [TracerPath] {
        guard let shot = tracker.shots.last(where: { ($0.trajectory.points.first?.time ?? .positiveInfinity) <= time }) else { return [] }
        let seen = shot.points(upTo: time)
        guard let last = seen.last else { return [] }
        var points = seen.map { TracerPoint(x: $0.normalized.x, y: $0.normalized.y) }
        if !shot.isFinished, time > last.time, time - last.time <= extrapolationLimit, let fit = shot.timeFit {
            let p = fit.point(at: time)
            points.append(TracerPoint(x: p.x, y: p.y, extrapolated: true))
        }
        return [TracerPath(points: points)]
    }
}

/// Sleeps the current thread until `deadline` (the pipeline is synchronous: it is the camera's
/// own thread).
private func sleepThread(until deadline: ContinuousClock.Instant, clock: ContinuousClock) {
    let remaining = deadline - clock.now
    guard remaining > .zero else { return }
    let seconds = remaining.secondsValue
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remainder = timespec()
    while nanosleep(&request, &remainder) != 0 { request = remainder }
}

extension Duration {
    /// The duration in milliseconds.
    var millisecondsValue: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) * 1e-15 }
    /// The duration in seconds.
    var secondsValue: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
