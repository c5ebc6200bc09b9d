/// The weighted least-squares normal equations of ``ProjectiveTimeFit``, kept as the sums they
/// are made of and solved by their block structure.
///
/// Each sample gives two rows over `[a0 a1 a2 b0 b1 b2 c1 c2]`: `[1 u u2 0 0 0 -xu -xu2] = x` and
/// `[0 0 0 1 u u2 -yu -yu2] = y`. The x and y polynomials share no unknown and see the same 3 x 3
/// block in `u` alone, so the 8 x 8 system reduces to one 3 x 3 Cholesky factor and a 2 x 2
/// Schur complement in the depth terms: a tenth of the arithmetic of eliminating the whole
/// matrix, which mattered because every live track fits its flight on every frame.
struct ProjectiveNormalEquations {
    /// Σ w u^k, k = 0...3, and k = 4 apart: five sums in eight lanes spent three on zeros.
    private var low = Sums()
    private var high = Sums()

    /// One power's sums: Σ w u^k, Σ w x u^k, Σ w y u^k and Σ w (x² + y²) u^k.
    private struct Sums {
        var s: SIMD4<Double> = .zero
        var tx: SIMD4<Double> = .zero
        var ty: SIMD4<Double> = .zero
        var q: SIMD4<Double> = .zero
    }

    /// Adds one sample at scaled time `u` and scaled position (`x`, `y`) with squared weight `weight`.
    @inline(__always)
    mutating func add(u: Double, x: Double, y: Double, weight w: Double) {
        let u2 = u * u
        let powers = SIMD4<Double>(w, w * u, w * u2, w * u2 * u)
        let top = w * u2 * u2
        let r = x * x + y * y
        low.s += powers
        low.tx += powers * x
        low.ty += powers * y
        low.q += powers * r
        // The fifth power's four sums side by side.
        high.s += SIMD4(top, top, top, top) * SIMD4(1, x, y, r)
    }

    /// Σ w u^k.
    @inline(__always) private func s(_ k: Int) -> Double { k < 4 ? low.s[k] : high.s[0] }
    /// Σ w x u^k.
    @inline(__always) private func tx(_ k: Int) -> Double { k < 4 ? low.tx[k] : high.s[1] }
    /// Σ w y u^k.
    @inline(__always) private func ty(_ k: Int) -> Double { k < 4 ? low.ty[k] : high.s[2] }
    /// Σ w (x² + y²) u^k.
    @inline(__always) private func q(_ k: Int) -> Double { k < 4 ? low.q[k] : high.s[3] }

    /// The solution `[a0 a1 a2 b0 b1 b2 c1 c2]` with `ridge` added to both depth terms' diagonal,
    /// or nil when the system is degenerate (a pivot under 1e-12 of its largest entry).
    func solve(ridge: Double) -> SIMD8<Double>? {
        var scale = max(s(0), s(4), q(4) + ridge)
        for k in 0..<5 { scale = max(scale, abs(tx(k)), abs(ty(k))) }
        let tiny = 1e-12 * scale
        guard tiny > 0 else { return nil }
        // Cholesky factor of A = [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]].
        let d0 = s(0)
        guard d0 > tiny else { return nil }
        let l00 = d0.squareRoot()
        let l10 = s(1) / l00, l20 = s(2) / l00
        let d1 = s(2) - l10 * l10
        guard d1 > tiny else { return nil }
        let l11 = d1.squareRoot()
        let l21 = (s(3) - l20 * l10) / l11
        let d2 = s(4) - l20 * l20 - l21 * l21
        guard d2 > tiny else { return nil }
        let l22 = d2.squareRoot()
        // A⁻¹ b by forward and back substitution (six of them: multiply, do not divide).
        let i00 = 1 / l00, i11 = 1 / l11, i22 = 1 / l22
        @inline(__always) func solveA(_ b0: Double, _ b1: Double, _ b2: Double) -> SIMD3<Double> {
            let z0 = b0 * i00
            let z1 = (b1 - l10 * z0) * i11
            let z2 = (b2 - l20 * z0 - l21 * z1) * i22
            let x2 = z2 * i22
            let x1 = (z1 - l21 * x2) * i11
            let x0 = (z0 - l10 * x1 - l20 * x2) * i00
            return SIMD3(x0, x1, x2)
        }
        // The coupling of one coordinate's polynomial to the depth terms is B = -[[t1 t2] [t2 t3] [t3 t4]].
        let ax = solveA(tx(0), tx(1), tx(2)), ay = solveA(ty(0), ty(1), ty(2))
        let gx1 = solveA(-tx(1), -tx(2), -tx(3)), gx2 = solveA(-tx(2), -tx(3), -tx(4))
        let gy1 = solveA(-ty(1), -ty(2), -ty(3)), gy2 = solveA(-ty(2), -ty(3), -ty(4))
        @inline(__always) func dotB(_ t: (Int) -> Double, column: Int, _ g: SIMD3<Double>) -> Double {
            -(t(column + 1) * g[0] + t(column + 2) * g[1] + t(column + 3) * g[2])
        }
        // Schur complement S = C - Bxᵀ A⁻¹ Bx - Byᵀ A⁻¹ By and its right-hand side.
        let s00 = q(2) + ridge - dotB(tx, column: 0, gx1) - dotB(ty, column: 0, gy1)
        let s01 = q(3) - dotB(tx, column: 0, gx2) - dotB(ty, column: 0, gy2)
        let s11 = q(4) + ridge - dotB(tx, column: 1, gx2) - dotB(ty, column: 1, gy2)
        let r0 = -q(1) - dotB(tx, column: 0, ax) - dotB(ty, column: 0, ay)
        let r1 = -q(2) - dotB(tx, column: 1, ax) - dotB(ty, column: 1, ay)
        guard s00 > tiny else { return nil }
        let e11 = s11 - s01 * s01 / s00
        guard e11 > tiny else { return nil }
        let c2 = (r1 - s01 / s00 * r0) / e11
        let c1 = (r0 - s01 * c2) / s00
        let px = ax - gx1 * c1 - gx2 * c2, py = ay - gy1 * c1 - gy2 * c2
        let solution = SIMD8(px[0], px[1], px[2], py[0], py[1], py[2], c1, c2)
        for k in 0..<8 where !solution[k].isFinite { return nil }
        return solution
    }
}
