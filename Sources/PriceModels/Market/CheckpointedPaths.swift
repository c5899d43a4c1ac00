import TrackerCore
import WorkbenchFoundation

/// A synthetic market's tick paths, kept as checkpoints instead of ticks: where the
/// ``MarketWalk`` stood every ``blocksPerCheckpoint`` blocks of ``blockLength`` ticks
/// (``MarketWalk/appendCheckpoint(to:factor:)``: six 64-bit words for a coin that follows the
/// market, and the factor stream's two once for all of them), from which a block is drawn again
/// when it is read. The last two blocks read of each coin stay in memory. A year of 15-minute
/// ticks for 100 coins is 28 MB as ticks; here it is 0.33 MB of checkpoints and 0.41 MB of
/// recent blocks.
///
/// Blocks are 256 ticks: a price far from the recent blocks (a coin's change over months) draws
/// 256 steps on average (128 in a block with a checkpoint). With a checkpoint every block, 512
/// took 0.4 MB less and a simulated year's far prices twice as long, and 128 took 1.3 MB more
/// for nothing measurable (docs/benchmarks.md).
///
/// The prices are bit for bit ``MarketPaths/generate(coins:rootSeed:start:stepMilliseconds:steps:generator:correlation:)``'s:
/// a walk taken in stretches gives the prices of one long stretch. The coins of a correlation
/// matrix are drawn together; every other coin alone (a coin that follows the market factor with
/// its own copy of the factor's draws), so reading one coin's block draws only that coin.
public final class CheckpointedPaths: Sendable {
    /// Ticks between two checkpoints in a market of up to ``manyCoins`` coins.
    public static let blockLength = 256
    /// Above this many coins, blocks are as short as the day a markets row reads allows
    /// (``blockLength(coins:stepMilliseconds:)``).
    public static let manyCoins = 2_000

    /// Ticks between two checkpoints for a market of `coins` coins on a grid of
    /// `stepMilliseconds`: 256, or above ``manyCoins`` a day's ticks rounded up to 16, between 128
    /// and 256. Each coin keeps its two latest blocks, which is most of a large market's memory
    /// (10,000 coins: 41 MB at 256 ticks), and shorter blocks need more checkpoints (3.4 to 6.8 MB
    /// for a fortnight of 15-minute ticks at 128). The two kept blocks must hold the day a markets
    /// row reads, a day's ticks and one: 10-minute ticks (144 a day) at 128 drew a block again on
    /// nearly every refresh (10,000 coins for a week: 15.2 to 23.7 s), and at 144 they keep 23 MB
    /// where 256 kept 41. Any length gives the same prices.
    public static func blockLength(coins: Int, stepMilliseconds: Int64) -> Int {
        guard coins > manyCoins else { return blockLength }
        let ticksPerDay = Int(86_400_000 / max(stepMilliseconds, 1))
        return min(blockLength, max(blockLength / 2, (ticksPerDay + 15) / 16 * 16))
    }
    /// Blocks kept in memory for each group of coins drawn together.
    public static let recentBlocks = 2
    /// Blocks between two checkpoints in a market of up to ``manyCheckpointedCoins`` coins: a
    /// block without one is drawn from the checkpoint before it, past the blocks between (one
    /// block's steps more), or straight on from the block before it when that was the last drawn
    /// (the clock's order, nearly every read). At 1 (and seven words a checkpoint), a 1,000-coin
    /// year kept 15.3 MB of checkpoints; at 2 (six words), 6.6 MB, in the same time
    /// (docs/benchmarks.md, round five).
    public static let blocksPerCheckpoint = 2
    /// Above this many coins, checkpoints are one every third block
    /// (``blocksPerCheckpoint(coins:)``).
    public static let manyCheckpointedCoins = 500

    /// Blocks between two checkpoints for a market of `coins` coins: ``blocksPerCheckpoint``, or 3
    /// above ``manyCheckpointedCoins``. The checkpoints grow with the market's coins, the blocks
    /// drawn again with the coins a run shows: 1,000 coins on 10-minute ticks with a year of
    /// history keep 9.9 MB of checkpoints at 2 and 6.6 MB at 3 in the same time, where the
    /// 100-coin mixed year saves 0.3 MB at 3 and runs 5 % slower (docs/benchmarks.md). Any
    /// spacing gives the same prices.
    public static func blocksPerCheckpoint(coins: Int) -> Int {
        coins > manyCheckpointedCoins ? 3 : blocksPerCheckpoint
    }
    /// The most prices a market keeps whole, every block as first drawn (2 MB): below it, no
    /// block is ever drawn again. A short run of a few coins (the quickstart's 5 coins for
    /// 8 days and 2 hours is 11,640 prices) would otherwise draw a week's chart again from its
    /// checkpoints on every request: 40 % of a sweep cell's time. A year of 100 coins on
    /// 15-minute ticks (3.5 M prices) stays checkpointed.
    public static let wholeMarketPrices = 262_144

