import Foundation

/// The launch conditions of one golf shot and the air it flies through.
///
/// Defaults are a mid-iron. The flight model is a point mass with gravity, quadratic drag and
/// a spin-driven lift perpendicular to the velocity, with constant coefficients: simpler than
/// real ball aerodynamics (no spin decay, no Reynolds dependence) but it gives the rising,
/// then steepening, asymmetric arc that matters to a detector.
public struct GolfShot: Sendable, Hashable, Codable {
    /// Ball mass in kilograms (the rules' maximum, 45.93 g).
    public var mass: Double = 0.04593
    /// Ball diameter in metres (the rules' minimum, 42.67 mm).
    public var diameter: Double = 0.04267
    /// Ball speed at launch, metres per second (roughly 40 for a wedge, 75 for a long drive).
    public var launchSpeed: Double = 52
    /// Vertical launch angle in degrees above the ground.
    public var launchAngle: Double = 16
    /// Horizontal launch direction in degrees, positive to the right of the target line.
    public var azimuth: Double = 0
    /// Lift coefficient (backspin): about 0.15 for a driver, 0.25 for a short iron.
    public var liftCoefficient: Double = 0.2
    /// Drag coefficient.
    public var dragCoefficient: Double = 0.25
    /// Tilt of the spin axis in degrees; positive curves the ball to the right (a fade).
    public var spinAxisTilt: Double = 0
    /// Air density in kilograms per cubic metre.
    public var airDensity: Double = 1.2
    /// Gravitational acceleration in metres per second squared.
    public var gravity: Double = 9.81

    /// Creates a shot; unspecified values keep their documented defaults.
    public init(launchSpeed: Double = 52, launchAngle: Double = 16, azimuth: Double = 0,
                liftCoefficient: Double = 0.2, dragCoefficient: Double = 0.25, spinAxisTilt: Double = 0) {
        self.launchSpeed = launchSpeed
        self.launchAngle = launchAngle
        self.azimuth = azimuth
        self.liftCoefficient = liftCoefficient
        self.dragCoefficient = dragCoefficient
        self.spinAxisTilt = spinAxisTilt
    }

    /// A typical driver: fast, low, little spin.
    public static let driver = GolfShot(launchSpeed: 70, launchAngle: 11, liftCoefficient: 0.16)
    /// A typical 7-iron.
    public static let sevenIron = GolfShot(launchSpeed: 50, launchAngle: 17, liftCoefficient: 0.22)

    /// The ball's radius in metres.
    public var radius: Double { diameter / 2 }

    /// The initial velocity vector.
    public var launchVelocity: Vector3 {
        let elevation = launchAngle * .pi / 180
        let heading = azimuth * .pi / 180
        let horizontal = launchSpeed * cos(elevation)
        return Vector3(-horizontal * sin(heading), launchSpeed * sin(elevation), horizontal * cos(heading))
    }

    /// The acceleration of the ball at velocity `v`.
    func acceleration(velocity v: Vector3) -> Vector3 {
        let speed = v.length
        let area = Double.pi * radius * radius
        let k = 0.5 * airDensity * area / mass * speed * speed
        var a = Vector3(0, -gravity, 0)
        guard speed > 1e-9 else { return a }
        let direction = v / speed
        a = a - direction * (k * dragCoefficient)
        // Backspin's axis is horizontal and perpendicular to the motion; tilting it about the
        // direction of travel turns part of the lift sideways.
        let horizontal = Vector3(v.x, 0, v.z)
        guard horizontal.length > 1e-9 else { return a }
        let axis = Vector3(0, 1, 0).cross(horizontal).normalized
        let tilt = spinAxisTilt * .pi / 180
        let along = horizontal.normalized
        let tiltedAxis = axis * cos(tilt) + along.cross(axis) * sin(tilt)
        let liftDirection = direction.cross(tiltedAxis).normalized
        return a + liftDirection * (k * liftCoefficient)
    }

    /// Integrates the flight from `start` (the ball's centre at rest) with fourth-order
    /// Runge-Kutta steps of `step` seconds until the ball comes back down to the ground.
    public func simulate(from start: Vector3 = Vector3(0, 0.02135, 0), step: Double = 0.001,
                         maximumDuration: Double = 20) -> BallFlight {
        var position = start
        var velocity = launchVelocity
        var samples = [position]
        var time = 0.0
        var landing: Double?
        while time < maximumDuration {
            let (p1, v1) = (velocity, acceleration(velocity: velocity))
            let (p2, v2) = (velocity + v1 * (step / 2), acceleration(velocity: velocity + v1 * (step / 2)))
            let (p3, v3) = (velocity + v2 * (step / 2), acceleration(velocity: velocity + v2 * (step / 2)))
            let (p4, v4) = (velocity + v3 * step, acceleration(velocity: velocity + v3 * step))
            let next = position + (p1 + p2 * 2 + p3 * 2 + p4) * (step / 6)
            velocity = velocity + (v1 + v2 * 2 + v3 * 2 + v4) * (step / 6)
            time += step
            if next.y <= start.y && velocity.y < 0 {
                // Land where the segment crosses the starting height.
                let f = (position.y - start.y) / max(position.y - next.y, 1e-12)
                landing = time - step + step * f
                samples.append(Vector3.mix(position, next, f))
                break
            }
            position = next
            samples.append(position)
        }
        return BallFlight(step: step, samples: samples, landingTime: landing ?? time)
    }
}

/// A simulated flight: the ball's centre sampled at a fixed step from launch to landing.
public struct BallFlight: Sendable {
    /// Seconds between samples.
    public let step: Double
    /// Ball centres; the first is the launch position, the last the landing point.
    public let samples: [Vector3]
    /// Seconds from launch to landing.
    public let landingTime: Double

    /// The ball's centre `t` seconds after launch (clamped to the flight), interpolated linearly
    /// between samples.
    public func position(at t: Double) -> Vector3 {
        if t <= 0 { return samples[0] }
        if t >= landingTime { return samples[samples.count - 1] }
        let index = t / step
        let i = min(Int(index), samples.count - 2)
        return Vector3.mix(samples[i], samples[i + 1], min(1, index - Double(i)))
    }

    /// The highest point of the flight, in metres above the ground.
    public var apexHeight: Double { samples.map(\.y).max() ?? 0 }

    /// The horizontal distance from launch to landing, in metres.
    public var carry: Double {
        let d = samples[samples.count - 1] - samples[0]
        return (d.x * d.x + d.z * d.z).squareRoot()
    }
}
