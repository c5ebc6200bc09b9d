import Testing
@testable import TracerOverlay

/// How much other motion a candidate has around it is counted beyond what the frame flags
/// almost everywhere (compression flicker), and never carried over from an earlier frame.
@Suite struct ActivityBaselineTests {
    /// One flagged pixel per 4x4 block over the whole 320x180 frame (x264's flicker at crf 23),
    /// plus a lone 2x2 blob at (100, 100).
    static func flickerAndBlob() -> [FlaggedPixel] {
        var flags: [FlaggedPixel] = []
        for y in 0..<180 {
            for x in 0..<320 {
                let blob = (100...101).contains(x) && (100...101).contains(y)
                if blob || (x % 4 == 2 && y % 4 == 2 && !(96...104).contains(x)) {
                    flags.append(FlaggedPixel(x: Int32(x), y: Int32(y), polarity: 1, contrast: 20))
                }
            }
        }
        return flags
    }

    @Test func flickerEverywhereIsNotCrowding() throws {
        let extractor = BlobExtractor(width: 320, height: 180)
        let candidates = extractor.extract(Self.flickerAndBlob(), maxArea: 50)
        // Each 16 px tile holds 16 flicker pixels, a 3x3 neighbourhood of tiles 144.
        #expect(extractor.activityBaseline == 144)
        let blob = try #require(candidates.first { abs($0.x - 101) < 0.5 && abs($0.y - 101) < 0.5 })
        // Around the blob only the flicker (fewer pixels there: the blob's column is clear).
        #expect(blob.neighbourhoodActivity == 0)
        #expect(extractor.activity(x: 101, y: 101) > 100)
    }

    @Test func aFrameWithoutChangeHasNoActivity() {
        let extractor = BlobExtractor(width: 320, height: 180)
        _ = extractor.extract(Self.flickerAndBlob(), maxArea: 50)
        #expect(extractor.extract([], maxArea: 50).isEmpty)
        #expect(extractor.activityBaseline == 0)
        #expect(extractor.activity(x: 101, y: 101) == 0)
    }
}
