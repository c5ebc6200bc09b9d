/// One reported ball centre, as the evaluation sees it: independent of any detector's types.
public struct EvaluatedPoint: Sendable, Hashable, Codable {
    /// Seconds from the start of the video (presentation time).
    public var time: Double
    /// Normalized x, origin at the left edge.
    public var x: Double
    /// Normalized y, origin at the TOP edge.
    public var y: Double

    /// Creates a point.
    public init(time: Double, x: Double, y: Double) {
        self.time = time
        self.x = x
        self.y = y
    }
}

/// One reported trajectory: its points and when the detector first reported it.
public struct EvaluatedTrajectory: Sendable, Hashable, Codable {
    /// The detector's identifier (a UUID string, say); only used in reports.
    public var id: String
    /// The time in seconds of the frame at which the detector first reported this trajectory
    /// (the frame it had analysed when the observation appeared), not of its first point.
    public var firstReportedTime: Double
    /// Every detected centre of the trajectory.
    public var points: [EvaluatedPoint]

    /// Creates a trajectory.
    public init(id: String, firstReportedTime: Double, points: [EvaluatedPoint]) {
        self.id = id
        self.firstReportedTime = firstReportedTime
        self.points = points
    }
}
