import Foundation
import WorkbenchFoundation
import WorkbenchMetrics

/// One expectation on a run's metrics: `rate_limit.max_per_minute <= 50`, `cache.hit_ratio >= 1%`,
/// `freshness.max_age_s <= 5m`.
///
/// A bound is in the metric's own unit when bare (a ratio as a fraction, `0.01` for 1 %; ages in
/// seconds; counts as counts), or carries a unit that fits the metric: `%` for ratios; a
/// duration (`250ms`, `30s`, `5m`, `2h`, `2h45m`, `1.5s`) for seconds and milliseconds; `USD`
/// for money; `/h` and `/min` for rates. A bound may also be another metric of the same unit
/// (`cache.chart.hit_ratio < cache.chart.opt_hit_ratio`), for claims that hold on every seed
/// where a fixed number would not. Failures print both sides in the report's units.
public struct Expectation: Sendable, Equatable, CustomStringConvertible {
    /// A comparison.
    public enum Comparison: String, Sendable, Equatable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case greater = ">"

        func holds(_ lhs: Double, _ rhs: Double) -> Bool {
            switch self {
            case .lessOrEqual: lhs <= rhs
            case .greaterOrEqual: lhs >= rhs
            case .equal: lhs == rhs
            case .notEqual: lhs != rhs
            case .less: lhs < rhs
            case .greater: lhs > rhs
            }
        }
    }

    /// The metric's name.
    public var metric: String
    /// The comparison.
    public var comparison: Comparison
    /// The bound, in the metric's unit (0 when the bound is another metric).
    public var value: Double
    /// The metric the bound names, when it is one (compared with its value in the same run).
    public var boundMetric: String?
    /// The metric's unit, when known.
    public var unit: MetricUnit?
    /// The bound as written (`1%`, `5m`, `50`).
    public var bound: String

    /// Parses `metric op bound`, the bound bare or with a unit that fits `unit`.
    ///
    /// - Parameters:
    ///   - text: The expectation.
    ///   - unit: The metric's unit, given its name (nil: unknown, bare numbers only).
    /// - Throws: A sentence saying what is wrong.
    public init(parsing text: String, unit: (String) -> MetricUnit?) throws(ExpectationError) {
        for comparison in Comparison.allCases {
            guard let range = text.range(of: " \(comparison.rawValue) ") else { continue }
            let metric = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let bound = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !metric.isEmpty, metric.allSatisfy({ $0.isLetter || $0.isNumber || "._/{}-".contains($0) })
            else { break }
            let metricUnit = unit(metric)
            (self.metric, self.comparison, self.unit, self.bound) = (metric, comparison, metricUnit, bound)
            if let boundUnit = unit(bound), Double(bound) == nil {
                guard boundUnit == metricUnit else {
                    throw ExpectationError(
                        "\(metric) is in \(metricUnit.map(Self.unitName) ?? "no known unit") but \(bound) is in "
                            + "\(Self.unitName(boundUnit)); compare metrics of one unit")
                }
                (value, boundMetric) = (0, bound)
                return
            }
            value = try Self.value(of: bound, metric: metric, unit: metricUnit)
            return
        }
        throw ExpectationError(
            "expected 'metric op bound' with op one of <=, >=, ==, !=, <, > (spaces around it), found "
                + QuotedValue.text(text))
    }

    /// Parses `metric op number` with a bare number (no unit known).
    ///
    /// - Parameter text: The expectation.
    /// - Returns: nil when it is not of that form.
    public init?(_ text: String) {
        guard let parsed = try? Expectation(parsing: text, unit: { _ in nil }) else { return nil }
        self = parsed
    }

    /// Checks a result.
    ///
    /// - Parameter metrics: The run's metrics.
    /// - Returns: nil when it holds, otherwise why not, in the report's units.
    public func failure(in metrics: [String: Double]) -> String? {
        guard let actual = metrics[metric] else { return "\(self): the run has no metric \(metric)" }
        let shown = { (value: Double) in
            unit.map { MetricFormatting.text(value, $0) } ?? MetricFormatting.number(value)
        }
        if let boundMetric {
            guard let limit = metrics[boundMetric] else {
                return "\(self): the run has no metric \(boundMetric)"
            }
            guard !comparison.holds(actual, limit) else { return nil }
            return "\(self): got \(shown(actual)) against \(shown(limit))"
        }
        guard !comparison.holds(actual, value) else { return nil }
        guard let unit else { return "\(self): got \(MetricFormatting.number(actual))" }
        var text = "\(self): got \(shown(actual))"
        if unit == .ratio, Double(bound) != nil, value >= 1 {
            text +=
                " (a bare bound on a ratio is a fraction: 1 is 100 %; write \(bound)% for \(bound) percent)"
        }
        return text
    }

    /// `metric op bound`, the bound as written.
    public var description: String { "\(metric) \(comparison.rawValue) \(bound)" }

    /// The bound in the metric's unit.
    private static func value(of bound: String, metric: String, unit: MetricUnit?) throws(ExpectationError)
        -> Double
    {
        if let number = Double(bound), number.isFinite { return number }
        let fits = { (units: [MetricUnit], what: String) throws(ExpectationError) in
            guard let unit, units.contains(unit) else {
                throw ExpectationError(
                    "'\(bound)' is \(what), but \(metric) is \(unit.map { "in \(Self.unitName($0))" } ?? "not a known metric"); "
                        + "give a bare number in its unit, or a unit that fits it")
            }
        }
        if bound.hasSuffix("%"), let number = Double(bound.dropLast()), number.isFinite {
            try fits([.ratio], "a percentage")
            return number / 100
        }
        for (suffix, target) in [
            (" USD", MetricUnit.usd), ("USD", .usd), ("/h", .perHour), ("/min", .perMinute),
        ]
        where bound.hasSuffix(suffix) {
            guard let number = Double(bound.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)),
                number.isFinite
            else { break }
            try fits([target], "in \(unitName(target))")
            return number
        }
        if let milliseconds = Self.milliseconds(bound) {
            try fits([.seconds, .milliseconds], "a duration")
            return unit == .milliseconds ? milliseconds : milliseconds / 1000
        }
        throw ExpectationError(
            "expected a number for the bound, bare (in \(metric)'s unit) or with a unit: 1%, 250ms, 30s, 5m, 2h45m, "
                + "100 USD, 60/h; found \(QuotedValue.text(bound))")
    }

    /// A duration bound in milliseconds: compound (`2h45m`) or one decimal number with a unit
    /// (`1.5s`).
    private static func milliseconds(_ text: String) -> Double? {
        if let whole = DurationText.milliseconds(text, allowZero: true) { return Double(whole) }
        for (suffix, factor) in [
            ("ms", 1.0), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            if number.last?.isNumber == true, let value = Double(number), value.isFinite, value >= 0 {
                return value * factor
            }
        }
        return nil
    }

    private static func unitName(_ unit: MetricUnit) -> String {
        switch unit {
        case .count: "counts"
        case .ratio: "a ratio (1 is 100 %)"
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        case .usd: "USD"
        case .perHour: "a rate per hour"
        case .perMinute: "a rate per minute"
        case .number: "a plain number"
        }
    }
}

/// Why an expectation could not be read.
public struct ExpectationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    init(_ description: String) { self.description = description }
}
