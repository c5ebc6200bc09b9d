import Foundation
import MediaKitLinux

/// The retimed tracer (an export option, never the default): for each shot a layer tree whose
/// `strokeEnd` animation along the flight's whole path puts the tracer's head on the ball in
/// every frame (Core Animation's way, evaluated at each frame's time), carries the flight back to
/// the ball at address before the first sighting and on past the last sighting along the fitted
/// path, both dashed and fainter so a viewer can tell those parts were extrapolated.
public struct RetimedTracer: Sendable {
    /// The look.
    public var style: TracerStyle
    /// How long past the last sighting the flight is extended (it also stops where the fitted
    /// path leaves the picture or falls back below its launch height).
    public var extrapolationLength: MediaTime

    /// Creates a retimed tracer.
    public init(style: TracerStyle, extrapolationLength: MediaTime = MediaTime(value: 3, timescale: 2)) {
        self.style = style
        self.extrapolationLength = extrapolationLength
    }

    /// The extrapolated continuation of `shot` after its last sighting: points of its time fit
    /// at 1/120 s steps, with their times.
    public func extrapolation(of shot: Shot) -> [TrajectoryPoint] {
        guard let fit = shot.timeFit, let last = shot.trajectory.points.last, let first = shot.trajectory.points.first else { return [] }
        var result: [TrajectoryPoint] = []
        let step = MediaTime(value: 1, timescale: 120)
        var time = last.time + step
        while time - last.time <= extrapolationLength {
            let p = fit.point(at: time)
            guard p.x >= 0, p.x <= 1, p.y >= 0, p.y <= first.normalized.y else { break }
            result.append(TrajectoryPoint(time: time, normalized: p))
            time = time + step
        }
        return result
    }

    /// The flight between the ball at address and the first sighting (the detector reports a
    /// flight a few frames late): the fit of the first sightings carried backwards, at 1/120 s
    /// steps, until it reaches the marker's height (at most ``extrapolationLength`` back).
    /// Empty without a marker.
    public func launchExtrapolation(of shot: Shot, marker: NormalizedPoint?) -> [TrajectoryPoint] {
        let points = shot.trajectory.points
        guard let marker, let first = points.first, points.count >= 3, first.normalized.y < marker.y else { return [] }
        let head = Array(points.prefix(8))
        let fit = TimeQuadraticFit.fit(times: head.map(\.time), points: head.map(\.normalized))
        var result: [TrajectoryPoint] = []
        let step = MediaTime(value: 1, timescale: 120)
        var time = first.time - step
        while first.time - time <= extrapolationLength, time >= .zero {
            let p = fit.point(at: time)
            guard p.x >= 0, p.x <= 1, p.y >= 0 else { break }
            if p.y >= marker.y {
                result.append(TrajectoryPoint(time: time, normalized: marker))
                break
            }
            result.append(TrajectoryPoint(time: time, normalized: p))
            time = time - step
        }
        return result.reversed()
    }

    /// The overlay for all `shots` on a `size` picture. Each shot shows from its first sighting
    /// until the next shot's first sighting (the live preview's rule).
    /// With a `marker`, each flight is also carried back to the ball at address.
    public func layer(for shots: [Shot], size: PixelSize, marker: NormalizedPoint? = nil) -> Layer {
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        root.anchorPoint = .zero
        root.position = .zero
        for (index, shot) in shots.enumerated() {
            let launch = launchExtrapolation(of: shot, marker: marker)
            guard let start = launch.first?.time ?? shot.trajectory.points.first?.time else { continue }
            let container = Layer()
            container.bounds = root.bounds
            container.anchorPoint = .zero
            container.position = .zero
            // Visible from the shot's start to the next shot's start: model opacity 0, an
            // animation holding 1 over that interval.
            let end = index + 1 < shots.count ? shots[index + 1].trajectory.points.first?.time : nil
            container.opacity = 0
            let duration = end.map { ($0 - start).seconds } ?? 1e9
            container.add(BasicAnimation(keyPath: "opacity", fromValue: 1, toValue: 1, beginTime: start.seconds, duration: duration), forKey: "visible")
            let seen = shot.trajectory.points
            let guessed = extrapolation(of: shot)
            if let first = seen.first, !launch.isEmpty {
                addStroke(points: launch + [first], dashed: true, to: container, size: size)
            }
            addStroke(points: seen, dashed: false, to: container, size: size)
            if let last = seen.last, !guessed.isEmpty {
                addStroke(points: [last] + guessed, dashed: true, to: container, size: size)
            }
            if style.headDotRadius > 0 { addHeadDot(points: launch + seen + guessed, to: container, size: size) }
            root.addSublayer(container)
        }
        return root
    }

