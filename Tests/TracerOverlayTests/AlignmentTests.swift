import Foundation
import MediaKitLinux
import Testing
@testable import TracerOverlay

/// Marker -> region of interest (top-left and Vision space) and automatic alignment.
@Suite struct AlignmentTests {
    @Test func markerGivesARegionFromBelowTheBallToTheTopCentredOnIt() {
        let alignment = Alignment(marker: NormalizedPoint(x: 0.5, y: 0.8), regionWidth: 0.6, marginBelowMarker: 0.05)
        let roi = alignment.regionOfInterest
        #expect(abs(roi.minX - 0.2) < 1e-12 && abs(roi.width - 0.6) < 1e-12)
        #expect(roi.minY == 0 && abs(roi.maxY - 0.85) < 1e-12)
        // Vision space: origin bottom-left, so the region starts 0.15 above the bottom and reaches the top.
        let vision = alignment.visionRegionOfInterest
        #expect(abs(vision.minY - 0.15) < 1e-12 && abs(vision.maxY - 1) < 1e-12)
        #expect(abs(vision.minX - 0.2) < 1e-12 && abs(vision.width - 0.6) < 1e-12)
        // And back: the marker is the region's bottom centre raised by the margin.
        let back = Alignment.from(visionRegionOfInterest: vision, marginBelowMarker: 0.05)
        #expect(abs(back.marker.x - 0.5) < 1e-12 && abs(back.marker.y - 0.8) < 1e-12)
        #expect(abs(back.regionWidth - 0.6) < 1e-12)
    }

    @Test func theRegionStaysInsideThePicture() {
        let nearEdge = Alignment(marker: NormalizedPoint(x: 0.95, y: 0.99), regionWidth: 0.7, marginBelowMarker: 0.05)
        let roi = nearEdge.regionOfInterest
        #expect(roi.isValidRegion)
        #expect(abs(roi.maxX - 1) < 1e-12 && abs(roi.maxY - 1) < 1e-12)
        #expect(nearEdge.visionRegionOfInterest.isValidRegion)
    }

    @Test func theDetectorOnlyLooksInsideTheRegion() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.3], duration: 1.2, path: dir + "/clip.mp4")
        for (marker, expected) in [(TracerTestMedia.syntheticMarker, 1), (NormalizedPoint(x: 0.1, y: 0.85), 0)] {
            var options = LiveShotOptions()
            options.alignment = Alignment(marker: marker, regionWidth: 0.3)
            let result = try LiveShotPipeline(input: dir + "/clip.mp4", options: options).run()
            #expect(result.shots.count == expected, "marker \(marker)")
        }
    }

    @Test(arguments: [("dtl-clean", UInt64(1), 480), ("dtl-noise-jitter", UInt64(2), 480), ("dtl-club-walkers", UInt64(3), 480),
                      ("dtl-portrait", UInt64(1), 480), ("dtl-club-walkers", UInt64(1), 960), ("dtl-dark-ball", UInt64(2), 640)])
    func automaticAlignmentFindsTheBallAtAddress(scenario: String, seed: UInt64, width: Int) throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        let clip = try TracerTestMedia.clip(scenario, seed: seed, width: width, height: width * 9 / 16, duration: 0.4, in: dir)
        let proposal = try #require(try AutoAligner.propose(path: clip.path))
        let truth = TracerTestMedia.address(clip.truth)
        let error = proposal.marker.pixelDistance(to: truth, width: clip.truth.width, height: clip.truth.height)
        #expect(error < 3 * Double(width) / 480, "\(scenario) seed \(seed): proposed \(proposal.marker), truth \(truth), \(error) px off")
    }

    @Test func automaticAlignmentProposesNothingWithoutABall() throws {
        let aligner = AutoAligner()
        for index in 0..<6 {
            var frame = try VideoFrame(width: 320, height: 180, pixelFormat: .gray8, time: MediaTime(value: Int64(index), timescale: 30))
            frame.withUnsafeMutablePlane(0) { bytes, stride in
                for y in 0..<180 { for x in 0..<320 { bytes[y * stride + x] = UInt8(60 + y / 4) } }
            }
            try aligner.add(frame)
        }
        #expect(aligner.proposal() == nil)
    }

    @Test func theLivePipelineAlignsItselfAndFindsTheShot() throws {
        let dir = TracerTestMedia.temporaryDirectory()
        defer { TracerTestMedia.cleanup(dir) }
        try TracerTestMedia.syntheticShots(launches: [0.5], duration: 1.4, path: dir + "/clip.mp4")
        var options = LiveShotOptions()
        options.autoAlign = true
        let result = try LiveShotPipeline(input: dir + "/clip.mp4", options: options).run()
        let marker = try #require(result.alignment?.marker)
        #expect(marker.pixelDistance(to: TracerTestMedia.syntheticMarker, width: 320, height: 180) < 2)
        #expect(result.shots.count == 1)
    }
}
