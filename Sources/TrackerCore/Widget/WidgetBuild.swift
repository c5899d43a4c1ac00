/// Which build of the app's home-screen widget extension (`Bitpal-v2/BitpalWidget`) is installed.
public enum WidgetBuild: String, Sendable, Equatable, CaseIterable, Codable {
    /// `main` at `da53edf`: `PortfolioTimelineProvider.getTimeline(in:completion:)` reads the
    /// portfolio file the app wrote (`AppGroupStorage.readPortfolioData()`), makes entries of it
    /// for the next two hours, and asks for the next timeline `.after(now + 2 h)`. It sends
    /// nothing.
    case readsFile = "reads-file"
    /// The widget-refresh branch (`008-api-rate-limit-optimization`, `122d91c`):
    /// `getTimeline(in:completion:)` reads the holdings the app wrote
    /// (`AppGroupStorage.readRefreshData()`; none or no holdings: the empty entry, no request),
    /// fetches one `/coins/markets` of every held coin (`WidgetAPIClient.fetchPrices(coinIds:)`:
    /// `URLSession.shared`, 15 s timeout, no limiter, cache, key or `per_page`), recalculates and
    /// writes the portfolio file (`PortfolioRecalculator.recalculate(refreshData:prices:)`), falls
    /// back to the file on any failure, and asks for the next timeline `.after(now + 15 min)`.
    case fetchesPrices = "fetches-prices"

    /// The timeline's reload policy, `.after(now + this)`, ms: 2 h on `main`
    /// (`getTimeline`'s `refreshDate`), 15 min on the branch (`refreshIntervalMinutes`).
    public var reloadAfterMilliseconds: Int64 {
        switch self {
        case .readsFile: 7_200_000
        case .fetchesPrices: 900_000
        }
    }

    /// The widget's request timeout, ms (`WidgetAPIClient.timeoutInterval`: 15 s).
    public static let requestTimeoutMilliseconds: Int64 = 15_000

    /// How old the portfolio file's `lastUpdated` must be for the widget's views to show the
    /// staleness mark, ms (`WidgetPortfolioData.isStale`: more than 60 minutes).
    public static let staleAfterMilliseconds: Int64 = 3_600_000
}
