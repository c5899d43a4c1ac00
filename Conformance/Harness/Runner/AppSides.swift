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
}
