import Foundation

/// A one-line progress bar on standard error for the example programs, drawn only when standard
/// error is a terminal, so piped or captured output (JSON on stdout, CI logs) stays clean.
public final class TerminalProgress {
    private let label: String
    private let total: Double
    private let enabled = isatty(STDERR_FILENO) != 0
    private var lastPercent = -1
    private var lastDraw = Date.distantPast

    /// A bar named `label` that is full when ``update(_:detail:)`` reaches `total` (frames,
    /// seconds, or 1 for a fraction). A total of 0 or less draws nothing.
    public init(_ label: String, total: Double) {
        self.label = label
        self.total = total
    }

    /// Redraws the bar for `done` units, with an optional `detail` (speed, time left) after it;
    /// at most ten times a second unless the percentage changed.
    public func update(_ done: Double, detail: String = "") {
        guard enabled, total > 0 else { return }
        let percent = Int(min(100, max(0, done / total * 100)))
        let now = Date()
        guard percent != lastPercent || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastPercent = percent
        lastDraw = now
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        let prefix = label.isEmpty ? "" : label + " "
        let suffix = detail.isEmpty ? "" : " " + detail
        FileHandle.standardError.write(Data("\r\(prefix)[\(bar)] \(percent)%\(suffix)\u{1B}[K".utf8))
    }

    /// Clears the line.
    public func finish() {
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
