import Foundation
import MediaKitLinux

/// The alignment step's result (seed 000's "Lock In"): where the ball sits at address, and the
/// region of interest the detector looks in.
///
/// The region runs from slightly below the marker up to the top of the picture, centred
/// horizontally on the marker (clamped to the picture), so the detector watches where the ball
/// can fly and ignores the golfer's feet and the ground below the ball.
public struct Alignment: Sendable, Hashable, Codable {
    /// Where the ball sits at address, top-left normalized.
    public var marker: NormalizedPoint
    /// The region's width, as a fraction of the picture's width.
    public var regionWidth: Double
    /// How far below the marker the region reaches, as a fraction of the picture's height.
    public var marginBelowMarker: Double

    /// Creates an alignment.
    public init(marker: NormalizedPoint, regionWidth: Double = 0.7, marginBelowMarker: Double = 0.04) {
        self.marker = marker
        self.regionWidth = regionWidth
        self.marginBelowMarker = marginBelowMarker
    }

    /// The region of interest, top-left normalized.
    public var regionOfInterest: NormalizedRect {
        let width = min(max(regionWidth, 0.01), 1)
        let x = min(max(marker.x - width / 2, 0), 1 - width)
        let bottom = min(max(marker.y + marginBelowMarker, 0.01), 1)
        return NormalizedRect(x: x, y: 0, width: width, height: bottom)
    }

    /// The region of interest in Vision space (origin bottom-left), what
    /// ``TrajectoryDetector/regionOfInterest`` takes.
    public var visionRegionOfInterest: NormalizedRect { regionOfInterest.topLeftToVision() }

    /// The alignment that gives `region` (Vision space), assuming this alignment's margin: the
    /// marker is the region's bottom centre raised by the margin. The inverse of
    /// ``visionRegionOfInterest`` when the region was not clamped at the picture's sides.
    public static func from(visionRegionOfInterest region: NormalizedRect, marginBelowMarker: Double = 0.04) -> Alignment {
        let topLeft = region.visionToTopLeft()
        let marker = NormalizedPoint(x: topLeft.minX + topLeft.width / 2, y: topLeft.maxY - marginBelowMarker)
        return Alignment(marker: marker, regionWidth: region.width, marginBelowMarker: marginBelowMarker)
    }
}