    /// The coins, in the order given.
    public let coinIds: [String]
    /// The first tick, epoch ms.
    public let start: Int64
    /// The grid step, ms.
    public let stepMilliseconds: Int64
    /// Ticks per coin: the steps plus the first tick.
    public let count: Int
    /// Ticks in a block (``blockLength(coins:stepMilliseconds:)``).
    public let blockLength: Int
    /// Blocks between two checkpoints (``blocksPerCheckpoint(coins:)`` by default).
    public let blocksPerCheckpoint: Int
    /// Each coin's group and place in it, by the coin's index.
    private let placement: [Placement]
    private let groups: Locked<[Group]>
    /// The market factor's stream state at the start of each block, kept once for every group
    /// (``MarketWalk/factorWords`` words a block; none without correlation).
    private let factorStates: [UInt64]

    private struct Placement {
        var group: Int
        var member: Int
    }

    /// Coins drawn together: their walk at the start, their checkpoints one after another
    /// (without the factor's state, ``factorStates``), and the blocks read last, most recent
    /// first.
    private struct Group {
        var starts: [Double]
        let origin: MarketWalk
        var checkpoints: [UInt64] = []
        var recent: [(block: Int, prices: [[Double]])] = []
        /// Every block as first drawn, when the market is kept whole (``wholeMarketPrices``);
        /// otherwise empty.
        var whole: [[[Double]]] = []
        /// A copy of the walk kept for drawing blocks again: a checkpoint restored into it takes it
        /// anywhere, so a block drawn again copies no stream (four allocations a coin).
        var scratch: MarketWalk?
        /// The block whose start the scratch walk stands at, when it stands at one: the block
        /// after the one it drew last, which it draws next without a checkpoint.
        var scratchBlock: Int?

        /// The walk where it stood at the start of block `block`: the scratch walk, taken out
        /// (``scratch`` is nil until it is given back), straight on when it stands there, else
        /// restored to the checkpoint at or before the block and walked on to it.
        mutating func walk(
            atBlock block: Int, blockLength: Int, blocksPerCheckpoint: Int, factorStates: [UInt64]
        ) -> MarketWalk {
            var walk = scratch.take() ?? origin.copy()
            defer { scratchBlock = nil }
            if scratchBlock == block { return walk }
            let (own, factor) = (origin.checkpointWords - origin.factorWords, origin.factorWords)
            let checkpoint = block / blocksPerCheckpoint
            walk.restoreCheckpoint(
                own: checkpoints[checkpoint * own..<(checkpoint + 1) * own],
                factor: factorStates[checkpoint * factor..<(checkpoint + 1) * factor])
            // Block 0 opens with the start price: it takes one step less than the others.
            let from = checkpoint * blocksPerCheckpoint
            let steps = (block - from) * blockLength - (from == 0 && block > 0 ? 1 : 0)
            if steps > 0 { _ = walk.advance(by: steps) }
            return walk
        }
    }

