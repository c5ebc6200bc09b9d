/// A small blob of change the detector found in an analysed frame: one of the places its tracker
/// takes trajectory points from (``TrajectoryDetector/latestCandidates``).
///
/// Where no trajectory is reported, the candidates tell the two failures apart: a ball that is
/// among them but never strung into a flight, and a ball the frame-to-frame change never showed
/// (too faint, or hidden in a band of moving background such as drifting cloud). A trajectory's
/// points may also come from searches near its prediction, which are not candidates.
public struct MotionCandidate: Sendable, Hashable, Codable {
    /// The blob's centre, normalized in Vision space (origin bottom-left), as a
    /// ``TrajectoryObservation``'s points are.
    public var location: NormalizedPoint
    /// The blob's radius as a fraction of the frame's width (as
    /// ``TrajectoryDetector/objectMinimumNormalizedRadius`` measures it).
    public var radius: Double
    /// How far its strongest pixel lies beyond the range the earlier frames showed there, in
    /// 8-bit luma levels of the analysis frame.
    public var contrast: Int
    /// Brighter than what the earlier frames showed there; false: darker.
    public var isBrighter: Bool

    /// Creates a candidate.
    public init(location: NormalizedPoint, radius: Double, contrast: Int, isBrighter: Bool) {
        self.location = location
        self.radius = radius
        self.contrast = contrast
        self.isBrighter = isBrighter
    }
}
