import Foundation

/// A named set of chart ranges with their settings: the app as built (``bitpal``) or its design
/// documents (``spec``).
///
/// A profile answers the questions the app's chart screen asks: which ranges a chart type offers,
/// which `days` to request, how long to cache, how many points to draw, and where to land when
/// the user switches chart type on a range the new type does not offer.
public struct ChartRangeProfile: Sendable, Equatable {
    /// The profile's name, as scenarios select it: `spec`, `bitpal`.
    public let name: String
    /// Ranges a line chart offers, in picker order.
    public let lineRanges: [ChartTimeRange]
    /// Ranges a candlestick chart offers, in picker order.
    public let candleRanges: [ChartTimeRange]
    /// The range a chart opens on.
    public let defaultRange: ChartTimeRange
    /// Settings for every range the profile knows.
    public let settings: [ChartTimeRange: ChartRangeSettings]
    /// Explicit landing ranges on a chart-type switch; others go to the nearest span.
    public let typeSwitchLandings: [ChartType: [ChartTimeRange: ChartTimeRange]]

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - name: The profile's name.
    ///   - lineRanges: Line ranges in picker order.
    ///   - candleRanges: Candle ranges in picker order.
    ///   - defaultRange: The opening range.
    ///   - settings: Settings per range; must cover every offered range.
    ///   - typeSwitchLandings: Explicit landings on a type switch.
    public init(
        name: String,
        lineRanges: [ChartTimeRange],
        candleRanges: [ChartTimeRange],
        defaultRange: ChartTimeRange,
        settings: [ChartTimeRange: ChartRangeSettings],
        typeSwitchLandings: [ChartType: [ChartTimeRange: ChartTimeRange]] = [:]
    ) {
        precondition(
            (lineRanges + candleRanges).allSatisfy { settings[$0] != nil },
            "profile \(name) offers a range without settings"
        )
        self.name = name
        self.lineRanges = lineRanges
        self.candleRanges = candleRanges
        self.defaultRange = defaultRange
        self.settings = settings
        self.typeSwitchLandings = typeSwitchLandings
    }

    /// Every range the profile knows, shortest first.
    public var ranges: [ChartTimeRange] { settings.keys.sorted() }

    /// The ranges a chart type offers, in picker order.
    ///
    /// - Parameter type: Line or candle.
    public func availableRanges(for type: ChartType) -> [ChartTimeRange] {
        type == .line ? lineRanges : candleRanges
    }

    /// Whether a chart type offers a range.
    ///
    /// - Parameters:
    ///   - range: The range.
    ///   - type: The chart type.
    public func isAvailable(_ range: ChartTimeRange, for type: ChartType) -> Bool {
        availableRanges(for: type).contains(range)
    }

    /// Where the picker lands when the chart switches to `type` while showing `range`.
    ///
    /// An offered range stays. Otherwise an explicit landing of the profile wins (the app's own
    /// table for ``bitpal``); failing that, the offered range whose span is nearest on a log
    /// scale (ties go to the shorter range).
    ///
    /// - Parameters:
    ///   - range: The range shown before the switch.
    ///   - type: The chart type switched to.
    /// - Returns: An offered range of `type`.
    public func closestAvailableRange(to range: ChartTimeRange, for type: ChartType) -> ChartTimeRange {
        let offered = availableRanges(for: type)
        if offered.contains(range) { return range }
        if let landing = typeSwitchLandings[type]?[range], offered.contains(landing) { return landing }
        func distance(_ candidate: ChartTimeRange) -> Double {
            abs(log2(Double(candidate.spanMilliseconds)) - log2(Double(range.spanMilliseconds)))
        }
        return offered.min { left, right in
            distance(left) != distance(right) ? distance(left) < distance(right) : left < right
        } ?? defaultRange
    }

    /// The most points a chart of this type and range draws.
    ///
    /// - Parameters:
    ///   - range: The range.
    ///   - type: The chart type.
    /// - Returns: The cap, or nil when the profile does not know the range.
    public func maxPoints(for range: ChartTimeRange, type: ChartType) -> Int? {
        settings[range]?.maxPoints(for: type)
    }

    /// The app's chart cache key: `"{coinId}-{line|candle}-{range}"`, for example `bitcoin-line-1D`.
    ///
    /// - Parameters:
    ///   - coinId: The CoinGecko coin id.
    ///   - type: The chart type.
    ///   - range: The range.
    public static func cacheKey(coinId: String, type: ChartType, range: ChartTimeRange) -> String {
        "\(coinId)-\(type.rawValue)-\(range.rawValue)"
    }
}
