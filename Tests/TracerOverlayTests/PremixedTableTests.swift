import Testing
@testable import TracerOverlay

/// The tracker's memos keep their answers in ``PremixedTable``: a key must find its own value
/// whatever other keys share its hash, through growth and forgetting.
@Suite struct PremixedTableTests {
    /// Keys 0..<n with hashes that collide in sevens (the worst a digest could do).
    static func filled(_ n: Int, capacity: Int) -> PremixedTable<Int, String> {
        var table = PremixedTable<Int, String>(capacity: capacity)
        for k in 0..<n { table.insert(k, hash: UInt64(k % 7), value: "v\(k)") }
        return table
    }

    @Test func everyKeyFindsItsOwnValueThroughCollisionsAndGrowth() {
        // Room for 8 at first: 1000 entries make it grow seven times.
        let table = Self.filled(1000, capacity: 8)
        #expect(table.count == 1000)
        for k in 0..<1000 {
            let index = table.index(of: k, hash: UInt64(k % 7))
            #expect(index.map { table[$0] } == "v\(k)")
        }
        // A key not held, with a hash that is: not found.
        #expect(table.index(of: 1000, hash: UInt64(1000 % 7)) == nil)
        // A key held, asked with another hash: not found (the hash is part of the key's identity).
        #expect(table.index(of: 3, hash: 99) == nil)
    }

    @Test func aValueChangedInPlaceIsReadBack() {
        var table = Self.filled(50, capacity: 64)
        let index = table.index(of: 20, hash: 20 % 7)!
        table[index] = "changed"
        #expect(table.index(of: 20, hash: 20 % 7).map { table[$0] } == "changed")
        #expect(table.index(of: 27, hash: 27 % 7).map { table[$0] } == "v27")
    }

    @Test func forgettingKeepsExactlyTheEntriesAsked() {
        var table = Self.filled(300, capacity: 16)
        table.filter { key, _ in key % 3 == 0 }
        #expect(table.count == 100)
        for k in 0..<300 {
            let found = table.index(of: k, hash: UInt64(k % 7)).map { table[$0] }
            #expect(found == (k % 3 == 0 ? "v\(k)" : nil))
        }
        // Entries added after forgetting are found beside the kept ones.
        table.insert(301, hash: 301 % 7, value: "new")
        #expect(table.index(of: 301, hash: 301 % 7).map { table[$0] } == "new")
        #expect(table.index(of: 297, hash: 297 % 7).map { table[$0] } == "v297")
        table.filter { _, _ in false }
        #expect(table.count == 0)
        #expect(table.index(of: 0, hash: 0) == nil)
    }
}
