/// What a synthetic market costs before it runs: the ticks drawn and the memory its
/// ``CheckpointedPaths`` keep, so that a scenario too big for the machine is refused up front
/// with its figures rather than failing part way (docs/scenarios.md, "How big a market can be").
///
/// The figures are measured on the release build (docs/benchmarks.md, "Scale in coins"): a
/// checkpoint is six 64-bit words per coin every ``CheckpointedPaths/blocksPerCheckpoint(coins:)`` blocks
/// of ``CheckpointedPaths/blockLength(coins:stepMilliseconds:)`` ticks
/// (``MarketWalk/checkpointWords`` less the factor stream's ``MarketWalk/factorWords``, kept once
/// a checkpoint for every coin: a coin that follows the market on taus2), and each coin keeps its two
/// latest blocks (4 KB; 2 KB in the markets with shorter blocks). Drawing takes about 25 ns a tick, once to check every path and
/// again whenever a block is read.
public struct MarketCost: Sendable, Equatable {
    /// Bytes of one coin's checkpoint (one every ``CheckpointedPaths/blocksPerCheckpoint(coins:)`` blocks).
    public static let checkpointBytes = 48.0
    /// The most ticks a market may draw: about two minutes of drawing to check the paths alone.
    public static let maximumTicks = 5e9
    /// The most memory the market's paths may keep.
    public static let maximumBytes = 4.0 * 1_073_741_824

    /// Ticks across every coin: coins x (steps + 1).
    public var ticks: Double
    /// The paths' memory, bytes.
    public var bytes: Double

    /// The cost of `coins` coins over `steps` steps of `stepMilliseconds` after the first tick.
    public init(coins: Int, steps: Double, stepMilliseconds: Int64) {
        let perCoin = steps + 1
        let blockLength = Double(
            CheckpointedPaths.blockLength(coins: coins, stepMilliseconds: stepMilliseconds))
        let blocks = (perCoin / blockLength).rounded(.up)
        let checkpoints = (blocks / Double(CheckpointedPaths.blocksPerCheckpoint(coins: coins))).rounded(.up)
        let kept = min(perCoin, Double(CheckpointedPaths.recentBlocks) * blockLength)
        ticks = Double(coins) * perCoin
        bytes = Double(coins) * (checkpoints * Self.checkpointBytes + kept * 8)
    }

    /// Why the market is too big to run, or nil when it is not.
    public var refusal: String? {
        if ticks > Self.maximumTicks {
            return "\(Int64(ticks)) ticks (coins x (history + duration) / step) is more than "
                + "\(Int64(Self.maximumTicks)) to draw"
        }
        if bytes > Self.maximumBytes {
            return "its paths would keep about \(Int64(bytes / 1_048_576)) MB, more than "
                + "\(Int64(Self.maximumBytes / 1_048_576)) MB"
        }
        return nil
    }
}
