import CommandLineShell
import Foundation
import Persistence
import TrackerCore

/// What the app keeps between launches, as it keeps them in SwiftData: the watchlist and the
/// ledger, in an app-data database (`workbench live --state FILE`).
struct LiveState {
    let path: String
    let watchlist: WatchlistStore
    let portfolio: PortfolioStore
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
                portfolio: PortfolioStore(database: database))
        } catch {
            throw .badInput("--state: \(path): \(error)")
        }
    }

    /// Launches the app with what is stored: a stored watchlist replaces the scenario's (a coin
    /// the scenario does not list keeps its id as its name), and the stored ledger comes first.
    /// An empty store leaves the scenario's launch as it is.
    ///
    /// - Parameter setup: The scenario's launch.
    mutating func load(into setup: inout AppSetup) throws(CLIError) {
        do {
            let entries = try watchlist.entries()
            if !entries.isEmpty {
                let known = Dictionary(
                    (setup.watchlist ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                setup.watchlist = entries.map {
                    known[$0.coinId] ?? CoinListEntry(id: $0.coinId, symbol: $0.coinId, name: $0.coinId)
                }
            }
            setup.transactions = try portfolio.transactions()
            storedTransactions = setup.transactions.count
        } catch {
            throw .badInput("--state: \(path): \(error)")
        }
    }

    /// Stores the app's watchlist as it ended, and the transactions the run recorded. Only what
    /// changed is written (coins removed, coins added, then each moved to its place), so a failure
    /// part way never leaves the stored list emptied.
    ///
    /// - Parameter app: The app at the end.
    func save(_ app: TrackerApp) throws(CLIError) {
        do {
            let ended = app.watchlist.entries
            let endedIds = Set(ended.map(\.coinId))
            var storedIds = Set<String>()
            for entry in try watchlist.entries() {
                if endedIds.contains(entry.coinId) {
                    storedIds.insert(entry.coinId)
                } else {
                    try watchlist.remove(coinId: entry.coinId)
                }
            }
            for entry in ended where !storedIds.contains(entry.coinId) {
                try watchlist.add(coinId: entry.coinId, at: entry.addedAt)
            }
            for (position, entry) in ended.enumerated() {
                try watchlist.move(coinId: entry.coinId, to: position)
            }
            for transaction in app.transactions.dropFirst(storedTransactions) {
                _ = try portfolio.append(transaction)
            }
        } catch {
            throw .badInput("--state: \(path): the run's watchlist and trades were not stored: \(error)")
        }
    }
}
