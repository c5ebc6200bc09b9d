import ArgumentParser

/// The shot tracer's command line: one subcommand per job (detection first; tracing and
/// exporting come with the session code).
@main
struct ShotTracer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shot-tracer",
        abstract: "Find and trace golf shots in fixed-camera video.",
        subcommands: [Demo.self, Trace.self, Live.self, Export.self, Detect.self]
    )
}
