import MediaKitLinux

/// A named kind of clip from the catalogue: a view and a set of distractors, with seeds.
///
/// The seed picks the shot (launch speed 40-75 m/s, angle 8-25 degrees, azimuth, lift, curve)
/// and every random placement, so each (scenario, seed) is one reproducible clip at any size,
/// frame rate and duration.
public struct GroundTruthScenario: Sendable {
    /// The catalogue name, e.g. "dtl-noise-jitter".
    public let name: String
    /// What the scenario tests.
    public let summary: String
    /// The seeds the benchmark uses.
    public let seeds: [UInt64]
    /// Whether the scenario has a shot (clips without one must yield no trajectory).
    public let hasShot: Bool
    /// Whether the image is portrait (height > width) whatever size is asked for.
    public let portrait: Bool
    private let configure: @Sendable (inout GroundTruthSettings) -> Void

    init(_ name: String, _ summary: String, shot: Bool = true, portrait: Bool = false,
         seeds: [UInt64] = [1, 2, 3], _ configure: @escaping @Sendable (inout GroundTruthSettings) -> Void) {
        self.name = name
        self.summary = summary
        self.seeds = seeds
        self.hasShot = shot
        self.portrait = portrait
        self.configure = configure
    }

    /// The settings of this scenario for one seed and output format. For a portrait scenario a
    /// landscape size is turned upright (1920x1080 becomes 1080x1920).
    public func settings(seed: UInt64, width: Int = 320, height: Int = 180, frameRate: Double = 60,
                         duration: Double = 3) -> GroundTruthSettings {
        var s = GroundTruthSettings()
        s.scenario = name
        s.seed = seed
        s.width = portrait ? min(width, height) : width
        s.height = portrait ? max(width, height) : height
        s.frameRate = frameRate
        s.duration = duration
        s.launchTime = min(1.2, max(0.3, duration * 0.3))
        var random = SplitMix64(seed: seed, stream: 0x5EED)
        s.shot = hasShot ? Self.randomShot(&random) : nil
        configure(&s)
        return s
    }

    /// A shot somewhere between a wedge and a driver: faster shots launch lower and spin less.
    static func randomShot(_ random: inout SplitMix64) -> GolfShot {
        let power = random.unit()
        return GolfShot(launchSpeed: 40 + 35 * power,
                        launchAngle: 25 - 15 * power + random.uniform(-2...2),
                        azimuth: random.uniform(-4...4),
                        liftCoefficient: 0.25 - 0.1 * power + random.uniform(-0.01...0.01),
                        dragCoefficient: 0.25,
                        spinAxisTilt: random.uniform(-12...12))
    }

    /// Practice swings spread over a clip without a shot.
    static func practiceSwings(duration: Double) -> [Double] {
        stride(from: min(1.0, duration * 0.35), to: duration + 0.5, by: 2.3).map { $0 }
    }

