import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A confirmed flight that slowed into a hover coasts longer than one in flight; one that
/// stopped dead on a still speck does not.
@Suite struct HoverSettlingTests {
    /// A confirmed track at 60 fps whose points lie on a vertical line at x = 300, at these
    /// heights, one a frame.
    static func track(_ ys: [Double]) -> Track {
        Track.confirmed(onVerticalLineAt: 300, heights: ys, frameRate: 60)
    }

    /// A fresh tracker per use: a tracker keeps memos of its answers and is not to be shared across tests running at once.
    static var tracker: BallTracker { BallTracker(settings: TrackerSettings(trajectoryLength: 10, maxSpeed: 5000)) }

    /// A far ball receding down the line: 1 px a frame, then half a pixel.
    @Test func aBallSlowingTowardsItsApexSettles() {
        let ys = (0..<5).map { 120 - Double($0) } + (0..<5).map { 115 - 0.5 * Double($0) }
        #expect(Self.tracker.settlesIntoHover(Self.track(ys)))
    }

    /// 2 px a frame, then still: the flight took a speck beside the ball (640x360 120 fps
    /// dtl-everything-2 held one for five frames).
    @Test func aFlightStoppingDeadDoesNotSettle() {
        let ys = (0..<5).map { 120 - 2 * Double($0) } + Array(repeating: 108.5, count: 5)
        let track = Self.track(ys)
        #expect(Self.tracker.isHovering(track))
        #expect(!Self.tracker.settlesIntoHover(track))
    }

    /// Still moving as fast as before: no hover at all.
    @Test func aFlightStillMovingDoesNotSettle() {
        let ys = (0..<10).map { 120 - 2 * Double($0) }
        #expect(!Self.tracker.settlesIntoHover(Self.track(ys)))
    }
}
