import Testing
import MediaKitLinux
@testable import TracerOverlay

/// The tracker's licence to follow a fast ball whose contrast collapses (a white ball leaving
/// dark trees for a pale sky), and only a fast one.
@Suite struct TrackerContrastTests {
    /// Feeds one candidate per frame moving `step` pixels a frame upward, with the contrast
    /// `contrast(n)`, plus a speck of noise far away, at `frameRate` frames a second; returns the
    /// tracks that hold frame 7's point.
    /// `polarity(n)` and `background(n)` give each candidate's sign and the luma behind it
    /// (+1 and unmeasured unless given).
    func follow(step: Double, frameRate: Int = 60, minimumConfirmSpeed: Double = 0, contrast: (Int) -> Int,
                polarity: (Int) -> Int8 = { _ in 1 }, background: (Int) -> Int? = { _ in nil }) -> [Track] {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        settings.minimumConfirmSpeed = minimumConfirmSpeed
        var tracker = BallTracker(settings: settings)
        for n in 0..<8 {
            var ball = BallCandidate(x: 200 + 0.2 * Double(n), y: 400 - step * Double(n), radius: 1, halfLength: 1,
                                     area: 3, polarity: polarity(n), peakContrast: contrast(n), neighbourhoodActivity: 0)
            ball.background = background(n)
            let noise = BallCandidate(x: 30, y: 30 + Double(n % 2), radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                      peakContrast: 5, neighbourhoodActivity: 0)
            let t = Double(n) / Double(frameRate)
            _ = tracker.update([ball, noise], frameNumber: n, time: MediaTime(value: Int64(n), timescale: Int32(frameRate)), t: t)
        }
        return tracker.tracks.filter { track in
            track.points.contains { $0.frame == 7 && abs($0.y - (400 - step * 7)) < 0.01 } && track.points.count >= 7
        }
    }

    @Test func aFastBallKeepsItsTrackWhenItsContrastCollapses() {
        // 100 levels against the trees for six frames, then 12 against the sky.
        let tracks = follow(step: 12) { $0 < 6 ? 100 : 12 }
        #expect(!tracks.isEmpty, "the fast track should run on through the drop")
    }

    @Test func aSlowObjectDoesNotTakeAMuchFainterCandidate() {
        // The same drop at 2 px a frame (a bird, a walker's edge): the faint blob starts afresh.
        let tracks = follow(step: 2) { $0 < 6 ? 100 : 12 }
        #expect(tracks.isEmpty)
        // Without the drop the slow track is followed.
        #expect(!follow(step: 2) { _ in 100 }.isEmpty)
    }

    @Test func anObjectSlowerThanALaunchDoesNotTakeAMuchFainterCandidate() {
        // 6.5 px a frame at 30 fps is over the launch step, but at 195 px a second slower than
        // a struck ball in a 640 px picture (0.33 widths a second): a bird crossing the sky at
        // that pace took a far fainter blob and was reported as a second flight.
        #expect(follow(step: 6.5, frameRate: 30, minimumConfirmSpeed: 211) { $0 < 6 ? 100 : 12 }.isEmpty)
        // At a launch's speed the licence holds.
        #expect(!follow(step: 8, frameRate: 30, minimumConfirmSpeed: 211) { $0 < 6 ? 100 : 12 }.isEmpty)
    }

