import WorkbenchFoundation

/// A coin's all-time high and low up to a tick, as CoinGecko reports them (`ath`, `atl` and
/// their dates): the highest and lowest tick from the market's first, the earliest on a tie.
struct PriceExtremes {
    /// The highest price.
    var high: Double
    /// The index of its first tick.
    var highTick: Int
    /// The lowest price.
    var low: Double
    /// The index of its first tick.
    var lowTick: Int
    /// The tick they run through.
    var through: Int
    /// ``high`` and ``low`` as JSON numbers and their ticks' times as JSON dates, formatted when
    /// they change (a row is written millions of times a year; the extremes change rarely).
    var texts = Texts.none

    /// The figures' texts in one buffer: the high, the low, the high's date, the low's date. One
    /// allocation, so that writing a row touches one object of the coin's, not four.
    struct Texts {
        private let bytes: [UInt8]
        private let highEnd: Int
        private let lowEnd: Int
        private let highDateEnd: Int

        init(
            high: some Collection<UInt8>, low: some Collection<UInt8>, highDate: some Collection<UInt8>,
            lowDate: some Collection<UInt8>
        ) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(high.count + low.count + highDate.count + lowDate.count)
            bytes += high
            highEnd = bytes.count
            bytes += low
            lowEnd = bytes.count
            bytes += highDate
            highDateEnd = bytes.count
            bytes += lowDate
            self.bytes = bytes
        }

        /// No texts yet (extremes not formatted).
        static let none = Texts(high: [], low: [], highDate: [], lowDate: [])

        var high: ArraySlice<UInt8> { bytes[..<highEnd] }
        var low: ArraySlice<UInt8> { bytes[highEnd..<lowEnd] }
        var highDate: ArraySlice<UInt8> { bytes[lowEnd..<highDateEnd] }
        var lowDate: ArraySlice<UInt8> { bytes[highDateEnd...] }
    }

    /// Formats the texts where they do not match `earlier`'s figures.
    ///
    /// - Parameters:
    ///   - earlier: The extremes formatted before, if any.
    ///   - time: A tick's time, epoch ms.
    mutating func format(since earlier: PriceExtremes?, time: (Int) -> Int64) {
        let sameHigh = earlier.map { $0.high == high && $0.highTick == highTick } ?? false
        let sameLow = earlier.map { $0.low == low && $0.lowTick == lowTick } ?? false
        if let earlier, sameHigh, sameLow {
            texts = earlier.texts
            return
        }
        let kept = earlier?.texts ?? .none
        texts = Texts(
            high: sameHigh ? kept.high : Self.text(high)[...], low: sameLow ? kept.low : Self.text(low)[...],
            highDate: sameHigh ? kept.highDate : Self.date(time(highTick))[...],
            lowDate: sameLow ? kept.lowDate : Self.date(time(lowTick))[...])
    }

    private static func date(_ time: Int64) -> [UInt8] {
        var writer = JSONWriter(capacity: 32)
        writer.isoMilliseconds(time)
        return writer.bytes
    }

    private static func text(_ value: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONText.appendNumber(value, to: &bytes)
        return bytes
    }

    /// The extremes of the ticks `0...through` extended by the ticks after it, `prices` (the
    /// first of which is tick `through + 1`).
    mutating func extend(by prices: UnsafeBufferPointer<Double>) {
        for (offset, price) in prices.enumerated() {
            let tick = through + 1 + offset
            if price > high { (high, highTick) = (price, tick) }
            if price < low { (low, lowTick) = (price, tick) }
        }
        through += prices.count
    }
}

/// Each coin's ``PriceExtremes`` as far as they were last asked, so that a run, whose times only
/// move forward, reads every tick once in all: asking at a later tick scans only the ticks since.
/// Asking at an earlier one (a served clock set back) scans again from the first tick, or from
/// the last ``Stretches`` end before it when the market's first draw left them. Either way the
/// answer is the same, so the memo changes no result; it is shared safely by copies of the
/// market.
final class PriceExtremesMemo: Sendable {
    /// Ticks read at once when scanning: bounds the memory a long scan takes.
    static let stretch = 4_096

    private let latest: Locked<[PriceExtremes?]>
    private let stretches: Stretches?

    /// A memo for `coins` coins.
    ///
    /// - Parameters:
    ///   - coins: How many coins.
    ///   - stretches: The extremes at the end of every stretch, from the market's first draw.
    init(coins: Int, stretches: Stretches? = nil) {
        latest = Locked([PriceExtremes?](repeating: nil, count: coins))
        self.stretches = stretches
    }

    /// Each coin's extremes through the end of every stretch of ``length`` ticks, built while
    /// ``CheckpointedPaths`` first draws the market (its `observe`): a coin's first ask scans
    /// from the last stretch end before its tick instead of drawing the coin's history again
    /// (a year of history is 35,000 ticks at 15 minutes). 72 bytes a coin every 8,192 ticks.
    struct Stretches: Sendable {
        /// Ticks a stretch.
        static let length = 8_192
        /// Each coin's extremes through every stretch's last tick (texts not formatted).
        private(set) var ends: [[PriceExtremes]]
        private var running: [PriceExtremes?]

        /// Stretches for `coins` coins.
        init(coins: Int) {
            ends = Array(repeating: [], count: coins)
            running = Array(repeating: nil, count: coins)
        }

        /// Adds a coin's next ticks, from its first; a stretch's end must fall at the end of an
        /// addition (``CheckpointedPaths/blockLength`` divides ``length``).
        mutating func add(coin: Int, prices: [Double]) {
            guard let first = prices.first else { return }
            var found =
                running[coin] ?? PriceExtremes(high: first, highTick: 0, low: first, lowTick: 0, through: -1)
            prices.withUnsafeBufferPointer { found.extend(by: $0) }
            running[coin] = found
            if (found.through + 1) % Self.length == 0 { ends[coin].append(found) }
        }

        /// Coin `coin`'s extremes through the last stretch end before `tick`, if there is one.
        func before(tick: Int, coin: Int) -> PriceExtremes? {
            let stretch = tick / Self.length - 1
            guard stretch >= 0, stretch < ends[coin].count else { return nil }
            return ends[coin][stretch]
        }
    }

    /// The extremes of coin `coin`'s ticks `0...tick`.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in the market.
    ///   - tick: The last tick, within the coin's ticks.
    ///   - ticks: The coin's ticks.
    ///   - window: Ticks the caller has read already, ending at `tick`, and the first's index:
    ///     when they reach back to the memo, no tick is read again.
    func extremes(
        ofCoin coin: Int, through tick: Int, in ticks: CoinTicks,
        window: (first: Int, prices: UnsafeBufferPointer<Double>)? = nil
    ) -> PriceExtremes {
        latest.withLock { latest in
            var found: PriceExtremes
            if let known = latest[coin], known.through <= tick {
                found = known
            } else {
                let first = ticks.price(0)
                found = PriceExtremes(high: first, highTick: 0, low: first, lowTick: 0, through: 0)
            }
            if let end = stretches?.before(tick: tick, coin: coin), end.through > found.through {
                found = end
            }
            if let window, found.through < tick, found.through + 1 >= window.first {
                found.extend(
                    by: UnsafeBufferPointer(rebasing: window.prices[(found.through + 1 - window.first)...]))
            }
            while found.through < tick {
                let next = found.through + 1
                let last = min(tick, found.through + Self.stretch)
                ticks.withPrices(next...last) { found.extend(by: $0) }
            }
            found.format(since: latest[coin] ?? nil, time: ticks.timestamp)
            latest[coin] = found
            return found
        }
    }
}
