/// A hash table for keys that come with their own well-mixed 64-bit hash (open addressing,
/// linear probing).
///
/// The tracker looks up hundreds of keys a frame; Swift's `Dictionary` runs its seeded SipHash
/// over every key, which cost more than the comparisons themselves (a tenth of the tracker's
/// time on busy footage). The keys here already hold digests of what they stand for.
struct PremixedTable<Key: Equatable, Value> {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private(set) var keys: [Key] = []
    private(set) var values: [Value] = []

    /// An empty table with room for `capacity` entries before it grows.
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        hashes.reserveCapacity(capacity)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// How many entries it holds.
    var count: Int { keys.count }

    /// The entry index of `key` (whose hash is `hash`), nil when absent.
    func index(of key: Key, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while true {
            let e = Int(slots[s])
            if e < 0 { return nil }
            if hashes[e] == hash && keys[e] == key { return e }
            s = (s + 1) & mask
        }
    }

    /// The value of entry `index`.
    subscript(index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }

    /// Adds `key`, which must be absent, with `value`.
    mutating func insert(_ key: Key, hash: UInt64, value: Value) {
        if 2 * (keys.count + 1) > slots.count { resize(to: 2 * slots.count) }
        hashes.append(hash)
        keys.append(key)
        values.append(value)
        place(keys.count - 1)
    }

    /// Keeps only the entries `isIncluded` accepts.
    mutating func filter(_ isIncluded: (Key, Value) -> Bool) {
        var kept = 0
        for e in keys.indices where isIncluded(keys[e], values[e]) {
            hashes[kept] = hashes[e]
            keys.swapAt(kept, e)
            values.swapAt(kept, e)
            kept += 1
        }
        hashes.removeLast(hashes.count - kept)
        keys.removeLast(keys.count - kept)
        values.removeLast(values.count - kept)
        resize(to: slots.count)
    }

    private mutating func resize(to size: Int) {
        slots = [Int32](repeating: -1, count: size)
        for e in keys.indices { place(e) }
    }

    private mutating func place(_ e: Int) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hashes[e]) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = Int32(e)
    }
}

/// A 64-bit digest folded word by word (multiply, then xor-shift), for ``PremixedTable`` keys
/// that stand for many numbers.
struct Digest {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Folds in one word.
    @inline(__always)
    mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
    }

    /// Folds in a number by its bits (+0 makes -0.0 read as 0.0, which it equals).
    @inline(__always)
    mutating func mix(_ number: Double) { mix((number + 0).bitPattern) }

    /// Folds in an integer.
    @inline(__always)
    mutating func mix(_ integer: Int) { mix(UInt64(bitPattern: Int64(integer))) }
}
