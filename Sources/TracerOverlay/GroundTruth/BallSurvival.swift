import MediaKitLinux

/// Measures how much of the flying ball an encoder kept: for each frame, the luma the ball adds
/// to the rendered picture (rendered with it minus rendered without it: noise, shake and every
/// other object are identical in both) is compared with what the decoded picture adds over the
/// ball-less rendering at the same pixels.
///
/// x264 at everyday rates drops a faint one-pixel ball from whole runs of frames (skipped blocks
/// copy the previous picture), so no detector can see it there. Recording what survived lets a
/// score tell "the detector missed the ball" from "the video does not hold the ball".
struct BallSurvival {
    /// The pixels the ball changes in one frame: index into the luma plane, luma without the
    /// ball, and the ball's change.
    private struct Footprint {
        var pixels: [Int] = []
        var background: [Float] = []
        var signal: [Float] = []
    }

    private var footprints: [Int: Footprint] = [:]

    /// Records the ball's footprint in frame `index` from its rendering with and without the ball.
    mutating func record(index: Int, withBall: VideoFrame, withoutBall: VideoFrame) {
        var footprint = Footprint()
        withBall.withUnsafePlane(0) { ball, stride in
            withoutBall.withUnsafePlane(0) { plain, plainStride in
                for y in 0..<withBall.height {
                    for x in 0..<withBall.width {
                        let a = ball[y * stride + x], b = plain[y * plainStride + x]
                        guard a != b else { continue }
                        footprint.pixels.append(y * withBall.width + x)
                        footprint.background.append(Float(b))
                        footprint.signal.append(Float(a) - Float(b))
                    }
                }
            }
        }
        if !footprint.pixels.isEmpty { footprints[index] = footprint }
    }

    /// The share of frame `index`'s ball found in its decoded picture: the least-squares
    /// amplitude of the ball's change within the decoded picture's change over the ball-less
    /// rendering (1: kept whole, 0: gone; blurring by the encoder lowers it). Nil when the ball
    /// changed no pixel of that frame.
    func survivingShare(index: Int, decoded: VideoFrame) -> Double? {
        guard let footprint = footprints[index] else { return nil }
        return decoded.withUnsafePlane(0) { plane, stride in
            var dot = 0.0, energy = 0.0
            for k in footprint.pixels.indices {
                let p = footprint.pixels[k]
                let change = Double(plane[(p / decoded.width) * stride + p % decoded.width]) - Double(footprint.background[k])
                let s = Double(footprint.signal[k])
                dot += change * s
                energy += s * s
            }
            return energy > 0 ? max(0, dot / energy) : nil
        }
    }
}
