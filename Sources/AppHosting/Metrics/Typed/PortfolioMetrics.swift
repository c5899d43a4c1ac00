import WorkbenchMetrics

/// The portfolio at the end of a run (`portfolio.*`; `docs/simulation.md` says what each
/// measures). A figure the run could not compute is nil, and ``RunResult/problems`` says why.
public struct PortfolioMetrics: Sendable, Equatable {
    /// The holdings' value at the true prices, USD.
    public var value: Double?
    /// P&L realised by sales, USD.
    public var realizedPnL: Double?
    /// P&L of the holdings at the true prices, USD.
    public var unrealizedPnL: Double?
    /// The holdings' value at the prices the Portfolio tab showed (its last load), USD.
    public var shownValue: Double?
    /// Unrealised P&L at the prices the Portfolio tab showed, USD.
    public var shownUnrealizedPnL: Double?
    /// Realised P&L as the Portfolio tab showed it: coins its last load had no row for drop out,
    /// USD.
    public var shownRealizedPnL: Double?
    /// Coins held that the Portfolio tab's last load had no row for (the app drops them).
    public var shownUnpriced: Int?
    /// Shown minus true unrealised P&L, USD: what stale data costs the user.
    public var shownPnLGap: Double?
    /// The time-weighted return over the run.
    public var timeWeightedReturn: Double?
    /// Annualised volatility of the daily time-weighted returns.
    public var volatility: Double?
    /// The deepest fall of the time-weighted wealth index from a peak (negative).
    public var maxDrawdown: Double?
    /// Annualised Sharpe ratio; nil when undefined (no variation).
    public var sharpe: Double?
    /// Annualised Sortino ratio; nil when undefined (no losing day).
    public var sortino: Double?
    /// The buy-and-hold benchmark's return over the same days.
    public var benchmarkReturn: Double?
    /// ``timeWeightedReturn`` minus ``benchmarkReturn``.
    public var excessReturn: Double?
    /// Beta of the daily returns against the benchmark's.
    public var beta: Double?
    /// Correlation of the daily returns with the benchmark's.
    public var correlation: Double?
    /// The money-weighted return, annual (XIRR of the flows and the final value), for flows
    /// spanning a year or more.
    public var irr: Double?
    /// The money-weighted return over the flows' span, not annualised, for spans shorter than a
    /// year.
    public var irrPeriod: Double?

    /// Creates figures; those not given are undefined.
    public init(
        value: Double? = nil, realizedPnL: Double? = nil, unrealizedPnL: Double? = nil,
        shownValue: Double? = nil,
        shownUnrealizedPnL: Double? = nil, shownUnpriced: Int? = nil, shownPnLGap: Double? = nil,
        timeWeightedReturn: Double? = nil, volatility: Double? = nil, maxDrawdown: Double? = nil,
        sharpe: Double? = nil, sortino: Double? = nil, benchmarkReturn: Double? = nil,
        excessReturn: Double? = nil,
        beta: Double? = nil, correlation: Double? = nil, irr: Double? = nil
    ) {
        self.value = value
        self.realizedPnL = realizedPnL
        self.unrealizedPnL = unrealizedPnL
        self.shownValue = shownValue
        self.shownUnrealizedPnL = shownUnrealizedPnL
        self.shownUnpriced = shownUnpriced
        self.shownPnLGap = shownPnLGap
        self.timeWeightedReturn = timeWeightedReturn
        self.volatility = volatility
        self.maxDrawdown = maxDrawdown
        self.sharpe = sharpe
        self.sortino = sortino
        self.benchmarkReturn = benchmarkReturn
        self.excessReturn = excessReturn
        self.beta = beta
        self.correlation = correlation
        self.irr = irr
    }

    var metrics: [Metric] {
        var metrics: [Metric] = []
        metrics.append("value", value, .usd)
        metrics.append("realized_pnl", realizedPnL, .usd)
        metrics.append("unrealized_pnl", unrealizedPnL, .usd)
        metrics.append("shown_value", shownValue, .usd)
        metrics.append("shown_unrealized_pnl", shownUnrealizedPnL, .usd)
        metrics.append("shown_realized_pnl", shownRealizedPnL, .usd)
        metrics.append("shown_unpriced", shownUnpriced.map(Double.init), .count)
        metrics.append("shown_pnl_gap", shownPnLGap, .usd)
        metrics.append("time_weighted_return", timeWeightedReturn, .ratio, .higher)
        metrics.append("volatility", volatility, .ratio)
        metrics.append("max_drawdown", maxDrawdown, .ratio)
        metrics.append("sharpe", sharpe, .number, .higher)
        metrics.append("sortino", sortino, .number, .higher)
        metrics.append("benchmark_return", benchmarkReturn, .ratio)
        metrics.append("excess_return", excessReturn, .ratio, .higher)
        metrics.append("beta", beta, .number)
        metrics.append("correlation", correlation, .number)
        metrics.append("irr", irr, .ratio, .higher)
        metrics.append("irr_period", irrPeriod, .ratio, .higher)
        return metrics
    }
}
