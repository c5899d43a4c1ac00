import WorkbenchFoundation

/// A `/search` response: the coins CoinGecko matched (exchanges, categories and NFTs are counted,
/// not modelled; the tracker searches coins).
public struct SearchResults: Sendable, Equatable {
    /// One matched coin.
    public struct Coin: Sendable, Equatable {
        /// The coin id.
        public var id: String
        /// The name.
        public var name: String
        /// The symbol (upper case in `/search`).
        public var symbol: String
        /// The market-cap rank, when ranked.
        public var marketCapRank: Int?
        /// The thumbnail URL.
        public var thumb: String?

        /// Creates a match.
        ///
        /// - Parameters:
        ///   - id: The coin id.
        ///   - name: The name.
        ///   - symbol: The symbol.
        ///   - marketCapRank: The rank, if known.
        ///   - thumb: The thumbnail URL.
        public init(id: String, name: String, symbol: String, marketCapRank: Int? = nil, thumb: String? = nil)
        {
            self.id = id
            self.name = name
            self.symbol = symbol
            self.marketCapRank = marketCapRank
            self.thumb = thumb
        }
    }

    /// The matched coins, in CoinGecko's order.
    public var coins: [Coin]
    /// How many entries each other list (`exchanges`, `categories`, `nfts`, ...) held.
    public var otherCounts: [String: Int]

    /// Creates results.
    ///
    /// - Parameters:
    ///   - coins: The coins.
    ///   - otherCounts: Counts of the other lists.
    public init(coins: [Coin], otherCounts: [String: Int] = [:]) {
        self.coins = coins
        self.otherCounts = otherCounts
    }

    /// Decodes a response.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    /// - Returns: The results.
    /// - Throws: ``LocatedDecodingError`` naming the JSON path of the first problem.
    public static func decode<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> SearchResults where Bytes.Element == UInt8 {
        try withJSONDocument(data, source: source) { cursor throws(LocatedDecodingError) in
            var results = SearchResults(coins: [])
            var sawCoins = false
            try cursor.readObject(path: "$") { cursor, key throws(LocatedDecodingError) in
                // Built only for an error message.
                func at() -> String { "$".member(key) }
                if key == "coins" {
                    sawCoins = true
                    results.coins = try cursor.readObjects(path: at()) {
                        cursor, path throws(LocatedDecodingError) in
                        try Coin(cursor: &cursor, path: path)
                    }
                } else {
                    var count = 0
                    try cursor.readArray(path: at()) { cursor, index throws(LocatedDecodingError) in
                        try cursor.skipValue(path: at().element(index))
                        count += 1
                    }
                    results.otherCounts[key] = count
                }
            }
            guard sawCoins else { throw cursor.missingMember("coins", objectStart: 0, path: "$") }
            return results
        }
    }
}

extension SearchResults.Coin {
    /// Reads one coin; `path` builds its JSON path, for an error.
    init(cursor: inout JSONCursor, path: () -> String) throws(LocatedDecodingError) {
        let start = cursor.startOfNextToken()
        var fields: [String: String] = [:]
        var rank: Int?
        var thumb: String?
        try cursor.readObject(path: path()) { cursor, key throws(LocatedDecodingError) in
            // Built only for an error message.
            func at() -> String { path().member(key) }
            switch key {
            case "id", "name", "symbol": fields[key] = try cursor.readString(path: at())
            case "market_cap_rank": rank = try cursor.readNullableInteger(path: at())
            case "thumb": thumb = try cursor.readNullableString(path: at())
            default: try cursor.skipValue(path: at())
            }
        }
        let values = try cursor.required(
            ["id", "name", "symbol"], in: fields, objectStart: start, path: path())
        self.init(id: values[0], name: values[1], symbol: values[2], marketCapRank: rank, thumb: thumb)
    }
}
