import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct MediaTimeTests {
    @Test func equalityIsRational() {
        #expect(MediaTime(value: 1, timescale: 2) == MediaTime(value: 2, timescale: 4))
        #expect(Set([MediaTime(value: 1, timescale: 2), MediaTime(value: 3, timescale: 6)]).count == 1)
        #expect(MediaTime(value: 1, timescale: 3) != MediaTime(value: 333, timescale: 1000))
    }

    @Test func secondsRoundHalfAwayFromZero() {
        #expect(MediaTime(seconds: 0.0025, preferredTimescale: 1000).value == 3)
        #expect(MediaTime(seconds: -0.0025, preferredTimescale: 1000).value == -3)
        #expect(MediaTime(seconds: 1.5 / 30, preferredTimescale: 30).value == 2)
        #expect(MediaTime(seconds: .nan, preferredTimescale: 600) == .invalid)
        #expect(MediaTime(seconds: .infinity, preferredTimescale: 600) == .positiveInfinity)
    }

    @Test func convertScaleMatchesAvRescaleRounding() {
        // av_rescale_q(5, 1/10, 1/4) = 2 (2.0 exactly); 1/3 s in 1/2 units = 0.666 -> 1; 1/4 s -> 0.5 -> 1.
        #expect(MediaTime(value: 5, timescale: 10).convertScale(4).value == 2)
        #expect(MediaTime(value: 1, timescale: 3).convertScale(2).value == 1)
        #expect(MediaTime(value: 1, timescale: 4).convertScale(2).value == 1)
        #expect(MediaTime(value: -1, timescale: 4).convertScale(2).value == -1)
        #expect(MediaTime(value: 1001, timescale: 30000).convertScale(90000).value == 3003)
    }

    @Test func additionUsesLeastCommonMultiple() {
        let sum = MediaTime(value: 1, timescale: 6) + MediaTime(value: 1, timescale: 4)
        #expect(sum.timescale == 12 && sum.value == 5)
        let same = MediaTime(value: 1, timescale: 25) + MediaTime(value: 2, timescale: 25)
        #expect(same.timescale == 25 && same.value == 3)
        let difference = MediaTime(value: 1, timescale: 3) - MediaTime(value: 1, timescale: 2)
        #expect(difference == MediaTime(value: -1, timescale: 6))
    }

    @Test func lcmBeyondTheMaximumIsClampedAndRounded() {
        let a = MediaTime(value: 1, timescale: 2_000_000_011)
        let b = MediaTime(value: 1, timescale: 2_000_000_033)
        let sum = a + b
        #expect(sum.timescale == MediaTime.maxTimescale)
        let exact = 1.0 / 2_000_000_011 + 1.0 / 2_000_000_033
        #expect(abs(sum.seconds - exact) <= 1.0 / Double(MediaTime.maxTimescale))
    }

    @Test func specialTimes() {
        let one = MediaTime(value: 1, timescale: 1)
        #expect(MediaTime.positiveInfinity + one == .positiveInfinity)
        #expect(MediaTime.negativeInfinity - one == .negativeInfinity)
        #expect(!(MediaTime.positiveInfinity + .negativeInfinity).isValid)
        #expect(!(MediaTime.invalid + one).isValid)
        #expect((MediaTime.indefinite + one).isIndefinite)
        #expect(MediaTime.negativeInfinity < one && one < .positiveInfinity)
        #expect(MediaTime.positiveInfinity < .indefinite && MediaTime.indefinite < .invalid)
        #expect(MediaTime(value: 1, timescale: 0) == .invalid)
        #expect(MediaTime(value: .max, timescale: 1) + one == .positiveInfinity)
    }

    @Test func multiplication() {
        #expect(MediaTime(value: 1001, timescale: 30000) * 30 == MediaTime(value: 30030, timescale: 30000))
        #expect(MediaTime(value: 10, timescale: 30).multiplied(byRatio: 1, 4).value == 3)
        #expect(MediaTime(value: -10, timescale: 30).multiplied(byRatio: 1, 4).value == -3)
    }

    @Test func codableRoundTrip() throws {
        let times: [MediaTime] = [MediaTime(value: 1001, timescale: 30000), .zero, .invalid, .positiveInfinity, .indefinite]
        let data = try JSONEncoder().encode(times)
        let back = try JSONDecoder().decode([MediaTime].self, from: data)
        #expect(back.map(\.kind) == times.map(\.kind))
        #expect(back[0].value == 1001 && back[0].timescale == 30000)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MediaTime.self, from: Data(#"{"value":1,"timescale":0}"#.utf8))
        }
    }

    @Test func rangeIsHalfOpen() {
        let range = MediaTimeRange(start: MediaTime(value: 1, timescale: 1), duration: MediaTime(value: 2, timescale: 1))
        #expect(range.contains(MediaTime(value: 1, timescale: 1)))
        #expect(range.contains(MediaTime(value: 2999, timescale: 1000)))
        #expect(!range.contains(MediaTime(value: 3, timescale: 1)))
        #expect(range.end == MediaTime(value: 3, timescale: 1))
        let other = MediaTimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 5, timescale: 1))
        #expect(range.intersection(other) == MediaTimeRange(start: MediaTime(value: 2, timescale: 1), end: MediaTime(value: 3, timescale: 1)))
        #expect(range.union(other).end == MediaTime(value: 5, timescale: 1))
        #expect(MediaTimeRange.from(.zero).contains(MediaTime(value: 1_000_000, timescale: 1)))
    }
}
