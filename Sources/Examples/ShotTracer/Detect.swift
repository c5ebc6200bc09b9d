import ArgumentParser
import ExampleSupport
import Foundation
import MediaKitLinux
import TracerOverlay

/// `shot-tracer detect`: runs the trajectory detector over a video and prints what it found.
struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Detect ball trajectories in a video.",
        discussion: """
            Prints one JSON object (with --json): the display size, frame rate and duration of the \
            video and every trajectory with all its detected points (normalized, origin top-left, \
            times in seconds from the start of the video).
            """
    )

    @Argument(help: "The video to analyse.")
    var input: String

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Option(help: "Seconds: skip frames closer than this to the last analysed frame (0 analyses all).")
    var frameAnalysisSpacing: Double = 0

    @Option(help: "Points a trajectory needs before it is reported (at least 5; twice as many in video analysed at 120 fps, to span the same time).")
    var trajectoryLength: Int = 10

    @Option(help: "Smallest object radius, as a fraction of the frame width.")
    var minRadius: Float = 0

    @Option(help: "Largest object radius, as a fraction of the frame width.")
    var maxRadius: Float = 1

    @Option(help: "Region of interest x,y,w,h normalized with origin top-left (default: whole frame).")
    var roi: String?

    @Option(help: "Longest side, in pixels, frames are analysed at (larger finds fainter, farther balls, slower; 1280 suits 3840x2160 video).")
    var analysisSize: Int = 800

    @Option(help: "Decoder threads (0: two per core, at most 16).")
    var threads: Int = 0

    @Option(help: ArgumentHelp(
        "Also write every analysed frame's motion candidates to this JSON file (time, and each blob's centre normalized top-left, radius as a fraction of the width, contrast in luma levels, brighter or darker).",
        discussion: "What the tracker chose points from: where no trajectory is found, whether the ball was among them says if the change between frames never showed it. `golf-clip score --candidates` counts the frames where it was.",
        valueName: "file"))
    var candidates: String?

    @Option(help: ArgumentHelp(
        "Benchmark: decode every frame into memory first, then time detection alone this many times and print the timings (JSON) on stderr.",
        valueName: "runs"))
    var timeDetection: Int?

    func validate() throws {
        if candidates != nil && timeDetection != nil {
            throw ValidationError("--candidates and --time-detection cannot be combined: the benchmark times detection alone")
        }
    }

    mutating func run() throws {
        do {
            let report = try detect()
            if json {
                FileHandle.standardOutput.write(Data((report.jsonText + "\n").utf8))
            } else {
                print(report.summary)
            }
        } catch {
            FileHandle.standardError.write(Data("shot-tracer: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func detect() throws(MediaError) -> DetectionOutput {
        // Before the video is read, not after: the report is written once detection is done.
        if let path = candidates {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: folder) else {
                throw .fileMissing(path: folder, message: "no such folder for --candidates \(path)")
            }
        }
        let asset = try MediaAsset(path: input)
        guard let track = asset.videoTracks.first else { throw .noVideoTrack(path: input) }
        let detector = try makeDetector()
        let size = TrajectoryDetector.analysisDimensions(width: track.width, height: track.height, analysisSize: analysisSize)
        let scaled = size.width != track.width || size.height != track.height
        // Frames as `trace` and `live` see them (decoded yuv420p, reduced by the detector itself),
        // so that all three find the same points; the speed benchmark instead times detection
        // alone on frames already at the analysis size.
        let timing = timeDetection != nil
        let options = VideoReader.Options(
            pixelFormat: timing ? .gray8 : .yuv420p,
            outputSize: timing && scaled ? PixelSize(width: size.width, height: size.height) : nil,
            threadCount: threads)
        let reader = try VideoReader(path: input, options: options)
        var report = DetectionOutput(width: track.width, height: track.height,
                                     frameRate: track.averageFrameRate,
                                     duration: asset.duration.isNumeric ? asset.duration.seconds : track.duration.seconds)
        if let runs = timeDetection {
            return try benchmark(reader: reader, runs: max(runs, 1), report: report)
        }
        let progress = TerminalProgress("detecting", total: track.duration.seconds)
        // Decoding on one core while detecting on the other.
        let frames = FrameReadAhead(reader)
        var seen = candidates.map { _ in CandidateReport(width: track.width, height: track.height) }
        while let frame = try frames.next() {
            let analysed = detector.analysedFrameCount
            for observation in try detector.process(frame) {
                report.merge(observation)
            }
            if seen != nil, detector.analysedFrameCount > analysed {
                seen!.frames.append(CandidateReport.Frame(time: frame.time.seconds,
                                                          candidates: detector.latestCandidates.map(CandidateReport.Candidate.init)))
            }
            progress.update(frame.time.seconds)
        }
        for observation in detector.finish() { report.merge(observation) }
        progress.finish()
        if let path = candidates, let seen { try seen.write(to: path) }
        return report
    }

    private func makeDetector() throws(MediaError) -> TrajectoryDetector {
        let detector = try TrajectoryDetector(
            frameAnalysisSpacing: MediaTime(seconds: frameAnalysisSpacing, preferredTimescale: 600_000),
            trajectoryLength: trajectoryLength)
        detector.objectMinimumNormalizedRadius = minRadius
        detector.objectMaximumNormalizedRadius = maxRadius
        detector.analysisSize = analysisSize
        if let roi {
            detector.regionOfInterest = try Self.parseRegion(roi).topLeftToVision()
        }
        return detector
    }

    /// Decodes everything first so that only detection is timed (one thread: this one).
    private func benchmark(reader: VideoReader, runs: Int, report: DetectionOutput) throws(MediaError) -> DetectionOutput {
        var frames: [VideoFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        var seconds: [Double] = []
        var result = report
        for run in 0..<runs {
            let detector = try makeDetector()
            var output = report
            let start = DispatchTime.now().uptimeNanoseconds
            for frame in frames {
                for observation in try detector.process(frame) { output.merge(observation) }
            }
            for observation in detector.finish() { output.merge(observation) }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            if run == 0 { result = output }
        }
        let sorted = seconds.sorted()
        let median = sorted[sorted.count / 2]
        let size = frames.first.map { "\($0.width)x\($0.height)" } ?? "-"
        let line = "{\"frames\": \(frames.count), \"analysisSize\": \"\(size)\", \"runs\": \(runs), \"medianSeconds\": \(median), \"fps\": \(Double(frames.count) / median)}\n"
        FileHandle.standardError.write(Data(line.utf8))
        return result
    }

    /// Parses "x,y,w,h" (normalized, top-left).
    static func parseRegion(_ text: String) throws(MediaError) -> NormalizedRect {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            throw .invalidArgument("--roi '\(text)' must be four numbers x,y,w,h")
        }
        let rect = NormalizedRect(x: x, y: y, width: w, height: h)
        guard rect.isValidRegion else {
            throw .invalidArgument("--roi '\(text)' must lie inside [0,1] x [0,1] with a positive size")
        }
        return rect
    }
}

