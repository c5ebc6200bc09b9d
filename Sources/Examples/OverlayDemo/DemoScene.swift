import Foundation
import MediaKitLinux

/// The demo's overlay: a title that fades in, a ball-flight curve drawn by a strokeEnd
/// animation with an ease-out, and a marker riding the curve's head. Sizes follow the picture.
enum DemoScene {
    static func make(size: PixelSize, duration: Double, title: String) -> Layer {
        let w = CGFloat(size.width), h = CGFloat(size.height)
        let unit = min(w, h) / 180
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: w, height: h)

        // Title: model opacity 0, faded in and held (fill forwards).
        let titleLayer = TextLayer()
        titleLayer.string = title
        titleLayer.font = Font(family: "sans-serif", size: 14 * unit, weight: .bold)
        titleLayer.frame = CGRect(x: 8 * unit, y: 8 * unit, width: w - 16 * unit, height: 20 * unit)
        titleLayer.shadowOpacity = 0.8
        titleLayer.shadowOffset = CGSize(width: unit, height: unit)
        titleLayer.shadowRadius = unit
        titleLayer.opacity = 0
        titleLayer.add(BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1, beginTime: 0.2, duration: 1,
                                      timingFunction: .easeInEaseOut, fillMode: .forwards), forKey: "fadeIn")
        root.addSublayer(titleLayer)

        // The flight: launch bottom-left, apex, landing right.
        var flight = Path()
        flight.move(to: CGPoint(x: 0.12 * w, y: 0.88 * h))
        flight.addCurve(to: CGPoint(x: 0.88 * w, y: 0.62 * h), control1: CGPoint(x: 0.3 * w, y: -0.05 * h),
                        control2: CGPoint(x: 0.75 * w, y: 0.05 * h))
        let begin = min(1.0, 0.1 * duration)
        let drawTime = max(0.5, min(4.0, 0.6 * duration))

        let curve = ShapeLayer()
        curve.path = flight
        curve.fillColor = nil
        curve.strokeColor = Color(hex: "#FFD21F")
        curve.lineWidth = 2.5 * unit
        curve.lineCap = .round
        curve.lineJoin = .round
        curve.shadowOpacity = 0.6
        curve.shadowOffset = .zero
        curve.shadowRadius = 1.5 * unit
        curve.strokeEnd = 0
        curve.add(BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, beginTime: begin, duration: drawTime,
                                 timingFunction: .easeOut, fillMode: .forwards), forKey: "draw")
        root.addSublayer(curve)

        // The marker follows the same path with the same timing, so it sits on the stroke's head.
        let marker = ShapeLayer()
        let r = 4 * unit
        marker.path = Path(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        marker.fillColor = .white
        marker.strokeColor = Color(hex: "#D22")
        marker.lineWidth = unit
        marker.position = flight.point(atFractionOfLength: 0)!.point
        marker.opacity = 0
        var ride = KeyframeAnimation(keyPath: "position", calculationMode: .paced, beginTime: begin, duration: drawTime)
        ride.path = flight
        ride.timingFunction = .easeOut
        ride.fillMode = .forwards
        marker.add(ride, forKey: "ride")
        marker.add(BasicAnimation(keyPath: "opacity", fromValue: 1, toValue: 1, beginTime: begin, duration: drawTime,
                                  fillMode: .forwards), forKey: "show")
        root.addSublayer(marker)
        return root
    }
}
