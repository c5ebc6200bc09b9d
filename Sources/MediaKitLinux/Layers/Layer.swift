import Foundation

/// A rectangle of content in a tree, with geometry, opacity and animations (`CALayer`).
///
/// The model values are what you set; ``presentation(at:)`` gives the values with the
/// animations applied at a video time, and ``render(in:at:)`` draws the tree as it is then.
/// Geometry follows Core Animation: ``position`` (in the superlayer) is where ``anchorPoint``
/// (a fraction of ``bounds``) sits, and ``transform`` turns and scales about that point.
/// Coordinates are y-down.
///
/// A layer tree has one owner (the code that builds it, then the export session): layers are
/// classes, as in Core Animation, and are not `Sendable`.
public class Layer {
    /// A name for finding the layer in a tree.
    public var name: String?
    /// The layer's own coordinate space: its origin and size.
    public var bounds: CGRect = .zero
    /// Where ``anchorPoint`` sits in the superlayer's coordinates.
    public var position: CGPoint = .zero
    /// The point of ``bounds`` (as fractions of its size) that ``position`` places and
    /// ``transform`` turns about; (0.5, 0.5) is the centre.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// A transform applied about the anchor point.
    public var transform: CGAffineTransform = .identity
    /// 0 (invisible) ... 1 (opaque); applies to the layer and its sublayers as a group.
    public var opacity: Double = 1
    /// Whether the layer and its sublayers are skipped when drawing.
    public var isHidden = false
    /// Colour filling ``bounds`` under the content; nil for none.
    public var backgroundColor: Color?
    /// Whether content and sublayers are clipped to ``bounds``.
    public var masksToBounds = false
    /// Colour of the shadow (scaled by ``shadowOpacity``).
    public var shadowColor: Color = .black
    /// Shadow strength; 0 (Core Animation's default) draws no shadow.
    public var shadowOpacity: Double = 0
    /// Shadow offset in pixels (y down). Core Animation's default (0, -3) puts it above.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// Shadow blur radius in pixels (a Gaussian of about this standard deviation).
    public var shadowRadius: CGFloat = 3
    /// The child layers, drawn in order over this layer's content.
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?

    private var animationList: [(key: String, animation: any Animation)] = []

    /// Creates an empty layer.
    public init() {}

    /// Copies `layer`'s own properties (not its sublayers or animations): the start of a
    /// presentation copy (`CALayer.init(layer:)`).
    public required init(layer: Layer) {
        name = layer.name; bounds = layer.bounds; position = layer.position; anchorPoint = layer.anchorPoint
        transform = layer.transform; opacity = layer.opacity; isHidden = layer.isHidden
        backgroundColor = layer.backgroundColor; masksToBounds = layer.masksToBounds
        shadowColor = layer.shadowColor; shadowOpacity = layer.shadowOpacity
        shadowOffset = layer.shadowOffset; shadowRadius = layer.shadowRadius
    }

