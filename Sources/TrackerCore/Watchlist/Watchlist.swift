/// The watchlist screen's logic: the coins in the user's order, their latest quotes, sorting,
/// refresh requests and the rows shown.
///
/// A value type with time as an argument: the app (or the simulator) owns one, applies each
/// refresh to it, and persists its entries through `Persistence`'s `WatchlistStore`.
public struct Watchlist: Sendable, Equatable {
    /// The coins, in the user's order.
    public private(set) var entries: [WatchlistEntry]
    /// Names and symbols of the coins, as far as known (from adding, or from market data).
    public private(set) var coins: [String: CoinListEntry]
    /// The latest quote per coin.
    public private(set) var quotes: [String: WatchlistQuote] = [:]
    /// Coins the last refresh left out.
    public private(set) var unavailable: Set<String> = []
    /// The size past which ``softLimitWarning`` warns (the spec: warn at 100-200 coins).
    public var softLimit: Int
    /// The listed coins' ids, kept with ``entries``: a refresh checks every row against them, and
    /// a list of 1,000 coins refreshed in four batches hashed all 1,000 ids for each batch.
    private(set) var listedIds: Set<String>
    /// The coin ids in the user's order, kept with ``entries``: the simulator asks after every
    /// event, and one array kept (not mapped again) compares equal to itself at once.
    public private(set) var coinIds: [String]

    /// The soft limit's default: CoinGecko's default `/coins/markets` page size.
    public static let defaultSoftLimit = 100

    /// Creates a watchlist.
    ///
    /// - Parameters:
    ///   - entries: Stored entries, in any order (they are ordered by position).
    ///   - coins: Known names and symbols.
    ///   - softLimit: The size past which to warn.
    public init(
        entries: [WatchlistEntry] = [], coins: [CoinListEntry] = [], softLimit: Int = defaultSoftLimit
    ) {
        self.entries = entries.sorted { ($0.position, $0.coinId) < ($1.position, $1.coinId) }
        coinIds = self.entries.map(\.coinId)
        listedIds = Set(coinIds)
        self.coins = Dictionary(coins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.softLimit = softLimit
    }

    /// Whether a coin is on the list.
    ///
    /// - Parameter coinId: The coin.
    public func contains(_ coinId: String) -> Bool {
        listedIds.contains(coinId)
    }

    /// A warning once the list is longer than ``softLimit``; nil otherwise.
    public var softLimitWarning: String? {
        guard entries.count > softLimit else { return nil }
        return "Your watchlist has \(entries.count) coins; more than \(softLimit) makes each refresh "
            + "larger and slower and uses more of the API's rate limit"
    }

    /// Adds a coin at the end.
    ///
    /// - Parameters:
    ///   - coin: The coin (from search).
    ///   - time: When, epoch ms.
    /// - Returns: The new entry.
    /// - Throws: ``WatchlistError/alreadyInWatchlist(coinId:name:)``; the list is unchanged then.
    @discardableResult
    public mutating func add(_ coin: CoinListEntry, at time: Int64) throws(WatchlistError) -> WatchlistEntry {
        guard !contains(coin.id) else { throw .alreadyInWatchlist(coinId: coin.id, name: coin.name) }
        let entry = WatchlistEntry(coinId: coin.id, position: entries.count, addedAt: time)
        entries.append(entry)
        coinIds.append(coin.id)
        listedIds.insert(coin.id)
        coins[coin.id] = coin
        return entry
    }

    /// Removes a coin; the coins after it move up.
    ///
    /// - Parameter coinId: The coin.
    /// - Throws: ``WatchlistError/notInWatchlist(coinId:)``.
    public mutating func remove(coinId: String) throws(WatchlistError) {
        guard let index = entries.firstIndex(where: { $0.coinId == coinId }) else {
            throw .notInWatchlist(coinId: coinId)
        }
        entries.remove(at: index)
        if !entries.contains(where: { $0.coinId == coinId }) { listedIds.remove(coinId) }
        renumber()
        quotes[coinId] = nil
        unavailable.remove(coinId)
    }

    /// Moves a coin to a position (clamped to the list).
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - position: The new position, 0 first.
    /// - Throws: ``WatchlistError/notInWatchlist(coinId:)``.
    public mutating func move(coinId: String, to position: Int) throws(WatchlistError) {
        guard let index = entries.firstIndex(where: { $0.coinId == coinId }) else {
            throw .notInWatchlist(coinId: coinId)
        }
        let entry = entries.remove(at: index)
        entries.insert(entry, at: min(max(position, 0), entries.count))
        renumber()
    }

    mutating func record(_ quote: WatchlistQuote, for coinId: String) {
        quotes[coinId] = quote
        if !unavailable.isEmpty { unavailable.remove(coinId) }
    }

    mutating func learn(_ coin: CoinListEntry) {
        // Found once; rewritten only when the name or symbol changed (nearly never).
        if let known = coins.index(forKey: coin.id) {
            if coins.values[known] != coin { coins.values[known] = coin }
        } else {
            coins[coin.id] = coin
        }
    }

    mutating func markUnavailable(_ coinId: String) {
        unavailable.insert(coinId)
    }

    /// Positions the entries in order, and keeps ``coinIds`` with them.
    private mutating func renumber() {
        for index in entries.indices { entries[index].position = index }
        coinIds = entries.map(\.coinId)
    }
}
