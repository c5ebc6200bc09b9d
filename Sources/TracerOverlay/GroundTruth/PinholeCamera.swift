import Foundation

/// An ideal pinhole camera: where it stands, what it looks at, its vertical field of view and
/// its image size. It turns world points into pixel positions and world sizes into pixel sizes.
public struct PinholeCamera: Sendable, Hashable, Codable {
    /// The centre of projection, in world metres.
    public var position: Vector3
    /// A world point that appears at the centre of the image.
    public var lookAt: Vector3
    /// The vertical field of view in degrees.
    public var verticalFieldOfView: Double
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int

    /// Creates a camera; the image's up is the world's up (no roll).
    public init(position: Vector3, lookAt: Vector3, verticalFieldOfView: Double, width: Int, height: Int) {
        self.position = position
        self.lookAt = lookAt
        self.verticalFieldOfView = verticalFieldOfView
        self.width = width
        self.height = height
    }

    /// A pixel position with the point's distance along the optical axis.
    public struct Projection: Sendable, Hashable {
        /// Pixels from the left edge (pixel i covers [i, i + 1)).
        public var x: Double
        /// Pixels from the top edge.
        public var y: Double
        /// Metres in front of the camera along its optical axis.
        public var depth: Double
    }

    /// The focal length in pixels.
    public var focalLength: Double { Double(height) / 2 / tan(verticalFieldOfView * .pi / 360) }

    /// The camera's unit axes: right, up and forward (into the scene).
    public var axes: (right: Vector3, up: Vector3, forward: Vector3) {
        let forward = (lookAt - position).normalized
        var right = forward.cross(Vector3(0, 1, 0)).normalized
        if right.length == 0 { right = Vector3(1, 0, 0) }
        let up = right.cross(forward)
        return (right, up, forward)
    }

    /// Where `point` appears in the image, or nil when it is behind the camera (or too close
    /// to the centre of projection to have an image).
    public func project(_ point: Vector3) -> Projection? {
        let (right, up, forward) = axes
        let d = point - position
        let depth = d.dot(forward)
        guard depth > 1e-3 else { return nil }
        let f = focalLength
        return Projection(x: Double(width) / 2 + f * d.dot(right) / depth,
                          y: Double(height) / 2 - f * d.dot(up) / depth,
                          depth: depth)
    }

    /// The image size in pixels of a length `size` metres at `depth` metres in front.
    public func projectedSize(_ size: Double, depth: Double) -> Double { focalLength * size / depth }

    /// The world direction of the ray through pixel position (`x`, `y`).
    public func rayDirection(x: Double, y: Double) -> Vector3 {
        let (right, up, forward) = axes
        let f = focalLength
        return (forward * f + right * (x - Double(width) / 2) - up * (y - Double(height) / 2)).normalized
    }
}

/// The two camera placements golf footage uses.
public enum CameraView: String, Sendable, Hashable, Codable, CaseIterable {
    /// Behind the golfer on the target line at eye height: the ball's image climbs almost
    /// straight up while shrinking into the distance.
    case downTheLine
    /// Far to the side of the fairway looking up: the ball crosses the sky left to right on an
    /// arc, already small.
    case skyCrossing

    /// The camera for an image of `width` x `height` pixels. Portrait images get a wider
    /// vertical field of view so that the same scene fits, as on a phone held upright.
    public func camera(width: Int, height: Int) -> PinholeCamera {
        let portrait = height > width
        switch self {
        case .downTheLine:
            // 3 m behind the ball, tilted 3 degrees down: the golfer fills the lower part, the
            // horizon sits near the middle, a wedge's apex (about 21 degrees up) stays in frame.
            let position = Vector3(0, 1.5, -3)
            let pitch = (portrait ? 2.0 : 3.0) * Double.pi / 180
            let lookAt = position + Vector3(0, -sin(pitch), cos(pitch)) * 10
            return PinholeCamera(position: position, lookAt: lookAt,
                                 verticalFieldOfView: portrait ? 76 : 57, width: width, height: height)
        case .skyCrossing:
            // 60 m to the side of the fairway, 65 m down it, looking up across it: the ball
            // enters from the left a few tenths of a second after launch.
            let position = Vector3(-60, 1.5, 65)
            let lookAt = Vector3(0, portrait ? 22 : 16, 65)
            return PinholeCamera(position: position, lookAt: lookAt,
                                 verticalFieldOfView: portrait ? 80 : 42, width: width, height: height)
        }
    }
}
