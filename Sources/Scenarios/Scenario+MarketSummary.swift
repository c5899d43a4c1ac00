import PriceModels

extension Scenario.SyntheticMarket {
    /// How the coins move together, for the report; nil when each moves on its own.
    public var correlationSummary: String? {
        switch correlation {
        case .independent:
            return nil
        case .oneFactor(let correlations):
            let moving = correlations.filter { $0.value > 0 }
            let values = Set(moving.values).sorted()
            let range = values.count == 1 ? "\(values[0])" : "\(values.first ?? 0) to \(values.last ?? 0)"
            return "one market factor: \(moving.count) coins, pairwise \(range)"
                + (moving.count < coins.count ? ", \(coins.count - moving.count) on their own" : "")
        case .matrix(let ids, _):
            return "matrix over \(ids.count) coins: \(ids.joined(separator: ", "))"
        }
    }
}
