/// The watchlist screen's logic: the coins in the user's order, their latest quotes, sorting,
/// refresh requests and the rows shown.
///
/// A value type with time as an argument: the app (or the simulator) owns one, applies each
/// refresh to it, and persists its entries through `Persistence`'s `WatchlistStore`.
public struct Watchlist: Sendable, Equatable {
    /// The coins, in the user's order.
    public private(set) var entries: [WatchlistEntry]
    /// Coins the last refresh left out.
    public private(set) var unavailable: Set<String> = []
    /// The size past which ``softLimitWarning`` warns (the spec: warn at 100-200 coins).
    public var softLimit: Int
    /// The coin ids in the user's order, kept with ``entries``: the simulator asks after every
    /// event, and one array kept (not mapped again) compares equal to itself at once.
    public private(set) var coinIds: [String]
    /// What is known of each listed coin, in ``coinIds``' order: a refresh answered in the
    /// list's order updates its rows by position, without hashing an id (a 100-coin refresh
    /// hashed each id twice, to learn its name and to keep its quote).
    private var slots: [Slot]
    /// Each listed coin's place in ``coinIds`` (its first, should a stored list repeat a coin).
    private(set) var positions: [String: Int]
    /// Names and symbols of coins not on the list (given, or of coins removed).
    private var unlisted: [String: CoinListEntry]
    /// Quotes of coins no longer listed that an answer asked for them still brought, under the
    /// app's rule (``MissingRowRule/appCompactMap``): the app's view model shows such a row
    /// again when a load that read the list before the removal ends
    /// (`WatchlistViewModel.loadWatchlistWithPrices()` joins the items it fetched before its
    /// request), and its loop refreshes it.
    public internal(set) var offListQuotes: [String: WatchlistQuote] = [:]

    /// A listed coin's name and symbol, and its latest quote.
    private struct Slot: Sendable, Equatable {
        var coin: CoinListEntry?
        var quote: WatchlistQuote?

        /// Keeps a name and symbol, rewritten only when they changed (nearly never).
        mutating func learn(_ coin: CoinListEntry) {
            if self.coin != coin { self.coin = coin }
        }
    }

    /// Names and symbols of the coins, as far as known (from adding, or from market data).
    public var coins: [String: CoinListEntry] {
        var known = unlisted
        for (coinId, slot) in zip(coinIds, slots) { known[coinId] = slot.coin }
        return known
    }

    /// The latest quote per coin.
    public var quotes: [String: WatchlistQuote] {
        var latest: [String: WatchlistQuote] = [:]
        for (coinId, slot) in zip(coinIds, slots) { latest[coinId] = slot.quote }
        return latest
    }

    /// A coin's latest quote; nil for a coin without one, or not on the list.
    ///
    /// - Parameter coinId: The coin.
    public func quote(for coinId: String) -> WatchlistQuote? {
        positions[coinId].flatMap { slots[$0].quote }
    }

    /// The name and symbol of the coin at a place in the list, if known.
    func knownCoin(at position: Int) -> CoinListEntry? {
        slots[position].coin
    }

    /// The latest quote of the coin at a place in the list.
    ///
    /// - Parameter position: An index of ``coinIds``.
    public func quote(at position: Int) -> WatchlistQuote? {
        slots[position].quote
    }

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
        var known = Dictionary(coins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        slots = coinIds.map { Slot(coin: known[$0]) }
        for coinId in coinIds { known[coinId] = nil }
        unlisted = known
        positions = [:]
        self.softLimit = softLimit
        indexPositions()
    }

    /// Drops every quote (the view model's prices, gone with the process); the coins, their
    /// order and names stay (SwiftData's).
    public mutating func forgetQuotes() {
        for index in slots.indices { slots[index].quote = nil }
        offListQuotes.removeAll()
    }

    /// Whether a coin is on the list.
    ///
    /// - Parameter coinId: The coin.
    public func contains(_ coinId: String) -> Bool {
        positions[coinId] != nil
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
        positions[coin.id] = entries.count
        entries.append(entry)
        coinIds.append(coin.id)
        slots.append(Slot(coin: coin))
        unlisted[coin.id] = nil
        if !offListQuotes.isEmpty { offListQuotes[coin.id] = nil }
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
        let removed = slots.remove(at: index)
        renumber()
        // Its quote goes, from a repeat of it too; its name stays known.
        if positions[coinId] == nil {
            unlisted[coinId] = removed.coin
        } else {
            updateSlots(of: coinId) { $0.quote = nil }
        }
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
        let slot = slots.remove(at: index)
        let target = min(max(position, 0), entries.count)
        entries.insert(entry, at: target)
        slots.insert(slot, at: target)
        renumber()
    }

    /// Keeps a listed coin's quote.
    mutating func record(_ quote: WatchlistQuote, for coinId: String) {
        updateSlots(of: coinId) { $0.quote = quote }
        if !unavailable.isEmpty { unavailable.remove(coinId) }
    }

    /// Keeps the quote of the coin at `position`, a coin the list holds once.
    mutating func record(_ quote: WatchlistQuote, at position: Int) {
        slots[position].quote = quote
        if !unavailable.isEmpty { unavailable.remove(coinIds[position]) }
    }

    /// Keeps a coin's name and symbol.
    mutating func learn(_ coin: CoinListEntry) {
        guard positions[coin.id] != nil else {
            unlisted[coin.id] = coin
            return
        }
        updateSlots(of: coin.id) { $0.learn(coin) }
    }

    /// Keeps the name and symbol of the coin at `position`, a coin the list holds once.
    mutating func learn(_ coin: CoinListEntry, at position: Int) {
        slots[position].learn(coin)
    }

    mutating func markUnavailable(_ coinId: String) {
        unavailable.insert(coinId)
    }

    /// Whether no coin is listed twice (a stored list could repeat one): then each coin has one
    /// place, and a refresh may update it by position.
    var listsEachCoinOnce: Bool { positions.count == coinIds.count }

    /// Updates the slot of each place of a coin in the list: none, one, or (a stored list
    /// repeating it) more.
    private mutating func updateSlots(of coinId: String, _ update: (inout Slot) -> Void) {
        guard let first = positions[coinId] else { return }
        update(&slots[first])
        guard !listsEachCoinOnce else { return }
        for position in coinIds.indices where position > first && coinIds[position] == coinId {
            update(&slots[position])
        }
    }

    /// Positions the entries in order, and keeps ``coinIds`` and the places with them.
    private mutating func renumber() {
        for index in entries.indices { entries[index].position = index }
        coinIds = entries.map(\.coinId)
        indexPositions()
    }

    /// Finds each coin's first place again.
    private mutating func indexPositions() {
        positions.removeAll(keepingCapacity: true)
        for (position, coinId) in coinIds.enumerated() where positions[coinId] == nil {
            positions[coinId] = position
        }
    }
}
