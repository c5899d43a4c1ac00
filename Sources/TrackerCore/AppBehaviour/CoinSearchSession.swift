/// One search sheet's requests, as a clock-free state machine: keystrokes in, loads and wakes out.
///
/// The app (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Features/Watchlist/ViewModels/CoinSearchViewModel.swift`;
/// the same view model serves `CoinSearchView` and the Portfolio tab's `CoinPickerView`):
/// - the sheet's `.task` calls `loadCoinList()`: `/coins/list`, unless
///   `CoinGeckoService.fetchCoinList()` holds it (7 days, for the life of the process);
/// - each keystroke (`performSearch()`) cancels the pending search and, for a non-empty query,
///   waits 300 ms; a query that survives its debounce filters the coin list *as loaded so far*
///   and ranks it (``AppSearchRanking``), then asks `fetchMarketData(coinIds:)` (the shared
///   market cache and limiter) for every match, none when nothing matched;
/// - the answer's market caps order the results and the top 50 show; a failed request keeps the
///   ranking.
public struct CoinSearchSession: Sendable, Equatable {
    /// What the shell must do.
    public enum Action: Sendable, Equatable {
        /// Fetch `/coins/list`; report with ``coinListLoaded(_:)``.
        case fetchCoinList
        /// Call ``debounceEnded(token:)`` at this time.
        case wake(token: Int, at: Int64)
        /// Fetch market data of these ids through the market cache; report with
        /// ``marketDataArrived(token:marketCaps:)``.
        case fetchMarketData(ids: [String], token: Int)
        /// The results on screen changed.
        case showResults([CoinListEntry])
    }

    /// The debounce, ms (the app's: 300).
    public static let debounceMilliseconds: Int64 = 300

    /// The coin list as loaded.
    public private(set) var coins: [CoinListEntry]
    /// The query typed.
    public private(set) var query = ""
    /// The results shown.
    public private(set) var results: [CoinListEntry] = []
    private var token = 0
    private var ranked: [CoinListEntry] = []

    /// Creates a sheet's search.
    ///
    /// - Parameter cachedCoinList: The process's cached coin list, if the app holds one.
    public init(cachedCoinList: [CoinListEntry]?) {
        coins = cachedCoinList ?? []
        needsList = cachedCoinList == nil
    }

    private let needsList: Bool

    /// The sheet appears.
    ///
    /// - Returns: The coin list's fetch, unless the process holds it.
    public func open() -> [Action] { needsList ? [.fetchCoinList] : [] }

    /// The coin list arrived.
    ///
    /// - Parameter list: The coins.
    public mutating func coinListLoaded(_ list: [CoinListEntry]) { coins = list }

    /// A keystroke: the query is now `text`.
    ///
    /// - Parameters:
    ///   - text: The whole query.
    ///   - now: The time.
    /// - Returns: The debounce's wake; for an empty query, the cleared results.
    public mutating func type(_ text: String, at now: Int64) -> [Action] {
        query = text
        token += 1
        guard !text.isEmpty else {
            results = []
            return [.showResults([])]
        }
        return [.wake(token: token, at: now + Self.debounceMilliseconds)]
    }

    /// The debounce of a keystroke ended.
    ///
    /// - Parameter token: The wake's token.
    /// - Returns: The market-data fetch of every match; the empty results when nothing matched;
    ///   nothing when a later keystroke cancelled this one.
    public mutating func debounceEnded(token: Int) -> [Action] {
        guard token == self.token else { return [] }
        ranked = AppSearchRanking.rankedMatches(of: query, in: coins)
        guard !ranked.isEmpty else {
            results = []
            return [.showResults([])]
        }
        return [.fetchMarketData(ids: ranked.map(\.id), token: token)]
    }

    /// Whether a fetch's answer still matters (a later keystroke cancelled the search that asked).
    ///
    /// - Parameter token: The fetch's token.
    public func isCurrent(token: Int) -> Bool { token == self.token }

    /// The market data of the matches arrived (or failed: no market caps).
    ///
    /// - Parameters:
    ///   - token: The fetch's token.
    ///   - marketCaps: Market caps by id; empty after a failure.
    /// - Returns: The results shown.
    public mutating func marketDataArrived(token: Int, marketCaps: [String: Double]) -> [Action] {
        guard token == self.token else { return [] }
        results = AppSearchRanking.shown(ranked, marketCaps: marketCaps)
        return [.showResults(results)]
    }
}
