import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct AnimationTests {
    func strokeEnd(of layer: ShapeLayer, at seconds: Double) -> Double {
        (layer.presentation(at: MediaTime(seconds: seconds, preferredTimescale: 600)) as! ShapeLayer).strokeEnd
    }

    @Test func basicAnimationFillModes() {
        for mode in [FillMode.removed, .forwards, .backwards, .both] {
            let layer = ShapeLayer()
            layer.strokeEnd = 0.3
            layer.add(BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, beginTime: 1, duration: 2, fillMode: mode), forKey: "s")
            let before = strokeEnd(of: layer, at: 0.5), after = strokeEnd(of: layer, at: 3.5)
            #expect(before == (mode == .backwards || mode == .both ? 0 : 0.3), "\(mode)")
            #expect(after == (mode == .forwards || mode == .both ? 1 : 0.3), "\(mode)")
            #expect(abs(strokeEnd(of: layer, at: 2) - 0.5) < 1e-12)
            // The end time is outside the half-open active interval.
            #expect(strokeEnd(of: layer, at: 3) == (mode == .forwards || mode == .both ? 1 : 0.3))
        }
    }

    @Test func defaultsFollowCoreAnimation() {
        let layer = ShapeLayer()
        #expect(layer.strokeStart == 0 && layer.strokeEnd == 1 && layer.lineWidth == 1)
        #expect(layer.fillColor == .black && layer.strokeColor == nil && layer.opacity == 1)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        let a = BasicAnimation(keyPath: "opacity", toValue: 0)
        #expect(a.fillMode == .removed && a.timingFunction == nil && a.activeDuration == 0.25)
    }

    @Test func missingEndsUseTheModelValue() {
        let layer = Layer()
        layer.opacity = 0.8
        layer.add(BasicAnimation(keyPath: "opacity", toValue: 0, duration: 1), forKey: nil)
        #expect(abs(layer.presentation(at: MediaTime(value: 1, timescale: 2)).opacity - 0.4) < 1e-12)
    }

    @Test func timingFunctionRepeatAndAutoreverse() {
        let layer = ShapeLayer()
        var a = BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, beginTime: 0, duration: 1, timingFunction: .easeOut)
        a.repeatCount = 2
        a.autoreverses = true
        a.fillMode = .forwards
        layer.add(a, forKey: "a")
        #expect(abs(strokeEnd(of: layer, at: 0.25) - TimingFunction.easeOut.evaluate(0.25)) < 1e-12)
        // Autoreversing: at 1.25 s it plays backwards, a quarter into the way back.
        #expect(abs(strokeEnd(of: layer, at: 1.25) - TimingFunction.easeOut.evaluate(0.75)) < 1e-12)
        // Second iteration.
        #expect(abs(strokeEnd(of: layer, at: 2.5) - TimingFunction.easeOut.evaluate(0.5)) < 1e-12)
        // Filled forwards after reversing: back at the start value.
        #expect(strokeEnd(of: layer, at: 5) == 0)
        var half = BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1, duration: 1)
        half.repeatCount = 1.5
        half.fillMode = .forwards
        let other = ShapeLayer()
        other.add(half, forKey: nil)
        #expect(abs(strokeEnd(of: other, at: 9) - 0.5) < 1e-12)
    }

    @Test func keyframeModes() {
        var linear = KeyframeAnimation(keyPath: "opacity", values: [0, 1, 0.5], keyTimes: [0, 0.25, 1], duration: 4)
        linear.fillMode = .both
        #expect(linear.value(atFraction: 0.125)?.number == 0.5)
        #expect(abs(linear.value(atFraction: 0.625)!.number! - 0.75) < 1e-12)
        linear.timingFunctions = [.easeIn, .linear]
        #expect(abs(linear.value(atFraction: 0.125)!.number! - TimingFunction.easeIn.evaluate(0.5)) < 1e-12)

        let discrete = KeyframeAnimation(keyPath: "opacity", values: [0.1, 0.2, 0.3], calculationMode: .discrete, duration: 3)
        #expect(discrete.value(atFraction: 0.2)?.number == 0.1)
        #expect(discrete.value(atFraction: 0.5)?.number == 0.2)
        #expect(discrete.value(atFraction: 0.99)?.number == 0.3)

        // Paced: distances 10 then 30, so the middle value is reached at a quarter of the time.
        let paced = KeyframeAnimation(keyPath: "position", values: [.point(.zero), .point(CGPoint(x: 10, y: 0)), .point(CGPoint(x: 40, y: 0))],
                                      calculationMode: .paced, duration: 1)
        #expect(abs(paced.value(atFraction: 0.25)!.point!.x - 10) < 1e-9)
        #expect(abs(paced.value(atFraction: 0.5)!.point!.x - 20) < 1e-9)
    }

    @Test func keyframePathMovesAtConstantSpeed() throws {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0)); path.addLine(to: CGPoint(x: 100, y: 0)); path.addLine(to: CGPoint(x: 100, y: 300))
        var move = KeyframeAnimation(keyPath: "position", calculationMode: .paced, duration: 4)
        move.path = path
        let layer = Layer()
        layer.add(move, forKey: "move")
        let p = layer.presentation(at: MediaTime(value: 1, timescale: 1)).position
        #expect(abs(p.x - 100) < 1e-6 && abs(p.y - 0) < 1e-6)
        let q = layer.presentation(at: MediaTime(value: 2, timescale: 1)).position
        #expect(abs(q.x - 100) < 1e-6 && abs(q.y - 100) < 1e-6)
    }

    @Test func groupsShareTheirTimeline() {
        var group = AnimationGroup(animations: [
            BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1, beginTime: 0, duration: 1),
            BasicAnimation(keyPath: "lineWidth", fromValue: 2, toValue: 10, beginTime: 1, duration: 1),
        ], beginTime: 5, duration: 2)
        group.fillMode = .forwards
        let layer = ShapeLayer()
        layer.add(group, forKey: "g")
        let mid = layer.presentation(at: MediaTime(seconds: 5.5, preferredTimescale: 10)) as! ShapeLayer
        #expect(abs(mid.opacity - 0.5) < 1e-12 && mid.lineWidth == 1)
        let late = layer.presentation(at: MediaTime(seconds: 6.5, preferredTimescale: 10)) as! ShapeLayer
        #expect(late.opacity == 1 && abs(late.lineWidth - 6) < 1e-12)
        #expect(layer.presentation(at: MediaTime(value: 4, timescale: 1)).opacity == 1)
    }

    @Test func colorPositionAndTransformInterpolate() {
        let layer = ShapeLayer()
        layer.add(BasicAnimation(keyPath: "strokeColor", fromValue: .color(.red), toValue: .color(.blue), duration: 1), forKey: "c")
        layer.add(BasicAnimation(keyPath: "position", fromValue: .point(.zero), toValue: .point(CGPoint(x: 10, y: 20)), duration: 1), forKey: "p")
        layer.add(BasicAnimation(keyPath: "transform", fromValue: .transform(.identity),
                                 toValue: .transform(CGAffineTransform(rotationAngle: .pi / 2)), duration: 1), forKey: "t")
        let p = layer.presentation(at: MediaTime(value: 1, timescale: 2)) as! ShapeLayer
        #expect(p.strokeColor == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(p.position == CGPoint(x: 5, y: 10))
        let expected = CGAffineTransform(rotationAngle: .pi / 4)
        #expect(abs(p.transform.a - expected.a) < 1e-12 && abs(p.transform.b - expected.b) < 1e-12)
    }
}
