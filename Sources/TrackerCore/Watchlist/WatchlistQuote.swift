/// What the last refresh said about one coin: the numbers a watchlist row shows.
public struct WatchlistQuote: Sendable, Equatable {
    /// The price in the watchlist's currency.
    public var price: Double?
    /// The 24 h change in percent.
    public var change24hPercent: Double?
    /// The market cap (absent from `/simple/price` refreshes).
    public var marketCap: Double?
    /// When CoinGecko last updated the coin, epoch ms, if it said.
    public var sourceUpdatedAt: Int64?
    /// When the app received the refresh, epoch ms.
    public var receivedAt: Int64

    /// Creates a quote.
    ///
    /// - Parameters:
    ///   - price: The price.
    ///   - change24hPercent: The 24 h change in percent.
    ///   - marketCap: The market cap.
    ///   - sourceUpdatedAt: CoinGecko's update time.
    ///   - receivedAt: When the refresh arrived.
    public init(
        price: Double?, change24hPercent: Double?, marketCap: Double?, sourceUpdatedAt: Int64?,
        receivedAt: Int64
    ) {
        self.price = price
        self.change24hPercent = change24hPercent
        self.marketCap = marketCap
        self.sourceUpdatedAt = sourceUpdatedAt
        self.receivedAt = receivedAt
    }
}
