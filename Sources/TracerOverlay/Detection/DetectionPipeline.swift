import MediaKitLinux

/// The per-video image state: downscaler, double-buffered luma, background band, blob finder.
final class DetectionPipeline {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let downscaler: LumaDownscaler
    /// The latest frames at analysis size, kept so a slow object can be compared with frames
    /// from before it arrived where it is now.
    private(set) var images: [LumaImage]
    /// How many analysed frames ``images`` holds: ``referenceHistoryLength`` for each frame at
    /// ``referenceFrameInterval``, so that the history spans the same time at any frame rate.
    private(set) var historyLength = DetectionPipeline.referenceHistoryLength
    /// Frames of history at 60 fps (1.6 s). A far ball hanging at its apex down the line moves
    /// a tenth of a 640x360 pixel a 120 fps frame, and a local search needs a frame from before
    /// it came within 4 px of where it is now: with 96 frames at 120 fps the searches ran out of
    /// such frames and the flight was dropped 0.5-0.7 s before it ended.
    static let referenceHistoryLength = 96
    /// Most times ``referenceHistoryLength`` the history grows to (at 240 fps and faster): each
    /// 800x450 frame costs 0.4 MB (peak memory of a 1280x720 clip: 120 fps 158 -> 224 MB, 240 fps
    /// 165 -> 298 MB).
    static let longestHistoryFactor = 4
    /// Analysed frames so far; the current frame's number once ``candidates(in:region:minRadius:maxRadius:)`` ran.
    private(set) var frameNumber = -1
    private(set) var mask: MotionMask
    /// How many analysed frames stand for one at ``referenceFrameInterval``: the motion mask's
    /// background frames and ``backgroundLag`` count that many times as far back, so that a
    /// 120 fps video compares each frame with the same moments past as a 60 fps one.
    private(set) var framesPerReferenceInterval = 1
    let extractor: BlobExtractor
    /// Takes lamp flicker out of the analysis frames before the mask compares them.
    let flicker = FlickerCompensator()
    private var flags: [FlaggedPixel] = []
    /// The latest frames' luma at their own size, when that is well above the analysis size.
    let fullResolution: FullResolutionHistory?
    /// Full-size frames are kept, and a followed flight's object is sought there before the
    /// analysis frame, when the video is at least this many times the analysis size across:
    /// below it the analysis size loses little of a ball.
    static let fullResolutionMinimumScale = 1.5
    /// From this many times the analysis size across, the analysis frame flags changes from
    /// ``reducedMinimumThreshold``. (Young tracks look in the full-size frames wherever they are
    /// kept: from 1.5 times, not 2, 1280x720 30 fps shots were reported 1-5 frames sooner,
    /// dtl-clean-1 14 -> 9 and sky-dark-ball-1 0.860 / 14 -> 0.940 / 13, and 1280x720
    /// sky-birds-clouds-1 found for the first time, 0.130.)
    static let reducedThresholdScale = 2.0
    /// Widest gate (analysis pixels) searched in the full-size frames: a ball the analysis size
    /// loses is far and slow, and its flight predicts it within a few pixels; a wide gate is a
    /// fast, near ball's, which the analysis size shows (and 65 full-size pixels around would
    /// cost a live frame half a millisecond).
    static let fullResolutionMaximumGate = 8.0
    /// Widest gate (analysis pixels) of a far flight's look back in the full-size frames. It is
    /// asked once a frame back when a flight is confirmed, not every frame, and the place traced
    /// back from a fast far ball's first points is sure to no better than 9-10 px (1920x1080
    /// 30 fps sky-dark-ball-71: the ball, 7 levels at full size, lay 8 px from it).
    static let fullResolutionLookBackGate = 16.0
    /// The smallest full-size change that counts, in luma steps. In flat, compressed sky the
    /// measured noise is nil while x264 still moves whole blocks by 5-6 steps (at 6, crf 23
    /// clips took such blocks as the ball).
    static let fullResolutionMinimumThreshold = 7
    /// The smallest change the analysis frame flags where the video is at least
    /// ``reducedThresholdScale`` times the analysis size (elsewhere
    /// ``MotionMask/defaultMinimumThreshold``; noisy video raises either). A far ball that keeps
    /// 5-8 levels in a 1920x1080 frame keeps 2-3 once averaged down to 800 px; the young tracks
    /// such faint candidates start are vetted in the full-size frame, where a speck of x264
    /// flicker has no ball to follow. (1920x1080 sky-clean-3 and sky-dark-ball-1: first report
    /// 17 and 18 frames after the ball appears -> 9 and 11.)
    static let reducedMinimumThreshold = 2
    /// From ``fullResolutionMinimumScale`` up to ``reducedThresholdScale`` times the analysis
    /// size (1280x720 at 800 px), the analysis frame flags changes from
    /// ``reducedMinimumThreshold`` where the background is flat and still
    /// (``MotionMask/flatThreshold``), and from the usual threshold elsewhere; from
    /// ``reducedThresholdScale`` times, where the usual threshold is ``reducedMinimumThreshold``
    /// already, from ``reducedFlatThreshold``. At 25 and 30 fps a far ball crossing clear sky
    /// keeps 2-4 levels at 1280x720 (1280x720 25 fps sky-clean-6: first report 14 frames after
    /// the ball appears -> 9; unseen 30 fps sky-clean-22 recall 0.837 / 17 frames -> 1.000 / 9).
    /// The threshold of 2 everywhere, tried, took specks all over down-the-line frames
    /// (BENCHMARKS.md, session 52); where noise raises the usual threshold it is left to raise it.
    static func flatThreshold(scale: Double) -> Int? {
        if scale >= reducedThresholdScale { return reducedFlatThreshold }
        return scale >= fullResolutionMinimumScale ? reducedMinimumThreshold : nil
    }
    /// The flat bands' threshold from ``reducedThresholdScale`` times the analysis size: a far
    /// ball crossing clear sky in a 1920x1080 frame keeps 2 levels, often 1, once averaged down
    /// to 800 px, and in that sky it is most frames' only change of 2 (1920x1080 30 fps
    /// sky-clean-24: first report 25 frames after the ball appears -> 10, recall 0.755 -> 0.939;
    /// 25 fps sky-clean-1 and 30 fps sky-clean-23, found nowhere before, 0.634 and 0.820).
    static let reducedFlatThreshold = 1
    /// How many analysed frames back a candidate's background is read (``BallCandidate/background``):
    /// the motion mask's oldest reference, where an object moving a few pixels a frame was not.
    static let backgroundLag = 4
    /// The interval between analysed frames the motion tests were set for (60 fps). Over a
    /// shorter one the club head and the limbs move too little between the background frames
    /// to leave the changes around them that tell them from a ball: a 120 fps down-the-line
    /// clip had 1-6 false trajectories, its club head lowered after the follow-through. The
    /// tracker's launch-speed test reads the early part of a window over as many of these.
    static let referenceFrameInterval = 1.0 / 60
    /// How many median frame-to-frame differences a full-size change must exceed.
    static let fullResolutionNoiseFactor = 2.5
    /// The smallest full-size change a young track's look takes where it stands alone in the
    /// gate (``distinctPeakThreshold(differences:gate:centre:peak:streak:box:excess:minimum:)``): a far ball
    /// crossing the sky of a 1920x1080 clip keeps 5-8 levels through x264. Confirmed flights
    /// keep ``fullResolutionMinimumThreshold`` unless they hover (``LocalSearch/hovering``): at
    /// crf 23 a lone 6-level speck beside a ball the encoder had dropped drew a flight off its
    /// path (recall 0.25 -> 0.13).
    static let distinctPeakMinimumThreshold = 5
    /// The same for a find between a flight's points, whose place the finds on both sides fix:
    /// x264 keeps a far ball in clean sky at 3-5 levels in some frames (1920x1080 seeds 1-7:
    /// sky-clean-7 recall 0.949 -> 0.966, sky-clean-1 0.912 -> 0.929, no point off the ball;
    /// 3 lost a point of 1280x720 120 fps dtl-dark-ball-1).
    static let gapFillMinimumThreshold = 4
    /// How many levels a lone peak must stand above every other pixel of the gate...
    static let distinctPeakMargin = 3
    /// ...that lies farther than this many full-size pixels from it.
    static let distinctPeakClearance = 3.0
    /// How far along a gap fill's predicted motion (in frames' worth of motion, either way) the
    /// ball's own streak may reach from its peak: a 180-degree shutter smears it over half a
    /// frame's motion, and the peak may sit at either end.
    static let distinctPeakStreakReach = 0.5

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        downscaler = LumaDownscaler(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        images = LumaImage.batch(count: DetectionPipeline.referenceHistoryLength, width: width, height: height)
        let scale = min(Double(sourceWidth) / Double(width), Double(sourceHeight) / Double(height))
        mask = MotionMask(width: width, height: height,
                          minimumThreshold: scale >= DetectionPipeline.reducedThresholdScale
                            ? DetectionPipeline.reducedMinimumThreshold : MotionMask.defaultMinimumThreshold,
                          flatThreshold: Self.flatThreshold(scale: scale))
        extractor = BlobExtractor(width: width, height: height)
        flags.reserveCapacity(width * height / 20)
        fullResolution = scale >= DetectionPipeline.fullResolutionMinimumScale
            ? FullResolutionHistory(width: sourceWidth, height: sourceHeight) : nil
    }

