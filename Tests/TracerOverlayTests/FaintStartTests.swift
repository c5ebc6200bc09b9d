import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A flight's faint first streaks are drawn halfway to the receding flight its first points
/// trace.
@Suite struct FaintStartTests {
    /// Eight points at 30 fps of a ball receding down the line: x = (a0 + a1 t) / (1 + c t).
    static func recedingFlight(contrast: Int = 5, frames: [Int] = Array(0..<8)) -> Track {
        let points = frames.map { f -> TrackPoint in
            let t = Double(f) / 30, d = 1 + 12 * t
            var p = TrackPoint(BallCandidate(x: 400 + (0 + 60 * t) / d, y: 300 + (0 - 900 * t) / d, radius: 1, halfLength: 3,
                                             area: 4, polarity: -1, peakContrast: 40, neighbourhoodActivity: 0),
                               time: MediaTime(value: Int64(f), timescale: 30), t: t, frame: f)
            if f < 2 { p.contrast = contrast }
            return p
        }
        var track = Track(points: points)
        track.confirmed = true
        return track
    }

    let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))

    @Test func aFaintStreakMeasuredAlongThePathMovesHalfwayBack() {
        var track = Self.recedingFlight()
        let truth = (x: track.points[1].x, y: track.points[1].y)
        // Measured 10 px up the path (the ball rises: y falls).
        track.points[1].y -= 10
        #expect(tracker.pullFaintStartOntoFlight(&track))
        // The fit through all eight points follows the faint point a little; the move is
        // about half the error.
        let error = ((track.points[1].x - truth.x) * (track.points[1].x - truth.x)
            + (track.points[1].y - truth.y) * (track.points[1].y - truth.y)).squareRoot()
        #expect(error > 3 && error < 7, "\(error) px off after the pull")
        // The later, bright points stay as measured.
        #expect(track.points[2].y == Self.recedingFlight().points[2].y)
    }

    @Test func brightOrGappyStartsStayAsMeasured() {
        var bright = Self.recedingFlight(contrast: 30)
        bright.points[1].y -= 10
        #expect(!tracker.pullFaintStartOntoFlight(&bright))
        var gappy = Self.recedingFlight(frames: [0, 1, 2, 3, 5, 6, 7, 8])
        gappy.points[1].y -= 10
        #expect(!tracker.pullFaintStartOntoFlight(&gappy))
        // Points that are no straight receding flight (a zigzag): no fit to trust.
        var zigzag = Self.recedingFlight()
        for i in 2..<8 { zigzag.points[i].x += i % 2 == 0 ? 6 : -6 }
        #expect(!tracker.pullFaintStartOntoFlight(&zigzag))
    }
}
