import Foundation
import MediaKitLinux

/// Finds objects moving on parabolas in a fixed-camera video: `VNDetectTrajectoriesRequest` on
/// Linux, tuned for golf balls a few pixels across.
///
/// Feed it every frame in presentation order with ``process(_:)``; each call returns the
/// trajectories that gained a point in that frame (a trajectory is never repeated without a new
/// point). After the last frame, ``finish()`` returns the points it still held back. One
/// detector belongs to one video and one owner.
///
/// How it works: frames are reduced to luma at the analysis size (and, where lamps make the whole
/// picture flicker, mapped to the recent frames' brightness); each pixel is compared with the
/// brightest and darkest values around it in a few earlier frames (so camera shake, noise, slow
/// light changes and resting balls stay quiet, and the ball shows in either polarity); changed
/// pixels are grouped into small blobs, blobs too big or inside moving regions are set aside, and
/// a multi-hypothesis tracker reports a track once its last `trajectoryLength` points lie on a
/// smooth constant-acceleration path that travels away from where it started.
public final class TrajectoryDetector {
    /// Frames whose time is within this interval after the last analysed frame are skipped.
    public let frameAnalysisSpacing: MediaTime
    /// Points a trajectory needs before it is reported, and the number of ``TrajectoryObservation/detectedPoints``.
    /// Frames analysed faster than 60 a second need proportionally more before the report (20
    /// at 120 fps), so that the flight is judged over the same span of time.
    public let trajectoryLength: Int
    /// Smallest object radius to consider, as a fraction of the frame width.
    public var objectMinimumNormalizedRadius: Float = 0
    /// Largest object radius to consider, as a fraction of the frame width. Unlike Vision's, it
    /// is honoured: bigger blobs never become trajectory points.
    public var objectMaximumNormalizedRadius: Float = 1
    /// Where to look, normalized in Vision space (origin bottom-left). Points outside are ignored.
    public var regionOfInterest: NormalizedRect = .full
    /// The longest side, in pixels, frames are analysed at; bigger frames are box-filtered down.
    /// Of frames 1.5 times this size or more, the luma is also kept while a flight is followed
    /// (the latest, up to 72 MB of it) so a confirmed flight's ball can be sought in its own
    /// pixels where the reduction loses it; of frames twice this size or more, always, so a
    /// ball the reduction shows only now and then can be taken up there too.
    /// Changing it after the first frame restarts the detector's memory of earlier frames.
    public var analysisSize: Int = 800

    private var lastReceivedTime: MediaTime = .invalid
    private var lastAnalysedTime: MediaTime = .invalid
    private var firstTime: MediaTime = .invalid
    /// The first intervals between analysed frames (seconds), up to ``frameIntervalSamples``.
    private var firstIntervals: [Double] = []
    private(set) var pipeline: DetectionPipeline?
    private(set) var tracker: BallTracker
    /// For each reported trajectory, the points (analysis pixels) its observations have carried, by time.
    private var delivered: [UUID: [MediaTime: SIMD2<Double>]] = [:]
    /// The candidates of the latest analysed frame (for tests and tuning).
    private(set) var lastCandidates: [BallCandidate] = []

    /// The slowest image speed, in lengths of the picture's long side per second, at which a new
    /// trajectory is first reported. A struck golf ball leaves faster than birds glide, people
    /// walk and a golfer's hands take the club back at the same distance; once reported, a
    /// trajectory is followed however slow it gets. 0 disables the test. (Measured on the long
    /// side so that a portrait video asks the same speed of a shot as a landscape one.)
    /// A ball first seen already receding from the camera (its launch lost to the encoder)
    /// passes slower, at 0.6 of this over the first third of its first window, when it slows
    /// to half that pace by the window's last third, as nothing but a receding ball does; at
    /// frame rates up to 60 fps.
    public var minimumLaunchSpeed: Double = 0.33

    /// Analysed frames so far.
    public private(set) var analysedFrameCount = 0

    /// The motion candidates of the latest analysed frame (``analysedFrameCount`` tells whether
    /// the last ``process(_:)`` analysed one): the blobs of change its tracker chose from, in the
    /// region of interest, before any search near a prediction. Empty before the first frame and
    /// while the detector primes its background (the first frames of a video or of a new size),
    /// and for a frame in which too much changed (a cut, a flash).
    public var latestCandidates: [MotionCandidate] {
        guard let pipeline else { return [] }
        let size = (width: pipeline.width, height: pipeline.height)
        return lastCandidates.map {
            MotionCandidate(location: Self.visionPoint(x: $0.x, y: $0.y, size: size), radius: $0.radius / Double(size.width),
                            contrast: $0.peakContrast, isBrighter: $0.polarity > 0)
        }
    }

