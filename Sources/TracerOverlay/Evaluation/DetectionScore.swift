/// How one reported trajectory fared against the truth.
public struct TrajectoryScore: Sendable, Hashable, Codable {
    /// The trajectory's identifier.
    public var id: String
    /// Its number of points.
    public var points: Int
    /// How many of them lie on the ball.
    public var matchedPoints: Int
    /// Whether fewer than half of its points lie on the ball.
    public var isFalse: Bool
    /// The frame at which it was first reported (nearest frame to its first report time).
    public var firstReportFrame: Int
}

/// A detector's accuracy on one clip.
public struct DetectionScore: Sendable, Hashable, Codable {
    /// Frames in which the ball is visible (and neither faint nor erased).
    public var visibleFrames: Int
    /// Visible frames left out because the ball's contrast is under the minimum asked for.
    public var faintFrames: Int
    /// Visible frames left out because the encoded video kept less of the ball than asked for.
    public var erasedFrames: Int
    /// Visible frames with a reported point on the ball.
    public var foundFrames: Int
    /// `foundFrames / visibleFrames`; nil when the ball is never visible.
    public var recall: Double?
    /// Reported points in all trajectories.
    public var reportedPoints: Int
    /// Reported points on the ball in their frame.
    public var matchedPoints: Int
    /// `matchedPoints / reportedPoints`; nil when nothing was reported.
    public var precision: Double?
    /// Reported trajectories.
    public var trajectories: Int
    /// Trajectories with fewer than half their points on the ball.
    public var falseTrajectories: Int
    /// The first frame in which the ball is visible (and not faint).
    public var firstVisibleFrame: Int?
    /// The first frame at which a true (not false) trajectory was reported.
    public var firstReportFrame: Int?
    /// `firstReportFrame - firstVisibleFrame`; nil when the shot was never reported.
    public var framesToFirstReport: Int?
    /// Per-trajectory detail, in input order.
    public var perTrajectory: [TrajectoryScore]
    /// How often the ball was among the detector's motion candidates, where they were scored
    /// too (``DetectionEvaluator/candidateCoverage(truth:candidates:minimumContrast:minimumDecodedContrast:)``).
    public var candidateCoverage: CandidateCoverage? = nil

    /// Whether a visible shot was found at all (some true trajectory reported).
    public var shotFound: Bool { firstReportFrame != nil }
}
