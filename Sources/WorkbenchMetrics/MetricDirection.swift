/// Which way a metric is better, where it has a direction: fewer requests, credits, failures and
/// older data are better; more cache hits and higher returns are better. Metrics without one
/// (counts of renders, time on screen, a portfolio's value) are neither. Each metric's is
/// declared where the metric is built (``Metric/direction``).
public enum MetricDirection: String, Sendable, Equatable {
    /// A smaller value is better.
    case lowerIsBetter = "lower is better"
    /// A larger value is better.
    case higherIsBetter = "higher is better"

    /// Whether going from `first` to `second` is better, worse, or neither (nil: equal values
    /// or no direction).
    ///
    /// - Parameters:
    ///   - first: The first run's value.
    ///   - second: The second run's value.
    public func judge(_ first: Double, _ second: Double) -> Bool? {
        guard first != second else { return nil }
        return (second < first) == (self == .lowerIsBetter)
    }
}
