import TrackerCore
import WorkbenchFoundation

/// Each coin's completed four-day candles (`/coins/{id}/ohlc` for more than 30 days), so that a
/// year-long candle chart, asked again for the same coin, reads only the ticks of its last,
/// unfinished candle instead of a year of ticks drawn again from checkpoints. A completed candle
/// is a pure function of its ticks, so the memo changes no byte of a body.
///
/// A coin's candles are scanned once from its first tick, then extended as time moves on; a clock
/// set back reads the candles it needs from the ones kept. Only the coins asked for last are
/// kept (``coinsKept``): four-day candles of two years are 6 kB a coin.
final class LongCandleMemo: Sendable {
    /// The candle size above 30 days, ms.
    static let size: Int64 = 345_600_000
    /// Coins whose candles are kept; the least recently asked goes first.
    static let coinsKept = 128
    /// Ticks read at once while scanning.
    static let stretch = 4_096

    private struct Coin {
        var candles: [Candle] = []
        /// The first tick not yet in a completed candle.
        var nextTick = 0
        var lastAsked: UInt64 = 0
    }

    private struct State {
        var coins: [Int: Coin] = [:]
        var asks: UInt64 = 0
    }

    private let state: Locked<State>

    /// An empty memo: each coin is scanned when first asked.
    init() {
        state = Locked(State())
    }

    /// A memo holding the candles a market's first draw gave (``Seed``).
    init(seed: Seed) {
        var state = State()
        for (coin, built) in seed.coins {
            // Copied to their size: grown by appending, they held up to twice that.
            let candles = built.candles.withUnsafeBufferPointer { Array($0) }
            state.coins[coin] = Coin(candles: candles, nextTick: built.openTick)
        }
        self.state = Locked(state)
    }

    /// The candles of a market's first ``coinsKept`` coins, built while ``CheckpointedPaths``
    /// first draws them (its `observe`), so that the memo starts with them instead of drawing
    /// each coin's path again when it is first asked. Candles past the time asked are never
    /// handed out before their time.
    struct Seed {
        let start: Int64
        let stepMilliseconds: Int64
        /// Each coin's candles so far.
        private(set) var coins: [Int: CandleBuilder] = [:]

        /// Adds a block of a coin's ticks, which follow the ones added before.
        mutating func add(coin: Int, firstTick: Int, prices: [Double]) {
            guard coin < LongCandleMemo.coinsKept else { return }
            var built = coins.removeValue(forKey: coin) ?? CandleBuilder(size: LongCandleMemo.size)
            prices.withUnsafeBufferPointer {
                built.add(
                    $0, firstTick: firstTick, firstTime: start + Int64(firstTick) * stepMilliseconds,
                    step: stepMilliseconds)
            }
            coins[coin] = built
        }
    }

    /// The completed candles of coin `coin` whose spans are `spans`, in order; the ticks after
    /// the last of them are the caller's to read.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in the market.
    ///   - spans: Candle spans (open time / ``size``); only spans before the one holding the
    ///     latest tick the caller reads are complete.
    ///   - ticks: The coin's ticks.
    func candles(ofCoin coin: Int, spans: Range<Int64>, in ticks: CoinTicks) -> ArraySlice<Candle> {
        state.withLock { state in
            state.asks += 1
            // Taken out while it grows, so that its candles are not copied.
            var kept = state.coins.removeValue(forKey: coin) ?? Coin()
            kept.lastAsked = state.asks
            Self.scan(&kept, before: spans.upperBound, in: ticks)
            let first = kept.candles.partitioningIndex { $0.closeTime / Self.size > spans.lowerBound }
            let end = kept.candles.partitioningIndex { $0.closeTime / Self.size > spans.upperBound }
            if state.coins.count >= Self.coinsKept,
                let oldest = state.coins.min(by: { $0.value.lastAsked < $1.value.lastAsked })?.key
            {
                state.coins[oldest] = nil
            }
            state.coins[coin] = kept
            return kept.candles[first..<max(first, end)]
        }
    }

    /// Adds the completed candles of every span before `limit`.
    private static func scan(_ coin: inout Coin, before limit: Int64, in ticks: CoinTicks) {
        var built = CandleBuilder(size: size)
        swap(&built.candles, &coin.candles)
        defer { swap(&built.candles, &coin.candles) }
        var tick = coin.nextTick
        scanning: while tick < ticks.count, ticks.timestamp(tick) / size < limit {
            let last = min(ticks.count - 1, tick + stretch - 1)
            let first = tick
            ticks.withPrices(first...last) { prices in
                for offset in prices.indices {
                    let time = ticks.timestamp(first + offset)
                    guard time / size < limit else { break }
                    built.add(prices[offset], at: time, tick: first + offset)
                    tick = first + offset + 1
                }
            }
            if tick <= last { break scanning }
        }
        guard let open = built.open else { return }
        // The last candle scanned is finished when a tick of `limit`'s span or later follows it.
        if tick < ticks.count {
            built.candles.append(open)
            coin.nextTick = tick
        } else {
            coin.nextTick = built.openTick
        }
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs`, for a collection where every element
    /// that does comes after every one that does not.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var (low, count) = (startIndex, self.count)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
