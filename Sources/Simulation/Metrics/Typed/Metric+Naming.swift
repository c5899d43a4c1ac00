import WorkbenchMetrics

extension Metric {
    /// A count.
    static func count(_ name: String, _ value: Int) -> Metric { Metric(name, Double(value), .count) }

    /// The same metric under `prefix.name`.
    func under(_ prefix: String) -> Metric { Metric("\(prefix).\(name)", value, unit) }
}

extension Array where Element == Metric {
    /// The metrics under `prefix.name`.
    func under(_ prefix: String) -> [Metric] { map { $0.under(prefix) } }

    /// Appends a metric when its value is defined.
    mutating func append(_ name: String, _ value: Double?, _ unit: MetricUnit) {
        if let value { append(Metric(name, value, unit)) }
    }
}
