/// One portfolio case: trades in the order entered, and the coins the last price load priced.
/// Amounts and prices are decimal text, as the app's entry form turns them into `Decimal`.
public struct LedgerCase: Codable, Sendable, Equatable {
    /// One trade.
    public struct Trade: Codable, Sendable, Equatable {
        /// The coin.
        public var coin: String
        /// A sale, else a purchase.
        public var sell: Bool
        /// Coins, as decimal text.
        public var amount: String
        /// Price per coin, as decimal text.
        public var price: String
        /// When, in seconds since 1970 (trades may share a second).
        public var time: Int64

        /// A trade.
        public init(coin: String, sell: Bool, amount: String, price: String, time: Int64) {
            (self.coin, self.sell, self.amount, self.price, self.time) = (coin, sell, amount, price, time)
        }
    }

    /// The trades, as entered.
    public var trades: [Trade]
    /// Each priced coin's price, as decimal text; a coin not here has no price.
    public var prices: [String: String]

    /// A case.
    public init(trades: [Trade], prices: [String: String]) { (self.trades, self.prices) = (trades, prices) }

    /// Smaller cases: without one trade, without one price, an amount or price made simpler.
    public var shrunk: [LedgerCase] {
        var smaller: [LedgerCase] = []
        for index in trades.indices {
            var fewer = trades
            fewer.remove(at: index)
            smaller.append(LedgerCase(trades: fewer, prices: prices))
        }
        for coin in prices.keys.sorted() {
            var fewer = prices
            fewer[coin] = nil
            smaller.append(LedgerCase(trades: trades, prices: fewer))
        }
        for (index, trade) in trades.enumerated() {
            for simpler in ["1", "2"] where trade.price != simpler {
                var changed = trades
                changed[index].price = simpler
                smaller.append(LedgerCase(trades: changed, prices: prices))
            }
        }
        return smaller
    }
}

/// What the Portfolio tab shows for a case: each open holding (coin, amount, average cost,
/// value) and the summary's totals, as numbers.
public struct LedgerOutput: Codable, Sendable, Equatable {
    /// The shown holdings, by coin: amount, average cost, value.
    public var holdings: [String: [Double]]
    /// Total value, unrealised P&L, realised P&L.
    public var totals: [Double]
    /// Why the history was refused (the app refuses none).
    public var refused: String?

    /// An output.
    public init(holdings: [String: [Double]], totals: [Double], refused: String? = nil) {
        (self.holdings, self.totals, self.refused) = (holdings, totals, refused)
    }

    /// Where the app's output (self) and the workbench's differ, nil when they match.
    public func difference(from tracker: LedgerOutput) -> String? {
        if let refused = tracker.refused { return "the workbench refused the history: \(refused)" }
        if holdings.keys.sorted() != tracker.holdings.keys.sorted() {
            return
                "holdings shown differ: \(holdings.keys.sorted()) against \(tracker.holdings.keys.sorted())"
        }
        for coin in holdings.keys.sorted()
        where !NumberMatch.matches(holdings[coin]!, tracker.holdings[coin]!) {
            return "the \(coin) holding differs"
        }
        let names = ["total value", "unrealised P&L", "realised P&L"]
        for index in totals.indices where !NumberMatch.matches(totals[index], tracker.totals[index]) {
            return "\(names[index]) differs"
        }
        return nil
    }
}