    /// Sets the interval between analysed frames (seconds): at two thirds of
    /// ``referenceFrameInterval`` or less, the background lies proportionally more frames back.
    /// Taken before the second frame is analysed (the mask then starts afresh, having compared
    /// nothing yet) and, with `correcting`, once later, when a surer measure disagrees with the
    /// first interval; the mask then starts afresh and is blind for its first few frames.
    /// Returns whether it was taken.
    @discardableResult
    func adapt(toFrameInterval interval: Double, correcting: Bool = false) -> Bool {
        guard interval > 0, frameNumber == 0 || correcting else { return false }
        let frames = max(1, Int((Self.referenceFrameInterval / interval).rounded()))
        guard frames != framesPerReferenceInterval else { return true }
        framesPerReferenceInterval = frames
        resizeHistory(to: Self.referenceHistoryLength * min(frames, Self.longestHistoryFactor))
        mask = MotionMask(width: width, height: height, backgroundOffsets: MotionMask.defaultBackgroundOffsets.map { $0 * frames },
                          minimumThreshold: mask.minimumThreshold, flatThreshold: mask.flatThreshold)
        return true
    }

    /// Gives ``images`` room for `length` frames, keeping the frames it holds in their places
    /// (a frame's slot is its number modulo the length).
    private func resizeHistory(to length: Int) {
        guard length != historyLength else { return }
        var resized: [LumaImage?] = Array(repeating: nil, count: length)
        for number in max(0, frameNumber - min(length, historyLength) + 1)...max(frameNumber, 0) {
            resized[number % length] = images[number % historyLength]
        }
        var added = LumaImage.batch(count: resized.count(where: { $0 == nil }), width: width, height: height)
        images = resized.map { $0 ?? added.removeLast() }
        historyLength = length
    }

