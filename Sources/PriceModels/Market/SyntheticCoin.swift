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

    /// Checks the parameters against what a path does with them: a dry run of a year of daily
    /// steps (seed 0) must keep the price positive and finite. Parameters that pass
    /// ``validate()`` one by one can still overflow together (a volatility of 1e300); this finds
    /// them when the scenario is read, not when it is run. A path that overflows only later, at
    /// the run's own seed and steps, is still refused by the run.
    ///
    /// - Throws: ``PriceModelError/invalidPath(coinId:detail:)``.
    public func checkFirstYear() throws(PriceModelError) {
        _ = try MarketPaths.generate(
            coins: [self], rootSeed: 0, start: 0, stepMilliseconds: 86_400_000, steps: 365)
    }
}
