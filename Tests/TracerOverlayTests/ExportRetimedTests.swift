import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// The retimed export: head on the ball every frame, flight extended past the last sighting.
@Suite struct ExportRetimedTests {
    @Test func theHeadIsOnTheBallAtEverySightingAndTheFlightIsExtended() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 1.5, visibleFor: 0.6, path: dir + "/clip.mp4")
        var options = LiveShotOptions()
        options.recordingPath = dir + "/recording.mp4"
        options.alignment = Alignment(marker: TracerTestMedia.syntheticMarker)
        options.style = TracerTestMedia.plainStyle
        let live = try LiveShotPipeline(input: dir + "/clip.mp4", options: options).run()
        let shot = try #require(live.shots.first)
        let exporter = ShotExporter(recordingPath: dir + "/recording.mp4", timeline: live.timeline,
                                    options: ShotExportOptions(codec: .ffv1, mode: .retimed))
        _ = try exporter.export(to: dir + "/retimed.mkv")
        let retimed = try TracerTestMedia.readAll(dir + "/retimed.mkv")
        let source = try TracerTestMedia.readAll(dir + "/recording.mp4")
        #expect(retimed.count == source.count)
        let size = live.timeline.videoSize
        func pixel(_ p: NormalizedPoint) -> (Int, Int) { (Int(p.x * Double(size.width)), Int(p.y * Double(size.height))) }
        let points = shot.trajectory.points
        var checked = 0
        for (index, raw) in source.enumerated() {
            guard let i = points.firstIndex(where: { $0.time == raw.time }), i >= 1, i + 3 < points.count else { continue }
            let frame = retimed[index]
            let (hx, hy) = pixel(points[i].normalized)
            let (ax, ay) = pixel(points[i + 3].normalized)
            guard abs(ax - hx) + abs(ay - hy) > 8 else { continue }
            // Ink on the ball's point of this frame, none where the ball will be three frames on
            // (not drawn yet: the live tracer, reported late, shows neither at these times).
            #expect(abs(Int(frame.pixel(x: hx, y: hy)[0]) - Int(raw.pixel(x: hx, y: hy)[0])) > 20, "no head at \(raw.time.seconds) s")
            #expect(frame.pixel(x: ax, y: ay)[0] == raw.pixel(x: ax, y: ay)[0], "ink ahead of the ball at \(raw.time.seconds) s")
            checked += 1
        }
        #expect(checked >= 10, "checked \(checked) of \(points.count) sightings")
        // After the last sighting the flight goes on along the fitted path, in frames where the
        // as-seen-live tracer shows nothing new.
        let last = try #require(points.last)
        let extension_ = RetimedTracer(style: live.timeline.style).extrapolation(of: shot)
        #expect(extension_.count > 10)
        let later = try #require(source.firstIndex(where: { $0.time > last.time + MediaTime(value: 1, timescale: 5) }))
        let seenLater = extension_.filter { $0.time <= source[later].time }
        let inked = seenLater.filter { p in
            let (x, y) = pixel(p.normalized)
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return false }
            return retimed[later].pixel(x: x, y: y)[0] != source[later].pixel(x: x, y: y)[0]
        }
        #expect(inked.count > seenLater.count / 3, "\(inked.count) of \(seenLater.count) extrapolated points inked")
        let liveLast = live.timeline.paths(at: source[later].time).first?.points.filter { !$0.extrapolated }.count
        #expect(liveLast == points.count)
        // Before the first sighting the flight is carried back to the ball at address, which
        // it left at 0.3 s.
        let launch = RetimedTracer(style: live.timeline.style).launchExtrapolation(of: shot, marker: TracerTestMedia.syntheticMarker)
        if points[0].time.seconds > 0.3 + 1.0 / 60 {
            let start = try #require(launch.first)
            #expect(start.normalized == TracerTestMedia.syntheticMarker)
            #expect(abs(start.time.seconds - 0.3) <= 1.0 / 60, "launch found at \(start.time.seconds) s")
        }
        #expect(launch.allSatisfy { $0.time < points[0].time })
    }

    @Test func theLaunchIsCarriedBackToTheMarker() {
        // A flight first reported 5 frames after leaving the marker at 0.5 s.
        let times = (35...45).map { MediaTime(value: Int64($0), timescale: 60) }
        let points = times.map { TrajectoryPoint(time: $0, normalized: TracerTestMedia.syntheticFlight($0.seconds - 0.5)) }
        var shot = Shot(trajectory: Trajectory(id: UUID(), points: points, confidence: 1), timeFit: nil)
        shot.timeFit = TimeQuadraticFit.fit(times: times, points: points.map(\.normalized))
        let launch = RetimedTracer(style: .classicRed).launchExtrapolation(of: shot, marker: TracerTestMedia.syntheticMarker)
        let start = launch.first!
        #expect(start.normalized == TracerTestMedia.syntheticMarker)
        #expect(abs(start.time.seconds - 0.5) <= 1.0 / 120 + 1e-9, "left the marker at \(start.time.seconds) s")
        // In between, on the true flight.
        for point in launch.dropFirst() {
            let truth = TracerTestMedia.syntheticFlight(point.time.seconds - 0.5)
            #expect(abs(point.normalized.y - truth.y) < 1e-9 && abs(point.normalized.x - truth.x) < 1e-9)
        }
    }
}
