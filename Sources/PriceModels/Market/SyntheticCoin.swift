/// A coin of a synthetic market: its identity, supply, first price and price model.
public struct SyntheticCoin: Sendable, Equatable {
    /// CoinGecko-style id (`bitcoin`).
    public var id: String
    /// Symbol (`btc`).
    public var symbol: String
    /// Name (`Bitcoin`).
    public var name: String
    /// Coins in circulation; market cap is price times supply.
    public var circulatingSupply: Double
    /// The price at the start of the period.
    public var startPrice: Double
    /// How the price moves.
    public var model: PriceModel

    /// Creates a coin.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - symbol: The symbol.
    ///   - name: The name.
    ///   - circulatingSupply: Coins in circulation, > 0.
    ///   - startPrice: The first price, > 0.
    ///   - model: The price model.
    public init(
        id: String, symbol: String, name: String, circulatingSupply: Double, startPrice: Double,
        model: PriceModel
    ) {
        self.id = id
        self.symbol = symbol
        self.name = name
        self.circulatingSupply = circulatingSupply
        self.startPrice = startPrice
        self.model = model
    }

    /// Checks supply, start price and the model.
    ///
    /// - Throws: ``PriceModelError`` naming the coin and parameter.
    public func validate() throws(PriceModelError) {
        let check = ParameterCheck(model: "coin \(id)")
        try check.positive("circulating_supply", circulatingSupply)
        try check.positive("start_price", startPrice)
        try model.process.validate()
    }
}
