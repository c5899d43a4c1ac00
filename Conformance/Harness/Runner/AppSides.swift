import ConformanceCases

/// The app's side of each rule that was extracted (`IncludedRules.swift`, written by
/// `workbench conformance diff`, fills it in); nil for a rule whose app code could not be.
struct AppSides: Sendable {
    /// A behaviour rule's app side: the case on the case's network.
    typealias ScreenApp = @Sendable (ScreenCase, any ScreenNetwork) async -> ScreenOutput

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
    var watchlistScreen: ScreenApp?
    /// The coin screen over the list: the app's `CoinDetailViewModel` too.
    var coinScreen: ScreenApp?
    /// The Portfolio tab beside the list: the app's `PortfolioViewModel` too.
    var portfolioTab: ScreenApp?
    /// The search sheet over the list: the app's `CoinSearchViewModel` too.
    var searchSheet: ScreenApp?
    /// The Portfolio tab's add-transaction form and picker: `AddTransactionViewModel` too.
    var addTransaction: ScreenApp?
    /// The branch's widget extension beside the Portfolio tab.
    var widget: ScreenApp?
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
            screenRule(watchlistScreen) { WorkbenchWatchlistScreen.rule(app: $0, randomCount: count) }
        case "coin-screen":
            screenRule(coinScreen) { WorkbenchCoinScreen.rule(app: $0, randomCount: count) }
        case "portfolio-tab":
            screenRule(portfolioTab) { WorkbenchPortfolioTab.rule(app: $0, randomCount: count) }
        case "search-sheet":
            screenRule(searchSheet) { WorkbenchSearchSheet.rule(app: $0, randomCount: count) }
        case "add-transaction":
            screenRule(addTransaction) { WorkbenchAddTransaction.rule(app: $0, randomCount: count) }
        case "widget":
            screenRule(widget) { WorkbenchWidget.rule(app: $0, randomCount: count) }
        default: nil
        }
    }

    /// A behaviour rule's check: the screens' serial executor set up first.
    private func screenRule(
        _ app: ScreenApp?, _ rule: (@escaping ScreenApp) -> RuleCheck<ScreenCase, ScreenOutput>
    ) -> ((UInt64) async -> RuleResult)? {
        guard let app else { return nil }
        prepareScreens?()
        return rule(app).run
    }
}
