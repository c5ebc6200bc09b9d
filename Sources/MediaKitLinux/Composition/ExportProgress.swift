import Foundation

/// How far an export has come.
public struct ExportProgress: Sendable, Hashable {
    /// 0...1, by media time written against the source's duration.
    public var fractionCompleted: Double
    /// Frames written so far.
    public var framesWritten: Int
    /// Frames written per second of wall-clock time so far.
    public var framesPerSecond: Double
    /// Estimated seconds until the export finishes; nil until it can be estimated.
    public var estimatedTimeRemaining: Double?
    /// Wall-clock seconds since the export started.
    public var elapsedTime: Double
}
