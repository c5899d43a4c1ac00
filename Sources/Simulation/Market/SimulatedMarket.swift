import PriceModels
import TrackerCore

/// A CoinGecko market built from price paths, queried at any virtual time: generated paths on one
/// grid (a synthetic market), or given paths at any times (recorded history replayed).
///
/// The price of a coin at time `t` is its last tick at or before `t`. Market cap is price times
/// circulating supply; the 24 h figures (change, high, low, volume) are computed from the ticks of
/// the 24 hours before `t`, so they are consistent with the path. ``SimulatedMarket`` answers the
/// endpoints in CoinGecko's response shapes (`SimulatedMarket+Responses.swift`).
public struct SimulatedMarket: Sendable {
    /// The coins, in the order given (which is also the market-cap rank order at the start).
    public let coins: [SyntheticCoin]
    /// Each coin's ticks, in ``coins``' order (``ticks(of:)`` by id).
    let coinTicks: [CoinTicks]
    /// The first tick, epoch ms.
    public let start: Int64
    /// The grid step, ms, when every path is on one regular grid; nil for given, irregular paths.
    public let stepMilliseconds: Int64?
    /// Each coin's place in ``coins``, by id.
    let coinIndex: [String: Int]
    /// The fixed parts of each coin's `/coins/markets` row, in ``coins``' order.
    let marketsRowParts: MarketsRowParts
    /// The `/coins/markets` bodies written on the grid (``MarketsBodyMemo``).
    let marketsBodies: MarketsBodyMemo
    /// Each coin's all-time high and low as far as they were last asked (``PriceExtremesMemo``).
    let extremes: PriceExtremesMemo
    /// The four-day candles of the coins charted lately (``LongCandleMemo``).
    let longCandles: LongCandleMemo
    /// The four-hour candles of about the last month, from the ticks markets bodies read
    /// (``RecentCandleMemo``).
    let recentCandles: RecentCandleMemo
    /// The daily chart points of a synthetic market's first coins (``DailyPointMemo``); nil for
    /// given paths.
    let dailyPoints: DailyPointMemo?
    /// The coins CoinGecko lists beside the simulated ones (`market.listed`; none by default).
    public var listed = ListedCoins.none

