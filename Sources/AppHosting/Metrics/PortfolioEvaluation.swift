import Foundation
import TrackerCore
import WorkbenchFoundation

/// The portfolio's figures at the end of a run (what each measures: `docs/simulation.md`).
///
/// - At the true prices: value, realised and unrealised P&L.
/// - At the prices the app showed at the end (the last market data it received for each coin,
///   `PortfolioViewModel.loadPortfolioWithPrices()` reading `fetchMarketData(coinIds:)`; missing
///   for a coin it never received or shows as "Data unavailable"): value and unrealised P&L, and
///   the gap between the two unrealised figures, which is what stale data costs the user.
/// - Daily, from the first trade: time-weighted returns with the trades' cash flows taken out
///   (``TimeWeightedReturns``) and quantstats' statistics on them, the money-weighted return
///   (XIRR, ``MoneyWeightedReturn``), and a buy-and-hold benchmark.
///
/// The app keeps no cash account: a buy brings money in and a sale takes it out of the portfolio.
struct PortfolioEvaluation: Sendable, Equatable {
    /// The figures.
    var metrics = PortfolioMetrics()
    /// The portfolio's daily value at the true prices.
    var valueSeries = TimeSeries.empty
    /// The time-weighted daily returns the statistics are computed on, each at the end of its day
    /// (days that began with nothing held are left out).
    var dailyReturns = TimeSeries.empty
    /// The buy-and-hold benchmark's returns over the same days; empty without a benchmark.
    var benchmarkReturns = TimeSeries.empty
    /// Why a figure could not be computed, one line each.
    var problems: [String] = []

    private static let day = 86_400_000

    /// Values the run's portfolio.
    ///
    /// - Parameters:
    ///   - transactions: The run's trades.
    ///   - holdings: Every coin's holding after them, by the app's cost method, or why the app
    ///     cannot value its ledger.
    ///   - config: The run (true prices, end).
    ///   - shownPrices: The price the Portfolio tab showed for each coin at the end (its last
    ///     load's rows); nil when the tab never loaded.
    init(
        transactions: [PortfolioTransaction], holdings ledger: Result<[Holding], PortfolioError>,
        config: RunConfig, shownPrices: [String: Double]?
    ) {
        guard let first = transactions.map(\.time).min() else { return }
        let holdings: [Holding]
        switch ledger {
        case .success(let valued): holdings = valued
        case .failure(let error):
            problems.append("portfolio: the ledger is invalid: \(error)")
            return
        }
        let truePrices = holdings.reduce(into: [String: Decimal]()) { prices, holding in
            prices[holding.coinId] = config.truePrice(holding.coinId, config.end)
                .flatMap(Decimal.init(shortestTextOf:))
        }
        let atTruePrices = PortfolioSummary(holdings: holdings, prices: truePrices)
        guard atTruePrices.unpricedCoins.isEmpty else {
            problems.append(
                "portfolio: no true price at the end for \(atTruePrices.unpricedCoins.joined(separator: ", "))"
            )
            return
        }
        metrics.value = atTruePrices.totalValue.doubleValue
        metrics.realizedPnL = atTruePrices.realizedPnL.doubleValue
        metrics.unrealizedPnL = atTruePrices.unrealizedPnL.doubleValue
        if let shownPrices { addShown(holdings: holdings, shownPrices: shownPrices, truth: atTruePrices) }
        let days: [Int64] = stride(from: first, through: config.end, by: Self.day).map { $0 }
        let prices = Self.truePriceSeries(transactions, config: config, at: days)
        do throws(PortfolioError) {
            valueSeries = try PortfolioValuation.series(transactions: transactions, prices: prices, at: days)
        } catch {
            problems.append("portfolio: cannot value the portfolio daily: \(error)")
            return
        }
        addReturns(transactions: transactions, days: days, prices: prices)
        addMoneyWeightedReturn(
            transactions: transactions, finalValue: atTruePrices.totalValue.doubleValue, at: config.end)
    }

    /// Each traded coin's true price on the days it has one.
    private static func truePriceSeries(
        _ transactions: [PortfolioTransaction], config: RunConfig, at days: [Int64]
    )
        -> [String: TimeSeries]
    {
        Set(transactions.map(\.coinId)).reduce(into: [:]) { series, coin in
            let priced = days.compactMap { day in config.truePrice(coin, day).map { (day, $0) } }
            series[coin] = TimeSeries(timestamps: priced.map(\.0), values: priced.map(\.1))
        }
    }

