import Foundation
import MediaKitLinux

/// Where a shot session stands (seed 000's `ShotState`, plus `failed`).
public enum ShotState: Sendable, Hashable {
    /// Nothing started yet.
    case idle
    /// The golfer lines up the ball with the marker.
    case aligning
    /// Aligned (the region of interest is known); waiting for the recording to start.
    case ready
    /// Recording, no shot seen yet.
    case recording
    /// Recording with a shot being traced.
    case tracking
    /// The recording stopped; the traced video is being exported.
    case exporting
    /// The export is done; the traced video is at `videoPath`.
    case finished(videoPath: String)
    /// Something went wrong; `message` says what.
    case failed(message: String)

    /// The state's name without its payload.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .aligning: "aligning"
        case .ready: "ready"
        case .recording: "recording"
        case .tracking: "tracking"
        case .exporting: "exporting"
        case .finished: "finished"
        case .failed: "failed"
        }
    }
}

/// A transition the session refused.
public struct ShotSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The state the session was in.
    public var from: String
    /// The state asked for.
    public var to: String
    /// "cannot go from A to B".
    public var description: String { "shot session cannot go from \(from) to \(to)" }
}

/// The shot flow as a state machine (seed 000's `ShotSessionController`): align, record and
/// trace, export, done. Transitions that the flow does not allow throw, so a UI or a pipeline
/// cannot, say, export before recording.
public final class ShotSession {
    /// The current state.
    public private(set) var state: ShotState = .idle
    /// The alignment locked in (set by ``lockIn(_:)``).
    public private(set) var alignment: Alignment?
    /// Every state entered, oldest first (for logs and tests).
    public private(set) var history: [ShotState] = [.idle]

    /// Creates a session in ``ShotState/idle``.
    public init() {}

    /// Whether the flow allows going from `from` to `to`.
    public static func allows(_ from: ShotState, _ to: ShotState) -> Bool {
        switch (from, to) {
        case (_, .failed): if case .failed = from { return false } else { return true }
        case (.idle, .aligning), (.aligning, .ready), (.ready, .aligning),
             (.ready, .recording), (.recording, .tracking), (.recording, .exporting),
             (.tracking, .tracking), (.tracking, .exporting), (.exporting, .finished),
             (.finished, .ready), (.failed, .idle), (.finished, .idle):
            return true
        default:
            return false
        }
    }

    /// Moves to `next`.
    /// - Throws: ``ShotSessionError`` when the flow does not allow it; the state is unchanged.
    public func transition(to next: ShotState) throws(ShotSessionError) {
        guard Self.allows(state, next) else { throw ShotSessionError(from: state.name, to: next.name) }
        state = next
        history.append(next)
    }

    /// Shows the alignment step.
    public func beginAlignment() throws(ShotSessionError) { try transition(to: .aligning) }

    /// Locks in the alignment ("Lock In"): the region of interest is now known.
    public func lockIn(_ alignment: Alignment) throws(ShotSessionError) {
        try transition(to: .ready)
        self.alignment = alignment
    }

    /// The recording started.
    public func startRecording() throws(ShotSessionError) { try transition(to: .recording) }

    /// A shot is being traced (called for each shot; repeated calls while tracking are fine).
    public func shotDetected() throws(ShotSessionError) { try transition(to: .tracking) }

    /// The recording stopped; the export begins.
    public func stopRecording() throws(ShotSessionError) { try transition(to: .exporting) }

    /// The export finished at `videoPath`.
    public func exportFinished(videoPath: String) throws(ShotSessionError) { try transition(to: .finished(videoPath: videoPath)) }

    /// Something failed; any state but `failed` may fail.
    public func fail(_ message: String) throws(ShotSessionError) { try transition(to: .failed(message: message)) }
}
