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

/// One metric under its stable name (`cache.chart.hit_ratio`), with its unit and, where it has
/// one, the direction in which it is better: each is declared where the metric is built.
public struct Metric: Sendable, Equatable {
    /// The stable name, a contract with scenarios' expectations, `result.json` and the history.
    public var name: String
    /// The value, in ``unit``.
    public var value: Double
    /// What the value counts or measures.
    public var unit: MetricUnit
    /// Which way it is better; nil for a metric that is neither (renders, a portfolio's value).
    public var direction: MetricDirection?

    /// Creates a metric.
    ///
    /// - Parameters:
    ///   - name: The stable name.
    ///   - value: The value, in `unit`.
    ///   - unit: What it counts or measures.
    ///   - direction: Which way it is better, nil for neither.
    public init(_ name: String, _ value: Double, _ unit: MetricUnit, _ direction: MetricDirection? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.direction = direction
    }
}

extension Metric {
    /// The name under which a stored run (the history) or sweep cell keeps how many of its
    /// scenario's expectations it did not meet, beside its metrics: a `known_failures` entry
    /// counts only when it holds again.
    public static let failedExpectationsName = "expectations.failed"

    /// How many expectations a run did not meet (fewer is better).
    ///
    /// - Parameter count: The expectations not met.
    public static func failedExpectations(_ count: Int) -> Metric {
        Metric(failedExpectationsName, Double(count), .count, .lowerIsBetter)
    }
}
