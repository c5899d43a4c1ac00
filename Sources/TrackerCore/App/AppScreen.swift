/// A screen of the app whose data freshness is measured.
public enum AppScreen: String, Sendable, Equatable, CaseIterable {
    /// The watchlist's rows.
    case watchlist
    /// A coin's screen: its chart.
    case chart
    /// The Portfolio tab: its holdings' prices.
    case portfolio
}