    /// How many of the first intervals between analysed frames the frame rate is judged by
    /// (their median). The first interval alone is used until then: a recording whose second
    /// frame came a millisecond after its first, or a 120 fps one that dropped it, would
    /// otherwise be analysed as 17 times or half its rate for good.
    static let frameIntervalSamples = 5

    /// Creates a detector.
    /// - Parameters:
    ///   - frameAnalysisSpacing: skip frames closer than this to the last analysed one (`.zero` analyses all).
    ///   - trajectoryLength: points needed to report a trajectory; at least 5 (more over frames
    ///     analysed faster than 60 a second, see ``trajectoryLength``).
    /// - Throws: ``MediaError/invalidArgument(_:)`` for a length below 5 or an invalid or negative spacing.
    public init(frameAnalysisSpacing: MediaTime = .zero, trajectoryLength: Int) throws(MediaError) {
        guard trajectoryLength >= 5 else {
            throw .invalidArgument("trajectoryLength \(trajectoryLength) must be at least 5")
        }
        guard frameAnalysisSpacing.isNumeric, frameAnalysisSpacing >= .zero else {
            throw .invalidArgument("frameAnalysisSpacing must be a non-negative numeric time, got \(frameAnalysisSpacing)")
        }
        self.frameAnalysisSpacing = frameAnalysisSpacing
        self.trajectoryLength = trajectoryLength
        tracker = BallTracker(settings: TrackerSettings(trajectoryLength: trajectoryLength, maxSpeed: 1))
    }

    /// The size frames are analysed at for a `width` x `height` source: the same size when its
    /// long side is at most `analysisSize`, else scaled down to it keeping the aspect ratio.
    public static func analysisDimensions(width: Int, height: Int, analysisSize: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > analysisSize, analysisSize > 0 else { return (width, height) }
        let scale = Double(analysisSize) / Double(long)
        return (max(Int((Double(width) * scale).rounded()), 8), max(Int((Double(height) * scale).rounded()), 8))
    }

    /// Analyses one frame and returns the trajectories updated by it.
    ///
    /// Any pixel format and size is accepted; the fast path is a gray8 (or yuv420p) frame already
    /// at the analysis size (ask `VideoReader` for it), at the cost of the search in the video's
    /// own pixels that larger gray8 or yuv420p frames allow (see ``analysisSize``).
    /// - Throws: ``MediaError/invalidArgument(_:)`` when the frame's time is not numeric or not
    ///   later than the previous frame's, or when a parameter is out of range.
    public func process(_ frame: VideoFrame) throws(MediaError) -> [TrajectoryObservation] {
        guard frame.time.isNumeric else {
            throw .invalidArgument("frame time \(frame.time) is not a numeric time")
        }
        if lastReceivedTime.isValid && frame.time <= lastReceivedTime {
            throw .invalidArgument("frame time \(frame.time.seconds) s is not after the previous frame's \(lastReceivedTime.seconds) s")
        }
        try validateParameters()
        lastReceivedTime = frame.time
        if lastAnalysedTime.isValid && frame.time - lastAnalysedTime < frameAnalysisSpacing { return [] }
        let interval = lastAnalysedTime.isValid ? (frame.time - lastAnalysedTime).seconds : nil
        lastAnalysedTime = frame.time
        if !firstTime.isValid { firstTime = frame.time }

        let size = Self.analysisDimensions(width: frame.width, height: frame.height, analysisSize: analysisSize)
        if pipeline == nil || !pipeline!.fits(frame, analysis: size) {
            pipeline = DetectionPipeline(sourceWidth: frame.width, sourceHeight: frame.height, width: size.width, height: size.height)
            tracker.reset()
            let diagonal = (Double(size.width * size.width + size.height * size.height)).squareRoot()
            tracker.settings.maxSpeed = 5 * diagonal
            tracker.settings.analysisWidth = Double(size.width)
            tracker.settings.analysisHeight = Double(size.height)
            tracker.settings.minimumConfirmSpeed = minimumLaunchSpeed * Double(max(size.width, size.height))
            tracker.settings.searchesYoungTracksAtFullSize = pipeline!.fullResolution != nil
            tracker.settings.fillsGapsAtFullSize = pipeline!.fullResolution != nil
        }
        let pipeline = pipeline!
        if let interval, let adapted = adaptFrameRate(pipeline, interval: interval) {
            // A window of ten 120 fps frames spans half the arc ten 60 fps frames do: a club head
            // swung up or lowered bends too little in it to be told from a flight (a 120 fps
            // catalogue: 5 false trajectories, none judged over twice the frames).
            // Past the longest a young track may go unconfirmed, the same: at 240 fps a window
            // of 40 points was longer than 30, and nothing was ever reported.
            tracker.settings.trajectoryLength = trajectoryLength * pipeline.framesPerReferenceInterval
            tracker.settings.longestUnconfirmedTrack = TrackerSettings.longestUnconfirmedTrack(
                frameInterval: adapted, framesPerReferenceInterval: pipeline.framesPerReferenceInterval,
                trajectoryLength: tracker.settings.trajectoryLength)
            tracker.settings.framesPerJudgedPoint = pipeline.framesPerReferenceInterval
            tracker.settings.lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPoints(frameInterval: adapted)
            // A ball x264 erases for a few frames is gone for a time, not a count of frames: at
            // 240 fps five frames were too few to span one such gap, and the flight ended
            // (1280x720 240 fps dtl-everything-2, recall 0.645 -> 0.974).
            tracker.settings.maxMissesConfirmed = TrackerSettings.maxMissesConfirmedAt60Fps
                * pipeline.framesPerReferenceInterval
        }
        analysedFrameCount += 1
        let minRadius = Double(objectMinimumNormalizedRadius) * Double(size.width)
        let maxRadius = Double(objectMaximumNormalizedRadius) * Double(size.width)
        let region = pixelRegion(size)
        // Full-size references are copied always where gaps are filled from them (a flight
        // confirmed later fills its first frames' gaps) or young tracks search them (their
        // references are the frames just before they began), else only while a flight is
        // followed or may be taken up.
        let following = tracker.settings.fillsGapsAtFullSize || tracker.settings.searchesYoungTracksAtFullSize
            || !tracker.ended.isEmpty
            || tracker.tracks.contains { $0.confirmed }
        let candidates = pipeline.candidates(in: frame, region: region, minRadius: minRadius, maxRadius: maxRadius,
                                             keepingFullSize: following)
        lastCandidates = candidates
        let t = (frame.time - firstTime).seconds
        let updated = tracker.update(candidates, frameNumber: pipeline.frameNumber, time: frame.time, t: t,
                                     noiseThreshold: pipeline.mask.threshold) { request in
            pipeline.localCandidate(request, region: region, maxRadius: maxRadius)
        }
        pipeline.fullResolution?.releaseLatest()
        return updated.map { observation(of: tracker.tracks[$0], size: size) }
    }

