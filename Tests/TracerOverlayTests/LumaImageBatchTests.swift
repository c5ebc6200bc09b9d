import Testing
@testable import TracerOverlay

/// Images made as one batch share a block of memory: each must still start black, hold its own
/// pixels, and stay usable for as long as it is kept, whatever becomes of the others.
@Suite struct LumaImageBatchTests {
    @Test(arguments: [(800, 450, 96), (64, 32, 5), (1920, 1080, 3)])
    func batchedImagesStartBlackAndKeepTheirOwnPixels(width: Int, height: Int, count: Int) {
        let images = LumaImage.batch(count: count, width: width, height: height)
        #expect(images.count == count)
        // One block, not an allocation each (the point of a batch: the system backs one mapping
        // with huge pages): every image starts where the one before it ends.
        for (earlier, later) in zip(images, images.dropFirst()) {
            #expect(UnsafeRawPointer(later.row(0)) - UnsafeRawPointer(earlier.row(0)) == earlier.stride * height)
        }
        for image in images {
            #expect(image.width == width && image.height == height)
            for y in [0, height / 2, height - 1] {
                #expect((-LumaImage.margin..<(image.stride - LumaImage.margin)).allSatisfy { image.pixels(y)[$0] == 0 })
            }
        }
        // Every image's every row written with its own value, then read back: no two overlap.
        for (k, image) in images.enumerated() {
            for y in 0..<height { image.row(y).update(repeating: UInt8(k % 251 + 1), count: width) }
            image.replicateEdges()
        }
        for (k, image) in images.enumerated() {
            let value = UInt8(k % 251 + 1)
            for y in [0, height - 1] {
                #expect((-LumaImage.margin..<(image.stride - LumaImage.margin)).allSatisfy { image.pixels(y)[$0] == value })
            }
        }
    }

    @Test func anImageKeptOutlivesTheRestOfItsBatch() {
        var images = LumaImage.batch(count: 8, width: 320, height: 180)
        let kept = images[5]
        images.removeAll()
        for y in 0..<kept.height { kept.row(y).update(repeating: 200, count: kept.width) }
        #expect(kept.pixels(179)[319] == 200)
        #expect(kept.pixels(0)[0] == 200)
    }
}
