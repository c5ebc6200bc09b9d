import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct PNGTests {
    @Test func frameWrittenAsPNGReadsBackWithTheSamePixels() throws {
        let dir = TestMedia.temporaryDirectory()
        defer { TestMedia.cleanup(dir) }
        var frame = try TestMedia.indexedFrame(3, format: .bgra, time: .zero)
        let (width, height) = (frame.width, frame.height)
        frame.withUnsafeMutablePlane(0) { bytes, stride in
            for y in 0..<height { for x in 0..<width { bytes[y * stride + x * 4 + 3] = 255 } }
        }
        let path = dir + "/poster.png"
        try frame.writePNG(to: path)
        let image = try BitmapImage(contentsOfPNG: path)
        #expect(image.width == 320 && image.height == 180)
        for (x, y) in [(0, 0), (17, 33), (319, 179), (200, 100)] {
            let p = image.pixel(x: x, y: y)
            #expect([p.b, p.g, p.r, p.a] == frame.pixel(x: x, y: y))
        }
        // Compressed: a smooth picture takes far less than its raw 230 kB.
        let smooth = try TestMedia.smoothFrame(0, time: .zero)
        try smooth.writePNG(to: path)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(size < 100_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["poster.png"])
    }
}
