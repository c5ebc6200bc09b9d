import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A rejected hypothesis (a bird, a walker) may be followed for hundreds of frames: its branches
/// keep only its latest points, and its length still counts every point it gathered.
@Suite struct RejectedHistoryTests {
    static func track(length: Int, rejected: Bool) -> Track {
        var track = Track.confirmed(onVerticalLineAt: 100, heights: (0..<length).map { 400 - 2 * Double($0) }, frameRate: 60)
        track.confirmed = false
        track.rejected = rejected
        return track
    }

    let tracker = BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000))

    @Test func aRejectedHypothesisBranchesWithItsLatestPointsOnly() throws {
        let keep = tracker.settings.rejectedHistory
        #expect(keep >= 2 * tracker.settings.trajectoryLength)
        let copy = tracker.branchingCopy(of: Self.track(length: 150, rejected: true))
        #expect(copy.points.count == keep)
        #expect(copy.pointCount == 150)
        #expect(copy.points.first?.frame == 150 - keep && copy.points.last?.frame == 149)
        // A copy of a copy counts what both dropped.
        var longer = copy
        for frame in 150..<160 {
            longer.points.append(Self.track(length: frame + 1, rejected: true).points[frame])
        }
        let again = tracker.branchingCopy(of: longer)
        #expect(again.points.count == keep && again.pointCount == 160 && again.points.last?.frame == 159)
    }

    @Test func otherHypothesesBranchWhole() {
        let young = Self.track(length: 150, rejected: false)
        #expect(tracker.branchingCopy(of: young).points.count == 150)
        let shortRejected = Self.track(length: 20, rejected: true)
        #expect(tracker.branchingCopy(of: shortRejected).points.count == 20)
        #expect(tracker.branchingCopy(of: shortRejected).pointCount == 20)
    }

    /// A slow object with a speck beside it in every frame: its hypotheses branch every frame,
    /// are rejected once followed too long unconfirmed, and keep short histories from then on
    /// while their length grows with every frame.
    @Test func theTrackerKeepsRejectedHistoriesShort() {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)
        // A third of the long side of an 800 px analysis frame a second, as the detector sets it:
        // the object's 120 px a second is a walker's pace, not a ball's.
        settings.minimumConfirmSpeed = 264
        var tracker = BallTracker(settings: settings)
        let frames = 150
        for n in 0..<frames {
            let x = 100 + 2 * Double(n), y = 300.0
            let candidates = [
                BallCandidate(x: x, y: y, radius: 1, halfLength: 1, area: 3, polarity: 1, peakContrast: 30, neighbourhoodActivity: 0),
                BallCandidate(x: x + 1.5, y: y + 1.5, radius: 1, halfLength: 1, area: 3, polarity: 1, peakContrast: 28,
                              neighbourhoodActivity: 0),
            ]
            _ = tracker.update(candidates, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 60), t: Double(n) / 60)
        }
        #expect(!tracker.tracks.contains { $0.confirmed })
        let rejected = tracker.tracks.filter(\.rejected)
        #expect(!rejected.isEmpty)
        let trimmed = rejected.filter { $0.trimmedPoints > 0 }
        #expect(!trimmed.isEmpty)
        // Each keeps a window's worth of its history at least, and its latest point.
        #expect(trimmed.allSatisfy { $0.points.count >= tracker.settings.rejectedHistory && $0.points.last?.frame == frames - 1 })
        let held = rejected.reduce(0) { $0 + $1.points.count }, gathered = rejected.reduce(0) { $0 + $1.pointCount }
        #expect(2 * held < gathered, "\(rejected.count) rejected hypotheses hold \(held) of the \(gathered) points they gathered")
        #expect(rejected.map(\.pointCount).max() == frames)
    }
}
