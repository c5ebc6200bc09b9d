/// The tuning of the tracker, in analysis pixels and seconds.
struct TrackerSettings {
    /// Points needed (and fitted) before a track is reported: Vision's `trajectoryLength`.
    var trajectoryLength: Int
    /// Fastest image motion considered, in pixels per second.
    var maxSpeed: Double
    /// The analysed frames' width in pixels (0 until the first frame says).
    var analysisWidth = 0.0
    /// The analysed frames' height in pixels (0 until the first frame says).
    var analysisHeight = 0.0
    /// Analysed frames per 60 fps interval: above 60 fps a window's motion is judged on its
    /// points averaged over each such run of frames (``BallTracker/averaged(_:framesPerPoint:)``).
    var framesPerJudgedPoint = 1
    /// Analysed frames a confirmed track may go without a detection before it ends.
    var maxMissesConfirmed = TrackerSettings.maxMissesConfirmedAt60Fps
    /// ``maxMissesConfirmed`` where frames are analysed at 60 fps or slower; faster, the same
    /// time (a twelfth of a second), not the same count of frames.
    static let maxMissesConfirmedAt60Fps = 5
    /// Analysed frames an unconfirmed track may go without a detection.
    var maxMissesTentative = 2
    /// How far (analysis pixels) from a confirmed flight's prediction a local find may lie and
    /// still be taken for its object without doubt (``BallTracker/noteNewestPoint(of:prediction:)``).
    /// After a ball lands down the line a flight went on to specks of noise, an edge flickering
    /// under camera shake, a still speck (10 s 1280x720 30 fps dtl-portrait-52: 6 such points
    /// reported, precision 0.966; none now, 0.994). Holding every local find instead, a receding
    /// ball hanging near its apex to the clip's end went unreported (27 of the 978 clips that
    /// are not 10 s long failed, 20 of them at recall 0.25-0.68). 0.7 and 1.5 did as well on
    /// the long set.
    var heldBackOffset = 1.0
    /// How many finds in a row within ``heldBackOffset`` of the predictions, none at its
    /// predecessor's very centre, release the points held back.
    var heldBackReleasingFinds = 3
    /// Least contrast, as a share of the median of the flight's latest reported points, a held
    /// find must have to count toward releasing a held run.
    var heldBackReleasingContrastShare = 0.3
    /// Largest RMS distance (pixels) of a window's points from its constant-acceleration fit.
    var fitTolerance = 1.0
    /// Smallest distance (pixels) between the first and last point of a reported window.
    var minimumTravel = 4.0
    /// Changed pixels around a candidate above which it counts as inside a moving region.
    var crowdedActivity = 40
    /// Most points a judged window may hold for each of its points found among the frame's
    /// candidates (the others are local searches at the track's own prediction, which find
    /// whatever lies there). Over the 432 true confirmations of the 726 evaluation clips the
    /// fewest were 3 of 10 (far sky flights that x264 keeps faint); an unseen 1920x1080 120 fps
    /// club head, followed through the sky for 20 frames on 19 searches and 1 candidate, was
    /// reported as a second flight (dtl-clean-24 and dtl-everything-23).
    var mostPointsPerCandidate = 5
    /// The most changed pixels around a track's typical (median) point: a ball flies in the
    /// open for most of its window, a swinging limb never does.
    var typicalActivity = 8
    /// Largest typical (median) frame-to-frame wobble of the logarithm of a blob's length, over
    /// blobs long enough to measure it (3 px): wings beating, not a ball.
    var maximumSizeRoughness = 0.06
    /// Half-length error (pixels) allowed for before a blob's length counts as wobbling: a
    /// ball's launch streak, shortening from 14 to 2 px as it recedes, measured 4.6 then 3.3 px
    /// long in consecutive frames (1920x1080 dtl-everything-3 was held back three frames).
    var lengthWobbleAllowance = 0.25
    /// How near (pixels) a point may lie to the one before it and still be the codec's stale
    /// copy of the object rather than its new place (``BallTracker/withoutStaleCopies(_:)``):
    /// a skipped block repeats the blob to 0-0.3 px.
    var staleCopyDistance = 0.4
    /// The least motion (pixels per frame, since the point kept before) for a repeated point
    /// to be a stale copy: a slower object may truly stand within ``staleCopyDistance``.
    var staleCopyMinimumMotion = 1.5
    /// The most stale copies in a row: x264 repeated a ball for 1-3 frames at 120 fps, and a
    /// speck repeated for ten (480x270 120 fps dtl-club-walkers-4) stood still, and judged
    /// without those points it passed as a second flight.
    var longestStaleCopyRun = 3
    /// Most live hypotheses; beyond that the least promising are dropped.
    var maxTracks = 300
    /// Fewest candidates in a frame at which a lone point (a hypothesis of one point) no
    /// longer also waits there while it branches to the frame's candidates, as longer
    /// hypotheses whose best candidate fits poorly do; nor does one found in such a frame,
    /// among other motion (activity above ``crowdedActivity``) or against a background darker
    /// than ``loneWaitDarkestBackground``. A far ball against a quiet sky may show only every
    /// other frame at the analysis size: a lone point that always moved on to the next frame's
    /// specks was gone before the ball showed again, and no hypothesis held two of its points
    /// (1920x1080 25 fps sky-dark-ball-2: the ball a candidate in frames 41, 43, 45 and 46
    /// among 5-14 a frame, linked first in frame 50 and reported 16 frames in; now 11; 30 fps
    /// sky-dark-ball-1 recall 0.360 -> 0.560). In busier frames the waiting points' hypotheses
    /// took places and ties from the ball's own (at 40, 640x360 30 fps dtl-club-walkers-9 lost
    /// its launch, 0.984 -> 0.921; in every frame, three crowded dtl-everything shots were
    /// found nowhere). Points of a busy frame wait in none: x264 makes the tree line flicker
    /// every other frame, and specks there chained over the quiet frames between passed for a
    /// flight (1920x1080 60 fps practice-swings-no-shot-29, when only the frame waited in was
    /// counted).
    var loneWaitCandidateLimit = 20
    /// Darkest background (luma, ``TrackPoint/background``) against which a lone point waits a
    /// frame (``loneWaitCandidateLimit``): the sky's. A speck against the tree tops (luma 52)
    /// that waited for nothing gave a bird's hypothesis its first step, as quick over the
    /// missed frame as a launch, and the bird was reported as a second flight (1280x720 60 fps
    /// dtl-everything-23 of seeds 21-24, precision 0.983 -> 0.792). The generated skies are
    /// 215-250, their trees and grass 50-120.
    var loneWaitDarkestBackground = 150
    /// Most young hypotheses on the frame's strongest candidates kept beyond ``maxTracks`` in a
    /// frame crowded with candidates (``crowdedFrameCandidates``, ``strongYoungPoints``,
    /// ``strongCandidateRank``). A ball just struck is among the strongest changes in the
    /// frame, yet in shaken, noisy video its first points lose their places at once to
    /// hundreds of chains of specks five to ten points long, for a hypothesis's promise grows
    /// with its length: in 1920x1080 25 fps dtl-noise-jitter-1 the ball ranked 1st-6th of
    /// 216-250 candidates in its first seven frames and no hypothesis held two of its points
    /// (found nowhere; now 1.000 / 1.000, reported 9 frames in). Kept beyond the pool rather
    /// than within it, they take no other hypothesis's place: within it, dtl-everything-3 there
    /// lost its ball's track, which began on a faint speck.
    var strongYoungPlaces = 24
    /// Fewest candidates in a frame for ``strongYoungPlaces`` to apply (the detector passes at
    /// most 250): only shaken, noisy frames hold so many. Kept in every frame, the places lost
    /// 640x360 60 fps dtl-noise-jitter-1's flight (80-250 candidates a frame; recall 0.990 ->
    /// 0.095): young hypotheses on the slowing ball, smoother than the confirmed flight's
    /// sibling, took its place, and no sibling was left to carry the flight on where it
    /// missed the ball.
    var crowdedFrameCandidates = 200
    /// Most points a hypothesis holds while it counts as young for ``strongYoungPlaces``.
    var strongYoungPoints = 4
    /// A candidate is among the frame's strongest when no more than this many others are
    /// stronger (every point of a young hypothesis must be so, up to its latest three).
    var strongCandidateRank = 8
    /// Most a hypothesis's contrast counts towards its promise when hypotheses are dropped, in
    /// multiples of the frame's typical candidate above it (each worth two points of length):
    /// 1.5 let a ball 20-40 levels against specks of 5-8 lose its place to chains of specks in
    /// shaken, noisy 640x360 frames.
    var strongestPromise = 3.0
    /// Whether a hypothesis's promise counts its points by how unlikely chance made them
    /// (``Track/chanceEvidence``, never more than one each) rather than one each. In frames of 80-250 candidates, chains
    /// of noise specks moving 20-50 px a frame find two or three specks in their wide gates
    /// every frame and so never end; counted by length, 43-59 such chains held the places at
    /// promise 5-7 and more, and a ball's first hypothesis (promise 1.3-2.7) was dropped the
    /// frame it began (640x360 30 fps dtl-everything-4). Counted by evidence, such a chain
    /// earns about nothing, and the ball's hypotheses, whose points keep landing where they
    /// were predicted, keep their places: on the ten sets 5 of the 46 shots found nowhere were
    /// found, 13 reported 1-3 frames sooner, with no false trajectory (with
    /// ``gappyChainSupport``).
    var promiseCountsChanceEvidence = true
    /// Most evidence (in units of the natural logarithm) one point may add to
    /// ``Track/chanceEvidence``: centring noise puts a ball's point a fraction of a pixel off
    /// its prediction, and no one point should outweigh several.
    var chanceEvidenceCap = 5.0
    /// Whether a young track that finds no candidate looks for its object in the video's
    /// full-size frames (set where they are kept, from 1.5 times the analysis size across: there
    /// a far ball shows among the frame's candidates only now and then, too seldom for a
    /// track to gather a window of its own).
    var searchesYoungTracksAtFullSize = false
    /// Whether the full-size frames are kept and searched for the object between a flight's
    /// points (set where the video is at least 1.5 times the analysis size across): where a
    /// confirmed flight missed its object, the place between two finds is surer than the
    /// prediction was, and the full-size frame may show a ball the analysis size averaged
    /// away. The frames are kept from the start, for a flight confirmed later fills its own
    /// first frames' gaps too.
    var fillsGapsAtFullSize = false
    /// Whether a confirmed flight's first point is measured again against later frames
    /// (``BallTracker/remeasureFirstPoint(_:search:)``): a launch frame's blob leaves out the
    /// part of the exposure with the ball on the tee (1920x1080 60 fps seeds 1-7: launch
    /// points 14-36 px off on 13 of 57 shots -> 2; 1920x1080 30 fps: 9 of 24 -> 2).
    var remeasuresFirstPoint = true
    /// How far from a confirmed flight's prediction (pixels) a candidate of the other sign is
    /// refused (``BallTracker/turnsSign(_:to:)``). At 1.5 px: 640x360 120 fps recall >= 0.95 on
    /// 14 -> 15 of 27 clips and precision >= 0.98 on 16 -> 18; 960x540 dtl-everything-2 recall
    /// 0.190 -> 0.960. At 0 (any distance), a slow ball's wake was refused and flights ended
    /// (640x360 120 fps dtl-noise-jitter-3 0.968 -> 0.944); at 2.5, dtl-noise-jitter-2 and
    /// dtl-portrait-2 there were not helped.
    var signTurnOffset = 1.5
    /// How many of a confirmed flight's latest points must share a sign before a candidate of
    /// the other is refused.
    var signRun = 6
    /// How far from the path traced back (pixels) a first point measured again may lie when
    /// the point it replaces lay nearer.
    var remeasureAsideTolerance = 1.5
    /// How many times the contrast of the find of the flight's own sign the launch frame's
    /// find of the other sign must have to be taken instead (``BallTracker/remeasureFirstPoint(_:search:)``).
    /// Taking the stronger of the two (a ratio of 1) moved three clean launches onto the club
    /// head passing 15 px above the ball, whose own blob was nearly as strong.
    var oppositeLaunchContrastRatio = 2.0
    /// How far from a first point of the other sign than its flight the launch frame is
    /// searched again for the ball's own sign: this fraction of the step to the next point, at
    /// most ``otherSignFirstPointLargestReach`` pixels. Such a point is a speck beside the tee
    /// that the hypothesis grew from (640x360 30 fps dtl-club-walkers-2 and -3: a single dark
    /// pixel 9-10 px from the ball, 90 px below the next point), and searched only as far as
    /// its own size, the ball beside it was never seen.
    var otherSignFirstPointReach = 0.15
    /// Most pixels ``otherSignFirstPointReach`` reaches.
    var otherSignFirstPointLargestReach = 12.0
    /// How many of a confirmed flight's points after its first are measured again as the
    /// centre of their streak (``BallTracker/remeasureStreakPoints(_:search:)``), besides the
    /// first itself.
    var streakRemeasuredPoints = 3
    /// The farthest the first point's streak measure may move it, as a share of its step to the
    /// next point. A blob's centre lies within half its streak's length of the streak's middle,
    /// and at the usual half-frame shutter a streak spans half a step: on 102 catalogue clips
    /// the first points' moves measured 0-13% of the step, except a launch frame's point pulled
    /// back by the ball's rest on the tee, 33% (1280x720 25 fps dtl-club-walkers-3: 45 px off
    /// the ball, on it before).
    var firstStreakLargestMove = 0.25
    /// How many frames before a point must hold the ball at rest at its place for the point to
    /// be the launch (``BallTracker/restingBall(at:in:search:)``). In one frame before, the
    /// club head or a slow ball's own earlier image passed too (640x360 30 fps
    /// dtl-noise-jitter-4 lost its second and third points to a blob of 21 levels).
    var restingBallFrames = 2
    /// The least peak contrast (luma levels) of the ball at rest: a white ball at address
    /// measured 91-156 levels in the frame before the 274 launch frames found among the 726
    /// clips of BENCHMARKS.md's session 48; the specks beside the tee found where it was
    /// hidden, 4-15.
    var restingBallContrast = 20
    /// How near a point, in the radii of the blob found, the ball at rest lies when the point
    /// is its launch: a launch frame's point measured 0.1-1.5 radii from the ball at rest in
    /// the frame before, except where the club head over the tee was taken for it.
    var restingBallReach = 1.5
    /// How near a point (pixels in the analysed frame) the ball at rest may lie whatever its
    /// radius (``restingBallReach``): the launch frame's point is the moving part of the
    /// exposure, a streak's centre or the club head over the ball, and may lie several pixels
    /// from the ball's place. At 640x360 30 fps a look back past a frame without a find took
    /// dtl-portrait-9's launch streak 7 px from the ball at rest, and the point stayed 8.3 px
    /// off the ball (tolerance 5.6). Over the 726 clips of BENCHMARKS.md's session 49, 8 px
    /// put six more launch points on the ball and moved none off it; 5 px, two; 12 px lost
    /// 640x360 30 fps dtl-club-walkers-9 and cost three other clips points on the ball.
    var restingBallLeastReach = 8.0
    /// How many of a confirmed flight's points after its first may be its launch, with club
    /// head points before it (``BallTracker/dropPointsBeforeLaunch(_:search:)``).
    var launchSearchPoints = 3
    /// How far up the path from the ball at rest a launch point is placed, as a share of its
    /// step to the next point (``BallTracker/placeRestingLaunchPoint(_:search:)``). The place
    /// averaged over the exposure lies up the path by about the shutter's share of a frame x the
    /// square of the exposure's share after the strike / 2, in steps of the ball's launch speed:
    /// 0.05 of a 30 fps step for the generator's quarter-frame shutter struck mid-exposure,
    /// nothing for a very short one. Over the 726 clips of BENCHMARKS.md's session 48, 0.03 and
    /// 0.045 scored alike; 0.03 errs least on the ball's rest for a short shutter.
    var restingLaunchLead = 0.03
    /// The share of the ball's contrast at rest that its place must still show in a frame,
    /// against later frames, for the ball to have sat there through all of that frame's
    /// exposure (``BallTracker/staysAtRest(through:rest:in:search:)``). Measured on the phase
    /// set of `scripts/eval-sets.sh` (shots launched between two frames): the frame before such
    /// a launch, 0.86-0.97 of it; a launch frame whose exposure the strike cut in two (the
    /// other sets), 0.61 or less (0.2-0.4 where the club head passed over the tee).
    var stillBallContrastShare = 0.75
    /// Farthest (pixels) from the path a find of the ball's sign may lie at a dark launch
    /// point and mark it as the ball's own ink (``BallTracker/dropDarkLaunchPoint(_:search:)``):
    /// the streak's ink under the points kept lay 0-0.4 px from the path, the light fringe
    /// beside the club head's blob 6.3 px.
    var darkLaunchInkAside = 3.0
    /// How many of a confirmed flight's first points may be drawn towards its fitted flight
    /// (``BallTracker/pullFaintStartOntoFlight(_:)``): the streaks of a struck ball's first
    /// frames.
    var faintStartPoints = 3
    /// Peak contrast (luma levels) below which such a point is faint enough to be drawn.
    var faintStartContrast = 10
    /// How many of the flight's first points, in consecutive frames, the fit is made over.
    var faintStartFitPoints = 8
    /// The largest RMS residual (pixels) of that fit for it to be trusted: more is no straight
    /// flight receding, or points off it.
    var faintStartLargestResidual = 3.0
    /// The share of the way from a faint point's measure to the fitted place that it moves.
    var faintStartPull = 0.5
    /// How many of a flight's first points its streak's measure may move either way along the
    /// path; later points move only back (``BallTracker/remeasureStreakPoints(_:search:)``). On
    /// four 640x360 and 960x540 sets the fourth moved either way the same; it stays back only
    /// for the 1920x1080 flight that rule was made for.
    var streakInkEitherWayPoints = 3
    /// The least motion per frame (analysis pixels) at which a point's streak is measured so.
    var streakInkMinimumStep = 6.0
    /// Where along the stretch it is measured over a streak's centre may lie (0 at its start,
    /// on the earlier neighbour's side, 1 at its end).
    var streakInkCentralSpan = 0.2...0.8
    /// How far each way from the point that stretch reaches, as a share of the distance to the
    /// farther of its neighbours.
    var streakInkSpan = 0.75
    /// Most young tracks searched so in a frame, the most promising first: 4, 8 and 20 found
    /// the same on every catalogue, while 20 added a fifth to decode + detect of 1080p60.
    var youngFullSizeSearches = 6
    /// Widest gate (analysis pixels) a young track asks the full-size frame about, whatever its
    /// own: a far ball's young track predicts within 1-2 px even where its gate has grown after
    /// a missed frame; a chance pair of specks, unsure where it is heading, would ask about a
    /// square of the full-size frame as costly to search as 30 narrow ones (with no limit,
    /// decode + detect of 1080p60 took twice as long).
    var youngFullSizeMaximumGate = 6.0
    /// Most frames a young track may have gone without its object and still ask: x264 leaves a
    /// far ball's change out of single frames (a 1920x1080 sky shot kept 5 of 12 levels in
    /// frame 100, and its young track ended there; looking again a frame later, the flight was
    /// reported 38 frames sooner).
    var youngFullSizeMaximumMisses = 1
    /// Least part of its predicted step a young track's full-size find must cover: a ball just
    /// struck keeps its pace from frame to frame, while a chance pair of specks that gave a
    /// walker on the horizon or the golfer's arms at rest a velocity runs into something that
    /// barely moves (a 10 s 1920x1080 clip drew a second, false shot until this was asked).
    var youngFullSizeMinimumPace = 0.5
    /// Fewest points a young track needs to look for a streak along its predicted motion where
    /// the full-size frame showed nothing. Three found the 25 and 30 fps catalogues' far
    /// streaks and added no trajectory on any set; fewer was not tried.
    var youngStreakMinimumPoints = 3
    /// Slowest mean image speed, in pixels per second, of the window that first confirms a
    /// track. A struck ball starts faster than birds and walkers at the same distance; once
    /// confirmed, a track may slow down (a ball nearly still at its apex) and still be followed.
    var minimumConfirmSpeed = 0.0
    /// Below this many times the launch speed a window's measured speed is marginal: it must
    /// also be met between the ends of the window's fitted path, not only between its first
    /// and last centres.
    var marginalLaunchSpeed = 1.1
    /// Share of the launch speed (``minimumConfirmSpeed``) a window slower than a launch must
    /// still show over its first third to pass as a ball receding (``BallTracker/recedes(_:launch:place:)``).
    var recedingLaunchShare = 0.6
    /// Most a receding window's last third may run, as a share of its first third's pace.
    var recedingSlowdown = 0.5
    /// Most points (per judged point) a track may hold before the window that passes as a ball
    /// receding: one first seen so.
    var recedingLongestHead = 3
    /// Shortest second step (pixels) of a confirmed flight whose first point, near its second,
    /// is taken for the encoder's early copy of it (``BallTracker/startsWithEarlyCopy(_:)``).
    var earlyCopyNextStep = 3.0
    /// Farthest the first point lies from the second for that, as a share of the second step.
    var earlyCopyShare = 0.2
    /// Image motion per analysed frame (pixels) above which an established track may take a
    /// candidate of very different contrast: a ball just launched, crossing from ground to sky.
    var launchStep = 6.0
    /// Image motion per analysed frame (pixels) an unconfirmed track must keep over its last
    /// points to be a lost launch (``BallTracker/isLostLaunch(_:)``): ``launchStep`` per 60 fps
    /// interval. At 120 fps a ball struck down the line moves half as far a frame (3-5 px by its
    /// tenth point at 480x270), and a launch x264 erased before its twentieth point was not kept
    /// to be taken up (480x270 120 fps dtl-clean-1 and -4 and dtl-floodlights-4, 640x360 120 fps
    /// dtl-clean-5: found nowhere -> recall 0.90-0.97). The other uses of ``launchStep`` stay
    /// per frame: scaled as well, they cost two clips (480x270 120 fps sky-dark-ball-6 recall
    /// 0.995 -> 0.945, 640x360 120 fps dtl-portrait-1 reported 21 -> 32 frames in).
    var lostLaunchStep: Double { launchStep / Double(framesPerJudgedPoint) }
    /// The faintest the candidate and the track's latest point may be for a launching track
    /// (``launchStep``) to take a candidate of very different contrast. Lower, a launch climbing
    /// into the tree line, where x264 keeps a few levels of the ball, was followed there
    /// (at 6: 640x360 120 fps dtl-club-walkers-6 found, 1280x720 60 fps dtl-dark-ball-2 reported
    /// a frame sooner; at 5 also 640x360 60 fps dtl-noise-jitter-6, 17 -> 10 frames), but specks
    /// of that contrast beside a launch were taken as well: 640x360 60 fps dtl-everything-1 was
    /// reported 11 -> 15 frames in at 5, and dtl-club-walkers-1 gained a stretch of points off
    /// the ball where the whole frame was analysed, at 5 and at 6.
    var launchLicenceMinimumContrast = 10
    /// What a confirmed flight's match pays per e-fold a candidate is fainter than the flight's
    /// recent points, on top of its distance over the gate. Near its apex a far ball moves a few
    /// pixels a frame and its prediction is off by about as much (shake, a fit bent by a
    /// jittered point), so noise specks of 6-7 levels beside the prediction won over the ball's
    /// own blob of 17-24 a few pixels further: 640x360 30 fps dtl-portrait-2, 4.3 px off for one
    /// frame. Only fainter: x264 often brightens a ball for a frame, and noise is faint.
    /// Young tracks pay nothing more: a launch fades from 30-40 levels to 10 in three frames
    /// (at 0.8 on every track, three flights were found nowhere).
    var faintMatchPenalty = 1.0
    /// Most times a window's second half may outpace its first (chord speeds) to be a flight.
    /// A struck ball only slows in the picture or, crossing the sky, keeps its pace: over every
    /// 10-frame window of the 30 fps catalogue's true flights the ratio is at most 1.04 (0.51
    /// down the line).
    var windowSpeedUpRatio = 1.6
    /// Pixels the second half must gain over the first half's pace before
    /// ``windowSpeedUpRatio`` is asked: a slow far ball's centres wander by a pixel or two.
    var windowSpeedUpMinimumGain = 8.0
    /// Most a window's second half may run, as a share of its first half's pace (chord
    /// speeds), where the window is a flight only by its early speed: quick over its first
    /// steps, too slow over its length, as a ball that slowed receding down the line is. A
    /// struck ball first seen late slows to a third within ten points (1280x720 25 fps
    /// dtl-dark-ball-1); a steady object whose first point is off is not slowing at all.
    var earlySpeedDeceleration = 0.8
    /// A window whose second half runs at less than ``flatSlowingShare`` of its first half's
    /// pace (chord speeds) is a ball receding from the camera, and that ball climbs or falls in
    /// the picture: its chord must rise or fall by at least ``flatSlowingRise`` of the way it
    /// goes across. Down the line a ball leaves the grass at the bottom of the frame for the
    /// horizon; seen side-on it keeps its pace. A chain that slows along a level line is
    /// something else (10 s 1280x720 30 fps dtl-birds-walkers-no-shot-52: specks beside two
    /// walkers at 14-18 px a frame, then a bird at 4-5, all within 3 px of one height, were
    /// confirmed by a look back from the bird and reported for 91 frames; no other of 891
    /// clips changed).
    var flatSlowingShare = 0.5
    /// The least rise or fall of such a window's chord, as a share of the way it goes across
    /// (see ``flatSlowingShare``).
    var flatSlowingRise = 0.1
    /// A window whose last two points both turned against the sign of the points before, and
    /// stand out at most this share of their median contrast, is no flight yet: a hypothesis
    /// that left its object for specks ahead of it (640x360 30 fps dtl-everything-72 launched
    /// between frames: a dark bird at 6-7 px a frame, contrast 33-107, then two light specks
    /// of 6 levels 37 px on over three frames, quick enough together for a launch and
    /// reported; no other of 891 clips changed). A ball crossing onto a background of the
    /// other sign keeps much of its contrast; one that fades there is confirmed by the points
    /// after.
    var fadedTurnShare = 0.25
    /// Below this share of its second step, or of the median of its next steps (per frame), a
    /// confirmed flight's first step shows a first point that is no ball
    /// (``BallTracker/startsAccelerating(_:)``).
    var acceleratingStartRatio = 0.7
    /// How many steps after the first give the median compared with it. The second alone let
    /// a run of points before the launch stay: in 1280x720 25 fps dtl-floodlights-3 the look back took
    /// a lamp's flicker along the path traced back for two frames before the launch and the
    /// first two after it (7, 8, 14 and 14 px a frame, then the ball's 20 and 22), each step
    /// as long as the next, 197 px off the ball at the launch.
    var acceleratingStartSteps = 3
    /// Image motion per frame (pixels) from which a third step that the second falls short of
    /// (below ``acceleratingStartRatio`` of it) shows the first two points are no ball: at
    /// 25 fps the look back took two points of the golfer's swing before an upright launch
    /// (1920x1080 dtl-portrait-1: steps of 75 and 57 px, then the ball's 93 and 46), and only the
    /// second step was shorter than the one after it.
    var acceleratingThirdStep = 18.0
    /// The most leading points ``BallTracker/startsAccelerating(_:)`` drops from a newly
    /// confirmed flight at once, each new first point asked again. One a frame was too slow
    /// where the look back had run from a 25 fps launch through the club head and the ball at
    /// rest (1280x720 dtl-noise-jitter-1: four points, their steps 1, 33 and 53 px, then the
    /// ball's 80 and 37): judged with the three left, the flight failed and was unconfirmed
    /// (``BallTracker/passesOnlyWithDroppedStart(_:firstFrame:)``) before they could go, and
    /// was found nowhere; without them it passes.
    var acceleratingStartLongestRun = 4
    /// A local search that finds exactly the centre of the track's last this many points has
    /// found a frozen patch of picture, not the ball: the find is dropped, unless the track
    /// moved less than ``frozenPriorSpeed`` pixels a frame before them (a far ball hanging at
    /// its apex, one pixel at the analysis size; even frozen, such a find stays within a few
    /// pixels of the ball over that many frames).
    var frozenRepeats = 10
    var frozenPriorSpeed = 0.4
    /// A track that moved at least ``stallPriorSpeed`` pixels a frame over its three points
    /// before may not then gather ``stallWindow`` local finds in a row that all sit within
    /// ``stallSpread`` pixels of each other.
    var stallWindow = 8
    var stallSpread = 0.6
    var stallPriorSpeed = 1.0
    /// The same for a shorter run held tighter still: x264 repeating a block unchanged puts
    /// the centre in the same place to a few hundredths of a pixel, which a ball slowing into
    /// its apex, measured through noise, does not.
    var frozenStallWindow = 4
    var frozenStallSpread = 0.15
    /// The same run held only to ``momentumStallSpread`` pixels, where the track's pace and
    /// slowing before it say the object should have covered at least ``momentumStallTravel``
    /// pixels over the run: x264 repeats a block with a level or two of change (its centre
    /// wanders a few tenths of a pixel) while the ball flies on at a steady pace, whereas a ball
    /// slowing into its apex slows over the frames before (1280x720 crf 23 dtl-portrait-1:
    /// recall 0.222 -> 0.857, precision 0.875 -> 1.000; dtl-noise-jitter-2 precision 0.795 ->
    /// 0.886; no other clip of any catalogue changed). Not 0.5: a ball hanging at its apex in
    /// shaken video wanders that far (unseen 1920x1080 dtl-everything-7 lost three frames).
    var momentumStallSpread = 0.4
    var momentumStallTravel = 2.0
    /// A confirmed track whose last ``hoverWindow`` points moved at most ``hoverSpeed`` pixels
    /// a frame (a ball hanging at its apex down the line) takes no find that jumps more than
    /// ``hoverJump`` pixels, and ``hoverJumpFactor`` times its largest recent step, in one
    /// frame: a ball that slow cannot, a bird crossing near it does (unseen 1920x1080
    /// dtl-everything-7: a local search took a passing bird 3.5 px from a ball hovering at
    /// 0.2 px a frame, followed it off, and the ball was lost for its last 90 frames). A local
    /// search whose find jumps so is asked again within ``hoverJump`` of the prediction. Nor
    /// one that lies farther from the recent points' centre than ``hoverJump`` and
    /// ``hoverJumpFactor`` times their spread, plus the way the ball drifts meanwhile. Not
    /// where the last finds repeat one centre (x264's frozen image of an erased ball).
    var hoverWindow = 5
    var hoverSpeed = 0.75
    var hoverJump = 2.5
    var hoverJumpFactor = 2.5
    /// A confirmed flight's local search takes no find of more than this many times the
    /// contrast of the flight's strongest point in its last `trajectoryLength` (counted as at
    /// least 4): a ball does not outshine itself that much from one frame to the next, a bird
    /// passing over a far ball hanging at its apex does, and the flight followed the bird off
    /// (unseen seed 23 dtl-everything: ball points of contrast 1-10, the bird's finds 126-404;
    /// 1280x720 60 fps recall 0.651 -> 0.937, 120 fps 0.659 -> pass, 1920x1080 120 fps 0.651
    /// -> 0.925, precision 1.000. No other of 882 clips changed).
    var outshiningContrastRatio = 8
    /// A confirmed flight that settled into a hover (``BallTracker/settlesIntoHover(_:)``)
    /// coasts this many times ``maxMissesConfirmed`` frames without its object: x264 keeps a
    /// far ball hanging at its apex at 0-8 levels for runs of frames (640x360 120 fps
    /// dtl-everything-3, frames 164-178), and no young track forms on a ball that barely moves
    /// to take the flight up again (that clip's recall 0.206 -> 0.877; 1920x1080 crf 23 dtl-noise-jitter-1
    /// 0.411 -> 0.726).
    var hoverMissesFactor = 3
    /// How much faster than ``hoverSpeed`` a hovering flight may have moved over the points
    /// before (``BallTracker/settlesIntoHover(_:)``). Without this test 640x360 120 fps
    /// dtl-everything-2's flight, having taken a still speck for five frames, coasted on it and
    /// then followed something else for 200 frames (recall 0.913 -> 0.111).
    var settlingSpeedFactor = 1.5
    /// Most points in a row a track may gather by its object's look in single frames (a dot
    /// against its surroundings) before it needs one found by motion again: without motion a
    /// track could settle on any still speck its prediction runs into.
    var longestAppearanceRun = 12
    /// How far (pixels) the object must have been from its predicted place in a frame for that
    /// frame to serve as background in a local search.
    var referenceClearance = 4.0
    /// Background luma (the analysis frame's 8-bit levels) below which an object darker than
    /// its background is not taken for a ball: a white ball is darker only than sky or cloud,
    /// which in daylight video lie well above grass (about 90 here) and trees (about 60).
    var darkestBackgroundForDarkBall = 110
    /// Most changes of sign (brighter / darker than the background) between consecutive points
    /// of a window judged a flight: a ball crossing from ground to sky turns once, and a faint
    /// one x264 half erased may turn a few times more (at 2, 1280x720 and 1920x1080 30 fps
    /// dtl-everything-3 were reported a frame or two later); specks of noise and flicker take
    /// either sign from frame to frame.
    var maximumSignChanges = 4
    /// Pixels a blob's half length may exceed its radius plus half its step per frame (the
    /// longest a ball's streak can be) before the blob counts as the end of something bigger:
    /// the measure of a few-pixel blob's length and centre is that unsure.
    var streakLengthAllowance = 2.0
    /// Most a window's constant-acceleration fit may bow upward (pixels at its middle, beyond
    /// three times its RMS residual) and still be judged a flight.
    var maximumUpwardBow = 3.0
    /// A confirmed flight's candidate whose contrast is at most this fraction of its last three
    /// points' mean...
    var speckContrastRatio = 0.7
    /// ...and at least this many pixels from the prediction gives way to a local search's find
    /// nearer the prediction (``BallTracker/closerFind(than:for:prediction:search:)``): 640x360
    /// catalogue recall >= 0.95 on 15 -> 20 of 27 clips, precision >= 0.98 on 17 -> 21 of 24.
    var speckOffset = 1.5
    /// ``speckContrastRatio`` where the full-size frames are searched (``fillsGapsAtFullSize``):
    /// there a far ball's points at the analysis size are as faint as the specks beside it,
    /// and the local search measures it in the video's own pixels (a 4 s 1920x1080 crf 18
    /// dtl-noise-jitter-3 took a 3-level speck 2 px below a ball hanging at its apex, lost the
    /// ball for the last 43 frames, recall 0.744 -> 0.994).
    var fullSizeSpeckContrastRatio = 1.0
    /// Most frames a newly confirmed track looks back for its object before its first point.
    var longestLookBack = 12
    /// Points from its start whose flight, traced back, a look back tries in the frame just
    /// before a track's first point when the flight of its first `trajectoryLength` finds
    /// nothing there, taking a find only where the ball sat at rest in the frames before it
    /// (``BallTracker/restingBall(at:in:search:)``): a ball receding down the line slows in
    /// the image fastest over its first frames, and a window's fit traces the launch back
    /// short of the tee (640x360 30 fps dtl-noise-jitter-1: 95 px from the launch to the next
    /// point, 38 to the one after; ten points put the launch 28 px up the path, in a gate of
    /// 14, six points 15 px off, in 18). Without the test of rest the looser fit took the
    /// club head or a speck as readily: on the ten sets 4 clips fewer passed and one reported a
    /// false trajectory; with it the same clips pass, five reach their launch or report a
    /// frame sooner, and one starts a frame late on a still blob beside the path (960x540
    /// dtl-club-walkers-6).
    var lookBackStartPoints = 6
    /// A look back seeks the sign (lighter or darker than the background) of this many of the
    /// track's earliest points. The majority of its first eight said darker for a ball that had
    /// risen into the sky, so the look back at 30 fps took the dark hole the ball left on the
    /// tee, 10-18 px from it, for its launch frame, or a speck instead of it over the ground.
    var lookBackPolarityPoints = 3
    /// Fewest points of its own a track needs before a look back at the frames before it may
    /// make up the rest of its first window (a dark ball lost against the ground for its first
    /// frames would otherwise be reported only once it had flown a whole window in the clear).
    var earliestConfirmation = 6
    /// ``earliestConfirmation`` for points in consecutive frames. A ball receding down the line
    /// at 30 fps, lost to shake or faintness for a frame or two after its fast start, is seen
    /// again as a new track already slow; five points of it are as sure as six with gaps
    /// (640x360 30 fps dtl-noise-jitter-4 and -6 of seeds 4-6: reported 13 and 12 frames in,
    /// now 12 and 10). With five gappy points too, the club's downswing and follow-through,
    /// five points over eight or ten frames, passed as flights in two 60 fps clips.
    var earliestRunConfirmation = 5
    /// Whether a young track that passes every test but speed may be confirmed by the tee it
    /// left (``BallTracker/confirmByTee(_:search:)``).
    var anchorsYoungTracksAtTee = true
    /// Points a young track gathers between two looks for its tee, as a share of
    /// ``trajectoryLength``.
    var teeAnchorRetryWindows = 0.3
    /// Most points a young track may hold and still look for its tee, in ``trajectoryLength``s.
    var teeAnchorLongestWindows = 2.0
    /// Longest time (seconds) from a launch to the first point of the track that left the tee.
    var teeAnchorLongestGap = 1.0
    /// Shortest time (seconds) the ball must be seen at rest on its tee before the launch.
    var teeAnchorShortestRest = 0.3
    /// Shortest time (seconds) from the launch to the first point of the track that left the tee.
    var teeAnchorShortestGap = 0.1
    /// Least share of the way from the tee to a track's first point that the ball must have
    /// risen in the picture.
    var teeAnchorLeastRise = 0.25
    /// Whether the tee is also sought straight below a young track's first point, where its
    /// direction traced back is not already about straight down (``teeAnchorBelowCosine``).
    var teeAnchorSeeksBelow = true
    /// Cosine with straight down above which a track's direction traced back is straight down.
    var teeAnchorBelowCosine = 0.97
    /// Frames before a tee's launch from which a confirmed flight's first point counts as that
    /// launch's (its look back may reach the frame before, where the club head met the ball).
    var teeAnchorLaunchSlack = 3
    /// Most analysed frames back from the current one that the search for a tee looks in.
    var teeAnchorHistory = 85
    /// Farthest (pixels) along a young track's path traced back that its tee is sought.
    var teeAnchorReach = 400.0
    /// Radius (pixels) of the disc searched for a tee next to a track's first point.
    var teeAnchorGate = 4.0
    /// Share of the distance from a track's first point by which the discs searched for its tee
    /// widen farther back (the direction traced back grows less sure).
    var teeAnchorSpread = 0.15
    /// Widest radius (pixels) of a disc searched for a tee (the search's cost grows with its area).
    var teeAnchorWidestGate = 64.0
    /// Least change (luma levels) of a ball at rest on the tee against later frames: a white ball
    /// on grass stood 131-146 levels above them where it anchored a flight (analysed at 640-800
    /// px); grass that a dark walker or the golfer covered in the later frames, 61-91 (at 60, a
    /// walker crossing below a gliding bird in a 480x270 120 fps clip without a shot made it a
    /// flight).
    var teeAnchorContrast = 100
    /// Largest radius (pixels) of a ball at rest on the tee.
    var teeAnchorLargestRadius = 5.0
    /// How far (pixels) a ball at rest may seem to move between frames (camera shake).
    var teeAnchorStillReach = 2.0
    /// Frames in a row the ball at rest may be hidden (by the club head at the strike) before
    /// it counts as gone.
    var teeAnchorHiddenFrames = 2
    /// How many times a young track's first pace the ball must have flown, on average, from its
    /// tee to the track's first point.
    var teeAnchorSpeedFactor = 1.5
    /// Most a tee-confirmed track's pace over the last third of its points may be, as a share
    /// of its pace over the first third, once the look back has extended it
    /// (``BallTracker/speedsUpAfterTee(_:)``): a struck ball only slows.
    var teeAnchorLatePaceShare = 1.0
    /// Most points a track may hold before its latest run for that run to be confirmed on its
    /// own (``BallTracker/confirmedByLookingBackFromLatestRun(_:search:)``): a launch's
    /// hypothesis took a few points of something else before a gap (a speck, the club head);
    /// a run after a longer history drew a second, false flight 2.8 s into 480x270 60 fps
    /// dtl-noise-jitter-1 (uncompressed), long after the ball had gone.
    var latestRunLongestHead = 4
    /// Largest RMS residual (pixels) of a young track's flight for finds between its points to
    /// help confirm it: only a flight known that closely is tested by finding its object where
    /// it was not seen (a bird's or a swinging limb's chain fits loosely).
    var largestConfirmingFillResidual = 1.2
    /// The largest radius (analysis pixels) of a confirmed flight's first three points for its
    /// look back to ask the full-size frames first (``BallTracker/extendBackwards(_:eitherSign:atFullSize:search:)``):
    /// a far ball under a pixel there, which the analysis size keeps 1-3 levels of. A nearer
    /// ball's look back reaches its launch, where the club's head by the tee stands out as a
    /// lone full-size peak as readily (without this limit 1280x720 25 fps dtl-floodlights-2 and
    /// dtl-noise-jitter-4 took a point before their launch, 1920x1080 30 fps dtl-everything-2
    /// one 15 px off its launch frame's ball).
    var fullSizeLookBackLargestRadius = 1.0
    /// Widest gate (pixels) in which a look back may take a one-pixel find.
    var lookBackSinglePixelGate = 6.0
    /// How near (pixels) the place a flight puts its object a find of one or two pixels may lie
    /// to be taken by a look back or a gap's fill in a wider gate. In a wide gate some pixel of
    /// noise passes the threshold, but seldom this near the place: in a gate of 6.3 px, under a
    /// quarter of its area. A far ball x264 had left at 4-5 levels showed as one or two pixels,
    /// 0.1-0.8 px from its true centre and 2-3 px from the place, for four frames in a row
    /// (960x540 30 fps dtl-clean-1: recall 0.905 -> 0.984). At 4.5 px specks were taken too
    /// (960x540 dtl-everything-2 lost its recall goal).
    var lookBackSinglePixelReach = 3.0
    /// The least mean change (luma levels) of a streak a look back takes past a frame in which
    /// it found nothing, away from the place the flight traced back puts the ball
    /// (``lookBackGapFaintReach``). There the flight traced back is least sure (a ball just
    /// struck slows most in its first frames), and a fainter trace of change along the motion it
    /// predicts, most of a gate from that place or beyond it along the path, was as often the
    /// club's swing or x264's ringing 20-80 px from the ball, and then the ball still at rest on
    /// the tee before it (1280x720 25 fps dtl-noise-jitter-5: three points off the ball,
    /// precision 0.943 -> 0.981; 640x360 30 fps dtl-dark-ball-4 two, 0.952 -> 0.984).
    var lookBackGapStreakContrast = 4
    /// How near the place, in gates, a streak fainter than ``lookBackGapStreakContrast`` lies to
    /// be taken past a frame without a find. A dark ball's streak over the ground just after the
    /// launch is 2-3 levels, found within half a gate (1280x720 60 fps dtl-dark-ball-1 and -2:
    /// without it, their launch frames went unfound and they were reported 13 frames in, not
    /// 12). Over the 726 clips of BENCHMARKS.md's session 47, with both: 560 -> 564 meet every
    /// goal, 652 -> 636 points off the ball; 4 levels anywhere: 562, 624 off; at 3 or 5, fewer.
    var lookBackGapFaintReach = 0.5
    /// How much further along the flight than ``lookBackGapFaintReach``, in frames' worth of the
    /// motion predicted there, such a faint streak may lie (across the flight the reach holds),
    /// though never beyond the gate. Past a frame x264 erased the flight traced back is least
    /// sure of how far the ball had got: 8 s 640x360 30 fps dtl-clean-5's ball, erased in frame
    /// 42, showed in 41 as a streak of 3 levels 1.8 px from the ball and 3.5 px along the path
    /// from the place, with a reach of 2.5; refused, the flight was reported 13 frames in, not
    /// 12. Beyond the gate lay what was not the ball: the flight traced back before its launch
    /// frame moves 100 px a frame, and 480x270 dtl-portrait-5 took a trace of 1 level 19 px
    /// along it, beyond a gate of 15, in the frame before the launch (precision 1.000 -> 0.968).
    var lookBackGapFaintAlongReach = 0.25
    /// Finds in a row a look back must make past two frames in a row without one, each a streak
    /// of ``lookBackGapStreakContrast`` or more, for any of them to count. x264 may erase two
    /// frames of a ball's first flight: on 8 s 640x360 30 fps dtl-clean-8 it left the ball at
    /// 0-1 levels in frames 40 and 41, and streaks of 23-74 levels in 36-39 were never reached
    /// by the look back from 42 (recall 0.945, reported 15 frames in). A lone find past two such
    /// frames was as often something beside a ball x264 had left faint (session 86:
    /// dtl-everything-8 took a blob of 78 levels 9 px from the ball); the ball's own streaks
    /// show in the frames before it as well.
    var lookBackPastTwoMissesRun = 2
    /// How far beyond its gate, along the flight and in frames' worth of the motion predicted
    /// there, a look back's find may lie (across the flight the gate holds). How fast a ball
    /// slowed is the least sure part of its flight traced back, and a streak's centre may sit
    /// half a frame's motion from its brightest pixel: in its second frame 1280x720 30 fps
    /// dtl-noise-jitter-9's ball, moving 43 px a frame, was found 12.1 px from the place
    /// traced back with a gate of 11.6 (nothing was found in that clip).
    var lookBackAlongPathReach = 0.5
    /// Whether a look back whose young track's points since its last one in motion fall short
    /// also counts those in motion, where its latest three points are in the open (the judge
    /// then allows no more than a third of them in motion;
    /// ``BallTracker/confirmedByLookingBack(_:search:)``).
    var lookBackCountsPointsInMotion = true
    /// Largest radius (pixels, the area's equivalent circle) a look back takes for the object.
    /// A search measures a blob by its area, with no limit of its own: behind fast chains of
    /// specks it found the club and an arm at radius 12-20, which filled out windows reported
    /// as flights (480x270 60 fps dtl-everything-6; 960x540 dtl-noise-jitter-4 and
    /// dtl-everything-4 once ``lookBackCountsPointsInMotion`` let their runs try). A launch
    /// streak, the largest find of a ball, measured 7 at most over the 18 sets.
    var lookBackLargestRadius = 10.0
    /// The look back from a young track (too few points for the flight model) traces it back
    /// as a straight flight receding from the camera where its depth grows by this share of
    /// its first point's depth or more over its points (``RecedingLineFit/recession``) and that
    /// fits them as closely as constant acceleration does. A ball struck down the line slows
    /// in the image far more steeply than a parabola in time allows: at 30 fps its steps fall
    /// 95, 41, 26, 14 px, and a parabola through the generator's true centres of its fifth to
    /// tenth frames puts its second 42-63 px short (640x360 to 1280x720), this flight 4-6 px.
    /// 640x360 30 fps dtl-noise-jitter-9 of seeds 7-9: the look back took a find 43 px short
    /// of the ball (recall 0.921, precision 0.951; now 1.000, 1.000). A generated clean shot's
    /// centres from its fifth to its tenth frame at 30 fps recede by 0.87. Over the 726 clips
    /// of BENCHMARKS.md's session 49, 0.7 to 1.5 scored alike and 0.5 or 2 lost a clip. Only
    /// the look back traces back so: for the gaps filled and the first points measured again
    /// as well, it let a hypothesis that had missed two frames reach back to 1920x1080 30 fps
    /// dtl-everything-3's launch and be confirmed in place of its fuller sibling, and lose the
    /// ball (recall 0.968 -> 0.175).
    var lookBackRecession = 0.7
    /// Points a rejected hypothesis's branches keep (``BallTracker/branchingCopy(of:)``): more
    /// than any window read of an unconfirmed track (a prediction's 12, a local search's
    /// 2 x `trajectoryLength` test, a hypothesis ranking's `trajectoryLength`).
    var rejectedHistory: Int { max(2 * trajectoryLength, 32) }
    /// Most points a track may gather before it passes the trajectory tests; past that it is
    /// never reported.
    var longestUnconfirmedTrack = TrackerSettings.longestUnconfirmedTrackAt60Fps
    /// ``longestUnconfirmedTrack`` where frames are analysed at 60 fps.
    static let longestUnconfirmedTrackAt60Fps = 30