    private mutating func addShown(
        holdings: [Holding], shownPrices: [String: Double], truth: PortfolioSummary
    ) {
        let shown = PortfolioSummary(
            holdings: holdings,
            prices: shownPrices.compactMapValues { Decimal(shortestTextOf: $0) })
        metrics.shownValue = shown.totalValue.doubleValue
        metrics.shownUnrealizedPnL = shown.unrealizedPnL.doubleValue
        // The app computes realised P&L only for coins its load returned a row for.
        metrics.shownRealizedPnL = shown.pricedRealizedPnL.doubleValue
        metrics.shownUnpriced = shown.unpricedCoins.count
        metrics.shownPnLGap = (shown.unrealizedPnL - truth.unrealizedPnL).doubleValue
    }

    /// Time-weighted statistics, and the buy-and-hold benchmark over the same periods.
    private mutating func addReturns(
        transactions: [PortfolioTransaction], days: [Int64], prices: [String: TimeSeries]
    ) {
        let flows = TimeWeightedReturns.flows(of: transactions, at: days)
        let periodReturns: [Double?]
        do throws(PortfolioError) {
            periodReturns = try TimeWeightedReturns.returns(values: valueSeries.values, flows: flows)
        } catch {
            problems.append("portfolio: \(error)")
            return
        }
        let held = periodReturns.indices.filter { periodReturns[$0] != nil }
        let returns = held.map { periodReturns[$0]! }
        dailyReturns = TimeSeries(timestamps: held.map { days[$0 + 1] }, values: returns)
        // No day began with something held (every trade on the last day): no statistics.
        guard !returns.isEmpty else { return }
        let statistics: PerformanceStatistics
        do throws(PortfolioError) {
            statistics = try PerformanceStatistics(returns: returns)
        } catch {
            problems.append("portfolio: \(error)")
            return
        }
        metrics.timeWeightedReturn = statistics.totalReturn
        metrics.volatility = statistics.volatility
        metrics.maxDrawdown = statistics.maxDrawdown
        metrics.sharpe = statistics.sharpe
        metrics.sortino = statistics.sortino
        guard let benchmark = Self.buyAndHold(transactions, prices: prices, days: days.count) else { return }
        let benchmarkReturns = held.map { benchmark[$0 + 1] / benchmark[$0] - 1 }
        self.benchmarkReturns = TimeSeries(timestamps: dailyReturns.timestamps, values: benchmarkReturns)
        let benchmarkTotal = benchmarkReturns.reduce(1) { $0 * (1 + $1) } - 1
        metrics.benchmarkReturn = benchmarkTotal
        metrics.excessReturn = statistics.totalReturn - benchmarkTotal
        let comparison = BenchmarkComparison(returns: returns, benchmark: benchmarkReturns)
        metrics.beta = comparison.beta
        metrics.correlation = comparison.correlation
    }

    /// The benchmark's daily value: the run's total buy cost, spent at the first trade on the
    /// coins bought in the run, each in proportion to what the run spent on it, then held. Nil
    /// when a coin bought has no true price on some day.
    private static func buyAndHold(
        _ transactions: [PortfolioTransaction], prices: [String: TimeSeries], days: Int
    ) -> [Double]? {
        let spent = transactions.filter { $0.kind == .buy }.reduce(into: [String: Double]()) { spent, buy in
            spent[buy.coinId, default: 0] += TimeWeightedReturns.netInvestment(of: buy).doubleValue
        }
        var values = [Double](repeating: 0, count: days)
        for coin in spent.keys.sorted() {
            guard let series = prices[coin], series.count == days, series.values[0] > 0 else { return nil }
            let quantity = spent[coin]! / series.values[0]
            for day in 0..<days { values[day] += quantity * series.values[day] }
        }
        return values.allSatisfy { $0 > 0 } ? values : nil
    }

    /// Flows spanning at least this long get an annual rate (`irr`); shorter ones the rate over
    /// their span (`irr_period`): GIPS, "returns for periods of less than one year must not be
    /// annualized".
    static let annualisedFromMilliseconds: Int64 = 365 * 86_400_000

    /// XIRR of the trades' flows and the true value at the end: annual over a year or more, over
    /// the span below.
    private mutating func addMoneyWeightedReturn(
        transactions: [PortfolioTransaction], finalValue: Double, at end: Int64
    ) {
        var flows = transactions.map {
            MoneyWeightedReturn.Flow(
                time: $0.time, amount: -TimeWeightedReturns.netInvestment(of: $0).doubleValue)
        }
        flows.append(.init(time: end, amount: finalValue))
        let span = end - (flows.map(\.time).min() ?? end)
        do throws(MoneyWeightedReturn.Failure) {
            if span >= Self.annualisedFromMilliseconds {
                metrics.irr = try MoneyWeightedReturn.annualRate(of: flows)
            } else {
                metrics.irrPeriod = try MoneyWeightedReturn.periodRate(of: flows)
            }
        } catch .undefined {
            // No money out (nothing sold, nothing left) or no money in: no rate to report.
        } catch {
            problems.append("portfolio: \(error)")
        }
    }
}
