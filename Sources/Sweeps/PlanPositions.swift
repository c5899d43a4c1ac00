/// A set of a plan's cell positions as one bit each: how a merge checks that every cell is in
/// exactly one shard with memory of an eighth of a byte per cell (a `Set` of the cells took
/// about 40 bytes each, held for every shard at once).
struct PlanPositions {
    /// How many positions there are (the plan's cells).
    let count: Int
    private var words: [UInt64]

    /// The most positions a set is made for: 2^33 bits are 1 GiB.
    static let maximumCount = 1 << 33

    /// An empty set over `0..<count`.
    init(count: Int) {
        precondition(count >= 0 && count <= Self.maximumCount, "a plan's positions fit in memory")
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Adds a position; false when it was already in.
    mutating func insert(_ position: Int) -> Bool {
        let (word, bit) = (position / 64, UInt64(1) << UInt64(position % 64))
        defer { words[word] |= bit }
        return words[word] & bit == 0
    }

    /// The first position not in the set, nil when all are.
    func firstMissing() -> Int? {
        guard let word = words.firstIndex(where: { $0 != .max }) else { return nil }
        let position = word * 64 + (~words[word]).trailingZeroBitCount
        return position < count ? position : nil
    }
}