    /// ``longestUnconfirmedTrack`` for frames `frameInterval` seconds apart, judged in windows of
    /// `trajectoryLength` points: as long a time as at 60 fps (faster video judges each point
    /// over `framesPerReferenceInterval` frames), but at least a few windows past the first.
    /// Counted in points alone, 30 points at 30 fps gave a bird a second of flapping flight, and
    /// once its last window happened to bend like a ball's it was reported (1280x720 30 fps
    /// dtl-birds-walkers-no-shot-10: 25 points, the last taken 34 px below the bird after two
    /// missed frames). Balls struck at 24-30 fps passed with 13 points at most.
    static func longestUnconfirmedTrack(frameInterval: Double, framesPerReferenceInterval: Int,
                                        trajectoryLength: Int) -> Int {
        let sameTime = framesPerReferenceInterval > 1
            ? longestUnconfirmedTrackAt60Fps * framesPerReferenceInterval
            : Int((Double(longestUnconfirmedTrackAt60Fps) * DetectionPipeline.referenceFrameInterval / frameInterval).rounded())
        return max(sameTime, trajectoryLength + 5)
    }
    /// Frames a confirmed track must have gone without its object before a sibling hypothesis
    /// grown from its points carries its flight on (one missed frame is common and harmless).
    var siblingTakeoverMisses = 2
    /// Most analysed frames between a confirmed track's last point and the first point of a
    /// young track that continues it under the same uuid.
    var resumeWindow = 30
    /// Fewest points an unconfirmed track that ran out of misses needs to be kept as a lost
    /// launch (``BallTracker/isLostLaunch(_:)``).
    var lostLaunchMinimumPoints = TrackerSettings.lostLaunchMinimumPointsAt60Fps
    /// ``lostLaunchMinimumPoints`` where frames are analysed at 60 fps: as many as
    /// ``earliestConfirmation``.
    static let lostLaunchMinimumPointsAt60Fps = 6

