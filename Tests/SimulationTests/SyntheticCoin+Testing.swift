import PriceModels

extension SyntheticCoin {
    /// A coin for a test: the id is also its symbol, its name the id in capitals, a million in
    /// circulation.
    static func testing(_ id: String, price: Double, _ model: PriceModel) -> SyntheticCoin {
        SyntheticCoin(
            id: id, symbol: id, name: id.uppercased(), circulatingSupply: 1e6, startPrice: price, model: model
        )
    }
}
