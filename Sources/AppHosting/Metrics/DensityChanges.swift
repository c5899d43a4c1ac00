/// ``TimeWeightedAges``' density changes: a weight per age (ms), summed as changes arrive.
///
/// An open-addressing table of ages with a multiplicative hash. The record adds two changes for
/// every item each time a screen changes (a 100-row watchlist refreshed every minute), and a
/// `Dictionary` hashed each age with SipHash: 1.7 % of a simulated year. Each age's changes are
/// added in the order they come, as the dictionary added them, so every sum has the same bits.
struct DensityChanges: Equatable {
    private var ages: [Int64] = []
    private var weights: [Double] = []
    private var used: [Bool] = []
    /// Ages held.
    private(set) var count = 0

    /// Adds `weight` to the change at `age`.
    mutating func add(_ weight: Double, at age: Int64) {
        if (count + 1) * 4 > used.count * 3 { grow() }
        let slot = place(of: age)
        if used[slot] {
            weights[slot] += weight
        } else {
            (ages[slot], weights[slot], used[slot]) = (age, 0 + weight, true)
            count += 1
        }
    }

    /// The change at `age`; nil for an age without one.
    subscript(age: Int64) -> Double? {
        guard !used.isEmpty else { return nil }
        let slot = place(of: age)
        return used[slot] ? weights[slot] : nil
    }

    /// Every age with a change, youngest first.
    func sortedAges() -> [Int64] {
        used.indices.filter { used[$0] }.map { ages[$0] }.sorted()
    }

    /// The same ages with the same changes.
    static func == (lhs: DensityChanges, rhs: DensityChanges) -> Bool {
        lhs.count == rhs.count
            && lhs.used.indices.allSatisfy { !lhs.used[$0] || rhs[lhs.ages[$0]] == lhs.weights[$0] }
    }

    /// The slot holding `age`, or the empty one where it goes.
    private func place(of age: Int64) -> Int {
        let mask = used.count - 1
        // Fibonacci hashing: the top bits of the product, spread over the table.
        var slot = Int(truncatingIfNeeded: (UInt64(bitPattern: age) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while used[slot], ages[slot] != age { slot = (slot + 1) & mask }
        return slot
    }

    /// Doubles the table (from 64 slots), placing every age again.
    private mutating func grow() {
        let old = (ages, weights, used)
        let capacity = max(64, used.count * 2)
        (ages, weights, used) = (
            [Int64](repeating: 0, count: capacity), [Double](repeating: 0, count: capacity),
            [Bool](repeating: false, count: capacity)
        )
        for index in old.2.indices where old.2[index] {
            let slot = place(of: old.0[index])
            (ages[slot], weights[slot], used[slot]) = (old.0[index], old.1[index], true)
        }
    }
}
