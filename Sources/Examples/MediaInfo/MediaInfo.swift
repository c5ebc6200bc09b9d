import ArgumentParser
import Foundation
import MediaKitLinux

/// `media-info`: a friendly ffprobe built on MediaKitLinux.
@main
struct MediaInfo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media-info",
        abstract: "Show what a media file holds: container, duration, video and audio tracks.",
        discussion: """
        Video sizes are display sizes: a phone video recorded in portrait with rotation metadata \
        is reported upright (the stored size is shown as 'coded').

        Exit status: 0 on success, 1 when the file is missing or not a media file.
        """
    )

    @Argument(help: "The media file to inspect.")
    var file: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let asset: MediaAsset
        do {
            asset = try MediaAsset(path: file)
        } catch {
            FileHandle.standardError.write(Data("media-info: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
        if json {
            let data = try JSONSerialization.data(withJSONObject: Self.jsonObject(asset), options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(Self.text(asset))
        }
    }

    static func seconds(_ time: MediaTime) -> Any { time.isNumeric ? time.seconds : NSNull() }

    static func jsonObject(_ asset: MediaAsset) -> [String: Any] {
        var tracks: [[String: Any]] = []
        for video in asset.videoTracks {
            var track: [String: Any] = [
                "kind": "video", "index": video.streamIndex, "codec": video.codec,
                "width": video.width, "height": video.height,
                "codedWidth": video.codedWidth, "codedHeight": video.codedHeight,
                "rotation": video.rotation, "pixelFormat": video.pixelFormatName, "bitDepth": video.bitDepth,
                "frameRate": video.averageFrameRate, "nominalFrameRate": video.nominalFrameRate,
                "duration": seconds(video.duration), "startTime": seconds(video.startTime),
            ]
            track["frameCount"] = video.frameCount ?? NSNull()
            tracks.append(track)
        }
        for audio in asset.audioTracks {
            tracks.append([
                "kind": "audio", "index": audio.streamIndex, "codec": audio.codec,
                "sampleRate": audio.sampleRate, "channels": audio.channelCount,
                "duration": seconds(audio.duration), "startTime": seconds(audio.startTime),
            ])
        }
        tracks.sort { ($0["index"] as! Int) < ($1["index"] as! Int) }
        return ["path": asset.path, "format": asset.formatName, "duration": seconds(asset.duration),
                "startTime": seconds(asset.startTime), "tracks": tracks]
    }

    static func format(_ time: MediaTime) -> String {
        time.isNumeric ? String(format: "%.3f s", time.seconds) : "unknown"
    }

    static func text(_ asset: MediaAsset) -> String {
        var lines = ["\(asset.path)", "  container: \(asset.formatName)", "  duration:  \(format(asset.duration))"]
        for video in asset.videoTracks {
            var line = "  video #\(video.streamIndex): \(video.codec) \(video.width)x\(video.height)"
            if video.rotation != 0 { line += " (coded \(video.codedWidth)x\(video.codedHeight), rotated \(video.rotation) deg)" }
            line += ", \(video.pixelFormatName) \(video.bitDepth)-bit"
            line += String(format: ", %.3f fps (nominal %.3f)", video.averageFrameRate, video.nominalFrameRate)
            if let count = video.frameCount { line += ", \(count) frames" }
            line += ", \(format(video.duration))"
            lines.append(line)
        }
        for audio in asset.audioTracks {
            lines.append("  audio #\(audio.streamIndex): \(audio.codec) \(audio.sampleRate) Hz, \(audio.channelCount) ch, \(format(audio.duration))")
        }
        return lines.joined(separator: "\n")
    }
}
