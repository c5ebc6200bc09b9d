import Foundation

/// Decodes a reader's frames on a thread of its own, up to ``depth`` frames ahead of the
/// consumer: the stand-in for a camera that delivers frames while the app analyses the last one.
///
/// H.264's own frame threads barely overlap with the caller's work (the decoder waits for the
/// caller to ask), so decoding on one core while the caller analyses and draws on the other
/// is what lets the two add up to less than their sum. Frames come out in the reader's order
/// with the reader's times; a decoding error is thrown by the ``next()`` call that reaches it.
///
/// The reader belongs to the read-ahead thread from ``init(_:depth:)`` on: do not use it until
/// ``finish()`` returned.
public final class FrameReadAhead: Sendable {
    /// Most frames decoded and not yet taken.
    public let depth: Int
    private let state: ReadAheadState

    /// Starts decoding `reader`'s frames ahead.
    /// - Parameter depth: frames to decode ahead (at least 1; each 1080p yuv420p frame is ~3 MB).
    public init(_ reader: VideoReader, depth: Int = 4) {
        self.depth = max(depth, 1)
        // The thread holds the state, not this object, so dropping a read-ahead early still
        // reaches deinit, which stops the thread.
        let state = ReadAheadState(reader: reader, depth: self.depth)
        self.state = state
        let thread = Thread { state.decodeLoop() }
        thread.name = "MediaKitLinux.FrameReadAhead"
        thread.start()
    }

    deinit {
        // No waiting here: the thread holds the state (and the reader) until it has seen the
        // request, so a thread blocked on a silent network stream cannot hang its owner.
        state.requestStop()
    }

    /// The next frame in presentation order, or nil at the end of the track.
    /// - Throws: the reader's ``MediaError`` once the frames decoded before it are consumed.
    public func next() throws(MediaError) -> VideoFrame? {
        try state.next()
    }

    /// Stops decoding, waits for the thread, then finishes the reader's recording (if it has
    /// one): every packet read so far is in the recording when this returns.
    public func finish() throws(MediaError) {
        state.stop()
        try state.reader.finishRecording()
    }
}

/// What the consumer and the decoding thread share.
private final class ReadAheadState: @unchecked Sendable {
    // @unchecked: `queue`, `ended`, `failure`, `stopped` and `joined` are only touched under
    // `condition`; the reader only by the decoding thread until it has signalled `exited`
    // (and by `finish()` after that).
    let reader: VideoReader
    private let depth: Int
    private let condition = NSCondition()
    private var queue: [VideoFrame] = []
    private var ended = false
    private var failure: MediaError?
    private var stopped = false
    private var joined = false
    private let exited = DispatchSemaphore(value: 0)

    init(reader: VideoReader, depth: Int) {
        self.reader = reader
        self.depth = depth
    }

    func next() throws(MediaError) -> VideoFrame? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !ended { condition.wait() }
        if !queue.isEmpty {
            let frame = queue.removeFirst()
            condition.broadcast()
            return frame
        }
        if let failure { throw failure }
        return nil
    }

    /// Tells the thread to stop after the frame it is decoding, without waiting.
    func requestStop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the thread to stop after the frame it is decoding and waits until it has.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        let wait = !joined
        joined = true
        condition.unlock()
        if wait { exited.wait() }
    }

    func decodeLoop() {
        defer { exited.signal() }
        while true {
            condition.lock()
            while queue.count >= depth && !stopped { condition.wait() }
            let stop = stopped
            condition.unlock()
            if stop { return }
            let result: Result<VideoFrame?, MediaError>
            do throws(MediaError) { result = .success(try reader.next()) } catch { result = .failure(error) }
            condition.lock()
            switch result {
            case .success(let frame?): queue.append(frame)
            case .success(nil): ended = true
            case .failure(let error): failure = error; ended = true
            }
            condition.broadcast()
            let done = ended
            condition.unlock()
            if done { return }
        }
    }
}
