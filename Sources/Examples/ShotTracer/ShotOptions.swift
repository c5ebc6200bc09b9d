import ArgumentParser
import Foundation
import MediaKitLinux
import TracerOverlay

/// Tracer look options shared by `trace`, `live` and `demo`.
struct StyleOptions: ParsableArguments {
    @Option(help: "Style preset: classic, tour, neon, minimal.")
    var preset: String = "classic"

    @Option(help: "Tracer colour: a name (red, yellow...) or hex (#RRGGBB).")
    var color: String?

    @Option(help: "Tracer width in pixels.")
    var width: Double?

    @Option(help: "Glow width in pixels (0: none).")
    var glow: Double?

    @Option(help: "Fraction of the tracer, from its tail, that fades in (0...1).")
    var tailFade: Double?

    @Option(help: "Radius in pixels of a dot on the tracer's head (0: none).")
    var headDot: Double?

    @Flag(help: "Draw no shadow under the tracer.")
    var noShadow = false

    func style() throws(MediaError) -> TracerStyle {
        var style = try TracerStyle.preset(named: preset)
        if let color { style.color = try TracerStyle.parseColor(color) }
        if let width {
            guard width > 0 else { throw .invalidArgument("--width must be positive, not \(width)") }
            style.lineWidth = width
        }
        if let glow { style.glowWidth = max(0, glow) }
        if let tailFade { style.tailFade = min(max(tailFade, 0), 1) }
        if let headDot { style.headDotRadius = max(0, headDot) }
        if noShadow { style.shadow = nil }
        return style
    }
}

/// Where to look: marker, region of interest, automatic alignment.
struct AlignmentOptions: ParsableArguments {
    @Option(help: "Where the ball sits at address, x,y normalized with origin top-left.")
    var marker: String?

    @Option(help: "Region of interest x,y,w,h normalized with origin top-left (overrides the marker's).")
    var roi: String?

    @Flag(help: "Find the ball at address in the first frames and use it as the marker.")
    var autoAlign = false

    @Option(help: "Seconds without a new sighting after which a shot is over.")
    var quietTime: Double = 1

    func apply(to options: inout LiveShotOptions) throws(MediaError) {
        if let marker {
            let parts = marker.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, (0...1).contains(parts[0]), (0...1).contains(parts[1]) else {
                throw .invalidArgument("--marker '\(marker)' must be two numbers x,y in [0,1]")
            }
            options.alignment = Alignment(marker: NormalizedPoint(x: parts[0], y: parts[1]))
        }
        if let roi { options.regionOfInterest = try Detect.parseRegion(roi) }
        options.autoAlign = autoAlign
        guard quietTime > 0 else { throw .invalidArgument("--quiet-time must be positive, not \(quietTime)") }
        options.tracker.quietTime = MediaTime(seconds: quietTime, preferredTimescale: 600)
    }
}

/// The detector's parameters.
struct DetectorOptions: ParsableArguments {
    @Option(help: "Points a trajectory needs before it is reported (at least 5; twice as many in video analysed at 120 fps, to span the same time).")
    var trajectoryLength: Int = 8

    @Option(help: "Seconds: skip frames closer than this to the last analysed one (0 analyses all).")
    var frameAnalysisSpacing: Double = 0

    @Option(help: "Smallest ball radius, as a fraction of the frame width.")
    var minRadius: Float = 0

    @Option(help: "Largest ball radius, as a fraction of the frame width.")
    var maxRadius: Float = 0.02

    @Option(help: "Longest side, in pixels, frames are analysed at (larger finds fainter, farther balls, slower; 1280 suits 3840x2160 video).")
    var analysisSize: Int = 800

    func settings() -> DetectorSettings {
        var settings = DetectorSettings()
        settings.trajectoryLength = trajectoryLength
        settings.frameAnalysisSpacing = MediaTime(seconds: frameAnalysisSpacing, preferredTimescale: 600_000)
        settings.objectMinimumNormalizedRadius = minRadius
        settings.objectMaximumNormalizedRadius = maxRadius
        settings.analysisSize = analysisSize
        return settings
    }
}

/// Output options common to the subcommands.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print a JSON summary on stdout.")
    var json = false
}


/// Runs `body`, turning a MediaError or a refused session step into a one-line message and a
/// failing exit status.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as MediaError {
        FileHandle.standardError.write(Data("shot-tracer: \(error.description)\n".utf8))
        throw ExitCode.failure
    } catch let error as ShotSessionError {
        FileHandle.standardError.write(Data("shot-tracer: \(error.description)\n".utf8))
        throw ExitCode.failure
    }
}

/// Prints `value` as one JSON object on stdout.
func printJSON<T: Encodable>(_ value: T) throws {
    FileHandle.standardOutput.write(Data(try jsonText(value).utf8))
}

/// `value` as one line of JSON.
func jsonText<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}
