internal import CCairo
import Foundation

/// A blurred shadow mask (A8, full size) over a region of device space, and the bands of rows
/// that can be non-zero (nil: all of it).
final class ShadowMask {
    /// The device-space box the mask covers: [x0, x1) x [y0, y1), its origin on the blur's grid.
    struct Region: Equatable {
        var x0, y0, x1, y1: Int
    }

    let surface: OpaquePointer
    let bands: [(y: Int, height: Int, x: Int, width: Int)]?

    /// Takes ownership of `surface`.
    init(surface: OpaquePointer, bands: [(y: Int, height: Int, x: Int, width: Int)]?) {
        self.surface = surface
        self.bands = bands
    }

    deinit { cairo_surface_destroy(surface) }
}

/// The shadow masks a tile made, kept for the next time the tile is drawn: a layer fading in
/// changes only its opacity, which scales its shadow but does not change the mask, so a tile
/// redrawn for the fade can reuse the blur.
///
/// A mask is reused only when everything it is made from is equal: the content (the layer and
/// its sublayers as drawn, except the layer's own opacity, which is applied after the shadow),
/// the transform, the tile's area, the shadow and the region, so a reused mask is the same bytes
/// as a new one. The masks of one tile are numbered in drawing order; a tile keeps only the
/// masks of its last drawing.
final class ShadowMaskCache {
    /// What a mask is made from.
    struct Key {
        let content: Layer
        let transform: CGAffineTransform
        let area: CGRect?
        let shadow: Shadow
        let region: ShadowMask.Region

        func matches(_ other: Key) -> Bool {
            transform == other.transform && area == other.area && shadow == other.shadow && region == other.region
                && content.drawsSameShadowCoverage(as: other.content)
        }
    }

    private var entries: [Int: (key: Key, mask: ShadowMask)] = [:]
    private var tile = 0
    private var slot = 0
    private var kept: [Int: (key: Key, mask: ShadowMask)] = [:]

    /// Starts drawing tile `index`: its masks so far are candidates for reuse.
    func beginTile(_ index: Int) {
        tile = index
        slot = 0
        kept = [:]
    }

    /// Ends the tile's drawing: the masks it did not use again are dropped.
    func endTile() {
        for k in entries.keys where k >> 16 == tile && kept[k] == nil { entries[k] = nil }
        for (k, v) in kept { entries[k] = v }
        kept = [:]
    }

    /// The mask made before for `key` at this point of the tile's drawing, if any.
    func mask(for key: Key) -> ShadowMask? {
        let index = tile << 16 | slot
        guard let entry = entries[index], entry.key.matches(key) else { return nil }
        slot += 1
        kept[index] = entry
        return entry.mask
    }

    /// Keeps `mask`, made for `key`, at this point of the tile's drawing.
    func store(_ mask: ShadowMask, for key: Key) {
        kept[tile << 16 | slot] = (key, mask)
        slot += 1
    }
}
