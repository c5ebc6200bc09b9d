import ArgumentParser

/// `golf-clip`: generated golf clips with known ball positions, and scoring against them.
@main
struct GolfClip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golf-clip",
        abstract: "Generate golf clips with ground truth, and score detections against them.",
        discussion: """
            golf-clip --scenario dtl-clean --seed 1 --size 1920x1080 --fps 60 --duration 4 -o clip.mp4
              writes clip.mp4 (H.264) and clip.json (the true ball centre and radius of every frame).
            golf-clip --list
              lists the scenarios.
            golf-clip score --truth clip.json --detections det.json [--json]
              scores `shot-tracer detect --json` output against a truth file.
            golf-clip catalogue -o clips --size 1920x1080
              renders every scenario and seed into clips/NAME-SEED.mp4 + .json.
            """,
        subcommands: [Generate.self, Score.self, Catalogue.self],
        defaultSubcommand: Generate.self
    )
}
