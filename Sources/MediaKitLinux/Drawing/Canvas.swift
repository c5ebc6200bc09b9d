internal import CCairo
import Foundation

/// A drawing context over pixels: a video frame, a ``BitmapImage``, or (inside the compositor)
/// a recording of drawing commands. Coordinates are y-down pixels, origin top-left.
///
/// A canvas handed to a closure (``VideoFrame/withCanvas(_:)``, composition draw handlers) is
/// valid only inside that closure. A canvas has one owner: it is not `Sendable`.
public final class Canvas {
    let context: OpaquePointer
    let surface: OpaquePointer
    /// Width of the drawable area in pixels.
    public let width: Int
    /// The device-space area whose pixels matter (the compositor's tile), nil for all. Drawing
    /// may then skip what cannot reach it, and must draw exactly what it would draw otherwise
    /// inside it: shape layers drop far stroke segments, shadows blur only what reaches it.
    var cullRect: CGRect?
    /// Whether only where ink can appear matters (for damage bounds): shadows are then marked
    /// as their reach box instead of being blurred.
    var marksBoundsOnly = false
    /// Path measures to reuse across the canvases of one compositor (nil: measure afresh).
    var pathMeasures: PathMeasureCache?
    /// Shadow masks to reuse across frames for the same content in the same tile (nil: none).
    var shadowMasks: ShadowMaskCache?
    /// Height of the drawable area in pixels.
    public let height: Int

    /// Takes a reference to `surface` and creates a context on it.
    init(surface: OpaquePointer, width: Int, height: Int) {
        self.surface = cairo_surface_reference(surface)
        self.context = cairo_create(surface)
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Sends pending drawing to the pixels. Call before reading them directly.
    public func flush() { cairo_surface_flush(surface) }

    // MARK: State

    /// Saves transform, clip and alpha state (`CGContext.saveGState`).
    public func saveGState() { cairo_save(context) }
    /// Restores the state saved last.
    public func restoreGState() { cairo_restore(context) }
    /// Runs `body` and then restores the state as it was before.
    public func withSavedGState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(context)
        defer { cairo_restore(context) }
        return try body()
    }

    /// The current transform from user space to pixels.
    public var currentTransform: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(context, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// Applies `transform` before the current one (`CGContext.concatenate`).
    public func concatenate(_ transform: CGAffineTransform) {
        var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(context, &m)
    }
    /// Moves the origin.
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(context, x, y) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(context, x, y) }
    /// Rotates user space by `angle` radians (clockwise on screen).
    public func rotate(by angle: CGFloat) { cairo_rotate(context, angle) }

    /// Limits drawing to the inside of `path` (non-zero winding).
    public func clip(to path: Path) {
        setPath(path)
        cairo_clip(context)
    }

    /// Limits drawing to `rect`.
    public func clip(to rect: CGRect) { clip(to: Path(rect: rect)) }

    /// Starts drawing into a group that ``endTransparencyLayer()`` composites with `alpha`
    /// (`CGContext.beginTransparencyLayer`): overlapping parts do not add up.
    public func beginTransparencyLayer() { cairo_push_group(context) }
    /// Composites the group begun last with `alpha`.
    public func endTransparencyLayer(alpha: Double = 1) {
        cairo_pop_group_to_source(context)
        cairo_paint_with_alpha(context, alpha.clamped01)
    }

    // MARK: Painting

