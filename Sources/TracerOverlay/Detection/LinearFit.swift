/// A least-squares line, for short extrapolations of slow motion.
struct LinearFit {
    var slope = 0.0
    var intercept = 0.0
    var rms = 0.0

    init(xs: [Double], ys: [Double]) {
        self.init(count: xs.count) { (xs[$0], ys[$0]) }
    }

    /// The line through `count` points given by `sample` (asked for each more than once), with
    /// no arrays made: a slow hypothesis's prediction fits two every frame.
    init(count: Int, sample: (Int) -> (x: Double, y: Double)) {
        let n = Double(count)
        var sx = 0.0, sy = 0.0
        for i in 0..<count {
            let p = sample(i)
            sx += p.x
            sy += p.y
        }
        let mx = sx / n, my = sy / n
        var sxx = 0.0, sxy = 0.0
        for i in 0..<count {
            let p = sample(i)
            sxx += (p.x - mx) * (p.x - mx); sxy += (p.x - mx) * (p.y - my)
        }
        slope = sxx > 0 ? sxy / sxx : 0
        intercept = my - slope * mx
        var sum = 0.0
        for i in 0..<count {
            let p = sample(i)
            let e = p.y - value(at: p.x)
            sum += e * e
        }
        rms = (sum / n).squareRoot()
    }

    func value(at x: Double) -> Double { intercept + slope * x }
}
