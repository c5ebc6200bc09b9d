import Testing
@testable import MediaKitLinux

@Suite struct MediaTimeTests {
    @Test func equalityIsRational() {
        #expect(MediaTime(value: 1, timescale: 2) == MediaTime(value: 2, timescale: 4))
        #expect(Set([MediaTime(value: 1, timescale: 2), MediaTime(value: 3, timescale: 6)]).count == 1)
    }
}
