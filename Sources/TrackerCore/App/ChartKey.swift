/// A chart's range and type, `1D.line` in metric names.
public struct ChartKey: Sendable, Hashable, Comparable {
    /// The time range.
    public var range: ChartTimeRange
    /// Line or candles.
    public var type: ChartType

    /// Creates a key.
    public init(_ range: ChartTimeRange, _ type: ChartType) {
        self.range = range
        self.type = type
    }

    /// `1D.line`.
    public var name: String { "\(range.rawValue).\(type.rawValue)" }

    /// Shorter ranges first, then by type.
    public static func < (lhs: ChartKey, rhs: ChartKey) -> Bool {
        (lhs.range, lhs.type.rawValue) < (rhs.range, rhs.type.rawValue)
    }
}
