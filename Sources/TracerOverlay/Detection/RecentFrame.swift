import MediaKitLinux

/// What the tracker keeps of an analysed frame (``BallTracker/recentFrames``).
struct RecentFrame {
    /// The analysed-frame number; -1 for a slot not yet filled.
    var frame = -1
    var time = MediaTime.zero
    /// Seconds since the tracker's first frame.
    var t = 0.0
    /// The change the frame's candidates had to pass (0: not known).
    var noiseThreshold = 0
    /// How many candidates the frame held.
    var candidates = 0
}
