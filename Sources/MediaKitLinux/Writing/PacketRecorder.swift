internal import CFFmpeg
import Foundation

/// Copies the packets of an input, unchanged, into a new file while a reader reads them (a
/// remux: no decode, no re-encode), the way a camera app records what it previews.
///
/// Timestamps are shifted so the recording starts where the reader's frame times start (the
/// input's video start time becomes zero): a frame at time T in the reader is at time T in
/// the recording. Written to a temporary file and renamed on ``finish()``.
final class PacketRecorder {
    let path: String
    private let temporaryPath: String
    private var output: UnsafeMutablePointer<AVFormatContext>?
    /// Input stream index -> (output stream, input time base, offset in input time base).
    private var mapping: [Int: (stream: UnsafeMutablePointer<AVStream>, timeBase: AVRational, offset: Int64)] = [:]
    private var headerWritten = false
    private var done = false

    init(path: String, input: InputContainer, videoStreamIndex: Int) throws(MediaError) {
        if OpenInputs.isOpen(path) || input.path == path {
            throw .invalidArgument("\(path): refusing to record over a file that is being read")
        }
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        let formats = ["mp4": "mp4", "m4v": "mp4", "mov": "mov", "mkv": "matroska", "ts": "mpegts"]
        guard let formatName = formats[ext] else {
            throw .invalidArgument("\(path): unknown recording container '.\(ext)' (use .mp4, .mov, .mkv or .ts)")
        }
        self.path = path
        self.temporaryPath = "\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8)).\(ext)"
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_alloc_output_context2(&context, nil, formatName, temporaryPath)
        guard status >= 0, let context else { throw FFmpegError.mediaError(status, path: path, doing: "create recording") }
        output = context
        for index in 0..<input.streamCount {
            let source = input.stream(index)
            let type = source.pointee.codecpar.pointee.codec_type
            guard type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO else { continue }
            if type == AVMEDIA_TYPE_VIDEO && index != videoStreamIndex { continue }
            guard avformat_query_codec(context.pointee.oformat, source.pointee.codecpar.pointee.codec_id, FF_COMPLIANCE_NORMAL) == 1 else {
                if index == videoStreamIndex {
                    discard()
                    throw .invalidArgument("\(path): .\(ext) cannot hold \(codecName(source.pointee.codecpar.pointee.codec_id)) video; record to .mkv")
                }
                continue
            }
            guard let stream = avformat_new_stream(context, nil) else { discard(); throw .io(path: path, message: "out of memory") }
            avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar)
            stream.pointee.codecpar.pointee.codec_tag = 0
            stream.pointee.time_base = source.pointee.time_base
            if let matrix = av_stream_get_side_data(source, AV_PKT_DATA_DISPLAYMATRIX, nil),
               let copy = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 36) {
                copy.update(from: matrix, count: 36)
            }
            mapping[index] = (stream, source.pointee.time_base, input.originOffset(in: index))
        }
        let opened = avio_open(&context.pointee.pb, temporaryPath, AVIO_FLAG_WRITE)
        if opened < 0 {
            discard()
            throw .io(path: path, message: "cannot create \(temporaryPath): \(FFmpegError.text(opened))")
        }
        let header = avformat_write_header(context, nil)
        if header < 0 {
            discard()
            throw FFmpegError.mediaError(header, path: path, doing: "write recording header")
        }
        headerWritten = true
    }

    /// The input streams this recorder copies.
    var recordedStreams: Set<Int> { Set(mapping.keys) }

    /// Copies one packet (the caller keeps ownership of `packet`).
    func record(_ packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) {
        guard !done, let output, let target = mapping[Int(packet.pointee.stream_index)] else { return }
        guard let copy = av_packet_clone(packet) else { throw .io(path: path, message: "out of memory") }
        var owned: UnsafeMutablePointer<AVPacket>? = copy
        defer { av_packet_free(&owned) }
        if copy.pointee.pts != cffmpeg_nopts_value() { copy.pointee.pts -= target.offset }
        if copy.pointee.dts != cffmpeg_nopts_value() { copy.pointee.dts -= target.offset }
        av_packet_rescale_ts(copy, target.timeBase, target.stream.pointee.time_base)
        copy.pointee.stream_index = target.stream.pointee.index
        copy.pointee.pos = -1
        let status = av_interleaved_write_frame(output, copy)
        if status < 0 {
            discard()
            throw FFmpegError.mediaError(status, path: path, doing: "record packet")
        }
    }

    /// Writes the trailer and renames the recording onto ``path``.
    func finish() throws(MediaError) {
        guard !done, let output else { return }
        let trailer = av_write_trailer(output)
        let closed = avio_closep(&output.pointee.pb)
        avformat_free_context(output)
        self.output = nil
        done = true
        guard trailer >= 0, closed >= 0 else {
            unlink(temporaryPath)
            throw FFmpegError.mediaError(min(trailer, closed), path: path, doing: "finish recording")
        }
        if rename(temporaryPath, path) != 0 {
            unlink(temporaryPath)
            throw .io(path: path, message: "cannot rename \(temporaryPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Abandons the recording and removes the temporary file.
    func discard() {
        guard !done else { return }
        done = true
        if let output {
            if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        output = nil
        unlink(temporaryPath)
    }

    deinit { discard() }
}