    /// Makes every pixel transparent (ignores the transform and respects the clip).
    public func clear() {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Paints `color` over the whole clip region.
    public func fillAll(with color: Color) {
        setSource(color)
        cairo_paint(context)
    }

    /// Fills the inside of `path` (non-zero winding unless `evenOdd`).
    public func fill(_ path: Path, with color: Color, evenOdd: Bool = false) {
        setPath(path)
        setSource(color)
        cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    /// Fills `path` with a linear gradient from `start` (location 0) to `end` (location 1).
    public func fill(_ path: Path, linearGradient gradient: Gradient, start: CGPoint, end: CGPoint) {
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        fill(path, pattern: pattern, gradient: gradient)
    }

    /// Fills `path` with a radial gradient between two circles (Cairo's and Core Graphics' model).
    public func fill(_ path: Path, radialGradient gradient: Gradient, startCenter: CGPoint, startRadius: CGFloat,
                     endCenter: CGPoint, endRadius: CGFloat) {
        let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius)!
        fill(path, pattern: pattern, gradient: gradient)
    }

    private func fill(_ path: Path, pattern: OpaquePointer, gradient: Gradient) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        setPath(path)
        cairo_set_source(context, pattern)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    /// Strokes `path` with `color` and `style`.
    public func stroke(_ path: Path, with color: Color, style: StrokeStyle = StrokeStyle()) {
        guard style.lineWidth > 0 else { return }
        setPath(path)
        setSource(color)
        apply(style)
        cairo_stroke(context)
    }

    /// Draws `text` with its baseline starting at `point`.
    public func draw(_ text: String, at point: CGPoint, font: Font, color: Color) {
        select(font)
        setSource(color)
        cairo_move_to(context, point.x, point.y)
        cairo_show_text(context, text)
        cairo_new_path(context)
    }

    /// The advance width and the ascent + descent height of `text` in `font`.
    public func size(of text: String, font: Font) -> CGSize {
        select(font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(context, &fontExtents)
        return CGSize(width: extents.x_advance, height: fontExtents.ascent + fontExtents.descent)
    }

    /// The distance from the top of a line of text to its baseline in `font`.
    public func ascent(of font: Font) -> CGFloat {
        select(font)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(context, &fontExtents)
        return fontExtents.ascent
    }

    /// Draws `image` scaled into `rect` with `opacity`.
    public func draw(_ image: BitmapImage, in rect: CGRect, opacity: Double = 1) {
        guard rect.width > 0, rect.height > 0 else { return }
        var copy = image
        copy.withSurface { imageSurface in
            cairo_save(context)
            cairo_translate(context, rect.minX, rect.minY)
            cairo_scale(context, rect.width / CGFloat(image.width), rect.height / CGFloat(image.height))
            cairo_set_source_surface(context, imageSurface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_rectangle(context, 0, 0, CGFloat(image.width), CGFloat(image.height))
            cairo_clip(context)
            cairo_paint_with_alpha(context, opacity.clamped01)
            cairo_restore(context)
        }
    }

    /// Draws what `body` draws, with `shadow` under it. The shadow is the drawing's coverage,
    /// blurred on a small offscreen buffer around the drawn area only.
    public func drawWithShadow(_ shadow: Shadow, _ body: (Canvas) -> Void) {
        drawWithShadow(shadow, content: nil, body)
    }

    /// ``drawWithShadow(_:_:)`` for a layer: `content` (a presentation-tree layer, no
    /// animations) is what `body` draws, so that a tile can reuse the blurred mask it made for
    /// the same content before (``shadowMasks``).
    func drawWithShadow(_ shadow: Shadow, content: Layer?, _ body: (Canvas) -> Void) {
        guard shadow.color.alpha > 0 else { body(self); return }
        // Record the content in device space so its ink extents are known. When only an area
        // matters, the content matters within the shadow's reach of it.
        // The recording is bounded (Cairo 1.16 loses the ink extents, or crashes, when a
        // transparency group is drawn into an unbounded one): to the area that matters, or to
        // the picture, grown by how far content can cast this shadow into it.
        let area = (cullRect ?? CGRect(x: 0, y: 0, width: width, height: height))
            .insetBy(dx: -shadow.cullOutset - 2, dy: -shadow.cullOutset - 2)
        var bounds = cairo_rectangle_t(x: floor(area.minX), y: floor(area.minY),
                                       width: ceil(area.maxX) - floor(area.minX), height: ceil(area.maxY) - floor(area.minY))
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &bounds)!
        defer { cairo_surface_destroy(recording) }
        let inner = Canvas(surface: recording, width: width, height: height)
        inner.cullRect = cullRect?.insetBy(dx: -shadow.cullOutset, dy: -shadow.cullOutset)
        inner.marksBoundsOnly = marksBoundsOnly
        inner.pathMeasures = pathMeasures
        inner.shadowMasks = shadowMasks
        var m = cairo_matrix_t()
        cairo_get_matrix(context, &m)
        cairo_set_matrix(inner.context, &m)
        body(inner)
        cairo_surface_flush(recording)
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &w, &h)
        guard w > 0, h > 0 else { return }
        let reach = shadow.blurReach
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_identity_matrix(context)
        if marksBoundsOnly {
            cairo_rectangle(context, x, y, w, h)
            cairo_rectangle(context, x - Double(reach) + shadow.offset.width, y - Double(reach) + shadow.offset.height,
                            w + 2 * Double(reach), h + 2 * Double(reach))
            cairo_set_source_rgba(context, 1, 1, 1, 1)
            cairo_fill(context)
            return
        }
        var x0 = Int(floor(x)) - reach, y0 = Int(floor(y)) - reach
        var x1 = Int(ceil(x + w)) + reach, y1 = Int(ceil(y + h)) + reach
        if let cullRect {
            // Shadow pixels inside the area come from the mask at (area - offset); blurring
            // them exactly needs the mask `reach` further out.
            let needed = cullRect.offsetBy(dx: -shadow.offset.width, dy: -shadow.offset.height)
            x0 = max(x0, Int(floor(needed.minX)) - reach); y0 = max(y0, Int(floor(needed.minY)) - reach)
            x1 = min(x1, Int(ceil(needed.maxX)) + reach); y1 = min(y1, Int(ceil(needed.maxY)) + reach)
        }
        if x1 > x0, y1 > y0, x1 - x0 < 16384, y1 - y0 < 16384 {
            let scale = shadow.maskScale
            func floorToGrid(_ v: Int) -> Int { v >= 0 ? v / scale * scale : -((-v + scale - 1) / scale) * scale }
            // The mask's pixel grid sits on multiples of the scale in device space, so two areas
            // (tiles) that share pixels sample them on the same grid and agree exactly.
            let region = ShadowMask.Region(x0: floorToGrid(x0), y0: floorToGrid(y0), x1: x1, y1: y1)
            let key = content.map { ShadowMaskCache.Key(content: $0, transform: CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0),
                                                         area: cullRect, shadow: shadow, region: region) }
            let mask: ShadowMask
            if let key, let cache = shadowMasks, let kept = cache.mask(for: key) {
                mask = kept
            } else {
                mask = makeShadowMask(shadow, of: recording, region: region)
                if let key, let cache = shadowMasks { cache.store(mask, for: key) }
            }
            cairo_save(context)
            if let bands = mask.bands, cullRect == nil {
                // Composite only where the mask can be non-zero (a tile's mask is small anyway).
                cairo_new_path(context)
                for band in bands {
                    cairo_rectangle(context, Double(region.x0 + band.x) + shadow.offset.width, Double(region.y0 + band.y) + shadow.offset.height,
                                    Double(band.width), Double(band.height))
                }
                cairo_clip(context)
            }
            setSource(shadow.color)
            cairo_mask_surface(context, mask.surface, Double(region.x0) + shadow.offset.width, Double(region.y0) + shadow.offset.height)
            cairo_restore(context)
        }
        // Replay the content itself over its shadow, limited to its ink so that nested
        // recordings keep finite extents.
        cairo_set_source_surface(context, recording, 0, 0)
        cairo_rectangle(context, floor(x), floor(y), ceil(x + w) - floor(x), ceil(y + h) - floor(y))
        cairo_fill(context)
    }

