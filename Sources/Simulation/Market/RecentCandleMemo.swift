import TrackerCore
import WorkbenchFoundation

/// Each coin's four-hour candles (`/coins/{id}/ohlc` for 3 to 30 days) of about the last month,
/// built from the ticks the `/coins/markets` bodies read anyway, so that a month of candles reads
/// only the ticks of its last, unfinished candle instead of a month of ticks drawn again from
/// checkpoints (30-day candle charts drew 4.5 % of a simulated year's samples).
///
/// The markets bodies read each coin's last 24 hours; the app asks for them several times a day,
/// so every tick comes by in order. A coin's candles begin at the first candle whose every tick
/// the memo saw; a gap in what it is given (a day without a request) starts it again. A finished
/// candle is a pure function of its ticks, so the memo changes no byte of a body, and a body the
/// memo cannot cover (the first month of a run, a clock set back) is built from the ticks.
final class RecentCandleMemo: Sendable {
    /// The candle size it keeps, ms: four hours.
    static let size: Int64 = 14_400_000
    /// Coins whose candles are kept, from the first, as ``DailyPointMemo`` does: a coin's month is
    /// up to 8 kB.
    static let coinsKept = 128
    /// Finished candles kept a coin: 31 days (a 30-day chart's 180, and a day to spare).
    static let kept = 186
    /// Finished candles let pile up beyond ``kept`` before the oldest go, four days' worth at once.
    static let slack = 24

    private struct Coin {
        var built = CandleBuilder(size: RecentCandleMemo.size)
        /// The first tick not yet given.
        var nextTick: Int
        /// The time from which every tick was given: candles opening at or after it are whole.
        var wholeFrom: Int64
    }

    /// Each coin's, by its index in the market.
    private let coins: Locked<[Coin?]>

    /// An empty memo for a market of `count` coins (the first ``coinsKept`` of them).
    init(coins count: Int) {
        coins = Locked(Array(repeating: nil, count: min(count, Self.coinsKept)))
    }

    /// Gives coin `coin`'s ticks `first...`, `prices[i]` at tick `first + i`: those after the
    /// ones given before are added.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in the market.
    ///   - first: The first tick's index.
    ///   - prices: The ticks' prices.
    ///   - ticks: The coin's ticks, for their times.
    func give(coin: Int, first: Int, prices: UnsafeBufferPointer<Double>, ticks: CoinTicks) {
        guard !prices.isEmpty, coin >= 0 else { return }
        coins.withLock { coins in
            guard coin < coins.count else { return }
            // Taken out while it grows, so that its candles are not copied.
            var kept = coins[coin].take() ?? Coin(nextTick: first, wholeFrom: .max)
            defer { coins[coin] = kept }
            let end = first + prices.count
            if kept.nextTick < first || kept.nextTick > end {
                // A gap, or a clock set back: start again from these ticks.
                kept = Coin(nextTick: first, wholeFrom: .max)
            }
            if kept.wholeFrom == .max {
                // The first candle that opens at or after the first tick given is whole.
                let time = ticks.timestamp(first)
                kept.wholeFrom = (time + Self.size - 1) / Self.size * Self.size
            }
            var tick = kept.nextTick
            while tick < end, ticks.timestamp(tick) < kept.wholeFrom { tick += 1 }
            kept.nextTick = end
            guard tick < end else { return }
            kept.built.add(
                UnsafeBufferPointer(rebasing: prices[(tick - first)...]), firstTick: tick, of: ticks)
            if kept.built.candles.count > Self.kept + Self.slack {
                kept.built.candles.removeFirst(kept.built.candles.count - Self.kept)
                kept.wholeFrom = kept.built.candles[0].closeTime - Self.size
            }
        }
    }

    /// The finished candles of coin `coin` whose spans (open time / ``size``) are `spans`, in
    /// order, when the memo holds every one of them; nil when it does not.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in the market.
    ///   - spans: Candle spans, all before the one holding the latest tick the caller reads.
    ///   - ticks: The coin's ticks, for their times.
    func candles(ofCoin coin: Int, spans: Range<Int64>, in ticks: CoinTicks) -> [Candle]? {
        coins.withLock { coins -> [Candle]? in
            guard coin < coins.count, let kept = coins[coin], kept.wholeFrom <= spans.lowerBound * Self.size,
                kept.nextTick >= ticks.count || ticks.timestamp(kept.nextTick) >= spans.upperBound * Self.size
            else { return nil }
            // Every tick before the last span was given, so the open candle, if before it, is done.
            let inSpans = { (candle: Candle) in spans.contains(candle.closeTime / Self.size - 1) }
            var done = kept.built.candles.filter(inSpans)
            if let open = kept.built.open, inSpans(open) { done.append(open) }
            return done
        }
    }
}
