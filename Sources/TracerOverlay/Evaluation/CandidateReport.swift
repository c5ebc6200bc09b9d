import Foundation
import MediaKitLinux

/// The motion candidates a detector saw in each analysed frame, as `shot-tracer detect
/// --candidates` writes them, read for scoring (``DetectionEvaluator/candidateCoverage(truth:candidates:minimumContrast:minimumDecodedContrast:)``).
public struct CandidateReport: Sendable, Hashable, Codable {
    /// One candidate (``MotionCandidate``) in the report's top-left space.
    public struct Candidate: Sendable, Hashable, Codable {
        /// Normalized x, origin at the left edge.
        public var x: Double
        /// Normalized y, origin at the TOP edge.
        public var y: Double
        /// Radius as a fraction of the frame's width.
        public var radius: Double
        /// Luma levels beyond what the earlier frames showed there.
        public var contrast: Int
        /// Brighter than the earlier frames there; false: darker.
        public var brighter: Bool

        /// The candidate `candidate` (Vision space) in top-left space.
        public init(_ candidate: MotionCandidate) {
            let p = candidate.location.visionToTopLeft()
            x = p.x
            y = p.y
            radius = candidate.radius
            contrast = candidate.contrast
            brighter = candidate.isBrighter
        }
    }

    /// One analysed frame.
    public struct Frame: Sendable, Hashable, Codable {
        /// Seconds from the start of the video (presentation time), as the points of
        /// `shot-tracer detect --json`.
        public var time: Double
        /// Its candidates.
        public var candidates: [Candidate]

        /// Creates a frame's entry.
        public init(time: Double, candidates: [Candidate]) {
            self.time = time
            self.candidates = candidates
        }
    }

    /// Display width in pixels.
    public var width: Int
    /// Display height in pixels.
    public var height: Int
    /// Every analysed frame, in order.
    public var frames: [Frame]

    /// An empty report for a `width` x `height` video.
    public init(width: Int, height: Int, frames: [Frame] = []) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// Reads a report file.
    public static func load(path: String) throws(MediaError) -> CandidateReport {
        try JSONFile.load(CandidateReport.self, path: path, what: "a shot-tracer candidate report")
    }

    /// Writes the report as JSON to `path`, through a temporary file beside it, so that a failed
    /// write leaves no half-written report.
    public func write(to path: String) throws(MediaError) {
        let data: Data
        do { data = try JSONEncoder().encode(self) } catch {
            throw .invalidArgument("candidate report could not be encoded: \(error)")
        }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw .io(path: path, message: error.localizedDescription)
        }
    }
}
