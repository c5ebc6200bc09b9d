import Testing
@testable import TracerOverlay

/// A hovering flight's search takes the change that stands out most as a dot
/// (``DetectionPipeline/compactness(_:x:y:boxWidth:boxHeight:)``), not the strongest: cloud
/// drifting behind a ball at its apex changes the picture in patches and along edges as
/// strongly as the ball.
@Suite struct HoverCompactFindTests {
    /// A 9x9 box of changes (levels beyond the references' band; negative within it).
    static func box(_ set: [(x: Int, y: Int, excess: Int)], fill: Int = -6) -> [Int] {
        var excess = [Int](repeating: fill, count: 81)
        for p in set { excess[p.y * 9 + p.x] = p.excess }
        return excess
    }

    static func score(_ excess: [Int], _ x: Int, _ y: Int) -> Int {
        DetectionPipeline.compactness(excess, x: x, y: y, boxWidth: 9, boxHeight: 9)
    }

    /// A lone 6-level dot outscores the 7-level middle of a patch of change 5 px wide, as at
    /// frame 63 of 960x540 30 fps dtl-everything-1, and a pixel of a 7-level edge crossing
    /// the box.
    @Test func aDotOutscoresAStrongerPatchAndEdge() {
        let dot = Self.score(Self.box([(4, 4, 6)]), 4, 4)
        var patch: [(x: Int, y: Int, excess: Int)] = []
        for y in 2...6 { for x in 2...6 { patch.append((x, y, 7)) } }
        let inPatch = Self.score(Self.box(patch), 4, 4)
        let edge = Self.score(Self.box((0..<9).map { (x: $0, y: 4, excess: 7) }), 4, 4)
        #expect(dot == 16 * 6)
        #expect(inPatch == 16 * 7 - 16 * 7)
        #expect(edge == 16 * 7 - 2 * 7)
        #expect(dot > inPatch)
        // An edge through a pixel touches its ring twice: it loses to a dot only where the dot
        // is within an eighth of its strength.
        #expect(edge > Self.score(Self.box([(4, 4, 5)]), 4, 4))
        #expect(edge < Self.score(Self.box([(4, 4, 7)]), 4, 4))
    }

    /// Pixels within the references' band count nothing, however deep (texture around a ball
    /// must not make it more of a dot), and so do ring pixels off the box.
    @Test func onlyChangeBeyondTheBandOnTheBoxCounts() {
        #expect(Self.score(Self.box([(4, 4, 6)], fill: -40), 4, 4) == Self.score(Self.box([(4, 4, 6)], fill: 0), 4, 4))
        // At the box's corner five of the ring's sixteen pixels lie on the box.
        #expect(Self.score(Self.box([], fill: 3), 0, 0) == 16 * 3 - 5 * 3)
    }
}
