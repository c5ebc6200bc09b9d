internal import CFFmpeg

/// The pixel layouts a ``VideoFrame`` can hold.
public enum PixelFormat: String, Sendable, Codable, CaseIterable {
    /// 8-bit B, G, R, A in memory (Cairo's ARGB32 on little-endian machines). Alpha is
    /// premultiplied when Cairo drew it; decoded video has alpha 255.
    case bgra
    /// 8-bit R, G, B, A in memory.
    case rgba
    /// 8-bit luma only.
    case gray8
    /// Planar Y, U, V with chroma halved both ways (what H.264 usually carries).
    case yuv420p

    /// The number of planes in memory.
    public var planeCount: Int { self == .yuv420p ? 3 : 1 }

    /// Bytes per pixel of the first plane.
    public var bytesPerPixel: Int {
        switch self {
        case .bgra, .rgba: return 4
        case .gray8, .yuv420p: return 1
        }
    }

    /// The width in pixels of a plane of a frame `width` wide.
    public func planeWidth(_ plane: Int, frameWidth width: Int) -> Int {
        plane == 0 ? width : (width + 1) / 2
    }

    /// The height in rows of a plane of a frame `height` high.
    public func planeHeight(_ plane: Int, frameHeight height: Int) -> Int {
        plane == 0 ? height : (height + 1) / 2
    }

    var avFormat: AVPixelFormat {
        switch self {
        case .bgra: return AV_PIX_FMT_BGRA
        case .rgba: return AV_PIX_FMT_RGBA
        case .gray8: return AV_PIX_FMT_GRAY8
        case .yuv420p: return AV_PIX_FMT_YUV420P
        }
    }

    init?(avFormat: AVPixelFormat) {
        switch avFormat {
        case AV_PIX_FMT_BGRA: self = .bgra
        case AV_PIX_FMT_RGBA: self = .rgba
        case AV_PIX_FMT_GRAY8: self = .gray8
        case AV_PIX_FMT_YUV420P: self = .yuv420p
        default: return nil
        }
    }
}
