import MediaKitLinux

/// Exact frame times for a constant frame rate: frame n is at n * step / timescale seconds,
/// with NTSC rates (29.97, 59.94) kept exact as 1001/30000 and 1001/60000.
struct FrameClock: Sendable {
    let timescale: Int32
    let step: Int64

    init(frameRate: Double) {
        let rounded = frameRate.rounded()
        if abs(frameRate - rounded) < 1e-9 {
            timescale = Int32(rounded)
            step = 1
        } else if abs(frameRate * 1.001 - (frameRate * 1.001).rounded()) < 1e-3 {
            timescale = Int32((frameRate * 1.001).rounded()) * 1000
            step = 1001
        } else {
            timescale = 90000
            step = Int64((90000 / frameRate).rounded())
        }
    }

    func time(ofFrame n: Int) -> MediaTime { MediaTime(value: Int64(n) * step, timescale: timescale) }
    var frameDuration: MediaTime { MediaTime(value: step, timescale: timescale) }
}
