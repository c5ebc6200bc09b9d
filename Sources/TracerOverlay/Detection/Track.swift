import Foundation
import MediaKitLinux

/// One detected centre on a track, in analysis pixels.
struct TrackPoint {
    var time: MediaTime
    /// Seconds since the tracker's first frame (cheap arithmetic for fits).
    var t: Double
    var x: Double
    var y: Double
    var radius: Double
    /// Half the blob's length (a streak's half length, a bird's half wingspan).
    var halfLength: Double
    /// The blob's long axis (unit vector).
    var axisX: Double
    var axisY: Double
    var contrast: Int
    var activity: Int
    /// The analysed-frame number the point was found in.
    var frame: Int
    /// +1 brighter than the background, -1 darker.
    var polarity: Int8
    /// Found by its look in one frame rather than by a change between frames.
    var foundByAppearance = false
    /// Found by a local search at the track's prediction, not among the frame's candidates.
    var foundByLocalSearch = false
    /// The background's luma behind the point, where measured (``BallCandidate/background``).
    var background: Int? = nil
    /// Its candidate lay beside a far stronger blob of the other sign (``BallCandidate/inWake``).
    var inWake = false
    /// A local search's find with the sign the flight turned to as its ball crossed onto a
    /// background that turned it, or a later local find of that sign: the next search looks
    /// for this point's sign, not for the sign most of the recent points have.
    var crossedOver = false
}

extension TrackPoint {
    /// The point candidate `c` makes in analysed frame `frame`, shown at `time` (`t` seconds
    /// since the tracker's first frame).
    init(_ c: BallCandidate, time: MediaTime, t: Double, frame: Int) {
        self.init(time: time, t: t, x: c.x, y: c.y, radius: c.radius, halfLength: c.halfLength, axisX: c.axisX,
                  axisY: c.axisY, contrast: c.peakContrast, activity: c.neighbourhoodActivity, frame: frame,
                  polarity: c.polarity, foundByAppearance: c.foundByAppearance, background: c.background, inWake: c.inWake)
    }
}

/// A request to look for a tracked object near where it should be, against frames in which it
/// was elsewhere, or failing that by its look in the current frame (the ways to keep a ball
/// that hangs almost still at its apex).
struct LocalSearch {
    /// Predicted centre in analysis pixels.
    var x: Double
    var y: Double
    /// How far from the prediction to look, in pixels.
    var radius: Double
    /// The polarity the object has had.
    var polarity: Int8
    /// Analysed-frame numbers of frames in which the object was well away from the prediction.
    var references: [Int]
    /// Luma steps below the frame's noise threshold a change may be and still count: a long,
    /// established flight can trust a fainter change where its model puts the ball.
    var thresholdRelief = 0
    /// The analysed frame to look in; nil for the current one (an earlier one when a confirmed
    /// flight looks back for its first frames).
    var frame: Int? = nil
    /// Whether a dot set off from its surroundings in the one frame may stand in when nothing
    /// changed enough.
    var byAppearance = true
    /// The object's predicted motion per analysed frame (pixels) when looking back at a fast
    /// flight's first frames: where no pixel changed enough, a faint streak along this motion
    /// is sought (``DetectionPipeline/streakCandidate(_:motion:region:)``).
    var motion: SIMD2<Double>? = nil
    /// Whether only such a streak counts (past a frame where the look back found nothing, the
    /// strongest changed pixel near an uncertain prediction is more often the club than the
    /// ball).
    var streakOnly = false
    /// Whether only the full-size frames are searched (a young track's look: the analysis
    /// frame's candidates were its chance there).
    var fullResolutionOnly = false
    /// Whether it looks between a confirmed flight's points, where the full-size frame, when
    /// still held, is asked first as it is for the current frame.
    var fillsGap = false
    /// Where a confirmed flight's latest points lay, when the find's background and the
    /// background there are to be measured (in the first reference frame, where the object was
    /// elsewhere), to tell whether the object crossed onto a background that turned its sign:
    /// ``BallCandidate/backgroundBefore`` is the one of these places' backgrounds that lies
    /// farthest from the find's on the side that turns it.
    var crossingFrom: [SIMD2<Double>] = []
    /// Whether a strong find takes in the clear changes along the motion that it is not joined
    /// to: a launch frame's ball on the tee and its streak, cut apart by the club. Only where a
    /// confirmed flight's first point is measured again: such a point lies off the flight's
    /// curve (the ball sat still for part of the exposure), and the look backs that judge a
    /// young track's window must not see it there (1920x1080 dtl-portrait-3 reported 9 -> 11
    /// frames in).
    var takesInLaunchStrip = false
    /// Whether the flight hangs near its apex (``BallTracker/isHovering(_:)``): in the full-size
    /// frames a lone peak that nothing else in the gate comes near may then be fainter than a
    /// moving flight's floor, as for a young track's look; in the analysis frame the change
    /// that stands out most as a dot is taken, not the strongest
    /// (``DetectionPipeline/compactness(_:x:y:boxWidth:boxHeight:)``).
    var hovering = false
    /// How far a hovering flight's object moved a frame over its latest points (pixels, along
    /// the chord): what its look alone must show it kept doing
    /// (``DetectionPipeline/isStillCopy(x:y:polarity:drift:)``).
    var drift = 0.0
    /// Whether the request measures where a fast ball's streak is centred along the segment
    /// from (`x`, `y`) to that plus `motion`, within `radius` of it, rather than looking for the
    /// strongest change (``DetectionPipeline/streakInkCentre(_:region:)``).
    var measuresStreakInk = false
    /// Whether that measure takes all the ink along the stretch, not only its heaviest run
    /// (``DetectionPipeline/streakInkGap``): a flight's first point may be the launch frame's,
    /// whose ink is the ball on the tee and the streak it flew, which the club's head may cut
    /// apart (the heaviest run alone put 2 more of 54 first points off the ball on four
    /// 640x360 and 960x540 sets).
    var takesAllStreakInk = false
    /// Whether a confirmed flight's look back for its first frames asks the full-size frames
    /// first, where they are still held: a far ball that the analysis size averages under its
    /// noise (``BallTracker/extendBackwards(_:eitherSign:atFullSize:search:)``). The find is
    /// measured against the later frames the request names, and must stand out as a lone peak.
    var looksBackAtFullSize = false
}

