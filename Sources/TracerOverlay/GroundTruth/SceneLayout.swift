import Foundation

/// Everything that moves or sits in a clip, decided once from the settings and the seed.
struct SceneLayout {
    let camera: PinholeCamera
    let flight: BallFlight?
    let swing: GolferSwing?
    let walkers: [Walker]
    let birds: [Bird]
    let restingBalls: [Vector3]
    let lightPhase: Double

    init(settings: GroundTruthSettings) {
        camera = settings.view.camera(width: settings.width, height: settings.height)
        flight = settings.shot?.simulate(from: GolferSwing.ball)
        var impacts = settings.practiceSwingTimes
        if settings.shot != nil { impacts.append(settings.launchTime) }
        swing = settings.golfer ? GolferSwing(impacts: impacts) : nil
        var random = SplitMix64(seed: settings.seed, stream: 1)
        let duration = settings.duration
        let view = settings.view
        walkers = (0..<settings.walkers).map { i in
            let leftToRight = random.unit() < 0.5
            let speed = random.uniform(1.0...1.7)
            // Start so that each walker is in view for a good part of the clip.
            let middle = random.uniform(0.2...0.8) * duration
            let start: Vector3
            let direction: Vector3
            switch view {
            case .downTheLine:
                let z = random.uniform(8...40) + Double(i) * 3
                direction = Vector3(leftToRight ? 1 : -1, 0, random.uniform(-0.2...0.2)).normalized
                start = Vector3(random.uniform(-3...3), 0, z) - direction * (speed * middle)
            case .skyCrossing:
                let x = random.uniform(-48 ... -28)
                direction = Vector3(random.uniform(-0.3...0.3), 0, leftToRight ? 1 : -1).normalized
                start = Vector3(x, 0, 65 + random.uniform(-8...8)) - direction * (speed * middle)
            }
            return Walker(start: start, velocity: direction * speed, stepRate: speed * 0.62,
                          clothes: Float(random.uniform(35...200)), phase: random.uniform(0...(2 * .pi)))
        }
        birds = (0..<settings.birds).map { _ in
            let leftToRight = random.unit() < 0.5
            let speed = random.uniform(0.08...0.3)
            let middle = random.uniform(0.25...0.75) * duration
            let y = random.uniform(0.08...0.45)
            let gliding = random.unit() < 0.4
            let vy = gliding ? -random.uniform(0.05...0.15) : random.uniform(-0.03...0.03)
            let curvature = gliding ? random.uniform(0.04...0.12) : 0
            let velocity = SIMD2(leftToRight ? speed : -speed, vy)
            let centre = SIMD2(random.uniform(0.3...0.7), y)
            // The start puts the bird at `centre` (its wave aside) at `middle`.
            var bird = Bird(start: centre - velocity * middle, velocity: velocity, curvature: curvature,
                            waveAmplitude: gliding ? 0.002 : random.uniform(0.003...0.02),
                            waveRate: random.uniform(0.5...2.5), flapRate: random.uniform(3...8),
                            size: random.uniform(1.5...4.5), luma: Float(random.uniform(35...95)),
                            phase: random.uniform(0...(2 * .pi)))
            bird.start.y -= bird.glideDrop(at: middle)
            return bird
        }
        restingBalls = (0..<settings.restingBalls).map { _ in
            switch view {
            case .downTheLine:
                return Vector3(random.uniform(-6...6), 0.02135, random.uniform(4...45))
            case .skyCrossing:
                return Vector3(random.uniform(-52 ... -20), 0.02135, random.uniform(40...90))
            }
        }
        lightPhase = random.uniform(0...(2 * .pi))
    }
}
