extension BallTracker {
    /// Moves a confirmed flight's faint first points part of the way to where its first
    /// ``TrackerSettings/faintStartFitPoints`` points, fitted as one straight flight receding
    /// from the camera (``RecedingLineFit``), put the ball at their times. Returns whether a
    /// point moved.
    ///
    /// A struck ball's first frames are long streaks, and a faint one (a dark ball's, 3-9
    /// levels) breaks up under noise: the piece its centre is measured on may lie anywhere
    /// along it. At 1920x1080 30 fps dtl-dark-ball-2's second and third points lay 10 px up
    /// and down the path from the ball (tolerance 8.8-9.8), in opposite directions: noise, not
    /// a bias. The ball's next points are bright and sure, and over a quarter of a second its
    /// flight is a straight line receding from the camera, which a fit through eight points in
    /// consecutive frames follows to a few pixels. Halfway between the measure and the fit is
    /// surer than either alone: over the 726 clips of BENCHMARKS.md's session 50 it put 8 more
    /// points on the ball and moved none off it; all the way to the fit, or over points up to
    /// 20 levels, moved launch points measured on the ball at 25 fps off it (1280x720 25 fps
    /// dtl-dark-ball-3 fell to precision 0.962).
    func pullFaintStartOntoFlight(_ track: inout Track) -> Bool {
        let n = settings.faintStartFitPoints
        guard track.points.count >= n, track.points[n - 1].frame - track.points[0].frame == n - 1 else { return false }
        let points = track.points
        guard let flight = RecedingLineFit.fit(count: n, sample: { (points[$0].t, points[$0].x, points[$0].y) }),
              flight.rmsResidual <= settings.faintStartLargestResidual else { return false }
        var moved = false
        for i in 0..<settings.faintStartPoints where points[i].contrast < settings.faintStartContrast {
            guard let fitted = flight.point(at: points[i].t) else { continue }
            track.points[i].x += settings.faintStartPull * (fitted.x - points[i].x)
            track.points[i].y += settings.faintStartPull * (fitted.y - points[i].y)
            moved = true
        }
        return moved
    }
}
