import Foundation
import MediaKitLinux

/// Finds objects moving on parabolas in a fixed-camera video: `VNDetectTrajectoriesRequest` on
/// Linux, tuned for golf balls a few pixels across.
///
/// Feed it every frame in presentation order with ``process(_:)``; each call returns the
/// trajectories that gained a point in that frame (a trajectory is never repeated without a new
/// point). One detector belongs to one video and one owner.
///
/// How it works: frames are reduced to luma at the analysis size; each pixel is compared with the
/// brightest and darkest values around it in a few earlier frames (so camera shake, noise, slow
/// light changes and resting balls stay quiet, and the ball shows in either polarity); changed
/// pixels are grouped into small blobs, blobs too big or inside moving regions are set aside, and
/// a multi-hypothesis tracker reports a track once its last `trajectoryLength` points lie on a
/// smooth constant-acceleration path that travels away from where it started.
public final class TrajectoryDetector {
    /// Frames whose time is within this interval after the last analysed frame are skipped.
    public let frameAnalysisSpacing: MediaTime
    /// Points a trajectory needs before it is reported, and the number of ``TrajectoryObservation/detectedPoints``.
    public let trajectoryLength: Int
    /// Smallest object radius to consider, as a fraction of the frame width.
    public var objectMinimumNormalizedRadius: Float = 0
    /// Largest object radius to consider, as a fraction of the frame width. Unlike Vision's, it
    /// is honoured: bigger blobs never become trajectory points.
    public var objectMaximumNormalizedRadius: Float = 1
    /// Where to look, normalized in Vision space (origin bottom-left). Points outside are ignored.
    public var regionOfInterest: NormalizedRect = .full
    /// The longest side, in pixels, frames are analysed at; bigger frames are box-filtered down.
    /// Changing it after the first frame restarts the detector's memory of earlier frames.
    public var analysisSize: Int = 800

    private var lastReceivedTime: MediaTime = .invalid
    private var lastAnalysedTime: MediaTime = .invalid
    private var firstTime: MediaTime = .invalid
    private var pipeline: Pipeline?
    private(set) var tracker: BallTracker
    /// The candidates of the latest analysed frame (for tests and tuning).
    private(set) var lastCandidates: [BallCandidate] = []

    /// The slowest image speed, in frame widths per second, at which a new trajectory is first
    /// reported. A struck golf ball leaves faster than birds glide and people walk at the same
    /// distance; once reported, a trajectory is followed however slow it gets. 0 disables the test.
    public var minimumLaunchSpeed: Double = 0.33

    /// Analysed frames so far.
    public private(set) var analysedFrameCount = 0

    /// Creates a detector.
    /// - Parameters:
    ///   - frameAnalysisSpacing: skip frames closer than this to the last analysed one (`.zero` analyses all).
    ///   - trajectoryLength: points needed to report a trajectory; at least 5.
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
    /// at the analysis size (ask `VideoReader` for it).
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
        lastAnalysedTime = frame.time
        if !firstTime.isValid { firstTime = frame.time }

        let size = Self.analysisDimensions(width: frame.width, height: frame.height, analysisSize: analysisSize)
        if pipeline == nil || !pipeline!.fits(frame, analysis: size) {
            pipeline = Pipeline(sourceWidth: frame.width, sourceHeight: frame.height, width: size.width, height: size.height)
            tracker.reset()
            let diagonal = (Double(size.width * size.width + size.height * size.height)).squareRoot()
            tracker.settings.maxSpeed = 5 * diagonal
            tracker.settings.minimumConfirmSpeed = minimumLaunchSpeed * Double(size.width)
        }
        let pipeline = pipeline!
        analysedFrameCount += 1
        let minRadius = Double(objectMinimumNormalizedRadius) * Double(size.width)
        let maxRadius = Double(objectMaximumNormalizedRadius) * Double(size.width)
        let region = pixelRegion(size)
        let candidates = pipeline.candidates(in: frame, region: region, minRadius: minRadius, maxRadius: maxRadius)
        lastCandidates = candidates
        let t = (frame.time - firstTime).seconds
        let updated = tracker.update(candidates, frameNumber: pipeline.frameNumber, time: frame.time, t: t) { request in
            pipeline.localCandidate(request, region: region, maxRadius: maxRadius)
        }
        return updated.map { observation(of: tracker.tracks[$0], size: size) }
    }

    /// Forgets every frame and trajectory, as a new detector would.
    public func reset() {
        pipeline = nil
        tracker.reset()
        lastReceivedTime = .invalid
        lastAnalysedTime = .invalid
        firstTime = .invalid
        analysedFrameCount = 0
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

    private func observation(of track: Track, size: (width: Int, height: Int)) -> TrajectoryObservation {
        let window = track.points.suffix(trajectoryLength)
        let w = Double(size.width), h = Double(size.height)
        let points = window.map { NormalizedPoint(x: $0.x / w, y: 1 - $0.y / h) }
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
        let lengthScore = min(1, Double(track.points.count) / Double(2 * trajectoryLength))
        let contrastScore = 1 - exp(-meanContrast / 6)
        let confidence = Float(min(1, max(0, 0.5 * fitScore + 0.25 * lengthScore + 0.25 * contrastScore)))
        return TrajectoryObservation(
            uuid: track.uuid, detectedPoints: points, detectedTimes: times, projectedPoints: projected,
            equationCoefficients: coefficients, timeFit: timeFit,
            timeRange: MediaTimeRange(start: track.points[0].time, end: track.points[track.points.count - 1].time),
            confidence: confidence, movingAverageRadius: meanRadius / w)
    }
}

