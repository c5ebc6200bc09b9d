import Foundation

/// A layer that draws one line of text inside its bounds (`CATextLayer`).
public final class TextLayer: Layer {
    /// Horizontal placement of the text in the bounds (`CATextLayerAlignmentMode`).
    public enum AlignmentMode: String, Sendable, Hashable, Codable {
        /// Flush left.
        case left
        /// Centred.
        case center
        /// Flush right.
        case right
    }

    /// The text.
    public var string: String = ""
    /// Font family, weight and size (`font` and `fontSize` in Core Animation).
    public var font = Font(size: 36)
    /// Text colour; white by default, as in Core Animation.
    public var foregroundColor: Color = .white
    /// Horizontal alignment within ``Layer/bounds``; the first line's top is the bounds' top.
    public var alignmentMode: AlignmentMode = .left

    /// Creates an empty text layer.
    public override init() { super.init() }

    /// Copies `layer`'s properties (see ``Layer/init(layer:)``).
    public required init(layer: Layer) {
        super.init(layer: layer)
        guard let text = layer as? TextLayer else { return }
        string = text.string; font = text.font; foregroundColor = text.foregroundColor; alignmentMode = text.alignmentMode
    }

    /// See ``Layer/value(forKeyPath:)``; adds `foregroundColor` and `fontSize`.
    public override func value(forKeyPath keyPath: String) -> AnimationValue? {
        switch keyPath {
        case "foregroundColor": return .color(foregroundColor)
        case "fontSize": return .number(Double(font.size))
        default: return super.value(forKeyPath: keyPath)
        }
    }

    /// See ``Layer/setValue(_:forKeyPath:)``; adds `foregroundColor` and `fontSize`.
    @discardableResult
    public override func setValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
        switch (keyPath, value) {
        case ("foregroundColor", .color(let c)): foregroundColor = c
        case ("fontSize", .number(let v)): font.size = v
        default: return super.setValue(value, forKeyPath: keyPath)
        }
        return true
    }

    override func ownPropertiesDrawTheSame(as o: Layer) -> Bool {
        guard let o = o as? TextLayer, super.ownPropertiesDrawTheSame(as: o) else { return false }
        return string == o.string && font == o.font && foregroundColor == o.foregroundColor && alignmentMode == o.alignmentMode
    }

    override func drawContents(in canvas: Canvas) {
        guard !string.isEmpty, foregroundColor.alpha > 0 else { return }
        let width = canvas.size(of: string, font: font).width
        let x: CGFloat
        switch alignmentMode {
        case .left: x = bounds.minX
        case .center: x = bounds.midX - width / 2
        case .right: x = bounds.maxX - width
        }
        canvas.draw(string, at: CGPoint(x: x, y: bounds.minY + canvas.ascent(of: font)), font: font, color: foregroundColor)
    }
}

/// A layer that shows a picture scaled to fill its bounds (`CALayer.contents` with the
/// default `resize` gravity).
public final class ImageLayer: Layer {
    /// The picture; nil draws nothing.
    public var image: BitmapImage?

    /// Creates a layer showing `image`.
    public init(image: BitmapImage? = nil) {
        self.image = image
        super.init()
    }

    /// Copies `layer`'s properties (see ``Layer/init(layer:)``).
    public required init(layer: Layer) {
        super.init(layer: layer)
        image = (layer as? ImageLayer)?.image
    }

    override func ownPropertiesDrawTheSame(as o: Layer) -> Bool {
        guard let o = o as? ImageLayer, super.ownPropertiesDrawTheSame(as: o) else { return false }
        return image == o.image
    }

    override func drawContents(in canvas: Canvas) {
        guard let image else { return }
        canvas.draw(image, in: bounds)
    }
}