    /// ``lostLaunchMinimumPoints`` for frames `frameInterval` seconds apart: the launch spans as
    /// long a time as six points at 60 fps, with at least four points (a motion and its change
    /// to fit). At 30 fps a ball struck down the line slows from 90 to 20 px a frame in its
    /// first four frames, and x264 then erased it for a frame (640x360 30 fps dtl-clean-1): no
    /// prediction from those four points spans the gap, and the slow track that finds the ball
    /// again is no launch on its own.
    static func lostLaunchMinimumPoints(frameInterval: Double) -> Int {
        let span = Double(lostLaunchMinimumPointsAt60Fps - 1) * DetectionPipeline.referenceFrameInterval
        return min(max(Int((span / frameInterval).rounded(.up)) + 1, 4), lostLaunchMinimumPointsAt60Fps)
    }
    /// Least contrast every point of a lost launch shorter than six points needs (specks of
    /// noise are found at 5-9).
    var shortLaunchMinimumContrast = 12
    /// Fewest points of its own a young track needs to take up a lost launch before it holds
    /// a window itself (``BallTracker/isLostLaunch(_:)``): three points fix a motion to compare.
    /// One fewer will do where the launch alone passes as a flight.
    var lostLaunchResumingPoints = 3
    /// Above 60 fps, the share of ``trajectoryLength`` points a lost launch and the young track
    /// that takes it up need together where their points fill as many 60 fps intervals as a
    /// 60 fps window has points (``BallTracker/holdsResumedWindow(_:)``). Half found the same
    /// shots on the 269 clips at 120 and 240 fps, and three false trajectories (480x270 120 fps
    /// dtl-noise-jitter-1, -3 and -6: chains of noise specks taking up a launch).
    var resumedWindowShare = 0.75
    /// Levels past its frame's noise threshold within which a point is a speck of noise like
    /// the rest (``BallTracker/isSpeckChain(_:)``).
    var speckChainContrastMargin = 2
    /// Candidates per frame, on average over a window's frames, from which a window mostly of
    /// such specks is a chance chain. At 20 the 900 evaluation clips scored the same as at 50
    /// (the one such chain reported, 480x270 30 fps dtl-noise-jitter-4's, lay in frames of
    /// 76-185): no true flight was held back at either.
    var speckChainCrowd = 50
    /// Share of its frames below which a window holds points in too few of the frames it
    /// spans to be a ball among crowds of noise specks (``BallTracker/isGappySpeckChain(_:evidence:)``):
    /// a chain of specks moving 20-30 px a frame hops over the frames where its gate held none,
    /// and its wide gate finds another a frame or two on. The false trajectories such chains
    /// made once their hypotheses kept their places (``promiseCountsChanceEvidence``: 640x360
    /// 30 fps dtl-noise-jitter-1, -3 and -9, sky-birds-clouds-7) held points in 53-62% of their
    /// frames; the balls found there, 75-100%.
    var gappyChainSupport = 0.7
    /// Share of such a window's points found by local searches from which it is chance,
    /// whatever its evidence: a young track that finds no candidate searches the full-size
    /// frame (``searchesYoungTracksAtFullSize``), and in noisy video some speck lies near any
    /// prediction there. A window that both skips frames and leans on those finds follows
    /// nothing (unseen 1280x720 120 fps dtl-everything-24: 15 points over 28 frames, 7 of them
    /// searches in a row at contrast 3-6 along the tree line, judged quick and smooth and
    /// reported beside the flight; precision 0.923 -> 0.992 once dropped). The balls' gappy
    /// windows on the ten and unseen sets held at most 30% searches (1920x1080 25 fps
    /// sky-clean-1: 3 of 10 over 22 frames); at 0.4 nothing else changed there.
    var gappyChainSearchShare = 0.4
    /// Chance evidence (``Track/chanceEvidence``) under which such a window is chance, its
    /// points however far past the noise threshold (in frames of
    /// ``gappyChainEvidenceCrowd`` candidates or more): the two gappy chains that still passed with the crowd test alone
    /// (1280x720 60 fps dtl-floodlights-24, 480x270 60 fps dtl-everything-6, frames of 40-90
    /// candidates) had earned 1.25-1.45, the balls' gappy windows 6 and more. At 3 no clip of
    /// the ten sets changed, and those two false trajectories went.
    var gappyChainEvidence = 3.0
    /// Candidates per frame, on average over such a window's frames, from which its evidence
    /// decides: chance needs candidates to chain, while a receding ball's first points land
    /// off a young track's predictions however few candidates there are (those two false
    /// chains: frames of 40-90).
    var gappyChainEvidenceCrowd = 20
    /// Levels past its frame's noise threshold the median point of such a window may stand
    /// (those false chains: 1-3; the balls in the same frames: 9-20).
    var gappyChainContrastMargin = 3
    /// Candidates per frame, on average over such a window's frames, from which it is chance
    /// (those false chains: 105-240).
    var gappyChainCrowd = 100
    /// How many more of the frames spanned by a hypothesis' latest points another, rejected,
    /// hypothesis ending on the same two points must have skipped for both to stay
    /// (``BallTracker/seesMoreFrames(_:than:)``). Two, as measured (the jump that hid
    /// dtl-floodlights-8's ball skipped two frames); one missed frame is what x264 takes from a
    /// faint object anywhere, and one was not tried.
    var jumpSkippedFrames = 2
    /// How many times ``trajectoryLength`` points a confirmed flight needs before its local
    /// search also seeks the other sign (``BallTracker/searchAcrossBackground(_:request:search:)``):
    /// a flight followed this long is no young hypothesis that a change of the other sign
    /// could carry off.
    var signTurnLengths = 2
    /// How many of the flight's latest places the background behind the ball is measured at
    /// before a turn of sign: the latest may already lie on the tree line's edge, and only a
    /// place over the sky tells how far the background moved (10 s 1280x720 30 fps
    /// dtl-dark-ball-51: from the latest place alone, 22 levels, from the latest four 178).
    var signTurnPlaces = 4
    /// The least contrast of a find of the other sign, as a fraction of the flight's typical
    /// contrast: where the ball landed, a change of 4 levels on the ground beside a flight of 20
    /// carried it onto a walker (10 s 1280x720 30 fps dtl-club-walkers-52, precision 0.994 ->
    /// 0.765); the balls' own turns stood out 0.6-4 times their flights' typical contrast.
    var signTurnStrength = 0.5
    /// The least background luma (analysis frame, 8-bit) behind a find that turns a flight
    /// dark: sky or cloud. ``darkestBackgroundForDarkBall`` judges a whole window; here one
    /// find decides, and a ball that had landed in 10 s 1280x720 30 fps dtl-portrait-54 was
    /// followed onto a walker by a dark change in front of grass of 111 (precision 1.000 ->
    /// 0.676). The skies behind the balls' own turns measured 230-251.
    var signTurnDarkBackground = 150
    /// How many of a confirmed flight's points, the newest among them, may sit still (within
    /// ``landingSpread`` pixels) where its path says it would have travelled ``landingTravel``
    /// pixels, after moving ``landingPriorSpeed`` pixels a frame, before it counts as landed
    /// (``BallTracker/landsHere(_:x:y:)``): 10 s 1280x720 30 fps dtl-portrait-53 (a seed of no
    /// set) went on for the clip's last 90 frames on a bright speck by the horizon where its
    /// ball came down at 1.8 px a frame (precision 0.648 -> 0.988).
    var landingWindow = 8
    /// The box (pixels a side) the still points lie in: the shake moves a still speck's centre
    /// by a pixel or so (that flight's: 1.4 px).
    var landingSpread = 1.5
    var landingTravel = 6.0
    /// Pixels a frame, on the chord over the points the path's fit takes (up to ten before the
    /// still ones): a ball hanging at its apex moves less, a falling one more.
    var landingPriorSpeed = 1.0
    /// How many of a confirmed flight's points back its fall is measured from, when a point
    /// would stop it (``BallTracker/stopsFalling(_:y:at:)``): after a ball lands, its flight took a
    /// walker crossing the landing place and followed it for the clip's last 85 frames (10 s
    /// 1280x720 30 fps dtl-everything-54, a seed of no set: precision 0.661 -> 0.994), and at
    /// 1920x1080 60 fps flights took specks where their balls came down at 0.6-0.9 px a frame,
    /// too slowly for ``landingPriorSpeed`` (dtl-dark-ball-53: precision 0.890 -> 0.991,
    /// recall 0.911 -> 0.961; dtl-portrait-53: precision 0.852 -> 0.979).
    var fallStopWindow = 8
    /// The least fall (pixels) the pace says the window should hold: less, and the shake's
    /// pixel either way could pass for a stop.
    var fallStopTravel = 4.0
    /// The share of that fall a point must come down: a falling ball gathers pace, and comes
    /// down all of it; what stays where the ball landed comes down none. At 0.3 a flight
    /// that came down a little way onto a walker's feet and stayed there was not stopped.
    var fallStopFraction = 0.6
    /// The least pace (pixels a frame) of a fall that is judged: a ball at its apex moves less.
    var fallStopPriorSpeed = 0.3
    /// How many points, up to the window's start, the pace is read from.
    var fallStopPacePoints = 24
}
