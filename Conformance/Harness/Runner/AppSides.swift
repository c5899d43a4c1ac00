import ConformanceCases

/// The app's side of each rule that was extracted (`IncludedRules.swift`, written by
/// `workbench conformance diff`, fills it in); nil for a rule whose app code could not be.
struct AppSides: Sendable {
    /// The line chart.
    var lineChart: (@Sendable (ChartCase) async -> ChartOutput)?
    /// The candle chart.
    var candleChart: (@Sendable (ChartCase) async -> ChartOutput)?
    /// The chart cache.
    var chartCache: (@Sendable (CacheCase) async -> CacheOutput)?
    /// The search.
    var searchRanking: (@Sendable (SearchCase) async -> SearchOutput)?
    /// The rate limiter.
    var rateLimiter: (@Sendable (LimiterCase) async -> LimiterOutput)?
    /// The Portfolio tab.
    var ledger: (@Sendable (LedgerCase) async -> LedgerOutput)?
    /// The watchlist screen: the app's view model, services and limiter on the serial executor.
    var watchlistScreen: (@Sendable (ScreenCase, any ScreenNetwork) async -> ScreenOutput)?
    /// The coin screen over the list: the app's `CoinDetailViewModel` too.
    var coinScreen: (@Sendable (ScreenCase, any ScreenNetwork) async -> ScreenOutput)?
    /// The Portfolio tab beside the list: the app's `PortfolioViewModel` too.
    var portfolioTab: (@Sendable (ScreenCase, any ScreenNetwork) async -> ScreenOutput)?
    /// The search sheet over the list: the app's `CoinSearchViewModel` too.
    var searchSheet: (@Sendable (ScreenCase, any ScreenNetwork) async -> ScreenOutput)?
    /// Sets up the screens' serial executor (before a screen rule runs).
    var prepareScreens: (@Sendable () -> Void)?
}

extension AppSides {
    /// The check of a rule by its name (`DiffRule.name`), nil when the rule is unknown or its
    /// app code was not extracted.
    func check(named name: String, randomCount count: Int) -> ((UInt64) async -> RuleResult)? {
        switch name {
        case "line-chart": lineChart.map { WorkbenchCharts.lineRule(app: $0, randomCount: count).run }
        case "candle-chart": candleChart.map { WorkbenchCharts.candleRule(app: $0, randomCount: count).run }
        case "chart-cache": chartCache.map { WorkbenchChartCache.rule(app: $0, randomCount: count).run }
        case "search-ranking": searchRanking.map { WorkbenchSearch.rule(app: $0, randomCount: count).run }
        case "rate-limiter": rateLimiter.map { WorkbenchLimiter.rule(app: $0, randomCount: count).run }
        case "portfolio-ledger": ledger.map { WorkbenchLedger.rule(app: $0, randomCount: count).run }
        case "watchlist-screen":
            watchlistScreen.map { app in
                prepareScreens?()
                return WorkbenchWatchlistScreen.rule(app: app, randomCount: count).run
            }
        case "coin-screen":
            coinScreen.map { app in
                prepareScreens?()
                return WorkbenchWatchlistScreen.coinRule(app: app, randomCount: count).run
            }
        case "portfolio-tab":
            portfolioTab.map { app in
                prepareScreens?()
                return WorkbenchPortfolioTab.rule(app: app, randomCount: count).run
            }
        case "search-sheet":
            searchSheet.map { app in
                prepareScreens?()
                return WorkbenchSearchSheet.rule(app: app, randomCount: count).run
            }
        default: nil
        }
    }
}
