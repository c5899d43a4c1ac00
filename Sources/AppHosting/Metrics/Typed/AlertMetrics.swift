import WorkbenchMetrics

/// Alerts fired and how late (`alerts.*`).
public struct AlertMetrics: Sendable, Equatable {
    /// Alerts fired.
    public var fired = 0
    /// The 95th percentile of the delay from the true crossing to the firing, seconds; nil
    /// without firings.
    public var p95DelaySeconds: Double?

    /// Creates empty figures.
    public init() {}

    var metrics: [Metric] {
        var metrics: [Metric] = [.count("fired", fired)]
        metrics.append("p95_delay_s", p95DelaySeconds, .seconds, .lower)
        return metrics
    }
}
