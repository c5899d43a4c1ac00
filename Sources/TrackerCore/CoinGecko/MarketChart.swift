import WorkbenchFoundation

/// A decoded `/coins/{id}/market_chart` response: three columnar series and what was repaired.
public struct MarketChart: Sendable, Equatable {
    /// The response's three arrays, by their JSON keys.
    public enum Column: String, CaseIterable, Sendable, Codable {
        /// `prices`: `[timestamp, price]`, prices positive.
        case prices
        /// `market_caps`: `[timestamp, market cap]`, caps zero or positive.
        case marketCaps = "market_caps"
        /// `total_volumes`: `[timestamp, 24 h volume]`, volumes zero or positive.
        case totalVolumes = "total_volumes"

        /// The rule its values must satisfy.
        var rule: ValueRule {
            switch self {
            case .prices: .price()
            case .marketCaps: .quantity("market cap")
            case .totalVolumes: .quantity("volume")
            }
        }
    }

    /// Prices, sorted by timestamp.
    public var prices: TimeSeries
    /// Market caps, sorted; nil when the response had no `market_caps`.
    public var marketCaps: TimeSeries?
    /// 24 h volumes, sorted; nil when the response had no `total_volumes`.
    public var totalVolumes: TimeSeries?
    /// Timestamp repairs per column present (see ``SeriesRepairs`` for the policy).
    public var repairs: [Column: SeriesRepairs]

    /// Creates a chart.
    ///
    /// - Parameters:
    ///   - prices: Prices.
    ///   - marketCaps: Market caps, if present.
    ///   - totalVolumes: Volumes, if present.
    ///   - repairs: Repairs per column.
    public init(
        prices: TimeSeries,
        marketCaps: TimeSeries? = nil,
        totalVolumes: TimeSeries? = nil,
        repairs: [Column: SeriesRepairs] = [:]
    ) {
        self.prices = prices
        self.marketCaps = marketCaps
        self.totalVolumes = totalVolumes
        self.repairs = repairs
    }

    /// The series of a column, if present.
    ///
    /// - Parameter column: Which array.
    public func series(_ column: Column) -> TimeSeries? {
        switch column {
        case .prices: prices
        case .marketCaps: marketCaps
        case .totalVolumes: totalVolumes
        }
    }
}