    /// The blurred coverage of `recording` (device space) over `region`, full size, with the
    /// bands that can be non-zero.
    private func makeShadowMask(_ shadow: Shadow, of recording: OpaquePointer, region: ShadowMask.Region) -> ShadowMask {
        let scale = shadow.maskScale
        let x0 = region.x0, y0 = region.y0
        let fullWidth = region.x1 - x0, fullHeight = region.y1 - y0
        let maskWidth = (fullWidth + scale - 1) / scale, maskHeight = (fullHeight + scale - 1) / scale
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight))!
        defer { cairo_surface_destroy(mask) }
        if scale == 1 {
            let maskContext = cairo_create(mask)!
            cairo_set_source_surface(maskContext, recording, Double(-x0), Double(-y0))
            cairo_paint(maskContext)
            cairo_destroy(maskContext)
            cairo_surface_flush(mask)
        } else {
            // Cover at full size and average scale x scale blocks: exact box sampling, the same
            // whatever the area (Cairo's scaled replay filters differently and, in 1.16, crashes
            // on nested shadow recordings).
            let full = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth * scale), Int32(maskHeight * scale))!
            defer { cairo_surface_destroy(full) }
            let fullContext = cairo_create(full)!
            cairo_set_source_surface(fullContext, recording, Double(-x0), Double(-y0))
            cairo_paint(fullContext)
            cairo_destroy(fullContext)
            cairo_surface_flush(full)
            cairo_surface_flush(mask)
            BoxBlur.shrinkA8(cairo_image_surface_get_data(full)!, stride: Int(cairo_image_surface_get_stride(full)),
                             into: cairo_image_surface_get_data(mask)!, stride: Int(cairo_image_surface_get_stride(mask)),
                             width: maskWidth, height: maskHeight, scale: scale)
        }
        BoxBlur.blurA8(data: cairo_image_surface_get_data(mask)!, width: maskWidth, height: maskHeight,
                       stride: Int(cairo_image_surface_get_stride(mask)), sigma: shadow.sigma / Double(scale))
        cairo_surface_mark_dirty(mask)

        // Stretch back to full size here (pixman's bilinear scaling is far slower than an
        // unscaled mask).
        if scale == 1 { return ShadowMask(surface: cairo_surface_reference(mask)!, bands: nil) }
        let (surface, bands) = BoxBlur.upsampleA8(mask, scale: scale, width: fullWidth, height: fullHeight)
        return ShadowMask(surface: surface, bands: bands)
    }

    /// Strokes the segments of `polyline` (user space).
    func stroke(_ polyline: StrokePolyline, with color: Color, style: StrokeStyle) {
        guard style.lineWidth > 0, !polyline.subpaths.isEmpty else { return }
        stroke(polyline.path, with: color, style: style)
    }

    // MARK: Helpers

    func setSource(_ color: Color) {
        cairo_set_source_rgba(context, color.red.clamped01, color.green.clamped01, color.blue.clamped01, color.alpha.clamped01)
    }

    func apply(_ style: StrokeStyle) {
        cairo_set_line_width(context, style.lineWidth)
        switch style.lineCap {
        case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(context, style.miterLimit)
        let dashes = style.dashPattern.map { Double($0) }
        let usable = !dashes.isEmpty && dashes.allSatisfy { $0 >= 0 } && dashes.contains { $0 > 0 }
        dashes.withUnsafeBufferPointer { buffer in
            cairo_set_dash(context, usable ? buffer.baseAddress : nil, usable ? Int32(buffer.count) : 0, style.dashPhase)
        }
    }

    func select(_ font: Font) {
        cairo_select_font_face(context, font.family, font.isItalic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, font.size)
    }

    func setPath(_ path: Path) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(context, p.x, p.y)
            case .line(let p): cairo_line_to(context, p.x, p.y)
            case .quadCurve(let p, let q):
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(context, &x0, &y0)
                cairo_curve_to(context, x0 + 2 / 3 * (q.x - x0), y0 + 2 / 3 * (q.y - y0),
                               p.x + 2 / 3 * (q.x - p.x), p.y + 2 / 3 * (q.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .closeSubpath: cairo_close_path(context)
            }
        }
    }
}

extension Canvas {
    /// A canvas over a new transparent image of `width` x `height` pixels.
    /// - Throws: ``MediaError/invalidArgument(_:)`` for a bad size.
    public convenience init(width: Int, height: Int) throws(MediaError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidArgument("canvas size \(width)x\(height) must be between 1 and 32767")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        self.init(surface: surface, width: width, height: height)
    }

    /// A canvas over a copy of `image`.
    public convenience init(image: BitmapImage) throws(MediaError) {
        try self.init(width: image.width, height: image.height)
        draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }

    /// A copy of the pixels drawn so far (only for canvases over images or frames).
    public func makeImage() throws(MediaError) -> BitmapImage {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            throw .invalidArgument("only a canvas over pixels can make an image")
        }
        cairo_surface_flush(surface)
        return try BitmapImage(copying: surface)
    }
}
