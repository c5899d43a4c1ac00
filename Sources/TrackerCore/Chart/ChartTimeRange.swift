/// A chart time range as the app's range picker shows it.
///
/// The raw values are the app's labels and its cache-key suffixes (`"bitcoin-line-1D"`). Which
/// ranges exist for which chart type, and their API `days`, TTL and point caps, depend on the
/// ``ChartRangeProfile``.
public enum ChartTimeRange: String, CaseIterable, Sendable, Codable, Comparable {
    /// 15 minutes.
    case fifteenMinutes = "15M"
    /// 1 hour.
    case oneHour = "1H"
    /// 4 hours.
    case fourHours = "4H"
    /// 1 day.
    case oneDay = "1D"
    /// 7 days.
    case oneWeek = "1W"
    /// 30 days.
    case oneMonth = "1M"
    /// 180 days (the app as built only).
    case sixMonths = "6M"
    /// 365 days.
    case oneYear = "1Y"

    /// The span the range shows, in milliseconds (the app's cutoff: `now - span`).
    public var spanMilliseconds: Int64 {
        let minute: Int64 = 60_000
        switch self {
        case .fifteenMinutes: return 15 * minute
        case .oneHour: return 60 * minute
        case .fourHours: return 4 * 60 * minute
        case .oneDay: return 24 * 60 * minute
        case .oneWeek: return 7 * 24 * 60 * minute
        case .oneMonth: return 30 * 24 * 60 * minute
        case .sixMonths: return 180 * 24 * 60 * minute
        case .oneYear: return 365 * 24 * 60 * minute
        }
    }

    /// Orders ranges by span.
    public static func < (lhs: ChartTimeRange, rhs: ChartTimeRange) -> Bool {
        lhs.spanMilliseconds < rhs.spanMilliseconds
    }
}
