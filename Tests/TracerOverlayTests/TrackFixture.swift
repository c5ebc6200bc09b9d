import MediaKitLinux
@testable import TracerOverlay

extension Track {
    /// A hypothesis holding `points` (at least one), as the tracker would have built it point
    /// by point.
    init(points: [TrackPoint]) {
        self.init(point: points[0])
        self.points = points
    }

    /// A confirmed flight with one point a frame from `firstFrame` at `frameRate`, on the
    /// vertical line at `x`, at these heights.
    static func confirmed(onVerticalLineAt x: Double, heights: [Double], frameRate: Double, firstFrame: Int = 0) -> Track {
        let points = heights.enumerated().map { i, y in
            TrackPoint(BallCandidate(x: x, y: y, radius: 1, halfLength: 1, area: 3, polarity: 1, peakContrast: 40,
                                     neighbourhoodActivity: 0),
                       time: MediaTime(seconds: Double(firstFrame + i) / frameRate, preferredTimescale: 600),
                       t: Double(firstFrame + i) / frameRate, frame: firstFrame + i)
        }
        var track = Track(points: points)
        track.confirmed = true
        return track
    }
}
