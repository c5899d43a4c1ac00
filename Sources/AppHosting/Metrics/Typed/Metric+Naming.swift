import WorkbenchMetrics

extension Metric {
    /// A count, with the direction in which it is better, if any.
    static func count(_ name: String, _ value: Int, _ direction: MetricDirection? = nil) -> Metric {
        Metric(name, Double(value), .count, direction)
    }

    /// The same metric under `prefix.name`.
    func under(_ prefix: String) -> Metric { Metric("\(prefix).\(name)", value, unit, direction) }
}

extension MetricDirection {
    /// Shorthands where metrics are declared.
    static let lower = MetricDirection.lowerIsBetter
    static let higher = MetricDirection.higherIsBetter
}

extension Array where Element == Metric {
    /// The metrics under `prefix.name`.
    func under(_ prefix: String) -> [Metric] { map { $0.under(prefix) } }

    /// Appends a metric when its value is defined.
    mutating func append(
        _ name: String, _ value: Double?, _ unit: MetricUnit, _ direction: MetricDirection? = nil
    ) {
        if let value { append(Metric(name, value, unit, direction)) }
    }
}
