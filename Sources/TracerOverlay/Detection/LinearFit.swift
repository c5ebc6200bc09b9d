/// A least-squares line, for short extrapolations of slow motion.
struct LinearFit {
    var slope = 0.0
    var intercept = 0.0
    var rms = 0.0

    init(xs: [Double], ys: [Double]) {
        let n = Double(xs.count)
        let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0
        for i in xs.indices { sxx += (xs[i] - mx) * (xs[i] - mx); sxy += (xs[i] - mx) * (ys[i] - my) }
        slope = sxx > 0 ? sxy / sxx : 0
        intercept = my - slope * mx
        var sum = 0.0
        for i in xs.indices { let e = ys[i] - value(at: xs[i]); sum += e * e }
        rms = (sum / n).squareRoot()
    }

    func value(at x: Double) -> Double { intercept + slope * x }
}