    /// Draws every path once, to check it and keep its checkpoints.
    ///
    /// - Parameters:
    ///   - coins: The coins; ids must be unique.
    ///   - rootSeed: The run's root seed.
    ///   - start: The first tick, epoch ms.
    ///   - stepMilliseconds: The grid step, > 0.
    ///   - steps: Steps after the first tick.
    ///   - generator: The GSL generator.
    ///   - correlation: How the coins move together.
    ///   - observe: Shown every block of every coin as it is first drawn, each coin's blocks in
    ///     tick order: the coin's index, the block's first tick and its prices. What a reader
    ///     would otherwise draw again to summarise a whole path (a year of candles, say) it can
    ///     take from here.
    ///   - wholeUpTo: The most prices kept whole (``wholeMarketPrices`` by default): a market of
    ///     `coins.count * (steps + 1)` prices at most keeps every block; 0 keeps only checkpoints.
    ///   - blocksPerCheckpoint: Blocks between two checkpoints, >= 1 (any number gives the same
    ///     prices); nil: ``blocksPerCheckpoint(coins:)``.
    /// - Throws: What ``MarketPaths/generate(coins:rootSeed:start:stepMilliseconds:steps:generator:correlation:)``
    ///   throws, for the same input.
    public init(
        coins: [SyntheticCoin], rootSeed: UInt64, start: Int64, stepMilliseconds: Int64, steps: Int,
        generator: GeneratorKind = .taus2, correlation: MarketCorrelation = .independent,
        observe: ((_ coin: Int, _ firstTick: Int, _ prices: [Double]) -> Void)? = nil,
        wholeUpTo: Int = wholeMarketPrices, blocksPerCheckpoint: Int? = nil
    ) throws(PriceModelError) {
        let blocksPerCheckpoint = blocksPerCheckpoint ?? Self.blocksPerCheckpoint(coins: coins.count)
        precondition(blocksPerCheckpoint >= 1, "a checkpoint every block at most")
        try MarketPaths.checkGrid(start: start, stepMilliseconds: stepMilliseconds, steps: steps)
        try MarketWalk.validate(coins, correlation: correlation)
        let count = steps + 1
        let blockLength = Self.blockLength(coins: coins.count, stepMilliseconds: stepMilliseconds)
        let members = Self.groups(of: coins, correlation: correlation)
        var placement = [Placement](repeating: Placement(group: 0, member: 0), count: coins.count)
        var groups: [Group] = []
        var factorStates: [UInt64] = []
        var firstBad: [Int: (step: Int, price: Double)] = [:]
        let keepsWhole = coins.count * count <= wholeUpTo
        for (group, slots) in members.enumerated() {
            var walk = try MarketWalk(
                coins: slots.map { coins[$0] }, rootSeed: rootSeed,
                stepYears: Double(stepMilliseconds) / millisecondsPerYear, generator: generator,
                correlation: correlation)
            var drawn = Group(starts: slots.map { coins[$0].startPrice }, origin: walk.copy())
            let blocks = (count + blockLength - 1) / blockLength
            let checkpoints = (blocks + blocksPerCheckpoint - 1) / blocksPerCheckpoint
            drawn.checkpoints.reserveCapacity(checkpoints * (walk.checkpointWords - walk.factorWords))
            // The first group that follows the factor keeps its states; the others' are the same.
            let keepsFactor = walk.factorWords > 0 && factorStates.isEmpty
            var factor: [UInt64] = []
            factor.reserveCapacity(keepsFactor ? checkpoints * walk.factorWords : walk.factorWords)
            for block in 0..<blocks {
                if block % blocksPerCheckpoint == 0 {
                    walk.appendCheckpoint(to: &drawn.checkpoints, factor: &factor)
                    if !keepsFactor {
                        let words = walk.factorWords
                        let checkpoint = block / blocksPerCheckpoint
                        assert(
                            factor.isEmpty
                                || factor[...] == factorStates[checkpoint * words..<(checkpoint + 1) * words],
                            "every walk's factor stands where the first one's did")
                        factor.removeAll(keepingCapacity: true)
                    }
                }
                let prices = Self.draw(
                    block: block, of: blockLength, from: &walk, starts: drawn.starts, count: count)
                if keepsWhole { drawn.whole.append(prices) }
                if let observe {
                    for (member, slot) in slots.enumerated() {
                        observe(slot, block * blockLength, prices[member])
                    }
                }
                for (member, slot) in slots.enumerated() where firstBad[slot] == nil {
                    if let index = prices[member].firstIndex(where: { !$0.isFinite || $0 <= 0 }) {
                        firstBad[slot] = (block * blockLength + index, prices[member][index])
                    }
                }
            }
            for (member, slot) in slots.enumerated() {
                placement[slot] = Placement(group: group, member: member)
            }
            if keepsFactor { factorStates = factor }
            groups.append(drawn)
        }
        if let slot = firstBad.keys.min(), let bad = firstBad[slot] {
            throw .invalidPath(
                coinId: coins[slot].id, detail: MarketPaths.leftThePositiveNumbers(bad.price, step: bad.step))
        }
        self.coinIds = coins.map(\.id)
        self.start = start
        self.stepMilliseconds = stepMilliseconds
        self.count = count
        self.blockLength = blockLength
        self.blocksPerCheckpoint = blocksPerCheckpoint
        self.placement = placement
        self.groups = Locked(groups)
        self.factorStates = factorStates
    }

    /// The coins drawn together, by index: a matrix's coins mix each other's draws, so they are
    /// one group; every other coin is drawn alone. A coin that follows the one market factor
    /// draws the factor from its own copy of the factor's stream (``MarketWalk``), the same
    /// draws every such coin takes: reading one coin's block draws that coin and the factor,
    /// not the whole market.
    static func groups(of coins: [SyntheticCoin], correlation: MarketCorrelation) -> [[Int]] {
        guard case .matrix(let ids, _) = correlation else { return coins.indices.map { [$0] } }
        let together = Set(ids)
        let correlated = coins.indices.filter { together.contains(coins[$0].id) }
        return (correlated.isEmpty ? [] : [correlated])
            + coins.indices.filter { !together.contains(coins[$0].id) }.map { [$0] }
    }