/// The per-video image state: downscaler, double-buffered luma, background band, blob finder.
private final class Pipeline {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let downscaler: LumaDownscaler
    /// The latest frames at analysis size, kept so a slow object can be compared with frames
    /// from before it arrived where it is now.
    private let images: [LumaImage]
    static let historyLength = 96
    /// Analysed frames so far; the current frame's number once ``candidates(in:region:minRadius:maxRadius:)`` ran.
    private(set) var frameNumber = -1
    private let mask: MotionMask
    private let extractor: BlobExtractor
    private var flags: [FlaggedPixel] = []

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        downscaler = LumaDownscaler(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        images = (0..<Pipeline.historyLength).map { _ in LumaImage(width: width, height: height) }
        mask = MotionMask(width: width, height: height)
        extractor = BlobExtractor(width: width, height: height)
        flags.reserveCapacity(width * height / 20)
    }

    func fits(_ frame: VideoFrame, analysis: (width: Int, height: Int)) -> Bool {
        frame.width == sourceWidth && frame.height == sourceHeight && analysis.width == width && analysis.height == height
    }

    func candidates(in frame: VideoFrame, region: (Int, Int, Int, Int), minRadius: Double, maxRadius: Double) -> [BallCandidate] {
        frameNumber += 1
        let image = images[frameNumber % Pipeline.historyLength]
        downscaler.scale(frame, into: image)
        flags.removeAll(keepingCapacity: true)
        guard mask.process(image, region: region, limit: width * height / 20, into: &flags) else { return [] }
        // A ball's blob, even smeared into a streak, stays well under this many pixels.
        let sanityRadius = min(maxRadius, max(4, 0.008 * Double(width)))
        let maxArea = Int(Double.pi * (sanityRadius + 1) * (sanityRadius + 1) * 4)
        // A streak longer than this is a club shaft or a limb, not a ball smeared over one
        // exposure (even launched towards the camera a ball moves less per frame).
        let maxHalfLength = max(12, 0.03 * Double(width))
        var result = extractor.extract(flags, maxArea: maxArea).filter {
            $0.radius <= max(sanityRadius, 0.75) && $0.radius >= minRadius && $0.halfLength <= maxHalfLength
        }
        if result.count > 250 {
            result.sort { $0.peakContrast > $1.peakContrast }
            result.removeLast(result.count - 250)
        }
        return result
    }

    /// The strongest change of the requested polarity near the predicted place, measured against
    /// the 3x3 neighbourhood of frames in which the object was elsewhere.
    func localCandidate(_ request: LocalSearch, region: (Int, Int, Int, Int), maxRadius: Double) -> BallCandidate? {
        let references = request.references.filter { frameNumber - $0 < Pipeline.historyLength && $0 >= 0 }
        guard !references.isEmpty else { return nil }
        let current = images[frameNumber % Pipeline.historyLength]
        let refs = references.map { images[$0 % Pipeline.historyLength] }
        let r = Int(request.radius.rounded(.up))
        let cx = Int(request.x), cy = Int(request.y)
        let x0 = max(cx - r, region.0), x1 = min(cx + r, region.2 - 1)
        let y0 = max(cy - r, region.1), y1 = min(cy + r, region.3 - 1)
        guard x0 <= x1, y0 <= y1 else { return nil }
        let threshold = max(3, mask.threshold - request.thresholdRelief)
        // A reference may be a second old: take out the light's change since then (exposure,
        // clouds) as the difference of the mean level around the search area.
        let mx0 = max(x0 - 3, 0), mx1 = min(x1 + 3, width - 1), my0 = max(y0 - 3, 0), my1 = min(y1 + 3, height - 1)
        func level(_ image: LumaImage) -> Int {
            var total = 0
            for y in my0...my1 {
                let row = image.row(y)
                for x in mx0...mx1 { total += Int(row[x]) }
            }
            return total
        }
        let currentLevel = level(current)
        let area = Double((mx1 - mx0 + 1) * (my1 - my0 + 1))
        let offsets = refs.map { Int((Double(currentLevel - level($0)) / area).rounded()) }
        var best = (excess: 0, x: 0, y: 0)
        var excessAt = [Int](repeating: 0, count: (x1 - x0 + 1) * (y1 - y0 + 1))
        for y in y0...y1 {
            let row = current.row(y)
            for x in x0...x1 {
                var hi = Int.min, lo = Int.max
                for (ref, offset) in zip(refs, offsets) {
                    for yy in (y - 1)...(y + 1) {
                        let rr = ref.row(yy)
                        for xx in (x - 1)...(x + 1) {
                            let v = Int(rr[xx]) + offset
                            hi = max(hi, v); lo = min(lo, v)
                        }
                    }
                }
                let v = Int(row[x])
                let excess = request.polarity > 0 ? v - hi : lo - v
                if excess >= threshold {
                    excessAt[(y - y0) * (x1 - x0 + 1) + (x - x0)] = excess
                    if excess > best.excess { best = (excess, x, y) }
                }
            }
        }
        guard best.excess > 0 else { return nil }
        // Centre: contrast-weighted over the changed pixels next to the strongest one.
        var weight = 0.0, sx = 0.0, sy = 0.0, count = 0
        for y in max(best.y - 2, y0)...min(best.y + 2, y1) {
            for x in max(best.x - 2, x0)...min(best.x + 2, x1) {
                let e = excessAt[(y - y0) * (x1 - x0 + 1) + (x - x0)]
                guard e > 0 else { continue }
                let w = Double(e)
                weight += w; sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5); count += 1
            }
        }
        let radius = max((Double(count) / Double.pi).squareRoot(), 0.5)
        guard radius <= max(maxRadius, 0.75) else { return nil }
        return BallCandidate(x: sx / weight, y: sy / weight, radius: radius, halfLength: radius, area: count,
                             polarity: request.polarity, peakContrast: best.excess, neighbourhoodActivity: 0)
    }
}
