/// Every knob of a generated clip. A clip is a pure function of its settings: the same
/// settings give the same pixels and the same truth on every run.
///
/// Lengths in pixels (bird sizes, cloud drift) are given for a 1080-pixel-high image and scale
/// with the image height; the ball's size comes from the camera and the physics.
public struct GroundTruthSettings: Sendable, Hashable, Codable {
    /// The catalogue name these settings came from ("custom" otherwise).
    public var scenario: String = "custom"
    /// The seed every random choice (distractor paths, noise, jitter) derives from.
    public var seed: UInt64 = 1
    /// Image width in pixels (even: frames are yuv420p).
    public var width: Int = 320
    /// Image height in pixels (even).
    public var height: Int = 180
    /// Frames per second; frame n is at exactly n / frameRate seconds.
    public var frameRate: Double = 60
    /// Clip length in seconds.
    public var duration: Double = 3
    /// Where the camera stands.
    public var view: CameraView = .downTheLine
    /// The shot, or nil for a clip without one (practice swings, distractors only).
    public var shot: GolfShot? = GolfShot.sevenIron
    /// Seconds from the start of the clip to impact.
    public var launchTime: Double = 1.2
    /// Whether the golfer and the club are drawn; with a shot the swing's impact is the launch.
    public var golfer: Bool = true
    /// Impact times of practice swings (the club passes the resting ball, nothing flies).
    public var practiceSwingTimes: [Double] = []
    /// People walking across the range, limbs swinging.
    public var walkers: Int = 0
    /// Birds flying through the sky.
    public var birds: Int = 0
    /// Fraction of the sky covered by clouds, 0 to about 0.7.
    public var cloudCover: Double = 0.25
    /// Cloud drift in pixels per second (1080p scale); positive moves right.
    public var cloudDrift: Double = 12
    /// Relative amplitude of a global brightness change (0.05 is 5%): slow light with a period
    /// of seconds, lamp flicker with one of a fraction of a second.
    public var lightChange: Double = 0
    /// Period of that change in seconds.
    public var lightChangePeriod: Double = 5
    /// Seconds a rolling shutter takes to read the frame from its top row to its bottom row, or
    /// nil for a global shutter. Each row then sees the light a little later than the row above,
    /// so a lamp's flicker shows as dark and light bands across the frame (a phone's sensor reads
    /// in 10-30 ms: 1-3 bands of 100 Hz lamps), which move from frame to frame unless the frame
    /// rate divides the lamp's frequency. A portrait frame is a landscape sensor turned upright:
    /// it is read from its left column to its right one, and its bands stand upright. Optional,
    /// so that truth files written before it still read.
    public var rollingShutterReadout: Double? = nil
    /// Camera shake: the whole image shifts by up to this many pixels (0 or 1) per frame.
    public var jitter: Int = 0
    /// Probability that a frame is shifted when `jitter` is on.
    public var jitterProbability: Double = 0.5
    /// Standard deviation of the sensor noise on luma, in 8-bit levels (chroma gets half).
    public var noiseSigma: Double = 0
    /// The ball's luma (16-235 video range). About 235 is a sunlit ball, brighter than
    /// everything; about 165 is brighter than grass but darker than the sky (what range
    /// footage shows); about 110 is a backlit ball, darker than sky and near grass.
    public var ballLuma: Double = 165
    /// How much the ball covers what is behind it (1 opaque); below 1 for haze and lens blur.
    public var ballOpacity: Double = 1
    /// The smallest radius the ball is drawn with, in pixels (a distant ball still lights at
    /// least part of a pixel through lens blur and bloom).
    public var minimumBallRadius: Double = 0.6
    /// Exposure time as a fraction of the frame interval (0.5 is a 180-degree shutter; phones
    /// in daylight often expose far shorter). The exposure is centred on the frame time, so the
    /// truth is the middle of the streak.
    public var shutter: Double = 0.25
    /// Balls lying on the grass (static: never a trajectory).
    public var restingBalls: Int = 6
    /// H.264 quality used when the clip is written to a file. 18 still starves these scenes
    /// next to a phone: a 1920x1080 60 fps clip comes out at 0.2-13 Mbit/s, where phones
    /// record 20-25. At 23 a clean sky comes out at 0.1 Mbit/s and x264 erases a far ball from
    /// most frames (1920x1080 sky-clean-1 kept 5 levels or more of it in 3 of 113 frames): a
    /// stress case, not footage.
    public var compressionCRF: Int = 18

    /// Settings with every default; change the properties you need.
    public init() {}
}
