import Foundation

/// The golfer standing at the ball and the club's swing: a dark figure whose arms and club turn
/// on the swing plane, the club head reaching about 45 m/s at impact. Down the line this is
/// the largest fast-moving thing in the picture and the main source of false trajectories.
struct GolferSwing {
    /// Impact times of every swing (the shot's and practice swings).
    let impacts: [Double]

    static let shoulders = Vector3(0.5, 1.38, 0)
    static let ball = Vector3(0, 0.02135, 0)
    static let topAngle = 4.4
    static let finishAngle = 4.5

    /// Club head angle on the swing plane at `t`: 0 at address and impact, negative going back.
    func clubAngle(at t: Double) -> Double {
        // The swing nearest in time decides (swings are seconds apart).
        guard let impact = impacts.min(by: { abs($0 - t) < abs($1 - t) }) else { return 0 }
        let s = t - impact
        switch s {
        case ..<(-1.25): return 0
        case ..<(-0.38):
            let u = (s + 1.25) / 0.87
            return -Self.topAngle * u * u * (3 - 2 * u)
        case ..<(-0.28): return -Self.topAngle
        case ..<0:
            let u = (s + 0.28) / 0.28
            return -Self.topAngle * (1 - u * u)
        case ..<0.34:
            let u = s / 0.34
            return Self.finishAngle * (1 - (1 - u) * (1 - u))
        case ..<1.4: return Self.finishAngle
        case ..<2.4:
            let u = (s - 1.4) / 1.0
            return Self.finishAngle - 2.6 * u * u * (3 - 2 * u)
        default: return Self.finishAngle - 2.6
        }
    }

    /// Body parts (world capsules, radius in metres) and the club at `t`.
    func pose(at t: Double) -> (body: [(Vector3, Vector3, Double)], arms: [(Vector3, Vector3, Double)],
                                 shaft: (Vector3, Vector3), head: Vector3) {
        let c = Self.shoulders
        let toBall = Self.ball - c
        let reach = toBall.length
        let e1 = toBall / reach
        let e2 = Vector3(0, 0, 1)
        let phi = clubAngle(at: t)
        // The hands turn less than the club (the wrists hinge), meeting it again at impact.
        let handAngle = phi * 0.8
        let hands = c + (e1 * cos(handAngle) + e2 * sin(handAngle)) * 0.62
        let head = c + (e1 * cos(phi) + e2 * sin(phi)) * reach
        // The upper body turns a little with the swing.
        let turn = max(-0.25, min(0.25, phi * 0.06))
        let leftShoulder = c + Vector3(0, 0, 0.19 * cos(turn)) + Vector3(0.19 * sin(turn), 0, 0)
        let rightShoulder = c - Vector3(0, 0, 0.19 * cos(turn)) - Vector3(0.19 * sin(turn), 0, 0)
        let hips = Vector3(0.72, 0.92, 0)
        let body: [(Vector3, Vector3, Double)] = [
            (Vector3(0.78, 0.05, 0.23), Vector3(0.72, 0.92, 0.1), 0.08),   // legs
            (Vector3(0.78, 0.05, -0.23), Vector3(0.72, 0.92, -0.1), 0.08),
            (hips, c + Vector3(0.05, 0, 0), 0.17),                        // torso
            (Vector3(0.42, 1.62, 0), Vector3(0.42, 1.62, 0), 0.11),       // head
        ]
        let arms = [(leftShoulder, hands, 0.05), (rightShoulder, hands, 0.05)]
        return (body, arms, (hands, head), head)
    }
}

/// A person walking across the range on a straight line, arms and legs swinging.
struct Walker {
    var start: Vector3
    var velocity: Vector3
    var stepRate: Double
    var clothes: Float
    var phase: Double

    func capsules(at t: Double) -> [(Vector3, Vector3, Double)] {
        let p = start + velocity * t
        let along = Vector3(velocity.x, 0, velocity.z).normalized
        let swing = sin(2 * .pi * stepRate * t + phase) * 0.42
        let hip = p + Vector3(0, 0.9, 0)
        let shoulder = p + Vector3(0, 1.45, 0)
        let side = Vector3(0, 1, 0).cross(along).normalized * 0.12
        func limb(_ from: Vector3, _ length: Double, _ angle: Double) -> Vector3 {
            from + along * (sin(angle) * length) - Vector3(0, cos(angle) * length, 0)
        }
        return [
            (hip + side, limb(hip + side, 0.88, swing), 0.07),
            (hip - side, limb(hip - side, 0.88, -swing), 0.07),
            (hip, shoulder, 0.16),
            (shoulder + Vector3(0, 0.2, 0), shoulder + Vector3(0, 0.2, 0), 0.1),
            (shoulder + side * 1.5, limb(shoulder + side * 1.5, 0.7, -swing * 0.8), 0.045),
            (shoulder - side * 1.5, limb(shoulder - side * 1.5, 0.7, swing * 0.8), 0.045),
        ]
    }
}

/// A bird crossing the sky in image space (normalized units), on a wavy or a gliding,
/// parabola-like path, wings beating: a small dark blob much like a distant ball.
struct Bird {
    var start: SIMD2<Double>
    var velocity: SIMD2<Double>
    /// Downward acceleration for a gliding, curving path (normalized per second squared).
    var curvature: Double
    var waveAmplitude: Double
    var waveRate: Double
    var flapRate: Double
    /// Body radius in pixels at 1080p.
    var size: Double
    var luma: Float
    var phase: Double

    /// How long (seconds from the clip's start) a glide's downward pull lasts; the bird then
    /// keeps the speed it has reached. A glide that steepened without end would be a fall: in a
    /// 10 s clip a bird crossing late dove from the top of the frame to the bottom on a
    /// ballistic parabola, a ball's path in all but its size (session 56). Clips of up to 4 s,
    /// every evaluation set's and test's, are drawn as before.
    static let glideSeconds = 4.0

    /// How far (normalized) a glide's pull has drawn the bird down by time `t`.
    func glideDrop(at t: Double) -> Double {
        let pulled = min(t, Self.glideSeconds)
        return 0.5 * curvature * pulled * pulled + curvature * pulled * (t - pulled)
    }

    func position(at t: Double) -> SIMD2<Double> {
        var p = start + velocity * t
        p.y += glideDrop(at: t) + waveAmplitude * sin(2 * .pi * waveRate * t + phase)
        return p
    }

    /// Wings beating: the body stretches sideways and shrinks with the beat.
    func span(at t: Double) -> Double { 1.6 + 1.2 * abs(sin(2 * .pi * flapRate * t + phase)) }
}
