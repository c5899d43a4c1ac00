/// One search case: the coin list, what the search's market-data load returned for each coin
/// (a market cap, `nil` for a JSON `null`, absent when the coin was not returned), and the query.
public struct SearchCase: Codable, Sendable, Equatable {
    /// One coin of `/coins/list`.
    public struct Coin: Codable, Sendable, Equatable {
        /// Its id.
        public var id: String
        /// Its symbol.
        public var symbol: String
        /// Its name.
        public var name: String

        /// A coin.
        public init(id: String, symbol: String, name: String) {
            (self.id, self.symbol, self.name) = (id, symbol, name)
        }
    }

    /// The query typed (never empty: the app does not search for an empty one).
    public var query: String
    /// The coin list, in the order the app holds it.
    public var coins: [Coin]
    /// Market caps returned, by coin id; `nil` for a `null` cap.
    public var caps: [String: Double?]

    /// A case.
    public init(query: String, coins: [Coin], caps: [String: Double?]) {
        (self.query, self.coins, self.caps) = (query, coins, caps)
    }

    /// Smaller cases: half the coins, one coin fewer, one cap fewer.
    public var shrunk: [SearchCase] {
        var smaller: [SearchCase] = []
        if coins.count > 1 {
            smaller.append(SearchCase(query: query, coins: Array(coins.prefix(coins.count / 2)), caps: caps))
            smaller.append(
                SearchCase(
                    query: query, coins: Array(coins.suffix(coins.count - coins.count / 2)), caps: caps))
        }
        for index in coins.indices {
            var fewer = coins
            fewer.remove(at: index)
            let kept = Set(fewer.map(\.id))
            smaller.append(
                SearchCase(query: query, coins: fewer, caps: caps.filter { kept.contains($0.key) }))
        }
        for id in caps.keys.sorted() {
            var fewer = caps
            fewer[id] = nil
            smaller.append(SearchCase(query: query, coins: coins, caps: fewer))
        }
        return smaller
    }
}

/// What the search shows: the ids of the results, in order.
public struct SearchOutput: Codable, Sendable, Equatable {
    /// The results' ids.
    public var ids: [String]

    /// An output.
    public init(ids: [String]) { self.ids = ids }

    /// Where the app's output (self) and the workbench's differ, nil when they match.
    public func difference(from tracker: SearchOutput) -> String? {
        if ids == tracker.ids { return nil }
        if Set(ids) != Set(tracker.ids) {
            return "different coins shown (\(ids.count) against \(tracker.ids.count))"
        }
        return "the same coins in another order"
    }
}
