import Foundation
import MediaKitLinux

/// One update of a detected trajectory, mirroring Vision's `VNTrajectoryObservation`.
///
/// Coordinates are Vision's: normalized to the whole frame, origin bottom-left, y up. (Vision
/// reports points relative to the region of interest when one is set; this type always uses the
/// whole frame, so a region of interest never changes what a coordinate means.)
public struct TrajectoryObservation: Sendable, Codable, Hashable, Identifiable {
    /// Stable while the same trajectory continues; a new flight gets a new one.
    public var uuid: UUID
    /// The last `trajectoryLength` detected object centres, oldest first.
    public var detectedPoints: [NormalizedPoint]
    /// The presentation time of each point of ``detectedPoints``.
    public var detectedTimes: [MediaTime]
    /// Centres of this trajectory older than ``detectedPoints`` that no earlier observation
    /// carried, or carried elsewhere, oldest first: on a trajectory's first report the points it
    /// gathered before its last `trajectoryLength`; later the frames before its first point
    /// where the detector found the object by looking back once the flight was known (the
    /// launch, a faint start), and centres it revised when a second hypothesis of the same ball
    /// carried the flight on after the first had strayed. Not part of Vision's observation;
    /// merge them by time, a point replacing one held at the same time
    /// (``Trajectory/merge(_:)`` does).
    public var earlierPoints: [NormalizedPoint]
    /// The presentation time of each point of ``earlierPoints``.
    public var earlierTimes: [MediaTime]
    /// The last five detected abscissae placed on the fitted parabola: each lies on
    /// ``equationCoefficients`` exactly.
    public var projectedPoints: [NormalizedPoint]
    /// (a, b, c) of `y = a*x^2 + b*x + c`, fitted to ``detectedPoints`` in Vision space.
    public var equationCoefficients: SIMD3<Float>
    /// The trajectory fitted in time, `x(t)` and `y(t)`, over ``detectedPoints`` (Vision space).
    public var timeFit: TimeQuadraticFit
    /// From the first detected point of this trajectory (``earlierPoints`` included) to the time
    /// of its latest point.
    public var timeRange: MediaTimeRange
    /// How much the detector trusts this trajectory, in [0, 1].
    public var confidence: Float
    /// The average radius of the object over the detected points, as a fraction of the frame width.
    public var movingAverageRadius: Double

    /// Vision's name for the identifier, so the type also works with `ForEach` and friends.
    public var id: UUID { uuid }

    /// Creates an observation from its parts.
    public init(uuid: UUID, detectedPoints: [NormalizedPoint], detectedTimes: [MediaTime],
                projectedPoints: [NormalizedPoint], equationCoefficients: SIMD3<Float>,
                timeFit: TimeQuadraticFit, timeRange: MediaTimeRange, confidence: Float,
                movingAverageRadius: Double, earlierPoints: [NormalizedPoint] = [], earlierTimes: [MediaTime] = []) {
        self.uuid = uuid
        self.detectedPoints = detectedPoints
        self.detectedTimes = detectedTimes
        self.earlierPoints = earlierPoints
        self.earlierTimes = earlierTimes
        self.projectedPoints = projectedPoints
        self.equationCoefficients = equationCoefficients
        self.timeFit = timeFit
        self.timeRange = timeRange
        self.confidence = confidence
        self.movingAverageRadius = movingAverageRadius
    }

    /// The value of the fitted parabola at `x`, computed from the stored single-precision
    /// coefficients exactly as ``projectedPoints`` were.
    public func equationValue(at x: Double) -> Double {
        let a = Double(equationCoefficients.x), b = Double(equationCoefficients.y), c = Double(equationCoefficients.z)
        return (a * x + b) * x + c
    }
}
