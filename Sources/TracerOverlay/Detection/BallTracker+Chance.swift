import Foundation

extension BallTracker {
    /// What taking a point `offset` pixels from its prediction, in a gate of radius `gate`
    /// that held `candidatesInGate` plausible candidates, adds to a young track's
    /// ``Track/chanceEvidence``: minus the logarithm of the chance that the nearest of that many
    /// candidates strewn uniformly over the gate lies as near (capped at
    /// ``TrackerSettings/chanceEvidenceCap``), less one. Under chance that logarithm's mean is
    /// one, so a chain of noise specks earns about nothing however long it grows, while a ball's
    /// points, landing a pixel or two from where a good model put them, earn several each.
    /// (Asked only of tracks with a prediction: a lone point's gate is the fastest speed in any
    /// direction.)
    func chanceEvidence(offset: Double, gate: Double, candidatesInGate: Int) -> Double {
        Self.chanceEvidence(offset: offset, gate: gate, candidatesInGate: candidatesInGate,
                                   cap: settings.chanceEvidenceCap)
    }

    /// ``chanceEvidence(offset:gate:candidatesInGate:)`` with the cap given.
    static func chanceEvidence(offset: Double, gate: Double, candidatesInGate n: Int, cap: Double) -> Double {
        let share = min(offset * offset / max(gate * gate, 1e-12), 1)
        // The chance that none of n uniform candidates lies within `offset` is (1 - share)^n.
        let chance = -expm1(Double(max(n, 1)) * log1p(-min(share, 1 - 1e-12)))
        return min(-log(max(chance, 1e-300)), cap) - 1
    }
}
