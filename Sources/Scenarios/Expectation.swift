/// One expectation on a run's metrics: `rate_limit.max_per_minute <= 50`.
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
    /// The bound.
    public var value: Double

    /// Parses `metric op number`.
    ///
    /// - Parameter text: The expectation.
    /// - Returns: nil when it is not of that form.
    public init?(_ text: String) {
        for comparison in Comparison.allCases {
            guard let range = text.range(of: " \(comparison.rawValue) ") else { continue }
            let metric = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let number = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !metric.isEmpty, metric.allSatisfy({ $0.isLetter || $0.isNumber || "._/{}-".contains($0) }),
                let value = Double(number), value.isFinite
            else { return nil }
            (self.metric, self.comparison, self.value) = (metric, comparison, value)
            return
        }
        return nil
    }

    /// Checks a result.
    ///
    /// - Parameter metrics: The run's metrics.
    /// - Returns: nil when it holds, otherwise why not.
    public func failure(in metrics: [String: Double]) -> String? {
        guard let actual = metrics[metric] else { return "\(self): the run has no metric \(metric)" }
        return comparison.holds(actual, value) ? nil : "\(self): got \(actual)"
    }

    /// `metric op value`.
    public var description: String { "\(metric) \(comparison.rawValue) \(value)" }
}
