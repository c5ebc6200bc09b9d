import MediaKitLinux

/// What is true about the ball in one frame.
///
/// Positions use the top-left origin: pixel (i, j) covers [i, i + 1) x [j, j + 1), and
/// normalized coordinates are pixels divided by the image width and height. The centre is the
/// middle of the ball's image over the exposure (the centre of a motion-blur streak), which
/// for a steadily moving ball is its position at the frame time.
public struct FrameTruth: Sendable, Hashable, Codable {
    /// The frame's index from 0.
    public var index: Int
    /// The frame's presentation time in seconds (its `MediaTime`'s seconds).
    public var time: Double
    /// Whether the ball is in flight (launched, not yet landed), whether or not in frame.
    public var inFlight: Bool
    /// Whether a detector should see the ball: in flight with its centre inside the image.
    public var visible: Bool
    /// The ball's centre in pixels from the left edge (nil when not in flight).
    public var x: Double?
    /// The ball's centre in pixels from the top edge (nil when not in flight).
    public var y: Double?
    /// `x` divided by the image width.
    public var normalizedX: Double?
    /// `y` divided by the image height.
    public var normalizedY: Double?
    /// The radius the ball is drawn with, in pixels (at least the minimum ball radius).
    public var radius: Double?
    /// The ball's distance in metres along the camera's axis (nil when not in flight).
    public var depth: Double?
    /// The most the ball changes any pixel, in luma levels, before light change, noise and
    /// compression (nil when not in flight): about |ball - background| for a sharp ball of a
    /// pixel or more, much less for a streak or a sub-pixel ball. Measured against the still
    /// background and clouds (a golfer or bird behind the ball is not considered). Lets a score
    /// set apart frames where the ball is drowned in noise.
    public var contrast: Double?
    /// How much of `contrast` the encoded video kept, in luma levels: `contrast` times the share
    /// of the ball's change found at its pixels in the decoded frame (0 where the encoder dropped
    /// the ball, e.g. a skipped block). Nil when the clip was not encoded (frames taken straight
    /// from the renderer) or the ball is not visible.
    public var decodedContrast: Double?
    /// The camera-shake shift of this frame in pixels (already included in `x`, `y`).
    public var shiftX: Int
    /// The vertical camera-shake shift in pixels.
    public var shiftY: Int
}

/// The truth of a whole generated clip: how it was made and where the ball is in every frame.
public struct ClipTruth: Sendable, Hashable, Codable {
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// Frames per second.
    public var frameRate: Double
    /// Clip length in seconds (frame count divided by the frame rate).
    public var duration: Double
    /// The camera placement.
    public var view: CameraView
    /// The catalogue scenario, or "custom".
    public var scenario: String
    /// The seed.
    public var seed: UInt64
    /// Every generator setting, enough to regenerate the clip exactly.
    public var settings: GroundTruthSettings
    /// The camera the clip was rendered with.
    public var camera: PinholeCamera
    /// The first frame whose time is at or after the launch, if the shot is launched in the clip.
    public var launchFrame: Int?
    /// The first frame at or after the landing, if the ball lands within the clip.
    public var landingFrame: Int?
    /// Launch time in seconds from the start of the clip (nil without a shot).
    public var launchTime: Double?
    /// Landing time in seconds from the start of the clip (nil without a shot); may lie after
    /// the end of the clip.
    public var landingTime: Double?
    /// The shot's carry in metres (nil without a shot).
    public var carry: Double?
    /// The shot's apex height in metres (nil without a shot).
    public var apexHeight: Double?
    /// One entry per frame, in order.
    public var frames: [FrameTruth]

    /// The frames where a detector should see the ball.
    public var visibleFrames: [FrameTruth] { frames.filter(\.visible) }

    /// Encodes this truth as pretty, key-sorted JSON.
    public func jsonData() throws(MediaError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { return try encoder.encode(self) } catch {
            throw .invalidArgument("cannot encode the clip truth: \(error)")
        }
    }

    /// Reads a truth file written by ``GroundTruthClip/write(videoPath:truthPath:)``.
    public static func load(path: String) throws(MediaError) -> ClipTruth {
        try JSONFile.load(ClipTruth.self, path: path, what: "a clip truth file")
    }
}

import Foundation
