import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct LayerTests {
    func render(_ layer: Layer, at seconds: Double = 0, width: Int = 100, height: Int = 100) throws -> BitmapImage {
        let canvas = try Canvas(width: width, height: height)
        layer.render(in: canvas, at: MediaTime(seconds: seconds, preferredTimescale: 1000))
        return try canvas.makeImage()
    }

    @Test func frameAnchorAndTransformPlaceContent() throws {
        let root = Layer()
        let box = Layer()
        box.frame = CGRect(x: 10, y: 20, width: 30, height: 10)
        #expect(box.position == CGPoint(x: 25, y: 25) && box.bounds.size == CGSize(width: 30, height: 10))
        box.backgroundColor = .white
        root.addSublayer(box)
        var image = try render(root)
        #expect(image.pixel(x: 11, y: 21).a == 255 && image.pixel(x: 38, y: 28).a == 255)
        #expect(image.pixel(x: 9, y: 21).a == 0 && image.pixel(x: 41, y: 25).a == 0)
        // A quarter turn about the centre (25, 25): the box becomes 10 wide and 30 tall.
        box.transform = CGAffineTransform(rotationAngle: .pi / 2)
        image = try render(root)
        #expect(image.pixel(x: 25, y: 12).a == 255 && image.pixel(x: 25, y: 38).a == 255)
        #expect(image.pixel(x: 12, y: 25).a == 0)
    }

    @Test func opacityHiddenAndOrder() throws {
        let root = Layer()
        let below = Layer(), above = Layer()
        below.frame = CGRect(x: 0, y: 0, width: 50, height: 50); below.backgroundColor = .red
        above.frame = CGRect(x: 25, y: 25, width: 50, height: 50); above.backgroundColor = .blue
        root.addSublayer(below); root.addSublayer(above)
        var image = try render(root)
        #expect(image.pixel(x: 30, y: 30) == (255, 0, 0, 255))
        root.opacity = 0.5
        image = try render(root)
        // The group composites once: the overlap is blue at half alpha, no red showing through.
        let overlap = image.pixel(x: 30, y: 30)
        #expect(overlap.b == 128 && overlap.r == 0 && overlap.a == 128)
        above.isHidden = true
        image = try render(root)
        #expect(image.pixel(x: 30, y: 30).r == 128)
        #expect(below.superlayer === root)
        below.removeFromSuperlayer()
        #expect(root.sublayers.count == 1)
    }

    @Test func shapeLayerStrokesItsTrimmedPath() throws {
        let shape = ShapeLayer()
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 50)); path.addLine(to: CGPoint(x: 100, y: 50))
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = .white
        shape.lineWidth = 4
        shape.strokeStart = 0.2
        shape.strokeEnd = 0.6
        let image = try render(shape)
        #expect(image.pixel(x: 18, y: 50).a == 0 && image.pixel(x: 22, y: 50).a == 255)
        #expect(image.pixel(x: 58, y: 50).a == 255 && image.pixel(x: 62, y: 50).a == 0)
    }

    @Test func shadowedShapeAndTextAndImageLayers() throws {
        let root = Layer()
        let shape = ShapeLayer()
        shape.path = Path(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
        shape.fillColor = .white
        shape.shadowOpacity = 1
        shape.shadowOffset = CGSize(width: 6, height: 6)
        shape.shadowRadius = 2
        root.addSublayer(shape)
        let text = TextLayer()
        text.string = "Hi"
        text.frame = CGRect(x: 50, y: 0, width: 50, height: 40)
        text.font = Font(size: 30, weight: .bold)
        root.addSublayer(text)
        var picture = try BitmapImage(width: 2, height: 2)
        let canvas = try Canvas(width: 2, height: 2)
        canvas.fillAll(with: .green)
        picture = try canvas.makeImage()
        let imageLayer = ImageLayer(image: picture)
        imageLayer.frame = CGRect(x: 60, y: 60, width: 20, height: 20)
        root.addSublayer(imageLayer)
        let image = try render(root)
        #expect(image.pixel(x: 20, y: 20) == (255, 255, 255, 255))
        let shadow = image.pixel(x: 33, y: 33)
        #expect(shadow.a > 100 && shadow.r < 20)
        var textInk = 0
        for y in 0..<40 { for x in 50..<100 where image.pixel(x: x, y: y).a > 128 { textInk += 1 } }
        #expect(textInk > 50)
        #expect(image.pixel(x: 70, y: 70) == (0, 255, 0, 255))
    }

    @Test func presentationCopiesTheTreeWithAnimatedValues() {
        let root = Layer()
        let child = ShapeLayer()
        child.strokeEnd = 0
        child.add(BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, beginTime: 1, duration: 1), forKey: "draw")
        root.addSublayer(child)
        let p = root.presentation(at: MediaTime(seconds: 1.5, preferredTimescale: 2))
        #expect((p.sublayers[0] as! ShapeLayer).strokeEnd == 0.5)
        #expect(p.sublayers[0].animationKeys.isEmpty && child.strokeEnd == 0)
    }
}
