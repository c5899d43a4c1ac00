/// One watchlist row as the screen shows it.
public struct WatchlistRow: Sendable, Equatable {
    /// Which way the 24 h change points (the row's colour and arrow).
    public enum Direction: String, Sendable, Equatable {
        /// Up: green.
        case up
        /// Down: red.
        case down
        /// Exactly 0.
        case flat
        /// No change known.
        case unknown
    }

    /// The coin id.
    public var coinId: String
    /// The display name (the id until the coin's name is known).
    public var name: String
    /// The symbol, upper case as the app shows it.
    public var symbol: String
    /// The price; nil when unavailable.
    public var price: Double?
    /// The 24 h change in percent; nil when unavailable.
    public var change24hPercent: Double?
    /// The market cap, the default sort key; nil when unknown.
    public var marketCap: Double?
    /// The sign of the change.
    public var direction: Direction
    /// Milliseconds since the app received this coin's data; nil if it never did.
    public var ageMilliseconds: Int64?
    /// Whether the last refresh left this coin out (delisted, or cut off by paging), or it was
    /// never priced: the row says "Data unavailable" and offers removal.
    public var isUnavailable: Bool

    /// "Data unavailable", or "last updated 2 minutes ago".
    public var statusText: String {
        if isUnavailable { return "Data unavailable" }
        return AgeText.lastUpdated(ageMilliseconds: ageMilliseconds ?? 0)
    }
}
