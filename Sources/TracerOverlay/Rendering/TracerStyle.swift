import Foundation
import MediaKitLinux

/// How a tracer looks: colour, width and the effects broadcast tracers use (shadow, glow, a
/// tail that fades out, a dot on the ball).
///
/// Widths and offsets are in pixels of the picture the tracer is drawn on. The style is stored in
/// the tracer timeline, so an export draws with exactly the style the live preview used.
public struct TracerStyle: Sendable, Hashable, Codable {
    /// The tracer's colour.
    public var color: Color
    /// The stroke width in pixels.
    public var lineWidth: Double
    /// A dark copy of the stroke drawn under it, offset and blurred, so the tracer reads on a
    /// bright sky; nil for none.
    public var shadow: Shadow?
    /// The width in pixels of a soft halo around the stroke, in the tracer's colour; 0 for none.
    public var glowWidth: Double
    /// The opacity of the glow halo.
    public var glowOpacity: Double
    /// The fraction (0...1) of the tracer, from its oldest end, that fades from transparent to
    /// opaque; 0 draws the whole tracer opaque.
    public var tailFade: Double
    /// The radius in pixels of a dot drawn on the tracer's head; 0 for none.
    public var headDotRadius: Double
    /// The dash pattern (pixels on, off) of the part of the flight that was extrapolated from
    /// the fitted path rather than seen; it also draws at ``extrapolatedOpacity``.
    public var extrapolatedDash: [Double]
    /// The opacity of the extrapolated part.
    public var extrapolatedOpacity: Double

    /// Creates a style; the defaults are the classic red tracer.
    public init(color: Color = Color(red: 0.93, green: 0.11, blue: 0.14), lineWidth: Double = 6,
                shadow: Shadow? = Shadow(color: Color(white: 0, alpha: 0.6), offset: CGSize(width: 2, height: 2), blur: 3),
                glowWidth: Double = 0, glowOpacity: Double = 0.35, tailFade: Double = 0,
                headDotRadius: Double = 0, extrapolatedDash: [Double] = [10, 8], extrapolatedOpacity: Double = 0.6) {
        self.color = color
        self.lineWidth = lineWidth
        self.shadow = shadow
        self.glowWidth = glowWidth
        self.glowOpacity = glowOpacity
        self.tailFade = tailFade
        self.headDotRadius = headDotRadius
        self.extrapolatedDash = extrapolatedDash
        self.extrapolatedOpacity = extrapolatedOpacity
    }

    /// Red with a soft shadow: the tracer of seed 000.
    public static let classicRed = TracerStyle()
    /// The yellow of televised tournaments, with a fading tail and a head dot.
    public static let tourYellow = TracerStyle(color: Color(red: 1, green: 0.84, blue: 0.1), lineWidth: 5,
                                               tailFade: 0.35, headDotRadius: 5)
    /// A bright cyan line in a wide glow, no shadow.
    public static let neonGlow = TracerStyle(color: Color(red: 0.2, green: 1, blue: 0.95), lineWidth: 4, shadow: nil,
                                             glowWidth: 18, glowOpacity: 0.4, headDotRadius: 4)
    /// A thin white line, nothing else.
    public static let minimalWhite = TracerStyle(color: .white, lineWidth: 3, shadow: nil)

    /// The presets by name, for command lines and settings files.
    public static let presets: [String: TracerStyle] = [
        "classic": .classicRed, "tour": .tourYellow, "neon": .neonGlow, "minimal": .minimalWhite,
    ]

    /// The preset called `name` ("classic", "tour", "neon", "minimal").
    /// - Throws: ``MediaError/invalidArgument(_:)`` naming the known presets.
    public static func preset(named name: String) throws(MediaError) -> TracerStyle {
        guard let style = presets[name.lowercased()] else {
            throw .invalidArgument("unknown tracer preset \"\(name)\"; known: \(presets.keys.sorted().joined(separator: ", "))")
        }
        return style
    }

    /// Parses a colour given by CSS name ("red", "orange") or hex ("#FFCC00", "ffcc00", with
    /// optional alpha).
    /// - Throws: ``MediaError/invalidArgument(_:)`` when it is neither.
    public static func parseColor(_ text: String) throws(MediaError) -> Color {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let color = Color(named: trimmed) { return color }
        throw .invalidArgument("unknown colour \"\(text)\": use a name (red, yellow...) or hex (#RRGGBB)")
    }

    /// How far, in pixels, ink can reach from the tracer's centre line (for tests and damage boxes).
    public var inkRadius: Double {
        var radius = max(lineWidth / 2, headDotRadius, glowWidth / 2)
        if let shadow { radius = max(radius, lineWidth / 2 + 1.5 * shadow.blur + max(abs(shadow.offset.width), abs(shadow.offset.height))) }
        return radius + 1
    }
}
