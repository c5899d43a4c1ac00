/// A deterministic share of a sweep's cells: shard K of N holds the cells whose position in plan
/// order leaves remainder K - 1 when divided by N, so shards interleave and take similar time.
public struct SweepShard: Sendable, Equatable, CustomStringConvertible {
    /// Which shard, 1...count.
    public var index: Int
    /// How many shards.
    public var count: Int

    /// The most shards a sweep may be split into.
    public static let maximumCount = 1_000_000

    /// Parses `K/N`.
    ///
    /// - Parameter text: For example `2/4`.
    public init(parsing text: String) throws(SweepError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            count <= Self.maximumCount, index >= 1, index <= count
        else {
            throw SweepError(
                "--shard: expected K/N with 1 <= K <= N <= \(Self.maximumCount), found '\(text)'")
        }
        (self.index, self.count) = (index, count)
    }

    /// Whether the cell at a position in plan order is in this shard.
    public func holds(position: Int) -> Bool { position % count == index - 1 }

    /// The positions of this shard's cells among `total`, in plan order, without visiting the
    /// others (a shard of a million-cell plan runs a small share of it).
    public func positions(of total: Int) -> StrideTo<Int> {
        stride(from: index - 1, to: total, by: count)
    }

    /// How many of `total` cells this shard holds.
    public func cellCount(of total: Int) -> Int {
        total > index - 1 ? (total - index) / count + 1 : 0
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }
}

/// A sweep that cannot run, resume or merge, with a message naming the folder, cell or option.
public struct SweepError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