    /// Generates the market.
    ///
    /// - Parameters:
    ///   - coins: The coins; ids unique.
    ///   - rootSeed: The run's root seed.
    ///   - start: The first tick, epoch ms.
    ///   - end: The last time the market must answer for, epoch ms, >= `start`.
    ///   - stepMilliseconds: The tick grid (5 minutes by default, CoinGecko's finest granularity).
    ///   - generator: The GSL generator.
    ///   - correlation: How the coins move together.
    /// - Throws: ``PriceModelError`` for invalid coins or grid.
    public init(
        coins: [SyntheticCoin], rootSeed: UInt64, start: Int64, end: Int64, stepMilliseconds: Int64 = 300_000,
        generator: GeneratorKind = .taus2, correlation: MarketCorrelation = .independent
    ) throws(PriceModelError) {
        func invalid(_ name: String, _ value: Int64, _ expected: String) -> PriceModelError {
            .invalidParameter(model: "market", name: name, value: Double(value), expected: expected)
        }
        guard end >= start else { throw invalid("end - start", end - start, "0 or more") }
        guard stepMilliseconds > 0 else { throw invalid("step_ms", stepMilliseconds, "positive") }
        let steps = Int((end - start) / stepMilliseconds) + 1
        // What the first draw shows is kept for the memos: candles, and all-time extremes.
        var candles = LongCandleMemo.Seed(start: start, stepMilliseconds: stepMilliseconds)
        var days = DailyPointMemo.Seed(
            coins: coins.count, ticks: steps + 1, start: start, stepMilliseconds: stepMilliseconds)
        var extremes = PriceExtremesMemo.Stretches(coins: coins.count)
        let paths = try CheckpointedPaths(
            coins: coins, rootSeed: rootSeed, start: start, stepMilliseconds: stepMilliseconds, steps: steps,
            generator: generator, correlation: correlation,
            observe: { coin, firstTick, prices in
                candles.add(coin: coin, firstTick: firstTick, prices: prices)
                days.add(coin: coin, firstTick: firstTick, prices: prices)
                extremes.add(coin: coin, prices: prices)
            })
        longCandles = LongCandleMemo(seed: candles)
        recentCandles = RecentCandleMemo(coins: coins.count)
        dailyPoints = DailyPointMemo(seed: days)
        coinTicks = coins.indices.map { CoinTicks(paths, coin: $0) }
        self.coins = coins
        self.coinIndex = Dictionary(
            coins.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.marketsRowParts = MarketsRowParts(coins)
        self.marketsBodies = MarketsBodyMemo(coins: coins.count)
        self.extremes = PriceExtremesMemo(coins: coins.count, stretches: extremes)
        self.start = start
        self.stepMilliseconds = stepMilliseconds
    }

    /// A coin's ticks; nil for an unknown coin.
    func ticks(of id: String) -> CoinTicks? {
        coinIndex[id].map { coinTicks[$0] }
    }

    /// A coin's ticks, as a series; nil for an unknown coin. A synthetic market draws them again
    /// (``CheckpointedPaths``): a whole path is `8 x ticks` bytes.
    ///
    /// - Parameter id: The coin.
    public func path(of id: String) -> TimeSeries? {
        ticks(of: id)?.series
    }

    /// The coin with an id.
    ///
    /// - Parameter id: The id.
    public func coin(_ id: String) -> SyntheticCoin? {
        coinIndex[id].map { coins[$0] }
    }

    /// Creates a market from given paths (recorded history, say): each coin's price at a time is
    /// its last point at or before it.
    ///
    /// - Parameters:
    ///   - coins: The coins (their models are not used).
    ///   - paths: Each coin's points, timestamps strictly increasing, prices positive.
    /// - Throws: ``PriceModelError`` for a coin without a path, an empty or unsorted path, or a
    ///   price that is not positive.
    public init(coins: [SyntheticCoin], paths: [String: TimeSeries]) throws(PriceModelError) {
        for coin in coins {
            guard let path = paths[coin.id], !path.isEmpty else {
                throw .invalidPath(coinId: coin.id, detail: "no points")
            }
            guard path.isStrictlyIncreasing else {
                throw .invalidPath(coinId: coin.id, detail: "timestamps are not strictly increasing")
            }
            if let bad = path.values.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
                throw .invalidPath(
                    coinId: coin.id, detail: "price \(bad) is \(path.values[bad]); expected a positive number"
                )
            }
        }
        self.coins = coins
        // Every coin has a path (checked above).
        coinTicks = coins.map { CoinTicks(paths[$0.id] ?? TimeSeries(timestamps: [], values: [])) }
        longCandles = LongCandleMemo()
        recentCandles = RecentCandleMemo(coins: coins.count)
        dailyPoints = nil
        self.coinIndex = Dictionary(
            coins.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.marketsRowParts = MarketsRowParts(coins)
        self.marketsBodies = MarketsBodyMemo(coins: coins.count)
        self.extremes = PriceExtremesMemo(coins: coins.count)
        self.start = coins.compactMap { paths[$0.id]?.timestamps.first }.min() ?? 0
        self.stepMilliseconds = nil
    }

    /// The grid indices a `/coins/markets` body at `time` depends on, for every coin at once: its
    /// last tick and the first of its 24 hours; nil off a grid or before the first tick. Per coin,
    /// ``dayWindowTicks(at:in:)`` finds the same ticks in its series.
    func gridDayWindowTicks(at time: Int64) -> (first: Int, last: Int)? {
        guard let stepMilliseconds, time >= start else { return nil }
        return (
            first: Int((max(time - 86_400_000, start) - start) / stepMilliseconds),
            last: Int((time - start) / stepMilliseconds)
        )
    }

    /// The index of the last tick at or before `time`, nil before the first tick.
    func tickIndex(at time: Int64, in series: CoinTicks) -> Int? {
        guard series.count > 0, time >= series.timestamp(0) else { return nil }
        if let stepMilliseconds { return min(Int((time - start) / stepMilliseconds), series.count - 1) }
        var (low, high) = (0, series.count)
        while low < high {
            let middle = (low + high) / 2
            if series.timestamp(middle) <= time { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    /// A coin's price at a time: its last tick at or before it; nil before the market starts or
    /// for an unknown coin.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - time: Epoch ms.
    public func price(of id: String, at time: Int64) -> Double? {
        guard let series = ticks(of: id), let index = tickIndex(at: time, in: series) else { return nil }
        return series.price(index)
    }

    /// The 24 hours before `time`, as CoinGecko reports them.
    struct DayWindow {
        var price: Double
        var open: Double
        var high: Double
        var low: Double
        var volume: Double
        var lastTick: Int64

        var change: Double { price - open }
        var changePercent: Double { (price / open - 1) * 100 }
    }

    /// The 24 h window of a coin at a time; nil before the market starts.
    func dayWindow(of coin: SyntheticCoin, at time: Int64) -> DayWindow? {
        guard let series = self.ticks(of: coin.id), let ticks = dayWindowTicks(at: time, in: series) else {
            return nil
        }
        return dayWindow(of: coin, in: series, ticks: ticks)
    }

    /// The first and last tick of the 24 hours before `time` in a coin's series; nil before the
    /// market starts.
    func dayWindowTicks(at time: Int64, in series: CoinTicks) -> (first: Int, last: Int)? {
        guard let last = tickIndex(at: time, in: series) else { return nil }
        return (tickIndex(at: max(time - 86_400_000, start), in: series) ?? 0, last)
    }

    /// The 24 h window over the ticks `ticks.first...ticks.last` of a coin's series: a pure function
    /// of them, so a body may reuse it for every time that falls between the same ticks.
    func dayWindow(of coin: SyntheticCoin, in series: CoinTicks, ticks: (first: Int, last: Int)) -> DayWindow
    {
        series.withPrices(ticks.first...ticks.last) {
            dayWindow(supply: coin.circulatingSupply, prices: $0, lastTick: series.timestamp(ticks.last))
        }
    }

    /// The 24 h window over `prices`, the window's ticks, the last at `lastTick` (epoch ms), of a
    /// coin with `supply` coins in circulation.
    func dayWindow(supply: Double, prices: UnsafeBufferPointer<Double>, lastTick: Int64) -> DayWindow {
        var window = DayWindow(
            price: prices[prices.count - 1], open: prices[0], high: prices[0], low: prices[0], volume: 0,
            lastTick: lastTick)
        var turnover = Self.openingTurnover
        for index in prices.indices {
            let value = prices[index]
            window.high = max(window.high, value)
            window.low = min(window.low, value)
            if index > 0 { turnover += Self.turnover(from: prices[index - 1], to: value) }
        }
        window.volume = Self.volume(price: window.price, supply: supply, turnover: turnover)
        return window
    }

    /// A day's turnover before the price moves: 1 % of market cap.
    static let openingTurnover = 0.01

    /// What a tick adds to the day's turnover: half its relative move.
    static func turnover(from previous: Double, to value: Double) -> Double {
        abs(value / previous - 1) * 0.5
    }

    /// The 24 h volume of a coin at `price` with `supply` coins and the day's `turnover`.
    static func volume(price: Double, supply: Double, turnover: Double) -> Double {
        (price * supply * turnover).rounded()
    }
}
