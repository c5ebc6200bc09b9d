/// Candidates bucketed by position so a track only looks at those within its reach.
struct CandidateGrid {
    private let cell: Double
    private let columns: Int
    private let rows: Int
    /// Cells holding at least one candidate.
    private let occupiedCells: Int
    private let candidateCount: Int
    /// Candidates of cell c are `order[starts[c] ..< starts[c + 1]]`, in index order: a dense
    /// table (a counting sort), where a dictionary of cells cost more hashing than tracking.
    private let starts: [Int32]
    private let order: [Int32]

    init(_ candidates: [BallCandidate], cell: Double) {
        self.cell = cell
        candidateCount = candidates.count
        let cellsX = candidates.map { max(Int(($0.x / cell).rounded(.down)), 0) }
        let cellsY = candidates.map { max(Int(($0.y / cell).rounded(.down)), 0) }
        columns = (cellsX.max() ?? 0) + 1
        rows = (cellsY.max() ?? 0) + 1
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for i in 0..<candidates.count { counts[cellsY[i] * columns + cellsX[i] + 1] += 1 }
        occupiedCells = counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        for c in 0..<(columns * rows) { counts[c + 1] += counts[c] }
        starts = counts
        var fill = counts
        var order = [Int32](repeating: 0, count: candidates.count)
        for i in 0..<candidates.count {
            let c = cellsY[i] * columns + cellsX[i]
            order[Int(fill[c])] = Int32(i)
            fill[c] += 1
        }
        self.order = order
    }

    /// Whether any candidate lies in the cells a disc of radius `reach` around (x, y) touches.
    func hasCandidate(nearX x: Double, y: Double, reach: Double) -> Bool {
        let x0 = Int(((x - reach) / cell).rounded(.down)), x1 = Int(((x + reach) / cell).rounded(.down))
        let y0 = Int(((y - reach) / cell).rounded(.down)), y1 = Int(((y + reach) / cell).rounded(.down))
        if (x1 - x0 + 1) * (y1 - y0 + 1) > 4 * occupiedCells + 16 { return candidateCount > 0 }
        guard let (cx0, cx1, cy0, cy1) = clamped(x0, x1, y0, y1) else { return false }
        for yy in cy0...cy1 {
            for xx in cx0...cx1 where starts[yy * columns + xx + 1] > starts[yy * columns + xx] { return true }
        }
        return false
    }

    /// Calls `body` with every candidate index in the cells that a disc of radius `reach`
    /// around the prediction (or the last point, without one) touches.
    @inline(__always)
    func forEach(near prediction: BallTracker.Prediction?, last: TrackPoint, reach: Double, _ body: (Int) -> Void) {
        let cx = prediction?.x ?? last.x, cy = prediction?.y ?? last.y
        let x0 = Int(((cx - reach) / cell).rounded(.down)), x1 = Int(((cx + reach) / cell).rounded(.down))
        let y0 = Int(((cy - reach) / cell).rounded(.down)), y1 = Int(((cy + reach) / cell).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 4 * occupiedCells + 16 else {
            for i in 0..<candidateCount { body(i) }
            return
        }
        guard let (gx0, gx1, gy0, gy1) = clamped(x0, x1, y0, y1) else { return }
        for y in gy0...gy1 {
            for x in gx0...gx1 {
                let c = y * columns + x
                var k = Int(starts[c])
                let end = Int(starts[c + 1])
                while k < end { body(Int(order[k])); k += 1 }
            }
        }
    }

    /// The cell range intersected with the grid, or nil when they do not meet.
    private func clamped(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> (Int, Int, Int, Int)? {
        let a = max(x0, 0), b = min(x1, columns - 1), c = max(y0, 0), d = min(y1, rows - 1)
        return a <= b && c <= d ? (a, b, c, d) : nil
    }
}
