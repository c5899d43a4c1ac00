import Foundation

/// Metric values as people read them, by unit: counts whole, ratios as percentages, times,
/// money and rates with their units.
public enum MetricFormatting {
    /// A price in USD with the digits that matter: cents from 1 USD up, and at least three
    /// significant digits below (`43420.27 USD`, `0.09123 USD`, `0.00002600 USD`).
    ///
    /// - Parameter value: The price.
    public static func price(_ value: Double) -> String {
        guard value.isFinite, value > 0, value < 1 else { return String(format: "%.2f USD", value) }
        let decimals = min(12, max(2, 2 - Int(log10(value).rounded(.down))))
        return String(format: "%.\(decimals)f USD", value)
    }

    /// A value with its unit: `12`, `11.62 %`, `30.0 s`, `250 ms`, `1234.50 USD`, `12.0 /h`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - unit: Its unit.
    public static func text(_ value: Double, _ unit: MetricUnit) -> String {
        guard value.isFinite else { return "\(value)" }
        return switch unit {
        case .count: number(value)
        case .ratio: String(format: "%.4g %%", value * 100)
        case .seconds: String(format: "%.1f s", value)
        case .milliseconds: "\(number(value)) ms"
        case .usd: String(format: "%.2f USD", value)
        case .perHour: String(format: "%.1f /h", value)
        case .perMinute: "\(number(value)) /min"
        case .number: String(format: "%.4g", value)
        }
    }

    /// A difference between two values of a unit, signed; a ratio's in percentage points.
    ///
    /// - Parameters:
    ///   - delta: The second value minus the first.
    ///   - unit: The values' unit.
    public static func delta(_ delta: Double, _ unit: MetricUnit) -> String {
        let sign = delta > 0 ? "+" : ""
        guard unit == .ratio, delta.isFinite else { return sign + text(delta, unit) }
        return sign + String(format: "%.4g pp", delta * 100)
    }

    /// A value without a known unit (a result written before units were recorded).
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.4g", value)
    }
}
