extension Array {
    /// Removes the elements whose flag in `keep` is false. The others keep their order and are
    /// moved, not copied: the tracker thins hundreds of hypotheses on every frame, and copying
    /// a track retains its points.
    mutating func removeAll(keeping keep: [Bool]) {
        precondition(keep.count == count, "one flag per element")
        var kept = 0
        withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices where keep[i] {
                if i != kept { buffer.swapAt(kept, i) }
                kept += 1
            }
        }
        removeLast(count - kept)
    }
}
