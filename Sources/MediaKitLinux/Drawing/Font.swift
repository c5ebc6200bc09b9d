import Foundation

/// A font as Cairo's simple text API understands it: a family name (fontconfig resolves it),
/// a weight, a slant and a size in user-space units.
public struct Font: Sendable, Hashable, Codable {
    /// How heavy the strokes are. Cairo's simple text API knows only these two.
    public enum Weight: String, Sendable, Hashable, Codable {
        /// Regular weight.
        case regular
        /// Bold weight.
        case bold
    }

    /// Family name such as `"sans-serif"`, `"DejaVu Sans"`, `"monospace"`.
    public var family: String
    /// Size (roughly the em height) in user-space units.
    public var size: CGFloat
    /// Weight.
    public var weight: Weight
    /// Whether to use the italic face.
    public var isItalic: Bool

    /// Creates a font description.
    public init(family: String = "sans-serif", size: CGFloat = 17, weight: Weight = .regular, isItalic: Bool = false) {
        self.family = family; self.size = size; self.weight = weight; self.isItalic = isItalic
    }
}