/// A hypothesis that a sequence of candidates is one object in flight.
struct Track {
    var uuid: UUID
    var points: [TrackPoint]
    /// Consecutive analysed frames without a matching candidate.
    var misses = 0
    /// Passed the trajectory tests once; from then on it is reported on every new point.
    var confirmed = false
    /// Showed the shape of something that is not a ball (beating wings, a shaft's end): never
    /// to be reported, however it moves later.
    var rejected = false
    /// Points before its newest may have changed since it was last reported (it is new, looked
    /// back, or took over or resumed another track's flight): the next report must say which.
    var historyRevised = true
    /// The frame of the first point once that point was measured again
    /// (``BallTracker/remeasureFirstPoint(_:search:)``).
    var remeasuredFirstFrame: Int? = nil
    /// Reportable points (``reportablePoints``) held when it was last reported.
    var reportedCount = 0
    /// The frame from which its points are held back from reports: a confirmed flight that goes
    /// on by local finds off its path may have lost its object
    /// (``BallTracker/noteNewestPoint(of:prediction:)``). Nil when none are.
    var heldBackFrom: Int? = nil
    /// Finds in a row since then that lay on the flight's path (``BallTracker/noteNewestPoint(of:prediction:)``).
    var heldBackAgreeingFinds = 0
    /// Analysed-frame number of the latest point.
    var lastFrame: Int
    /// Points dropped from the front of ``points`` (only ever from a rejected hypothesis, whose
    /// history nothing reads beyond its recent points: ``BallTracker/branchingCopy(of:)``).
    var trimmedPoints = 0
    /// How far its points beat chance at landing near its predictions: for each point taken
    /// where the track had a prediction, minus the logarithm of the chance that the nearest of
    /// the gate's candidates would, at random, lie as near, less one (that term's mean under
    /// chance). A chain of noise specks taken from crowded gates stays near zero however long
    /// it grows; a ball's points, landing within a pixel or two, add several each
    /// (``BallTracker/chanceEvidence(offset:gate:candidatesInGate:)``).
    var chanceEvidence = 0.0
    /// Its point count when it last sought the tee it left (``BallTracker/confirmByTee(_:search:)``).
    var teeSoughtAt = 0
    /// How many points the track has gathered, ``trimmedPoints`` included.
    var pointCount: Int { trimmedPoints + points.count }
    /// The points a report may carry: all but those from ``heldBackFrom`` on.
    var reportablePoints: ArraySlice<TrackPoint> {
        guard let from = heldBackFrom, let first = points.first, first.frame < from else { return points[...] }
        // From the end: the held run is the last few points of a long flight.
        return points[...(points.lastIndex { $0.frame < from } ?? 0)]
    }

    init(point: TrackPoint) {
        uuid = TrackIdentifier.make()
        points = [point]
        lastFrame = point.frame
    }
}