    /// The rectangle the layer covers in its superlayer (ignoring ``transform``, as Core
    /// Animation's `frame` is defined only without one). Setting it sets position and bounds size.
    public var frame: CGRect {
        get {
            CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                   width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    // MARK: Tree

    /// Adds `layer` on top of the other sublayers (removing it from its previous superlayer).
    public func addSublayer(_ layer: Layer) { insertSublayer(layer, at: sublayers.count) }

    /// Inserts `layer` at `index` in ``sublayers`` (0 is drawn first).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    // MARK: Animations

    /// Attaches `animation`; one with the same key replaces the previous one. Later animations
    /// win where two set the same property. A nil key gets a unique one.
    public func add(_ animation: any Animation, forKey key: String?) {
        let key = key ?? "animation-\(animationList.count)-\(UUID().uuidString.prefix(6))"
        animationList.removeAll { $0.key == key }
        animationList.append((key, animation))
    }

    /// The animation attached under `key`.
    public func animation(forKey key: String) -> (any Animation)? {
        animationList.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order they apply.
    public var animationKeys: [String] { animationList.map(\.key) }

    /// Detaches the animation under `key`.
    public func removeAnimation(forKey key: String) { animationList.removeAll { $0.key == key } }

    /// Detaches every animation.
    public func removeAllAnimations() { animationList.removeAll() }

    // MARK: Key paths

    /// The model value of an animatable property by Core Animation key path; nil for unknown ones.
    public func value(forKeyPath keyPath: String) -> AnimationValue? {
        switch keyPath {
        case "opacity": return .number(opacity)
        case "position": return .point(position)
        case "position.x": return .number(Double(position.x))
        case "position.y": return .number(Double(position.y))
        case "transform": return .transform(transform)
        case "transform.rotation", "transform.rotation.z": return .number(Double(TransformParts(transform).angle))
        case "transform.scale": return .number(Double(TransformParts(transform).scaleX))
        case "transform.translation.x": return .number(Double(transform.tx))
        case "transform.translation.y": return .number(Double(transform.ty))
        case "backgroundColor": return backgroundColor.map { .color($0) } ?? .color(.clear)
        case "shadowOpacity": return .number(shadowOpacity)
        case "shadowColor": return .color(shadowColor)
        case "shadowRadius": return .number(Double(shadowRadius))
        default: return nil
        }
    }

    /// Sets an animatable property by key path; returns false (changing nothing) when the key
    /// path is unknown or the value of the wrong kind.
    @discardableResult
    public func setValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
        switch (keyPath, value) {
        case ("opacity", .number(let v)): opacity = v
        case ("position", .point(let p)): position = p
        case ("position.x", .number(let v)): position.x = v
        case ("position.y", .number(let v)): position.y = v
        case ("transform", .transform(let t)): transform = t
        case ("transform.rotation", .number(let v)), ("transform.rotation.z", .number(let v)):
            var parts = TransformParts(transform); parts.angle = v; transform = parts.transform
        case ("transform.scale", .number(let v)):
            var parts = TransformParts(transform); parts.scaleX = v; parts.scaleY = v; transform = parts.transform
        case ("transform.translation.x", .number(let v)): transform.tx = v
        case ("transform.translation.y", .number(let v)): transform.ty = v
        case ("backgroundColor", .color(let c)): backgroundColor = c
        case ("shadowOpacity", .number(let v)): shadowOpacity = v
        case ("shadowColor", .color(let c)): shadowColor = c
        case ("shadowRadius", .number(let v)): shadowRadius = v
        default: return false
        }
        return true
    }

    // MARK: Presentation and drawing

    /// A copy of this layer alone (no sublayers, no animations) with every animation applied at
    /// `seconds` of video time.
    func presentationCopy(atSeconds seconds: Double) -> Layer {
        let copy = type(of: self).init(layer: self)
        for entry in animationList {
            for property in entry.animation.animatedProperties(at: seconds, modelValue: { self.value(forKeyPath: $0) }) {
                copy.setValue(property.value, forKeyPath: property.keyPath)
            }
        }
        return copy
    }

    /// The whole tree as it looks at `time`: copies of every layer with the animations' values
    /// as model values and no animations (`CALayer.presentation()` for a given video time).
    public func presentation(at time: MediaTime) -> Layer {
        let copy = presentationCopy(atSeconds: time.seconds)
        for sublayer in sublayers { copy.addSublayer(sublayer.presentation(at: time)) }
        return copy
    }

    /// The transform from this layer's coordinates to its superlayer's.
    public var transformToSuperlayer: CGAffineTransform {
        let anchor = CGAffineTransform(translationX: -(bounds.minX + anchorPoint.x * bounds.width),
                                       y: -(bounds.minY + anchorPoint.y * bounds.height))
        return anchor.concatenating(transform).concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// Draws the tree as it is at `time` into `canvas`, this layer's superlayer space being the
    /// canvas' current user space.
    public func render(in canvas: Canvas, at time: MediaTime) {
        render(in: canvas, atSeconds: time.seconds)
    }

    func render(in canvas: Canvas, atSeconds seconds: Double) {
        let p = presentationCopy(atSeconds: seconds)
        guard !p.isHidden, p.opacity > 0 else { return }
        canvas.withSavedGState {
            canvas.concatenate(p.transformToSuperlayer)
            // Opacity does not move ink: bounds are marked without the group.
            let grouped = p.opacity < 1 && !canvas.marksBoundsOnly
            if grouped { canvas.beginTransparencyLayer() }
            let drawBody = { (target: Canvas) in
                target.withSavedGState {
                    if p.masksToBounds { target.clip(to: p.bounds) }
                    if let background = p.backgroundColor, background.alpha > 0 {
                        target.fill(Path(rect: p.bounds), with: background)
                    }
                    p.drawContents(in: target)
                    for sublayer in self.sublayers { sublayer.render(in: target, atSeconds: seconds) }
                }
            }
            if let shadow = p.renderedShadow {
                canvas.drawWithShadow(shadow, content: self, drawBody)
            } else {
                drawBody(canvas)
            }
            if grouped { canvas.endTransparencyLayer(alpha: p.opacity) }
        }
    }

    /// The shadow drawn under the layer's content and sublayers; nil for none.
    var renderedShadow: Shadow? {
        guard shadowOpacity > 0 else { return nil }
        let shadow = Shadow(color: shadowColor.withAlpha(shadowColor.alpha * shadowOpacity.clamped01),
                            offset: shadowOffset, blur: 2 * shadowRadius)
        return shadow.color.alpha > 0 ? shadow : nil
    }

    /// Draws this layer's own content in its coordinates; subclasses draw theirs.
    func drawContents(in canvas: Canvas) {}

    /// Whether this tree draws exactly what `other` draws: same classes, drawn properties and
    /// sublayers (animations are not compared; compare presentation trees). Lets the
    /// compositor reuse the previous frame's rendering when nothing moved.
    public func hasSameAppearance(as other: Layer) -> Bool {
        guard type(of: self) == type(of: other), sublayers.count == other.sublayers.count,
              ownPropertiesDrawTheSame(as: other) else { return false }
        for (a, b) in zip(sublayers, other.sublayers) where !a.hasSameAppearance(as: b) { return false }
        return true
    }

    /// Whether this layer and `other` (presentation trees: animations make them differ) cover
    /// the same pixels under their shadows: the same appearance, except their own opacity,
    /// which applies to the shadow and content together afterwards.
    func drawsSameShadowCoverage(as other: Layer) -> Bool {
        guard animationList.isEmpty, other.animationList.isEmpty, type(of: self) == type(of: other),
              sublayers.count == other.sublayers.count else { return false }
        let leveled = type(of: other).init(layer: other)
        leveled.opacity = opacity
        guard ownPropertiesDrawTheSame(as: leveled) else { return false }
        for (a, b) in zip(sublayers, other.sublayers) {
            guard a.hasNoAnimations, b.hasNoAnimations, a.hasSameAppearance(as: b) else { return false }
        }
        return true
    }

    /// Whether no layer of the tree has an animation.
    var hasNoAnimations: Bool { animationList.isEmpty && sublayers.allSatisfy(\.hasNoAnimations) }

    /// Compares the properties this class draws; subclasses add theirs.
    func ownPropertiesDrawTheSame(as o: Layer) -> Bool {
        bounds == o.bounds && position == o.position && anchorPoint == o.anchorPoint && transform == o.transform
            && opacity == o.opacity && isHidden == o.isHidden && backgroundColor == o.backgroundColor
            && masksToBounds == o.masksToBounds && shadowColor == o.shadowColor && shadowOpacity == o.shadowOpacity
            && shadowOffset == o.shadowOffset && shadowRadius == o.shadowRadius
    }
}
