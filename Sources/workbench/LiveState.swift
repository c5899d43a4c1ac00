import CommandLineShell
import Foundation
import Persistence
import TrackerCore

/// What the app keeps between launches, as it keeps them in SwiftData: the watchlist and the
/// ledger, in an app-data database (`workbench live --state FILE`), and the chart cache
/// (`CachedChartData`) in a chart-cache database beside it (``chartCachePath(for:)``), which is
/// disposable: a damaged one is rebuilt empty.
struct LiveState {
    let path: String
    let watchlist: WatchlistStore
    let portfolio: PortfolioStore
    /// The chart cache's file, opened at launch with the app's cache content.
    let chartsFile: String
    private(set) var charts: PersistentChartCache?
    /// How many transactions were stored when the run began (the app's ledger starts with them).
    private(set) var storedTransactions = 0

    /// Opens (or creates) the database.
    ///
    /// - Parameter path: The user's path, named in every message.
    static func open(_ path: String) throws(CLIError) -> LiveState {
        let file = try InputFiles.givenFile(path, option: "--state", example: "out/app-state.sqlite")
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: file).deletingLastPathComponent(), withIntermediateDirectories: true)
            let database = try WorkbenchDatabase.open(.appData, at: file)
            return LiveState(
                path: path, watchlist: WatchlistStore(database: database),
                portfolio: PortfolioStore(database: database), chartsFile: chartCachePath(for: file))
        } catch {
            throw .badInput("--state: \(path): \(error)")
        }
    }

    /// Launches the app with what is stored, by the app's rule (``AppStorage/launch(_:restoring:)``).
    ///
    /// - Parameter setup: The scenario's launch.
    mutating func load(into setup: inout AppSetup) throws(CLIError) {
        do {
            let charts = try PersistentChartCache(path: chartsFile, content: setup.policies.chartCacheContent)
            if let notice = charts.database.rebuildNotice {
                ErrorOutput.report("warning: --state: \(notice)")
            }
            self.charts = charts
            let stored = AppStorage.Stored(
                watchlist: try watchlist.entries(), transactions: try portfolio.transactions(),
                charts: try charts.entries())
            setup = AppStorage.launch(setup, restoring: stored)
            storedTransactions = stored.transactions.count
        } catch {
            throw .badInput("--state: \(path): \(error)")
        }
    }

    /// Stores the app as it ended: the writes ``AppStorage/changes(from:to:storedTransactions:)``
    /// lists, in order (so a failure part way never leaves the stored list emptied).
    ///
    /// - Parameter app: The app at the end.
    func save(_ app: TrackerApp) throws(CLIError) {
        do {
            let stored = AppStorage.Stored(
                watchlist: try watchlist.entries(), transactions: [], charts: try charts?.entries() ?? [])
            for change in AppStorage.changes(
                from: stored, to: .of(app), storedTransactions: storedTransactions)
            {
                switch change {
                case .remove(let coinId): try watchlist.remove(coinId: coinId)
                case .add(let coinId, let addedAt): _ = try watchlist.add(coinId: coinId, at: addedAt)
                case .move(let coinId, let position): try watchlist.move(coinId: coinId, to: position)
                case .append(let transaction): _ = try portfolio.append(transaction)
                case .storeChart(let chart):
                    try charts?.store(
                        chart.payload, for: chart.key, ttlMilliseconds: chart.ttlMilliseconds,
                        at: chart.storedAt)
                case .removeChart(let key): try charts?.remove(key)
                }
            }
        } catch {
            throw .badInput(
                "--state: \(path): the run's watchlist, trades and charts were not stored: \(error)")
        }
    }

    /// The chart cache's file beside the state file: `app-state.sqlite` keeps its charts in
    /// `app-state.charts.sqlite` (any other name gets `.charts.sqlite` appended).
    ///
    /// - Parameter stateFile: The state file.
    static func chartCachePath(for stateFile: String) -> String {
        let suffix = ".sqlite"
        return stateFile.hasSuffix(suffix)
            ? String(stateFile.dropLast(suffix.count)) + ".charts.sqlite" : stateFile + ".charts.sqlite"
    }
}
