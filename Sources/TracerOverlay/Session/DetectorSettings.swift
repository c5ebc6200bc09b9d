import Foundation
import MediaKitLinux

/// The detector's parameters as the shot tracer sets them (Vision's names), in one value so a
/// command line, a test and the live pipeline configure detectors alike.
public struct DetectorSettings: Sendable, Hashable, Codable {
    /// Skip frames closer than this to the last analysed one (`.zero` analyses every frame).
    public var frameAnalysisSpacing: MediaTime = .zero
    /// Points a trajectory needs before it is reported (at least 5; proportionally more over
    /// frames analysed faster than 60 a second).
    public var trajectoryLength: Int = 8
    /// Smallest ball radius, as a fraction of the frame width.
    public var objectMinimumNormalizedRadius: Float = 0
    /// Largest ball radius, as a fraction of the frame width.
    public var objectMaximumNormalizedRadius: Float = 0.02
    /// The longest side frames are analysed at.
    public var analysisSize: Int = 800

    /// Creates the defaults.
    public init() {}

    /// A detector with these settings looking in `regionOfInterest` (Vision space).
    /// - Throws: ``MediaError/invalidArgument(_:)`` for out-of-range parameters.
    public func makeDetector(regionOfInterest: NormalizedRect = .full) throws(MediaError) -> TrajectoryDetector {
        let detector = try TrajectoryDetector(frameAnalysisSpacing: frameAnalysisSpacing, trajectoryLength: trajectoryLength)
        detector.objectMinimumNormalizedRadius = objectMinimumNormalizedRadius
        detector.objectMaximumNormalizedRadius = objectMaximumNormalizedRadius
        detector.analysisSize = analysisSize
        detector.regionOfInterest = regionOfInterest
        return detector
    }
}
