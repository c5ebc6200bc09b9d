import Foundation

/// A colour with straight (not premultiplied) red, green, blue and alpha in 0...1, in sRGB.
public struct Color: Sendable, Hashable, Codable {
    /// Channels in 0...1.
    public var red, green, blue, alpha: Double

    /// Creates a colour from channels in 0...1 (values outside are clamped when drawn).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Creates a gray colour.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil when malformed.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 4, 6, 8].contains(digits.count), let value = UInt64(digits, radix: 16) else { return nil }
        let short = digits.count <= 4
        let hasAlpha = digits.count == 4 || digits.count == 8
        let bits = short ? 4 : 8
        let channelCount = hasAlpha ? 4 : 3
        let maxValue = Double((1 << bits) - 1)
        var channels: [Double] = []
        for i in 0..<channelCount {
            let shift = UInt64(bits * (channelCount - 1 - i))
            channels.append(Double((value >> shift) & UInt64((1 << bits) - 1)) / maxValue)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: hasAlpha ? channels[3] : 1)
    }

    /// Looks up a CSS colour name (`"red"`, `"white"`, `"orange"`...) or parses a hex string.
    public init?(named name: String) {
        if let color = Color.names[name.lowercased()] { self = color } else { self.init(hex: name) }
    }

    /// This colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// `#RRGGBBAA`.
    public var hexString: String {
        let bytes = [red, green, blue, alpha].map { Int(($0.clamped01 * 255).rounded()) }
        return "#" + bytes.map { String(format: "%02X", $0) }.joined()
    }

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Fully transparent black (Core Animation's default for fills that are "nil").
    public static let clear = Color(white: 0, alpha: 0)
    /// Opaque pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Opaque yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)

    private static let names: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear, "transparent": .clear,
        "red": .red, "lime": .green, "green": Color(red: 0, green: 128 / 255.0, blue: 0), "blue": .blue,
        "yellow": .yellow, "cyan": Color(red: 0, green: 1, blue: 1), "magenta": Color(red: 1, green: 0, blue: 1),
        "orange": Color(red: 1, green: 165 / 255.0, blue: 0), "gray": Color(white: 128 / 255.0),
        "grey": Color(white: 128 / 255.0), "purple": Color(red: 128 / 255.0, green: 0, blue: 128 / 255.0),
        "pink": Color(red: 1, green: 192 / 255.0, blue: 203 / 255.0),
    ]
}

extension Double {
    /// The value limited to 0...1.
    var clamped01: Double { Swift.min(Swift.max(self, 0), 1) }
}
