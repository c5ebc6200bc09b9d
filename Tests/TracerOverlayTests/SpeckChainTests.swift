import Testing
import MediaKitLinux
@testable import TracerOverlay

/// A smooth, fast arc of specks barely past the noise threshold, in frames that sensor noise
/// fills with such specks, is chance and is not reported; the same arc standing out further, or
/// in quiet frames, is a flight.
@Suite struct SpeckChainTests {
    /// The arc's centre in frame `n` (30 fps, 480x270): 25 px a frame across, rising and falling.
    static func place(_ n: Int) -> SIMD2<Double> {
        let k = Double(n)
        return SIMD2(100 + 25 * k, 100 - 8 * k + 0.5 * k * k)
    }

    /// Feeds 14 frames: the arc's speck of `contrast` and `noise` still specks of 6 levels in the
    /// frame's lower left, the frame's threshold 5. Returns whether the arc was reported.
    func reportsArc(contrast: Int, noise: Int) -> Bool {
        var settings = TrackerSettings(trajectoryLength: 10, maxSpeed: 5 * (480.0 * 480 + 270 * 270).squareRoot())
        settings.minimumConfirmSpeed = 0.33 * 480
        var tracker = BallTracker(settings: settings)
        let specks = (0..<noise).map { j in
            BallCandidate(x: 12 + 9 * Double(j % 10), y: 180 + 9 * Double(j / 10), radius: 0.7, halfLength: 0.7, area: 2,
                          polarity: 1, peakContrast: 6, neighbourhoodActivity: 0)
        }
        for n in 0..<14 {
            let p = Self.place(n)
            let arc = BallCandidate(x: p.x, y: p.y, radius: 0.8, halfLength: 0.8, area: 3, polarity: 1,
                                    peakContrast: contrast, neighbourhoodActivity: 0)
            let reported = tracker.update([arc] + specks, frameNumber: n, time: MediaTime(value: Int64(n), timescale: 30),
                                          t: Double(n) / 30, noiseThreshold: 5)
            if reported.contains(where: { tracker.tracks[$0].points.last.map { abs($0.x - p.x) < 1 } ?? false }) { return true }
        }
        return false
    }

    @Test func anArcOfNoiseSpecksAmongManyIsNotReported() {
        // 60 candidates a frame, the arc 1-2 levels past the threshold: chance.
        #expect(!reportsArc(contrast: 6, noise: 60))
        #expect(!reportsArc(contrast: 7, noise: 60))
        // Standing out 3 levels or more, it is a flight.
        #expect(reportsArc(contrast: 8, noise: 60))
        // In quiet frames a faint arc is a flight too (a far ball in clear sky).
        #expect(reportsArc(contrast: 6, noise: 10))
    }

    @Test func anArcUnderTheThresholdAmongManySpecksIsAFlight() {
        // 4 levels where the frame's threshold is 5: only a flat, still sky's band flags that
        // (a far ball over noisy ground), and the specks crowding the frame are not its kind.
        #expect(reportsArc(contrast: 4, noise: 60))
    }
}
