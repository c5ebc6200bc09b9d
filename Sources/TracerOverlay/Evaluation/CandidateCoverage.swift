/// How often a clip's ball was among the detector's motion candidates: whether a shot missed
/// was never shown by the frame-to-frame change, or shown and not strung into a flight.
public struct CandidateCoverage: Sendable, Hashable, Codable {
    /// Visible frames (neither faint nor erased, as recall counts them) that the detector
    /// analysed.
    public var analysedVisibleFrames: Int
    /// Of those, the frames with a candidate on the ball (within the tolerance a reported point
    /// has).
    public var coveredFrames: Int
    /// `coveredFrames / analysedVisibleFrames`; nil when no visible frame was analysed.
    public var coverage: Double?
    /// Of the first ``launchFrameCount`` of those frames, how many are covered: the launch, which
    /// decides whether a shot is found at all (a hypothesis starts from the ball's first
    /// candidates, and a flight first seen late is reported late).
    public var coveredLaunchFrames: Int

    /// How many of the first analysed visible frames ``coveredLaunchFrames`` looks at.
    public static let launchFrameCount = 8

    /// Creates a coverage figure.
    public init(analysedVisibleFrames: Int, coveredFrames: Int, coveredLaunchFrames: Int) {
        self.analysedVisibleFrames = analysedVisibleFrames
        self.coveredFrames = coveredFrames
        self.coveredLaunchFrames = coveredLaunchFrames
        coverage = analysedVisibleFrames == 0 ? nil : Double(coveredFrames) / Double(analysedVisibleFrames)
    }
}

extension DetectionEvaluator {
    /// How many of the visible frames that `candidates` analysed hold a candidate on the ball.
    /// The contrast limits leave frames out as ``score(truth:trajectories:minimumContrast:minimumDecodedContrast:)``
    /// does for recall.
    public static func candidateCoverage(truth: ClipTruth, candidates: CandidateReport, minimumContrast: Double = 0,
                                         minimumDecodedContrast: Double = 0) -> CandidateCoverage {
        var analysed = Set<Int>(), covered = Set<Int>()
        for entry in candidates.frames {
            guard let i = frameIndex(of: entry.time, in: truth) else { continue }
            let frame = truth.frames[i]
            guard frame.visible, (frame.contrast ?? .infinity) >= minimumContrast,
                  (frame.decodedContrast ?? .infinity) >= minimumDecodedContrast else { continue }
            analysed.insert(i)
            if entry.candidates.contains(where: { matches(EvaluatedPoint(time: entry.time, x: $0.x, y: $0.y), truth: truth) }) {
                covered.insert(i)
            }
        }
        let launch = analysed.sorted().prefix(CandidateCoverage.launchFrameCount)
        return CandidateCoverage(analysedVisibleFrames: analysed.count, coveredFrames: covered.count,
                                 coveredLaunchFrames: launch.filter(covered.contains).count)
    }
}
