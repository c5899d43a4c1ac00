// The vocabulary of a run's figures: a metric's stable name, value and unit. A leaf module, so
// the simulator that computes metrics and the reports that show them share it without the
// reports depending on the simulator.

/// What a metric's number counts or measures.
public enum MetricUnit: String, Sendable, Equatable, CaseIterable, Codable {
    /// A number of things: requests, hits, renders, coins, credits.
    case count
    /// A fraction where 1 is 100 %: hit ratios, shares, relative deviations, returns.
    case ratio
    /// Seconds.
    case seconds
    /// Milliseconds.
    case milliseconds
    /// An amount of the portfolio's quote currency, US dollars.
    case usd
    /// Events per hour.
    case perHour
    /// Events per minute.
    case perMinute
    /// A statistic without a unit: Sharpe and Sortino ratios, beta, correlation.
    case number
}

/// One metric under its stable name (`cache.chart.hit_ratio`), with its unit.
public struct Metric: Sendable, Equatable {
    /// The stable name, a contract with scenarios' expectations, `result.json` and the history.
    public var name: String
    /// The value, in ``unit``.
    public var value: Double
    /// What the value counts or measures.
    public var unit: MetricUnit

    /// Creates a metric.
    public init(_ name: String, _ value: Double, _ unit: MetricUnit) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}

extension Metric {
    /// The name under which a stored run (the history) or sweep cell keeps how many of its
    /// scenario's expectations it did not meet, beside its metrics.
    public static let failedExpectationsName = "expectations.failed"
}
