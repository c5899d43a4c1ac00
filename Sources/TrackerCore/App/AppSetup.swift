/// What the app is launched with: its settings and what it has stored (the watchlist, as
/// SwiftData keeps it), whether it opens in the foreground, and whether its widget is on the home
/// screen. A shell hands it to ``TrackerApp`` unread.
public struct AppSetup: Sendable {
    /// The app's settings (the `bitpal` preset is the published app).
    public var policies: AppPolicies
    /// The stored watchlist, in order; nil until a shell fills it in with every coin its market
    /// lists.
    public var watchlist: [CoinListEntry]?
    /// Price alerts (a workbench extension).
    public var alerts: [PriceAlert]
    /// Whether the app launches in the foreground (otherwise it waits for a `foreground` action).
    public var startsInForeground: Bool
    /// Whether the app's widget is on the home screen from the start (its build is
    /// ``AppPolicies/widget``).
    public var hasWidget: Bool
    /// The widget's size, which decides where its tap goes (medium unless set).
    public var widgetFamily: WidgetFamily = .medium
    /// The stored ledger, in the order recorded (SwiftData's `Transaction` models): empty for a
    /// fresh install, and in the simulator; `workbench live --state` keeps it between runs.
    public var transactions: [PortfolioTransaction] = []
    /// The stored chart cache (SwiftData's `CachedChartData`), least recently used first: empty
    /// for a fresh install; `workbench live --state` keeps it between runs.
    public var charts: [AppStorage.StoredChart] = []
    /// The API key the app sends, if any (the published app sends none: the keyless limit).
    /// Never written anywhere: reports show the plan, not the key.
    public var apiKey: CoinGeckoRequests.APIKey?

    /// Creates a setup.
    ///
    /// - Parameters:
    ///   - policies: The app's settings.
    ///   - watchlist: The stored watchlist (nil: every coin the market lists).
    ///   - alerts: Price alerts.
    ///   - startsInForeground: Whether the app launches in the foreground.
    ///   - hasWidget: Whether the widget is installed.
    public init(
        policies: AppPolicies, watchlist: [CoinListEntry]? = nil, alerts: [PriceAlert] = [],
        startsInForeground: Bool = true, hasWidget: Bool = false
    ) {
        self.policies = policies
        self.watchlist = watchlist
        self.alerts = alerts
        self.startsInForeground = startsInForeground
        self.hasWidget = hasWidget
    }
}
