import Foundation
import Testing
@testable import MediaKitLinux

@Suite struct TimingFunctionTests {
    /// An independent evaluation: sample the Bézier densely in its parameter and interpolate
    /// y against x (no root solving), so an error in the solver cannot hide in the reference.
    static func reference(_ p: (Double, Double, Double, Double), _ x: Double) -> Double {
        let n = 400_000
        func point(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            return (3 * u * u * t * p.0 + 3 * u * t * t * p.2 + t * t * t,
                    3 * u * u * t * p.1 + 3 * u * t * t * p.3 + t * t * t)
        }
        var previous = point(0)
        for i in 1...n {
            let current = point(Double(i) / Double(n))
            if current.0 >= x {
                let span = current.0 - previous.0
                let f = span > 0 ? (x - previous.0) / span : 0
                return previous.1 + (current.1 - previous.1) * f
            }
            previous = current
        }
        return 1
    }

    static let named: [(TimingFunction, (Double, Double, Double, Double))] = [
        (.linear, (0, 0, 1, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
        (.easeInEaseOut, (0.42, 0, 0.58, 1)), (.default, (0.25, 0.1, 0.25, 1)),
        (TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1.4), (0.1, 0.9, 0.2, 1.4)),
    ]

    @Test func controlPointsAreCoreAnimations() {
        #expect(TimingFunction.easeIn.control1 == CGPoint(x: 0.42, y: 0) && TimingFunction.easeIn.control2 == CGPoint(x: 1, y: 1))
        #expect(TimingFunction.easeOut.control1 == CGPoint(x: 0, y: 0) && TimingFunction.easeOut.control2 == CGPoint(x: 0.58, y: 1))
        #expect(TimingFunction.default.control1 == CGPoint(x: 0.25, y: 0.1))
    }

    @Test(arguments: 0..<6) func matchesDenseSamplingTo1e6(_ index: Int) {
        let (function, points) = Self.named[index]
        for i in 0...40 {
            let x = Double(i) / 40 * 0.999 + (i == 0 ? 0.0005 : 0)
            let expected = Self.reference(points, x)
            let actual = function.evaluate(x)
            #expect(abs(actual - expected) < 1e-6, "\(points) at \(x): \(actual) vs \(expected)")
        }
        #expect(function.evaluate(0) == 0 && function.evaluate(1) == 1)
    }

    @Test func knownValues() {
        #expect(abs(TimingFunction.linear.evaluate(0.3) - 0.3) < 1e-9)
        // easeInEaseOut is symmetric about (0.5, 0.5).
        #expect(abs(TimingFunction.easeInEaseOut.evaluate(0.5) - 0.5) < 1e-7)
        #expect(abs(TimingFunction.easeInEaseOut.evaluate(0.2) + TimingFunction.easeInEaseOut.evaluate(0.8) - 1) < 1e-7)
        #expect(TimingFunction.easeOut.evaluate(0.5) > 0.5 && TimingFunction.easeIn.evaluate(0.5) < 0.5)
    }
}