    private func pixel(_ p: NormalizedPoint, _ size: PixelSize) -> CGPoint {
        CGPoint(x: p.x * Double(size.width), y: p.y * Double(size.height))
    }

    /// A strokeEnd keyframe animation along the polyline of `points`: at each point's time the
    /// stroke ends exactly on that point (keyTimes from the times, values from the lengths).
    private func strokeEndAnimation(points: [TrajectoryPoint], size: PixelSize) -> KeyframeAnimation? {
        guard points.count >= 2, let first = points.first, let last = points.last, last.time > first.time else { return nil }
        var lengths: [Double] = [0]
        for i in 1..<points.count {
            let a = pixel(points[i - 1].normalized, size), b = pixel(points[i].normalized, size)
            lengths.append(lengths[i - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let total = max(lengths[lengths.count - 1], 1e-9)
        let duration = (last.time - first.time).seconds
        let animation = KeyframeAnimation(keyPath: "strokeEnd",
                                          values: lengths.map { .number($0 / total) },
                                          keyTimes: points.map { ($0.time - first.time).seconds / duration })
        var result = animation
        result.beginTime = first.time.seconds
        result.duration = duration
        result.fillMode = .forwards
        return result
    }

    private func addStroke(points: [TrajectoryPoint], dashed: Bool, to container: Layer, size: PixelSize) {
        guard let animation = strokeEndAnimation(points: points, size: size) else { return }
        let path = TracerRenderer.polyline(points.map { TracerPoint(x: $0.normalized.x, y: $0.normalized.y) }, size: size)
        func shape(color: Color, width: Double) -> ShapeLayer {
            let layer = ShapeLayer()
            layer.bounds = container.bounds
            layer.anchorPoint = .zero
            layer.position = .zero
            layer.path = path
            layer.fillColor = nil
            layer.strokeColor = color
            layer.lineWidth = width
            layer.lineCap = dashed ? .butt : .round
            layer.lineJoin = .round
            if dashed { layer.lineDashPattern = style.extrapolatedDash.map { CGFloat($0) } }
            layer.strokeEnd = 0
            layer.add(animation, forKey: "strokeEnd")
            return layer
        }
        let alpha = dashed ? style.extrapolatedOpacity : 1
        if style.glowWidth > 0 {
            container.addSublayer(shape(color: style.color.withAlpha(style.color.alpha * style.glowOpacity * alpha), width: style.glowWidth))
        }
        let main = shape(color: style.color.withAlpha(style.color.alpha * alpha), width: style.lineWidth)
        if let shadow = style.shadow {
            main.shadowColor = shadow.color.withAlpha(1)
            main.shadowOpacity = shadow.color.alpha
            main.shadowOffset = shadow.offset
            main.shadowRadius = shadow.blur
        }
        container.addSublayer(main)
    }

    private func addHeadDot(points: [TrajectoryPoint], to container: Layer, size: PixelSize) {
        guard points.count >= 2, let first = points.first, let last = points.last, last.time > first.time else { return }
        let r = style.headDotRadius
        let dot = ShapeLayer()
        dot.path = Path(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        dot.fillColor = style.color
        dot.bounds = .zero
        dot.anchorPoint = .zero
        dot.position = pixel(last.normalized, size)
        let duration = (last.time - first.time).seconds
        var animation = KeyframeAnimation(keyPath: "position", values: points.map { .point(pixel($0.normalized, size)) },
                                          keyTimes: points.map { ($0.time - first.time).seconds / duration })
        animation.beginTime = first.time.seconds
        animation.duration = duration
        animation.fillMode = .both
        dot.add(animation, forKey: "position")
        container.addSublayer(dot)
    }
}