    /// The catalogue.
    public static let all: [GroundTruthScenario] = [
        GroundTruthScenario("dtl-clean", "down the line, swing, no noise: the easiest shot") { s in
            s.view = .downTheLine; s.ballLuma = 240; s.cloudCover = 0.2
        },
        GroundTruthScenario("dtl-noise-jitter", "down the line, sensor noise 2.5, +/-1 px shake, light change 4%") { s in
            s.view = .downTheLine; s.noiseSigma = 2.5; s.jitter = 1; s.jitterProbability = 0.5
            s.lightChange = 0.04; s.lightChangePeriod = 3
        },
        GroundTruthScenario("dtl-club-walkers", "down the line, swing plus three walkers crossing the range") { s in
            s.view = .downTheLine; s.walkers = 3; s.noiseSigma = 1.5
        },
        GroundTruthScenario("dtl-dark-ball", "down the line, backlit ball darker than the sky and near grass level") { s in
            s.view = .downTheLine; s.ballLuma = 115; s.ballOpacity = 0.85; s.noiseSigma = 2; s.cloudCover = 0.35
        },
        GroundTruthScenario("dtl-portrait", "down the line on an upright phone, noise and shake", portrait: true) { s in
            s.view = .downTheLine; s.noiseSigma = 2; s.jitter = 1; s.walkers = 1
        },
        GroundTruthScenario("dtl-everything", "down the line with every distractor at once, long exposure (streaks)") { s in
            s.shutter = 0.5
            s.view = .downTheLine; s.walkers = 2; s.birds = 3; s.cloudCover = 0.45; s.cloudDrift = 20
            s.noiseSigma = 2.5; s.jitter = 1; s.lightChange = 0.05; s.lightChangePeriod = 4; s.ballOpacity = 0.9
        },
        // Mains lamps pulse at 100 Hz; a 60 fps camera with the short shutter that freezes a
        // ball samples that as a flicker at 20 Hz, a few percent deep.
        GroundTruthScenario("dtl-floodlights", "down the line under floodlights flickering 4% at 20 Hz, noise, a walker") { s in
            s.view = .downTheLine; s.noiseSigma = 2; s.walkers = 1; s.cloudCover = 0.3
            s.lightChange = 0.04; s.lightChangePeriod = 0.05
        },
        // A phone's sensor reads its rows one after another over about a frame interval, so
        // the same lamps' 100 Hz pulse shows as bands across the frame, which move at 24, 30
        // and 60 fps (and stand still at 25 and 50, which divide 100).
        GroundTruthScenario("dtl-floodlights-phone",
                            "down the line filmed by a phone under floodlights: its rolling shutter turns their 4% flicker into bands, noise, a walker") { s in
            s.view = .downTheLine; s.noiseSigma = 2; s.walkers = 1; s.cloudCover = 0.3
            s.lightChange = 0.04; s.lightChangePeriod = 0.01; s.rollingShutterReadout = 1.0 / 60
        },
        GroundTruthScenario("sky-clean", "side-on, a small ball crossing the sky left to right") { s in
            s.view = .skyCrossing; s.ballLuma = 150; s.cloudCover = 0.15
        },
        GroundTruthScenario("sky-dark-ball", "side-on, dark faint ball against a bright sky, noise") { s in
            s.view = .skyCrossing; s.ballLuma = 120; s.ballOpacity = 0.8; s.noiseSigma = 2; s.cloudCover = 0.35
        },
        GroundTruthScenario("sky-birds-clouds", "side-on, birds on wavy and gliding paths, drifting clouds, shake, streaks") { s in
            s.shutter = 0.5
            s.view = .skyCrossing; s.birds = 4; s.cloudCover = 0.55; s.cloudDrift = 25
            s.noiseSigma = 2; s.jitter = 1; s.lightChange = 0.05; s.lightChangePeriod = 3
        },
        GroundTruthScenario("practice-swings-no-shot", "down the line, practice swings past the ball, a walker; no shot",
                            shot: false) { s in
            s.view = .downTheLine; s.practiceSwingTimes = practiceSwings(duration: s.duration)
            s.walkers = 1; s.noiseSigma = 2; s.jitter = 1; s.lightChange = 0.03
        },
        GroundTruthScenario("walkers-birds-no-shot", "side-on, walkers, birds, clouds and shake; no shot", shot: false) { s in
            s.view = .skyCrossing; s.walkers = 3; s.birds = 5; s.cloudCover = 0.5; s.cloudDrift = 25
            s.noiseSigma = 2; s.jitter = 1; s.lightChange = 0.05; s.lightChangePeriod = 3; s.golfer = false
        },
        GroundTruthScenario("dtl-birds-walkers-no-shot", "down the line, address only, birds and walkers; no shot",
                            shot: false) { s in
            s.view = .downTheLine; s.walkers = 3; s.birds = 4; s.cloudCover = 0.4; s.cloudDrift = 20
            s.noiseSigma = 2; s.jitter = 1
        },
    ]

    /// The scenario called `name`.
    /// - Throws: ``MediaError/invalidArgument(_:)`` naming the known scenarios.
    public static func named(_ name: String) throws(MediaError) -> GroundTruthScenario {
        guard let scenario = all.first(where: { $0.name == name }) else {
            throw .invalidArgument("unknown scenario \"\(name)\"; known: \(all.map(\.name).joined(separator: ", "))")
        }
        return scenario
    }
}
