import Foundation
import WorkbenchMetrics

/// What a plot's values measure, for tick labels: `$1.2k`, `12 %`, `3.5 s`.
public enum ValueUnit: String, Sendable, Equatable, Codable {
    /// US dollars: `$950`, `$1.2k`, `$3.4M`.
    case dollars
    /// A percentage, the values already in percent: `12 %`.
    case percent
    /// A ratio shown as a percentage: 0.25 is `25 %`.
    case ratioAsPercent
    /// Seconds: `30 s`.
    case seconds
    /// Minutes: `15 min`.
    case minutes
    /// A plain count or rate, the unit named by the axis title.
    case plain
    /// Whole numbers only (a run id): no tick between two of them.
    case whole

    /// The axis unit of a metric's unit: a ratio in percent, seconds, dollars, counts whole.
    public init(_ unit: MetricUnit?) {
        switch unit {
        case .ratio?: self = .ratioAsPercent
        case .seconds?: self = .seconds
        case .usd?: self = .dollars
        case .count?: self = .whole
        default: self = .plain
        }
    }
}

/// "Nice" ticks for a value axis: 4 to 6 round numbers (steps of 1, 2, 2.5 or 5 times a power of
/// ten) covering the data, as plotting libraries choose them.
public enum ValueTicks {
    /// The ticks and the axis range they span.
    public struct Axis: Sendable, Equatable {
        /// The tick values, increasing.
        public var values: [Double]
        /// The axis bounds: the first tick at or below the data, the last at or above it.
        public var lower: Double
        /// The upper bound.
        public var upper: Double
        /// The distance between ticks.
        public var step: Double

        /// The ticks to draw in `unit`: whole numbers only for ``ValueUnit/whole``.
        public func ticks(in unit: ValueUnit) -> [Double] {
            unit == .whole ? values.filter { $0 == $0.rounded() } : values
        }
    }

    /// Nice ticks covering `[low, high]`.
    ///
    /// - Parameters:
    ///   - low: The smallest value to show.
    ///   - high: The largest, `>= low`; an empty range gets a unit-wide axis around it.
    public static func axis(low: Double, high: Double) -> Axis {
        guard low.isFinite, high.isFinite, (high - low).isFinite else {
            return Axis(values: [0, 1], lower: 0, upper: 1, step: 1)
        }
        var (low, high) = (min(low, high), max(low, high))
        if high - low < max(abs(high), 1) * 1e-9 {
            // A flat line: zero gets 0...1 (a ratio, a drawdown, a count); anything else +-5 %.
            let half = abs(low) * 0.05
            (low, high) = half == 0 ? (0, 1) : (low - half, high + half)
        }
        // The finest step of 1, 2, 2.5 or 5 times a power of ten that needs at most six ticks.
        var magnitude = pow(10, log10((high - low) / 5).rounded(.down))
        while magnitude.isFinite && magnitude > 0 {
            for factor in [1.0, 2, 2.5, 5] {
                let step = magnitude * factor
                // A hair of tolerance: 1.9 / 0.05 is 37.99999..., which is on the tick, not below it.
                let lower = (low / step + 1e-9).rounded(.down) * step
                let upper = (high / step - 1e-9).rounded(.up) * step
                let count = Int(((upper - lower) / step).rounded()) + 1
                guard count <= 6 else { continue }
                let values = (0..<count).map { lower + Double($0) * step }
                return Axis(values: values, lower: lower, upper: upper, step: step)
            }
            magnitude *= 10
        }
        return Axis(values: [low, high], lower: low, upper: high, step: high - low)
    }

    /// A tick's label in `unit`, with as many decimals as the step needs.
    public static func label(_ value: Double, step: Double, unit: ValueUnit) -> String {
        switch unit {
        case .dollars: return dollars(value, step: step)
        case .percent: return number(value, step: step) + " %"
        case .ratioAsPercent: return number(value * 100, step: step * 100) + " %"
        case .seconds: return number(value, step: step) + " s"
        case .minutes: return number(value, step: step) + " min"
        case .plain: return compact(value, step: step)
        case .whole: return compact(value.rounded(), step: max(step, 1))
        }
    }

    /// The value with the decimals the step shows (0.25 steps show two), no trailing noise.
    public static func number(_ value: Double, step: Double) -> String {
        let decimals = max(0, min(8, Int((-log10(step)).rounded(.up) + (isHalfStep(step) ? 1 : 0))))
        let text = String(format: "%.\(decimals)f", value)
        return text == "-0" || text.hasPrefix("-0.") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    private static func isHalfStep(_ step: Double) -> Bool {
        let scaled = step / pow(10, log10(step).rounded(.down))
        return abs(scaled - 2.5) < 1e-9
    }

    private static func compact(_ value: Double, step: Double) -> String {
        for (divisor, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] where abs(step) >= divisor / 10 {
            return number(value / divisor, step: step / divisor) + suffix
        }
        return number(value, step: step)
    }

    private static func dollars(_ value: Double, step: Double) -> String {
        let text = compact(abs(value), step: step)
        return (value < 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "-$" : "$") + text
    }
}
