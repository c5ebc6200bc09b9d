import Testing
import MediaKitLinux
@testable import TracerOverlay

@Suite("Ground truth: shot physics and camera")
struct GroundTruthPhysicsTests {
    @Test func sevenIronFliesLikeASevenIron() {
        let flight = GolfShot.sevenIron.simulate()
        #expect((15...40).contains(flight.apexHeight), "apex \(flight.apexHeight) m")
        #expect((120...190).contains(flight.carry), "carry \(flight.carry) m")
        #expect((4...8).contains(flight.landingTime), "flight time \(flight.landingTime) s")
        #expect(abs(flight.samples.last!.y - flight.samples[0].y) < 1e-6, "ends on the ground")
    }

    @Test func driverCarriesFurtherAndLower() {
        let driver = GolfShot.driver.simulate()
        let iron = GolfShot.sevenIron.simulate()
        #expect((190...290).contains(driver.carry), "carry \(driver.carry) m")
        #expect((18...45).contains(driver.apexHeight), "apex \(driver.apexHeight) m")
        #expect(driver.carry > iron.carry + 30)
        // Launch angle per carry: the driver's flight is flatter.
        #expect(driver.apexHeight / driver.carry < iron.apexHeight / iron.carry)
    }

    @Test func dragAndLiftMatter() {
        var noAir = GolfShot.sevenIron
        noAir.dragCoefficient = 0
        noAir.liftCoefficient = 0
        let vacuum = noAir.simulate()
        // Without air the range follows v^2 sin(2a) / g.
        let expected = 50.0 * 50 * sin(2 * 17 * Double.pi / 180) / 9.81
        #expect(abs(vacuum.carry - expected) < 0.2, "vacuum carry \(vacuum.carry) vs \(expected)")
        var noLift = GolfShot.sevenIron
        noLift.liftCoefficient = 0
        #expect(noLift.simulate().apexHeight < GolfShot.sevenIron.simulate().apexHeight - 5)
    }

    @Test func azimuthAndSpinTiltSendTheBallRight() {
        // Seen from behind the golfer, right is -x.
        let pushed = GolfShot(launchSpeed: 50, launchAngle: 17, azimuth: 3).simulate()
        #expect(pushed.samples.last!.x < -5)
        let faded = GolfShot(launchSpeed: 50, launchAngle: 17, spinAxisTilt: 10).simulate()
        #expect(faded.samples.last!.x < -5)
        let drawn = GolfShot(launchSpeed: 50, launchAngle: 17, spinAxisTilt: -10).simulate()
        #expect(drawn.samples.last!.x > 5)
    }

    @Test func pinholeProjectsKnownPoints() throws {
        let camera = PinholeCamera(position: .zero, lookAt: Vector3(0, 0, 10), verticalFieldOfView: 90, width: 200, height: 100)
        #expect(abs(camera.focalLength - 50) < 1e-9)
        let centre = try #require(camera.project(Vector3(0, 0, 10)))
        #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 50) < 1e-9 && abs(centre.depth - 10) < 1e-9)
        // Left of the target line (+x) appears on the left; up appears up (smaller y).
        let p = try #require(camera.project(Vector3(1, 0.5, 10)))
        #expect(abs(p.x - 95) < 1e-9 && abs(p.y - 47.5) < 1e-9)
        #expect(camera.project(Vector3(0, 0, -5)) == nil, "behind the camera")
        #expect(camera.project(Vector3(3, 1, 0)) == nil, "in the camera's plane")
        #expect(abs(camera.projectedSize(0.5, depth: 10) - 2.5) < 1e-9)
        // A ray through a pixel projects back to that pixel.
        let ray = camera.rayDirection(x: 30, y: 80)
        let back = try #require(camera.project(ray * 7))
        #expect(abs(back.x - 30) < 1e-9 && abs(back.y - 80) < 1e-9)
    }

    @Test func downTheLinePathIsNearlyVerticalAndSkyPathCrossesLeftToRight() throws {
        let flight = GolfShot(launchSpeed: 55, launchAngle: 15).simulate()
        let dtl = CameraView.downTheLine.camera(width: 1920, height: 1080)
        let a = try #require(dtl.project(flight.position(at: 0.1)))
        let b = try #require(dtl.project(flight.position(at: 1.5)))
        #expect(abs(a.x - b.x) < 0.05 * abs(a.y - b.y), "dx \(a.x - b.x) dy \(a.y - b.y)")
        #expect(b.y < a.y, "climbs up the image")
        let sky = CameraView.skyCrossing.camera(width: 1920, height: 1080)
        let c = try #require(sky.project(flight.position(at: 2)))
        let d = try #require(sky.project(flight.position(at: 3)))
        #expect(d.x > c.x + 100, "moves right")
        // Portrait presets keep the ball's climb in frame.
        let portrait = CameraView.downTheLine.camera(width: 1080, height: 1920)
        let apex = try #require(portrait.project(flight.position(at: 2.5)))
        #expect((0..<1920).contains(apex.y) && (0..<1080).contains(apex.x))
    }

    @Test func splitMixIsSeededAndUniform() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42), c = SplitMix64(seed: 43)
        let sa = (0..<8).map { _ in a.next() }
        #expect(sa == (0..<8).map { _ in b.next() })
        #expect(sa != (0..<8).map { _ in c.next() })
        var r = SplitMix64(seed: 7)
        let values = (0..<20000).map { _ in r.gaussian() }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        #expect(abs(mean) < 0.03 && abs(variance - 1) < 0.05)
    }
}

import Foundation
