import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// The shot flow's state machine.
@Suite struct SessionTests {
    @Test func theWholeFlowRunsInOrder() throws {
        let session = ShotSession()
        try session.beginAlignment()
        try session.lockIn(Alignment(marker: NormalizedPoint(x: 0.5, y: 0.8)))
        #expect(session.alignment?.marker == NormalizedPoint(x: 0.5, y: 0.8))
        try session.startRecording()
        try session.shotDetected()
        try session.shotDetected()
        try session.stopRecording()
        try session.exportFinished(videoPath: "/tmp/out.mp4")
        #expect(session.state == .finished(videoPath: "/tmp/out.mp4"))
        #expect(session.history.map(\.name) == ["idle", "aligning", "ready", "recording", "tracking", "tracking",
                                                 "exporting", "finished"])
        try session.transition(to: .ready)   // another shot with the same alignment
        #expect(session.state == .ready)
    }

    @Test func invalidTransitionsAreRefusedAndLeaveTheStateAlone() throws {
        let session = ShotSession()
        #expect(throws: ShotSessionError(from: "idle", to: "recording")) { try session.startRecording() }
        #expect(throws: ShotSessionError.self) { try session.stopRecording() }
        #expect(throws: ShotSessionError.self) { try session.exportFinished(videoPath: "x") }
        #expect(session.state == .idle)
        try session.beginAlignment()
        #expect(throws: ShotSessionError.self) { try session.shotDetected() }
        #expect(throws: ShotSessionError.self) { try session.beginAlignment() }
        try session.lockIn(Alignment(marker: NormalizedPoint(x: 0.5, y: 0.8)))
        #expect(throws: ShotSessionError.self) { try session.stopRecording() }
        try session.startRecording()
        #expect(throws: ShotSessionError.self) { try session.lockIn(Alignment(marker: NormalizedPoint(x: 0.5, y: 0.5))) }
        #expect(session.state == .recording)
        #expect(session.alignment?.marker == NormalizedPoint(x: 0.5, y: 0.8))
    }

    @Test func anyStateCanFailOnceAndFailureGoesBackToIdle() throws {
        let session = ShotSession()
        try session.beginAlignment()
        try session.fail("camera unplugged")
        #expect(session.state == .failed(message: "camera unplugged"))
        #expect(throws: ShotSessionError.self) { try session.fail("again") }
        #expect(throws: ShotSessionError.self) { try session.startRecording() }
        try session.transition(to: .idle)
        #expect(session.state == .idle)
    }

    @Test func theLivePipelineDrivesTheSession() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 1.2, path: dir + "/clip.mp4")
        let session = ShotSession()
        try session.beginAlignment()
        let alignment = Alignment(marker: TracerTestMedia.syntheticMarker)
        try session.lockIn(alignment)
        var options = LiveShotOptions()
        options.alignment = session.alignment
        let pipeline = LiveShotPipeline(input: dir + "/clip.mp4", options: options)
        pipeline.session = session
        let result = try pipeline.run()
        #expect(result.shots.count == 1)
        #expect(session.state == .tracking)
        try session.stopRecording()
        #expect(session.state == .exporting)
    }
}
