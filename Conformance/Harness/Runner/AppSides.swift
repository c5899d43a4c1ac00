import ConformanceCases

/// The app's side of each rule that was extracted (`IncludedRules.swift`, written by
/// `workbench conformance diff`, fills it in); nil for a rule whose app code could not be.
struct AppSides: Sendable {
    /// The line chart.
    var lineChart: (@Sendable (ChartCase) -> ChartOutput)?
    /// The candle chart.
    var candleChart: (@Sendable (ChartCase) -> ChartOutput)?
    /// The chart cache.
    var chartCache: (@Sendable (CacheCase) -> CacheOutput)?
    /// The Portfolio tab.
    var ledger: (@Sendable (LedgerCase) -> LedgerOutput)?
}