    /// How many times the analysis size the video is across (the smaller of the two ways).
    var fullResolutionScale: Double {
        min(Double(sourceWidth) / Double(width), Double(sourceHeight) / Double(height))
    }

    func fits(_ frame: VideoFrame, analysis: (width: Int, height: Int)) -> Bool {
        frame.width == sourceWidth && frame.height == sourceHeight && analysis.width == width && analysis.height == height
    }

    /// The frame's candidates. With `keepingFullSize` (a flight is being followed), its luma
    /// is kept at full size as a reference for later frames (``FullResolutionHistory``).
    func candidates(in frame: VideoFrame, region: (Int, Int, Int, Int), minRadius: Double, maxRadius: Double,
                    keepingFullSize: Bool = false) -> [BallCandidate] {
        frameNumber += 1
        let image = images[frameNumber % historyLength]
        downscaler.scale(frame, into: image)
        if frameNumber > 0 {
            flicker.compensate(image, previous: images[(frameNumber - 1) % historyLength], time: frame.time.seconds)
        }
        fullResolution?.store(frame, number: frameNumber, keepingReference: keepingFullSize)
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
        let lag = Self.backgroundLag * framesPerReferenceInterval
        if frameNumber >= lag {
            let before = images[(frameNumber - lag) % historyLength]
            for i in result.indices {
                result[i].background = before.mean3x3(x: Int(result[i].x), y: Int(result[i].y))
            }
        }
        Self.markWakes(&result)
        return result
    }

    /// How many times a candidate's peak contrast a blob of the other sign beside it must
    /// have for the candidate to be that blob's wake (``markWakes(_:)``).
    static let wakeContrastRatio = 4
    /// How near (pixels beyond both blobs' half lengths) a candidate lies beside the stronger
    /// blob whose wake it is.
    static let wakeClearance = 3.0

    /// Marks the candidates that lie beside a blob of the other sign at least
    /// ``wakeContrastRatio`` times as strong (``BallCandidate/inWake``).
    ///
    /// A dark bird gliding slowly across the sky, a pixel a frame, leaves faint bright specks
    /// at its edges: sky that every background frame still showed covered by the bird. Chained
    /// from frame to frame they move with the bird and, a speck a few pixels ahead at the end
    /// of a window, passed for a launch (480x270 120 fps walkers-birds-no-shot-2: a window of
    /// 17 such specks of contrast 5-18 beside the bird's 80-160 was reported as a shot).
    /// A ball keeps the stronger part of its own change, so its points are not marked, but
    /// for a frame beside the club head or a bird it crosses.
    static func markWakes(_ candidates: inout [BallCandidate]) {
        guard candidates.count > 1 else { return }
        // Only blobs this strong can outshine the faintest candidate that many times.
        let faintest = candidates.reduce(Int.max) { min($0, $1.peakContrast) }
        let strong = candidates.indices.filter { candidates[$0].peakContrast >= wakeContrastRatio * faintest }
        guard !strong.isEmpty else { return }
        for i in candidates.indices {
            let c = candidates[i]
            for j in strong where candidates[j].polarity != c.polarity && candidates[j].peakContrast >= wakeContrastRatio * c.peakContrast {
                let s = candidates[j]
                let dx = s.x - c.x, dy = s.y - c.y
                let reach = s.halfLength + c.halfLength + wakeClearance
                if dx * dx + dy * dy <= reach * reach {
                    candidates[i].inWake = true
                    break
                }
            }
        }
    }
}
