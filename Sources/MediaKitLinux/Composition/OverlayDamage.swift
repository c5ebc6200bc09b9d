internal import CCairo
import Foundation

/// Where two presentations of a layer tree can draw different pixels (the damage), so that the
/// compositor re-renders only the tiles there.
///
/// Layers are paired by their place in the tree. A layer whose drawn properties are equal adds
/// nothing (its sublayers are compared in turn). A shape layer whose only change is its trim
/// (`strokeStart` / `strokeEnd`) adds the boxes of the stroke segments that appeared or
/// disappeared, grown by the stroke's reach and by the cull outset of every shadow drawn from
/// it: exactly the margins a tile uses to pick the segments it draws, so a tile outside the
/// damage draws the same segments as before (``StrokePolyline/culled(to:margin:transform:)``).
/// Any other change adds the ink bounds of the layer's subtree before and after.
enum OverlayDamage {
    /// Device-space boxes outside which `new` draws what `old` drew; nil when the trees differ in
    /// shape (layer classes or sublayer counts), so anything may have changed.
    static func boxes(from old: Layer, to new: Layer, width: Int, height: Int, measures: PathMeasureCache? = nil) -> [CGRect]? {
        var boxes: [CGRect] = []
        let comparer = Comparer(width: width, height: height, measures: measures)
        guard comparer.compare(old, new, parent: .identity, reach: 0, into: &boxes) else { return nil }
        return boxes
    }

    /// The device-space box where `layer`'s subtree, drawn under `parent`, can put ink (its
    /// shadows as their full reach); nil when it draws nothing.
    static func inkBounds(of layer: Layer, parent: CGAffineTransform, width: Int, height: Int) -> CGRect? {
        // Bounded to the picture: ink outside it does not matter, and Cairo 1.16 loses the ink
        // extents of unbounded recordings holding transparency groups.
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        defer { cairo_surface_destroy(recording) }
        do {
            let canvas = Canvas(surface: recording, width: width, height: height)
            canvas.marksBoundsOnly = true
            canvas.concatenate(parent)
            layer.render(in: canvas, atSeconds: 0)
        }
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &w, &h)
        guard w > 0, h > 0 else { return nil }
        return CGRect(x: x, y: y, width: w, height: h)
    }

    private struct Comparer {
        let width: Int, height: Int
        let measures: PathMeasureCache?

        func compare(_ old: Layer, _ new: Layer, parent: CGAffineTransform, reach: CGFloat, into boxes: inout [CGRect]) -> Bool {
            guard type(of: old) == type(of: new), old.sublayers.count == new.sublayers.count else { return false }
            let drawsOld = !old.isHidden && old.opacity > 0, drawsNew = !new.isHidden && new.opacity > 0
            if !drawsOld && !drawsNew { return true }
            if old.ownPropertiesDrawTheSame(as: new) {
                return compareSublayers(old, new, parent: parent, reach: reach, into: &boxes)
            }
            if let a = old as? ShapeLayer, let b = new as? ShapeLayer, drawsOld && drawsNew, Self.onlyTrimDiffers(a, b) {
                let transform = b.transformToSuperlayer.concatenating(parent)
                let outset = reach + (b.renderedShadow?.cullOutset ?? 0)
                let before = a.strokePolyline(transform: transform, measures: measures) ?? StrokePolyline()
                let after = b.strokePolyline(transform: transform, measures: measures) ?? StrokePolyline()
                let grow = b.strokeReach(transform: transform) + outset + 2
                for box in StrokePolyline.changedBoxes(before, after) {
                    boxes.append(box.applying(transform).insetBy(dx: -grow, dy: -grow))
                }
                return compareSublayers(old, new, parent: parent, reach: reach, into: &boxes)
            }
            for layer in [old, new] {
                if let box = OverlayDamage.inkBounds(of: layer, parent: parent, width: width, height: height) {
                    boxes.append(box.insetBy(dx: -(reach + 2), dy: -(reach + 2)))
                }
            }
            return true
        }

        /// Compares the sublayers of two layers whose own drawn properties are equal (so are
        /// their transforms and shadows).
        private func compareSublayers(_ old: Layer, _ new: Layer, parent: CGAffineTransform, reach: CGFloat,
                                      into boxes: inout [CGRect]) -> Bool {
            guard !old.sublayers.isEmpty else { return true }
            let transform = new.transformToSuperlayer.concatenating(parent)
            let inner = reach + (new.renderedShadow?.cullOutset ?? 0)
            for (a, b) in zip(old.sublayers, new.sublayers) {
                guard compare(a, b, parent: transform, reach: inner, into: &boxes) else { return false }
            }
            return true
        }

        /// Whether the shapes draw alike once their trims are made equal.
        static func onlyTrimDiffers(_ a: ShapeLayer, _ b: ShapeLayer) -> Bool {
            guard a.lineDashPattern.isEmpty else { return false }
            let retrimmed = ShapeLayer(layer: a)
            retrimmed.strokeStart = b.strokeStart
            retrimmed.strokeEnd = b.strokeEnd
            return retrimmed.ownPropertiesDrawTheSame(as: b)
        }
    }
}