    /// Reports what the detector still holds back, at the end of the video: the latest points
    /// of a flight that stopped showing among a frame's candidates and went on by local finds
    /// off its path. Such points are reported once the object shows again on the path, and
    /// never when the flight ends first (a ball that landed, then specks of noise near where it
    /// was); the end of the video leaves that open, and these observations carry them as far
    /// as they keep to the flight's smooth path, less finds far fainter than the flight where
    /// they leave it, and none where every one is that faint (specks where the ball landed).
    /// Call it once after the last frame (`VNDetectTrajectoriesRequest` has no such call;
    /// without it, those last points are not reported).
    public func finish() -> [TrajectoryObservation] {
        guard let pipeline else { return [] }
        let size = (width: pipeline.width, height: pipeline.height)
        return tracker.releaseHeldBackPoints().map { observation(of: tracker.tracks[$0], size: size) }
    }

    /// Forgets every frame and trajectory, as a new detector would.
    public func reset() {
        pipeline = nil
        tracker.reset()
        delivered.removeAll()
        lastCandidates.removeAll()
        lastReceivedTime = .invalid
        lastAnalysedTime = .invalid
        firstTime = .invalid
        firstIntervals.removeAll()
        analysedFrameCount = 0
    }

    /// Sets `pipeline` to the frame rate measured so far, `interval` being the latest: on its
    /// second frame the first interval (or, for a pipeline started afresh for a new frame size,
    /// the median of ``frameIntervalSamples``), then once, on the frame that completes that
    /// sample, its median where the first interval was off. Returns the interval it was set to,
    /// nil when it was not set.
    private func adaptFrameRate(_ pipeline: DetectionPipeline, interval: Double) -> Double? {
        let sampling = firstIntervals.count < Self.frameIntervalSamples
        if sampling { firstIntervals.append(interval) }
        let settled = firstIntervals.count == Self.frameIntervalSamples
        let correcting = pipeline.frameNumber != 0
        guard !correcting || (sampling && settled) else { return nil }
        let estimate = settled ? firstIntervals.sorted()[Self.frameIntervalSamples / 2] : interval
        return pipeline.adapt(toFrameInterval: estimate, correcting: correcting) ? estimate : nil
    }