    /// Block `block`'s prices for every coin of a walk standing at its start.
    private static func draw(
        block: Int, of blockLength: Int, from walk: inout MarketWalk, starts: [Double], count: Int
    ) -> [[Double]] {
        let length = min(blockLength, count - block * blockLength)
        guard block == 0 else { return walk.advance(by: length) }
        return zip(starts, walk.advance(by: length - 1)).map { [$0] + $1 }
    }

    /// A coin's prices at the ticks `range`.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in ``coinIds``.
    ///   - range: Tick indices within `0..<count`.
    /// - Returns: The prices; index them from the slice's `startIndex`.
    public func prices(ofCoin coin: Int, in range: Range<Int>) -> ArraySlice<Double> {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= count, "ticks \(range) outside 0..<\(count)")
        guard !range.isEmpty else { return [] }
        let place = placement[coin]
        let blocks = range.lowerBound / blockLength...(range.upperBound - 1) / blockLength
        return groups.withLock { groups in
            if blocks.count == 1 {
                let base = blocks.lowerBound * blockLength
                let drawn = block(blocks.lowerBound, in: &groups[place.group])
                let prices = drawn[place.member]
                return prices[(range.lowerBound - base)..<(range.upperBound - base)]
            }
            var joined: [Double] = []
            joined.reserveCapacity(range.count)
            for block in blocks {
                let base = block * blockLength
                let prices = self.block(block, in: &groups[place.group])[place.member]
                joined.append(
                    contentsOf: prices[
                        (max(range.lowerBound, base) - base)..<(min(range.upperBound, base + prices.count)
                            - base)])
            }
            return joined[...]
        }
    }

    /// A coin's price at one tick, without keeping what is drawn for it: a tick far from the
    /// recent blocks (a change over months) is drawn from its block's checkpoint up to the tick
    /// only, and the blocks kept for the reads that follow stay as they were.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in ``coinIds``.
    ///   - tick: A tick index within `0..<count`.
    public func price(ofCoin coin: Int, at tick: Int) -> Double {
        precondition(tick >= 0 && tick < count, "tick \(tick) outside 0..<\(count)")
        let place = placement[coin]
        let (block, offset) = tick.quotientAndRemainder(dividingBy: blockLength)
        return groups.withLock { groups in
            if !groups[place.group].whole.isEmpty {
                return groups[place.group].whole[block][place.member][offset]
            }
            if let hit = groups[place.group].recent.first(where: { $0.block == block }) {
                return hit.prices[place.member][offset]
            }
            if tick == 0 { return groups[place.group].starts[place.member] }
            var walk = groups[place.group].walk(
                atBlock: block, blockLength: blockLength, blocksPerCheckpoint: blocksPerCheckpoint,
                factorStates: factorStates)
            // Given back inside the block: it stands at no block's start.
            defer { groups[place.group].scratch = walk }
            // Block 0 opens with the start price, so its tick `offset` is the walk's step `offset`.
            let steps = block == 0 ? offset : offset + 1
            return walk.advance(by: steps)[place.member][steps - 1]
        }
    }

    /// A block of a group, from memory or drawn again from its checkpoint.
    private func block(_ block: Int, in group: inout Group) -> [[Double]] {
        if !group.whole.isEmpty { return group.whole[block] }
        // Nearly every read is of the block read last: it stays where it is.
        if group.recent.first?.block == block { return group.recent[0].prices }
        if let hit = group.recent.firstIndex(where: { $0.block == block }) {
            let found = group.recent.remove(at: hit)
            group.recent.insert(found, at: 0)
            return found.prices
        }
        var walk = group.walk(
            atBlock: block, blockLength: blockLength, blocksPerCheckpoint: blocksPerCheckpoint,
            factorStates: factorStates)
        let prices = Self.draw(block: block, of: blockLength, from: &walk, starts: group.starts, count: count)
        group.scratch = walk
        group.scratchBlock = block + 1
        group.recent.insert((block, prices), at: 0)
        if group.recent.count > Self.recentBlocks { group.recent.removeLast() }
        return prices
    }

    /// A coin's whole path.
    ///
    /// - Parameter coin: The coin's index in ``coinIds``.
    public func series(ofCoin coin: Int) -> TimeSeries {
        TimeSeries(
            timestamps: (0..<count).map { start + Int64($0) * stepMilliseconds },
            values: Array(prices(ofCoin: coin, in: 0..<count)))
    }
}