    @Test func aFastObjectDoesNotTakeAMuchFainterCandidateOfTheOtherSign() {
        // A dark bird crossing a plain sky at a launch's pace (100 levels below it), then a
        // bright speck of its wake (12 levels) where it should be: the sky behind did not
        // change, so nothing of one luma could have turned from darker to brighter. (640x360
        // 30 fps dtl-birds-walkers-no-shot-3: a bird's hypothesis took two such specks, which
        // made it quick enough for a launch, and was reported as a shot.)
        let sky: (Int) -> Int? = { _ in 200 }
        #expect(follow(step: 12, contrast: { $0 < 6 ? 100 : 12 }, polarity: { $0 < 6 ? -1 : 1 }, background: sky).isEmpty)
        // The same drop keeping its sign is a ball fading into the sky; the licence holds.
        #expect(!follow(step: 12, contrast: { $0 < 6 ? 100 : 12 }, polarity: { _ in -1 }, background: sky).isEmpty)
        // And a sign that turned where the background behind it rose by more than both
        // contrasts (a white ball from dark trees into a brighter sky) keeps it.
        #expect(!follow(step: 12, contrast: { $0 < 6 ? 100 : 12 }, polarity: { $0 < 6 ? 1 : -1 },
                        background: { $0 < 6 ? 60 : 230 }).isEmpty)
    }

    @Test func aConfirmedTrackPrefersTheCandidateThatLooksLikeItsBall() {
        // A slow far ball (2 px a frame, contrast 15) confirmed over twelve frames; in the next
        // frame a speck of noise (contrast 5) lies a little nearer the prediction than the ball.
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        func ball(_ n: Int, dx: Double = 0, contrast: Int = 15) -> BallCandidate {
            BallCandidate(x: 300 + 0.5 * Double(n) + dx, y: 300 - 2 * Double(n), radius: 0.6, halfLength: 0.6,
                          area: 1, polarity: 1, peakContrast: contrast, neighbourhoodActivity: 0)
        }
        for n in 0..<12 {
            _ = tracker.update([ball(n)], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        #expect(tracker.tracks.contains { $0.points.count == 12 && $0.confirmed })
        let speck = ball(12, dx: -1.8, contrast: 5), real = ball(12, dx: 2.0)
        _ = tracker.update([speck, real], frameNumber: 12, time: MediaTime(value: 12, timescale: 60), t: 12.0 / 60)
        let longest = tracker.tracks.max { $0.points.count < $1.points.count }!
        #expect(longest.points.count == 13)
        #expect(abs(longest.points.last!.x - real.x) < 1e-9, "took the speck at \(longest.points.last!.x)")
    }

    @Test func aBallHangingStillAtOnePixelKeepsItsTrack() {
        // A far ball that rose at a pixel a frame, slowed to a tenth of one, and now hangs at
        // its apex: one pixel at the analysis size, found at that pixel's centre every frame.
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        func place(_ n: Int) -> (x: Double, y: Double) {
            n < 12 ? (300 + 0.6 * Double(n), 300 - 0.8 * Double(n))
                   : (306.6 + 0.06 * Double(n - 11), 291.2 - 0.08 * Double(n - 11))
        }
        func ball(_ n: Int) -> BallCandidate {
            BallCandidate(x: place(n).x, y: place(n).y, radius: 0.6, halfLength: 0.6,
                          area: 1, polarity: 1, peakContrast: 15, neighbourhoodActivity: 0)
        }
        for n in 0..<20 {
            _ = tracker.update([ball(n)], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        let still = BallCandidate(x: 307.5, y: 290.5, radius: 0.6, halfLength: 0.6,
                                  area: 1, polarity: 1, peakContrast: 15, neighbourhoodActivity: 0)
        var reportedFrames: [Int] = []
        for n in 20..<50 {
            let updated = tracker.update([], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { _ in
                still
            }
            if !updated.isEmpty { reportedFrames.append(n) }
        }
        #expect(reportedFrames == Array(20..<50), "\(reportedFrames)")
    }

    @Test func aFrozenPatchOfPictureDoesNotKeepATrackAlive() {
        // A slow far ball confirmed over twelve frames; then the encoder stops updating its
        // block, and the local search finds the very same centre in every later frame.
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        func ball(_ n: Int) -> BallCandidate {
            BallCandidate(x: 300 + 0.3 * Double(n), y: 300 - 0.6 * Double(n), radius: 0.6, halfLength: 0.6,
                          area: 1, polarity: 1, peakContrast: 15, neighbourhoodActivity: 0)
        }
        for n in 0..<12 {
            _ = tracker.update([ball(n)], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        let frozen = ball(12)
        var reportedFrames: [Int] = []
        for n in 12..<40 {
            let updated = tracker.update([], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { _ in
                frozen
            }
            if !updated.isEmpty { reportedFrames.append(n) }
        }
        // Taken while it could still be a ball hanging at its apex, then dropped: the track
        // coasts and ends instead of reporting the same point for the rest of the clip.
        #expect(reportedFrames == Array(12..<(12 + tracker.settings.frozenRepeats)), "\(reportedFrames)")
        #expect(tracker.tracks.isEmpty)
    }

    /// Confirms a track from `positions` (one candidate a frame), then runs local searches that
    /// return `found(n)` for frames 12..<40 (with `settings`); returns the frames whose find the
    /// track took.
    func localFinds(_ positions: (Int) -> (Double, Double), found: (Int) -> (Double, Double),
                    settings: TrackerSettings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)) -> [Int] {
        var tracker = BallTracker(settings: settings)
        for n in 0..<12 {
            let (x, y) = positions(n)
            let c = BallCandidate(x: x, y: y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1, peakContrast: 15, neighbourhoodActivity: 0)
            _ = tracker.update([c], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        var taken: [Int] = []
        for n in 12..<40 {
            _ = tracker.update([], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                let (x, y) = found(n)
                return BallCandidate(x: x, y: y, radius: 0.75, halfLength: 0.75, area: 1, polarity: request.polarity,
                                     peakContrast: 8, neighbourhoodActivity: 0)
            }
            // Taken, whether reported or held back (``BallTracker/noteNewestPoint(of:prediction:)``).
            if tracker.tracks.contains(where: { $0.confirmed && $0.points.last?.frame == n }) { taken.append(n) }
        }
        return taken
    }

    @Test func aBallThatStopsDeadIsTheEncodersOldImage() {
        // Climbing 1.5 px a frame, then found at one spot give or take 0.55 px (x264's skipped
        // blocks repeat the ball's image with a level or two of change) while the ball flies on.
        let taken = localFinds({ n in (300 + 0.2 * Double(n), 300 - 1.5 * Double(n)) },
                               found: { n in (302.4 + 0.275 * Double(n % 3), 282 - 0.4 * Double(n % 2)) })
        let window = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)).settings.stallWindow
        #expect(taken == Array(12..<(12 + window - 1)), "\(taken)")
    }

    @Test func aSteadyFlightThatStopsDeadIsDroppedSooner() {
        // The same climb, with the spot held to 0.4 px: a flight that kept its pace up to the
        // run should have moved 6 px over four frames, so the run is dropped at four finds, not
        // eight, however much the spot wanders within 0.4 px.
        let settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        let taken = localFinds({ n in (300 + 0.2 * Double(n), 300 - 1.5 * Double(n)) },
                               found: { n in (302.4 + 0.2 * Double(n % 3), 282 - 0.4 * Double(n % 2)) })
        #expect(taken == Array(12..<(12 + settings.frozenStallWindow - 1)), "\(taken)")
        // Without it, the run went on to the eight-find rule.
        var loose = settings
        loose.momentumStallTravel = .infinity
        let before = localFinds({ n in (300 + 0.2 * Double(n), 300 - 1.5 * Double(n)) },
                                found: { n in (302.4 + 0.2 * Double(n % 3), 282 - 0.4 * Double(n % 2)) }, settings: loose)
        #expect(before == Array(12..<(12 + settings.stallWindow - 1)), "\(before)")
    }

    @Test func anUnchangedBlockIsDroppedSooner() {
        // The same, but the spot is held to 0.1 px (a block repeated as it was): three finds.
        let taken = localFinds({ n in (300 + 0.2 * Double(n), 300 - 1.5 * Double(n)) },
                               found: { n in (302.4 + 0.05 * Double(n % 3), 282 - 0.05 * Double(n % 2)) })
        let window = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)).settings.frozenStallWindow
        #expect(taken == Array(12..<(12 + window - 1)), "\(taken)")
    }

    @Test func aBallSlowingIntoItsApexIsFollowed() {
        // The same climb slowing steadily to a stop, as a down-the-line ball reaches its apex,
        // then hanging there: every local find is taken.
        func y(_ n: Int) -> Double { 300 - 1.5 * Double(min(n, 12)) + 0.06 * Double(min(n, 12) * min(n, 12)) }
        let taken = localFinds({ n in (300, y(n)) }, found: { n in (300 + 0.05 * Double(n % 3), min(y(n), y(12) - 0.02 * Double(n - 12))) })
        #expect(taken == Array(12..<40), "\(taken)")
    }

    @Test func aBirdPassingABallHangingAtItsApexIsNotTaken() {
        // The ball of the test above hangs at its apex; in frames 30 and 31 the local search
        // finds a bird crossing 2.9-3.5 px from it instead (stronger than the ball). A ball that
        // slow cannot jump that far: neither find is taken, and the ball is followed on after.
        func y(_ n: Int) -> Double { 300 - 1.5 * Double(min(n, 12)) + 0.06 * Double(min(n, 12) * min(n, 12)) }
        func ball(_ n: Int) -> (Double, Double) { (300 + 0.05 * Double(n % 3), min(y(n), y(12) - 0.02 * Double(n - 12))) }
        func found(_ n: Int) -> (Double, Double) {
            guard n == 30 || n == 31 else { return ball(n) }
            return (ball(n).0 + 1.5 + 1.5 * Double(n - 30), ball(n).1 - 2.5)
        }
        let taken = localFinds({ n in (300, y(n)) }, found: found)
        #expect(taken == Array(12..<40).filter { $0 != 30 && $0 != 31 }, "\(taken)")
        // Control: without the rule the bird is taken.
        var loose = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        loose.hoverJump = .infinity
        #expect(localFinds({ n in (300, y(n)) }, found: found, settings: loose).contains(30))
    }

    @Test func aHoveringBallOutshoneByABirdIsSoughtAgainNearby() {
        // As above, but the ball is still there for a search no wider than it could have moved:
        // the second, narrower look finds it, so no frame is lost.
        func y(_ n: Int) -> Double { 300 - 1.5 * Double(min(n, 12)) + 0.06 * Double(min(n, 12) * min(n, 12)) }
        func ball(_ n: Int) -> (Double, Double) { (300 + 0.05 * Double(n % 3), min(y(n), y(12) - 0.02 * Double(n - 12))) }
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        for n in 0..<12 {
            let c = BallCandidate(x: 300, y: y(n), radius: 0.6, halfLength: 0.6, area: 1, polarity: 1, peakContrast: 15,
                                  neighbourhoodActivity: 0)
            _ = tracker.update([c], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        var radii: [Int: [Double]] = [:]
        let narrowest = tracker.settings.hoverJump
        for n in 12..<40 {
            _ = tracker.update([], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60) { request in
                // (Searches of the other sign, for a ball crossing onto a background that turns
                // it, are not this rule's.)
                if request.crossingFrom.isEmpty { radii[n, default: []].append(request.radius) }
                let bird = (n == 30 || n == 31) && request.radius > narrowest
                let (x, y) = bird ? (ball(n).0 + 1.5, ball(n).1 - 2.5) : ball(n)
                return BallCandidate(x: x, y: y, radius: 0.75, halfLength: 0.75, area: 1, polarity: request.polarity,
                                     peakContrast: bird ? 20 : 8, neighbourhoodActivity: 0)
            }
        }
        let points = tracker.tracks.first { $0.confirmed }?.points ?? []
        for n in [30, 31] {
            let p = points.first { $0.frame == n }
            #expect(p.map { abs($0.x - ball(n).0) < 0.01 && abs($0.y - ball(n).1) < 0.01 } == true, "frame \(n): \(String(describing: p))")
            #expect(radii[n]?.count == 2, "frame \(n) searched \(radii[n] ?? [])")
        }
        #expect(Set(points.map(\.frame)).isSuperset(of: 12..<40))
    }

    /// A far ball 2.2 px a frame up, confirmed; x264 erases it from frame `erased`, where a faint
    /// speck sits `ahead` px beyond its place, and it is back the frame after. Returns the track
    /// that reported last, and the frames it reported in.
    func speckInPlaceOfTheBall(ahead: Double) -> (track: Track?, reported: [Int]) {
        var tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))
        let erased = 16
        func place(_ n: Int) -> (x: Double, y: Double) { (300 + 0.1 * Double(n), 300 - 2.2 * Double(n)) }
        var reported: [Int] = []
        var last: Track?
        for n in 0..<24 {
            let c = n == erased
                ? BallCandidate(x: place(n).x, y: place(n).y - ahead, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                peakContrast: 5, neighbourhoodActivity: 0)
                : BallCandidate(x: place(n).x, y: place(n).y, radius: 0.6, halfLength: 0.6, area: 1, polarity: 1,
                                peakContrast: 12, neighbourhoodActivity: 0)
            let updated = tracker.update([c], frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
            if let i = updated.first {
                reported.append(n)
                last = tracker.tracks[i]
            }
        }
        return (last, reported)
    }

    @Test func aSpeckTakenWhereTheBallWasErasedGivesWayToTheBall() throws {
        let (track, reported) = speckInPlaceOfTheBall(ahead: 3)
        // Reported every frame from its confirmation on (the speck at frame 16 too, as it was
        // then taken), with the ball's own centre at frame 17 and the speck gone.
        #expect(reported == Array(9..<24), "\(reported)")
        let points = try #require(track).points
        #expect(!points.contains { $0.frame == 16 }, "the speck should have given way")
        #expect(points.contains { $0.frame == 17 && abs($0.y - (300 - 2.2 * 17)) < 0.01 })
    }
}
