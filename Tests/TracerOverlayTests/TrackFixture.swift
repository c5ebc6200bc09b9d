@testable import TracerOverlay

extension Track {
    /// A hypothesis holding `points` (at least one), as the tracker would have built it point
    /// by point.
    init(points: [TrackPoint]) {
        self.init(point: points[0])
        self.points = points
    }
}
