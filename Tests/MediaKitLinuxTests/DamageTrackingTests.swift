import Foundation
import Testing
@testable import MediaKitLinux

/// The compositor keeps its rendering of the overlay from frame to frame and redraws only the
/// tiles that can have changed. These tests hold it to the promise that this changes nothing:
/// every frame equals a rendering from scratch, byte for byte.
@Suite struct DamageTrackingTests {
    static let width = 640, height = 360, fps = 30

    /// A scene with every kind of change the damage tracking handles: a fading title with a
    /// shadow, a curve drawn by strokeEnd with its own shadow inside a rotated, scaled group that
    /// has a shadow too, a mitred polyline erased by strokeStart, a marker moving along the curve,
    /// and a ring whose line width pulses (a non-trim change of a shape).
    static func scene() -> Layer {
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)

        let title = TextLayer()
        title.string = "Damage tracking"
        title.font = Font(family: "sans-serif", size: 40, weight: .bold)
        title.frame = CGRect(x: 20, y: 16, width: 600, height: 50)
        title.shadowOpacity = 0.8
        title.shadowOffset = CGSize(width: 3, height: 3)
        title.shadowRadius = 3
        title.opacity = 0
        title.add(BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1, beginTime: 0.1, duration: 0.6,
                                 timingFunction: .easeInEaseOut, fillMode: .forwards), forKey: "fade")
        root.addSublayer(title)

        var flight = Path()
        flight.move(to: CGPoint(x: 40, y: 300))
        flight.addCurve(to: CGPoint(x: 560, y: 220), control1: CGPoint(x: 140, y: -40), control2: CGPoint(x: 460, y: 0))
        flight.addArc(center: CGPoint(x: 560, y: 260), radius: 40, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: false)

        let group = Layer()
        group.frame = CGRect(x: 0, y: 0, width: width, height: height)
        group.transform = CGAffineTransform(rotationAngle: 0.05).scaledBy(x: 0.9, y: 0.95)
        group.shadowOpacity = 0.5
        group.shadowOffset = CGSize(width: -4, height: 6)
        group.shadowRadius = 6
        root.addSublayer(group)

        let curve = ShapeLayer()
        curve.path = flight
        curve.fillColor = nil
        curve.strokeColor = Color(hex: "#FFD21F")
        curve.lineWidth = 9
        curve.lineCap = .round
        curve.lineJoin = .round
        curve.shadowOpacity = 0.6
        curve.shadowOffset = .zero
        curve.shadowRadius = 9
        curve.strokeEnd = 0
        curve.add(BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, beginTime: 0.3, duration: 2,
                                 timingFunction: .easeOut, fillMode: .forwards), forKey: "draw")
        group.addSublayer(curve)

        var zigzag = Path()
        zigzag.move(to: CGPoint(x: 30, y: 340))
        for i in 1...12 { zigzag.addLine(to: CGPoint(x: 30 + 48 * i, y: i % 2 == 0 ? 340 : 250)) }
        let erased = ShapeLayer()
        erased.path = zigzag
        erased.fillColor = nil
        erased.strokeColor = Color(red: 0.2, green: 0.8, blue: 1, alpha: 0.8)
        erased.lineWidth = 6
        erased.lineJoin = .miter
        erased.add(BasicAnimation(keyPath: "strokeStart", fromValue: 0, toValue: 1, beginTime: 0.5, duration: 2,
                                  fillMode: .forwards), forKey: "erase")
        root.addSublayer(erased)

        let ring = ShapeLayer()
        ring.path = Path(ellipseIn: CGRect(x: 420, y: 90, width: 70, height: 50))
        ring.fillColor = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
        ring.strokeColor = .white
        var pulse = BasicAnimation(keyPath: "lineWidth", fromValue: 1, toValue: 8, beginTime: 1, duration: 0.5)
        pulse.autoreverses = true
        ring.add(pulse, forKey: "pulse")
        root.addSublayer(ring)

        let marker = ShapeLayer()
        marker.path = Path(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20))
        marker.fillColor = .white
        marker.strokeColor = Color(hex: "#D22")
        marker.lineWidth = 3
        marker.position = CGPoint(x: 40, y: 300)
        var ride = KeyframeAnimation(keyPath: "position", calculationMode: .paced, beginTime: 0.3, duration: 2)
        ride.path = flight
        ride.timingFunction = .easeOut
        ride.fillMode = .forwards
        marker.add(ride, forKey: "ride")
        root.addSublayer(marker)
        return root
    }

    static func time(_ k: Int) -> MediaTime { MediaTime(value: Int64(k), timescale: Int32(fps)) }

    @Test func everyFrameEqualsARenderingFromScratch() throws {
        let layer = Self.scene()
        let tracked = FrameCompositor(width: Self.width, height: Self.height)
        var rendered = 0, frames = 0
        for k in 0..<90 {
            let source = try TestMedia.smoothFrame(k, width: Self.width, height: Self.height, time: Self.time(k))
            // `incremental` shares its pixels with `source`: it is blended into a copy in one pass;
            // `fromScratch` gets its own pixels first and is blended in place.
            var incremental = source, fromScratch = source
            fromScratch.makeUnique()
            let fresh = FrameCompositor(width: Self.width, height: Self.height)
            let drewIncremental = try tracked.composite(&incremental, layer: layer, drawHandler: nil)
            let drewFresh = try fresh.composite(&fromScratch, layer: layer, drawHandler: nil)
            #expect(drewIncremental == drewFresh, "frame \(k)")
            #expect(incremental.hasSamePixels(as: fromScratch), "frame \(k): the blended picture differs from a fresh render")
            let a = try #require(tracked.tiles), b = try #require(fresh.tiles)
            let same = memcmp(a.pixels, b.pixels, a.bytesPerRow * a.height) == 0
            #expect(same, "frame \(k): the kept overlay differs from a fresh render")
            if k > 0 { rendered += a.lastRenderedTileCount; frames += 1 }
            if k >= 77 { #expect(a.lastRenderedTileCount == 0, "frame \(k): nothing moves after 2.5 s") }
        }
        // The point of it: the animations touch a small part of the 10x6 tiles per frame.
        let average = Double(rendered) / Double(frames)
        #expect(average < 0.35 * 60, "re-rendered \(average) of 60 tiles per frame on average")
    }

    /// The tiles draw what one canvas over the whole picture draws, up to Cairo's antialiasing:
    /// its rasteriser computes a row's coverage exactly when no edge starts or ends in the row
    /// and otherwise on 15 sub-rows, and which one a row gets depends on every edge in it, so
    /// the same stroke edge can differ by up to 255 / 15 = 17 levels (the whole-picture
    /// rendering varies like that from frame to frame too).
    @Test func tilesMatchAWholeCanvasRendering() throws {
        let layer = Self.scene()
        for k in [12, 30, 45, 70] {
            let presentation = layer.presentation(at: Self.time(k))
            let tiles = OverlayTiles(width: Self.width, height: Self.height)
            tiles.update(to: presentation)
            let canvas = try Canvas(width: Self.width, height: Self.height)
            presentation.render(in: canvas, at: Self.time(k))
            let image = try canvas.makeImage()
            var worst = 0, differing = 0, inked = 0
            for y in 0..<Self.height {
                for x in 0..<(4 * Self.width) {
                    let d = abs(Int(image.pixels[y * image.bytesPerRow + x]) - Int(tiles.pixels[y * tiles.bytesPerRow + x]))
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                    if x % 4 == 3 && image.pixels[y * image.bytesPerRow + x] > 0 { inked += 1 }
                }
            }
            #expect(inked > 10_000, "frame \(k) should have ink")
            #expect(worst <= 17, "frame \(k): a channel differs by \(worst)")
            #expect(differing < 4 * Self.width * Self.height / 100, "frame \(k): \(differing) channel values differ")
        }
    }
}