    private func validateParameters() throws(MediaError) {
        guard regionOfInterest.isValidRegion else {
            throw .invalidArgument("regionOfInterest \(regionOfInterest) must lie inside the unit square with a positive size")
        }
        guard objectMinimumNormalizedRadius >= 0, objectMaximumNormalizedRadius > 0,
              objectMinimumNormalizedRadius <= objectMaximumNormalizedRadius,
              objectMaximumNormalizedRadius <= 1 else {
            throw .invalidArgument("object radii must satisfy 0 <= minimum <= maximum <= 1, got \(objectMinimumNormalizedRadius) and \(objectMaximumNormalizedRadius)")
        }
        guard analysisSize >= 16 else { throw .invalidArgument("analysisSize \(analysisSize) must be at least 16") }
    }

    /// The region of interest in analysis pixels (top-left rows), kept two pixels off the edges.
    private func pixelRegion(_ size: (width: Int, height: Int)) -> (Int, Int, Int, Int) {
        let r = regionOfInterest.visionToTopLeft()
        let w = Double(size.width), h = Double(size.height)
        let x0 = max(Int((r.minX * w).rounded(.down)), 2), x1 = min(Int((r.maxX * w).rounded(.up)), size.width - 2)
        let y0 = max(Int((r.minY * h).rounded(.down)), 2), y1 = min(Int((r.maxY * h).rounded(.up)), size.height - 2)
        return (x0, y0, max(x1, x0), max(y1, y0))
    }

    /// Analysis pixel `(x, y)` (origin top-left, pixel centres at +0.5) of a frame of `size`,
    /// normalized in Vision space.
    private static func visionPoint(x: Double, y: Double, size: (width: Int, height: Int)) -> NormalizedPoint {
        NormalizedPoint(x: x / Double(size.width), y: 1 - y / Double(size.height))
    }

    private func observation(of track: Track, size: (width: Int, height: Int)) -> TrajectoryObservation {
        let reportable = track.reportablePoints
        let window = reportable.suffix(trajectoryLength)
        let w = Double(size.width), h = Double(size.height)
        // Points before the window that no observation carried as they are now: all of them on
        // the first report (a track may pass its tests only after more than trajectoryLength
        // points), later those a look back found before the first point, a resumed track
        // brought, or a sibling hypothesis revised.
        // Only a revised history needs looking through; otherwise the window moved on by one point.
        var shown = delivered[track.uuid, default: [:]]
        let earlier = !track.historyRevised ? [] : reportable.prefix(reportable.count - window.count).filter {
            shown[$0.time] != SIMD2($0.x, $0.y)
        }
        // Every other point was carried already, as it is.
        for p in earlier { shown[p.time] = SIMD2(p.x, p.y) }
        for p in window { shown[p.time] = SIMD2(p.x, p.y) }
        delivered[track.uuid] = shown
        let points = window.map { Self.visionPoint(x: $0.x, y: $0.y, size: size) }
        let times = window.map(\.time)
        let parabola = QuadraticFit.fit(xs: points.map(\.x), ys: points.map(\.y))
        let coefficients = SIMD3<Float>(Float(parabola.a), Float(parabola.b), Float(parabola.c))
        let (a, b, c) = (Double(coefficients.x), Double(coefficients.y), Double(coefficients.z))
        let projected = points.suffix(5).map { NormalizedPoint(x: $0.x, y: (a * $0.x + b) * $0.x + c) }
        let timeFit = TimeQuadraticFit.fit(times: times, points: points)
        let rmsPixels = ((timeFit.x.rmsResidual * w) * (timeFit.x.rmsResidual * w)
                         + (timeFit.y.rmsResidual * h) * (timeFit.y.rmsResidual * h)).squareRoot()
        let meanRadius = window.reduce(0) { $0 + $1.radius } / Double(window.count)
        let meanContrast = Double(window.reduce(0) { $0 + $1.contrast }) / Double(window.count)
        // Tight fit, long track and clear contrast each raise confidence.
        let fitScore = max(0, 1 - rmsPixels / (2 * (tracker.settings.fitTolerance + 0.3 * meanRadius)))
        let lengthScore = min(1, Double(reportable.count) / Double(2 * trajectoryLength))
        let contrastScore = 1 - exp(-meanContrast / 6)
        let confidence = Float(min(1, max(0, 0.5 * fitScore + 0.25 * lengthScore + 0.25 * contrastScore)))
        return TrajectoryObservation(
            uuid: track.uuid, detectedPoints: points, detectedTimes: times, projectedPoints: projected,
            equationCoefficients: coefficients, timeFit: timeFit,
            timeRange: MediaTimeRange(start: reportable[reportable.startIndex].time, end: reportable[reportable.endIndex - 1].time),
            confidence: confidence, movingAverageRadius: meanRadius / w,
            earlierPoints: earlier.map { Self.visionPoint(x: $0.x, y: $0.y, size: size) }, earlierTimes: earlier.map(\.time))
    }
}
