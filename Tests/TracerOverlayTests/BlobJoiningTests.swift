import Testing
@testable import TracerOverlay

/// Which flagged pixels form one blob: those of one sign within two pixels of each other
/// (a one-pixel gap is bridged), and no others, however the rows they lie in share the
/// extractor's three rows of labels.
@Suite struct BlobJoiningTests {
    static func flag(_ x: Int, _ y: Int, _ polarity: Int8 = 1) -> FlaggedPixel {
        FlaggedPixel(x: Int32(x), y: Int32(y), polarity: polarity, contrast: 20)
    }

    /// The blobs' pixel counts, smallest first.
    static func areas(_ flags: [FlaggedPixel]) -> [Int] {
        BlobExtractor(width: 64, height: 32).extract(flags, maxArea: 100).map(\.area).sorted()
    }

    @Test func pixelsTwoApartJoinAndThreeApartDoNot() {
        // Two rows apart, and two columns apart in one row: joined.
        #expect(Self.areas([Self.flag(10, 5), Self.flag(10, 7)]) == [2])
        #expect(Self.areas([Self.flag(10, 5), Self.flag(12, 5)]) == [2])
        #expect(Self.areas([Self.flag(10, 5), Self.flag(12, 7)]) == [2])
        // Three rows or three columns apart: two blobs.
        #expect(Self.areas([Self.flag(10, 5), Self.flag(10, 8)]) == [1, 1])
        #expect(Self.areas([Self.flag(10, 5), Self.flag(13, 5)]) == [1, 1])
    }

    @Test func aPixelThreeRowsUpIsNoNeighbour() {
        // Rows 0 and 3 (and 1 and 4, 2 and 5) share a row of labels: a pixel there beside
        // where the later one looks, left or above, must not join it.
        #expect(Self.areas([Self.flag(9, 0), Self.flag(10, 3)]) == [1, 1])
        #expect(Self.areas([Self.flag(11, 1), Self.flag(10, 4)]) == [1, 1])
        // Above: row 4 looks at row 3, whose labels' row last held row 0's.
        #expect(Self.areas([Self.flag(10, 0), Self.flag(10, 4)]) == [1, 1])
        #expect(Self.areas([Self.flag(8, 2), Self.flag(9, 2), Self.flag(10, 6), Self.flag(10, 8)]) == [2, 2])
        // A column of pixels one row apart is one blob however long.
        #expect(Self.areas((0..<20).map { Self.flag(30, $0) }) == [20])
    }

    @Test func signsStayApart() {
        #expect(Self.areas([Self.flag(10, 5, 1), Self.flag(11, 5, -1)]) == [1, 1])
        #expect(Self.areas([Self.flag(10, 5, 1), Self.flag(11, 5, -1), Self.flag(12, 5, 1)]) == [1, 2])
    }
}
