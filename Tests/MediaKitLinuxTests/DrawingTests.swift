import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct DrawingTests {
    @Test func colorsParseHexAndNames() throws {
        let c = try #require(Color(hex: "#FF8000"))
        #expect(c.red == 1 && abs(c.green - 128 / 255.0) < 1e-12 && c.blue == 0 && c.alpha == 1)
        let short = try #require(Color(hex: "f008"))
        #expect(short.red == 1 && short.green == 0 && abs(short.alpha - 8 / 15.0) < 1e-12)
        #expect(Color(named: "orange")?.hexString == "#FFA500FF")
        #expect(Color(hex: "#12345") == nil && Color(hex: "zzzzzz") == nil)
    }

    @Test func pathLengthOfLinesCirclesAndCurves() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: 30, y: 40)); p.addLine(to: CGPoint(x: 30, y: 0))
        #expect(abs(p.length - 90) < 1e-9)
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(abs(circle.length - 2 * .pi * 100) < 0.1)
        var arc = Path()
        arc.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(abs(arc.length - .pi * 40) < 0.05)
        // Quadratic (0,0)-(50,100)-(100,0): closed-form arc length.
        var q = Path()
        q.move(to: .zero); q.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        // Parabola y = 2x - x^2/50 over 0...100, length = 2 * integral_0^50 sqrt(1 + (2 - x/25)^2) dx.
        var exact = 0.0
        let n = 200_000
        for i in 0..<n { let x = (Double(i) + 0.5) / Double(n) * 50; exact += (1 + (2 - x / 25) * (2 - x / 25)).squareRoot() * 50 / Double(n) }
        #expect(abs(q.length - 2 * exact) < 0.05)
    }

    @Test func boundingBoxIsTight() {
        var arc = Path()
        arc.addArc(center: CGPoint(x: 100, y: 100), radius: 50, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
        let box = arc.boundingBox
        #expect(abs(box.minX - 50) < 1e-6 && abs(box.maxX - 150) < 1e-6)
        #expect(abs(box.minY - 50) < 0.05 && abs(box.maxY - 100) < 1e-6)
        #expect(Path().boundingBox.isNull)
    }

    @Test func trimmingKeepsTheRightFractionOfLength() throws {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let total = circle.length
        let part = circle.trimmed(from: 0.25, to: 0.75)
        #expect(abs(part.length - total / 2) < 0.05)
        // The circle starts at (100, 50) and runs clockwise on screen: a quarter on is (50, 100).
        let start = try #require(part.point(atFractionOfLength: 0)).point
        #expect(abs(start.x - 50) < 0.05 && abs(start.y - 100) < 0.05)
        #expect(circle.trimmed(from: 0, to: 1) == circle)
        #expect(circle.trimmed(from: 0.6, to: 0.6).isEmpty)
        var line = Path()
        line.move(to: CGPoint(x: 10, y: 10)); line.addLine(to: CGPoint(x: 110, y: 10))
        let end = try #require(line.trimmed(from: 0, to: 0.3).currentPoint)
        #expect(abs(end.x - 40) < 1e-9)
    }

    @Test func canvasFillsStrokesAndIsPremultiplied() throws {
        let canvas = try Canvas(width: 40, height: 20)
        canvas.fill(Path(rect: CGRect(x: 0, y: 0, width: 20, height: 20)), with: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        var line = Path()
        line.move(to: CGPoint(x: 20, y: 10)); line.addLine(to: CGPoint(x: 40, y: 10))
        canvas.stroke(line, with: .blue, style: StrokeStyle(lineWidth: 4))
        let image = try canvas.makeImage()
        let red = image.pixel(x: 5, y: 5)
        #expect(red.r == 128 && red.g == 0 && red.b == 0 && red.a == 128)
        let blue = image.pixel(x: 30, y: 10)
        #expect(blue.b == 255 && blue.a == 255 && blue.r == 0)
        #expect(image.pixel(x: 30, y: 2).a == 0)
    }

    @Test func gradientsRunBetweenTheirStops() throws {
        let canvas = try Canvas(width: 101, height: 4)
        canvas.fill(Path(rect: CGRect(x: 0, y: 0, width: 101, height: 4)), linearGradient: Gradient(colors: [.black, .white]),
                    start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 100.5, y: 0))
        let image = try canvas.makeImage()
        #expect(image.pixel(x: 0, y: 1).r < 3 && image.pixel(x: 100, y: 1).r > 252)
        #expect(abs(Int(image.pixel(x: 50, y: 1).r) - 128) <= 2)
        let radial = try Canvas(width: 41, height: 41)
        radial.fill(Path(rect: CGRect(x: 0, y: 0, width: 41, height: 41)), radialGradient: Gradient(colors: [.white, .black]),
                    startCenter: CGPoint(x: 20.5, y: 20.5), startRadius: 0, endCenter: CGPoint(x: 20.5, y: 20.5), endRadius: 20)
        let r = try radial.makeImage()
        #expect(r.pixel(x: 20, y: 20).r > 250 && r.pixel(x: 0, y: 20).r < 5)
    }

    @Test func shadowIsBlurredAndOffset() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.drawWithShadow(Shadow(color: .black, offset: CGSize(width: 10, height: 10), blur: 8)) { c in
            c.fill(Path(rect: CGRect(x: 30, y: 30, width: 30, height: 30)), with: .white)
        }
        let image = try canvas.makeImage()
        // Content on top, opaque white.
        #expect(image.pixel(x: 45, y: 45) == (255, 255, 255, 255))
        // Shadow core under the offset square is dark and nearly opaque.
        let core = image.pixel(x: 62, y: 55)
        #expect(core.a > 200 && core.r < 10)
        // The edge falls off gradually (blurred, not hard): at the shadow's edge about half.
        let edge = image.pixel(x: 70, y: 55).a
        #expect(edge > 60 && edge < 200)
        #expect(image.pixel(x: 90, y: 90).a < 10)
    }

    @Test func textIsDrawn() throws {
        let canvas = try Canvas(width: 120, height: 40)
        let font = Font(family: "sans-serif", size: 24, weight: .bold)
        canvas.draw("Hello", at: CGPoint(x: 4, y: 30), font: font, color: .white)
        let size = canvas.size(of: "Hello", font: font)
        #expect(size.width > 40 && size.width < 110)
        let image = try canvas.makeImage()
        var inked = 0
        for y in 0..<40 { for x in 0..<120 where image.pixel(x: x, y: y).a > 128 { inked += 1 } }
        #expect(inked > 100)
    }

    @Test func pngRoundTrip() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        let canvas = try Canvas(width: 16, height: 8)
        canvas.fill(Path(rect: CGRect(x: 0, y: 0, width: 8, height: 8)), with: Color(red: 0, green: 1, blue: 0, alpha: 1))
        let image = try canvas.makeImage()
        try image.writePNG(to: dir + "/a.png")
        let loaded = try BitmapImage(contentsOfPNG: dir + "/a.png")
        #expect(loaded == image)
        #expect(throws: MediaError.self) { try BitmapImage(contentsOfPNG: dir + "/missing.png") }
        _ = FileManager.default.createFile(atPath: dir + "/bad.png", contents: Data("not a png".utf8))
        #expect(throws: MediaError.self) { try BitmapImage(contentsOfPNG: dir + "/bad.png") }
    }

    @Test func canvasDrawsIntoBGRAFrames() throws {
        var frame = try VideoFrame(width: 64, height: 32, pixelFormat: .bgra)
        try frame.withCanvas { $0.fill(Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10)), with: .red) }
        #expect(frame.pixel(x: 5, y: 5) == [0, 0, 255, 255])
        #expect(frame.pixel(x: 20, y: 5) == [0, 0, 0, 0])
        var yuv = try VideoFrame(width: 64, height: 32, pixelFormat: .yuv420p)
        #expect(throws: MediaError.self) { try yuv.withCanvas { _ in } }
    }
}
