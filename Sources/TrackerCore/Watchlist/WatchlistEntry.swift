/// A coin on the watchlist, in the user's order.
public struct WatchlistEntry: Sendable, Equatable, Hashable {
    /// CoinGecko's coin id.
    public var coinId: String
    /// The position in the user's order, 0 first.
    public var position: Int
    /// When it was added, epoch ms.
    public var addedAt: Int64

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - coinId: The coin id.
    ///   - position: Its position, 0 first.
    ///   - addedAt: When it was added.
    public init(coinId: String, position: Int, addedAt: Int64) {
        self.coinId = coinId
        self.position = position
        self.addedAt = addedAt
    }
}
