import WorkbenchFoundation

/// The parts of a `/coins/{id}` response the coin screen shows.
///
/// The full response (126 KB for bitcoin) also carries descriptions, links, tickers and community
/// data; those members are skipped without building anything. The app requests the detail with
/// ``CoinGeckoRequests/coinDetail(id:)``'s flags.
public struct CoinDetail: Sendable, Equatable {
    /// Market numbers per currency (`current_price.usd`) and in absolute terms.
    public struct MarketData: Sendable, Equatable {
        /// Price per currency.
        public var currentPrice: [String: Double] = [:]
        /// Market cap per currency.
        public var marketCap: [String: Double] = [:]
        /// 24 h volume per currency.
        public var totalVolume: [String: Double] = [:]
        /// 24 h high per currency.
        public var high24h: [String: Double] = [:]
        /// 24 h low per currency.
        public var low24h: [String: Double] = [:]
        /// 24 h change in percent (of the USD price).
        public var priceChangePercentage24h: Double?
        /// Coins in circulation.
        public var circulatingSupply: Double?
        /// Total supply.
        public var totalSupply: Double?
        /// Maximum supply.
        public var maxSupply: Double?
        /// When the market data was updated, epoch ms.
        public var lastUpdated: Int64?

        /// Creates empty market data.
        public init() {}
    }

    /// The coin id.
    public var id: String
    /// The symbol.
    public var symbol: String
    /// The name.
    public var name: String
    /// The market-cap rank.
    public var marketCapRank: Int?
    /// The large image URL.
    public var imageLarge: String?
    /// Market data, absent when requested with `market_data=false`.
    public var marketData: MarketData?
    /// When the coin was updated, epoch ms.
    public var lastUpdated: Int64?

    /// Creates a detail.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - symbol: The symbol.
    ///   - name: The name.
    public init(id: String, symbol: String, name: String) {
        self.id = id
        self.symbol = symbol
        self.name = name
    }

    /// Decodes a response.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    /// - Returns: The detail.
    /// - Throws: ``LocatedDecodingError`` naming the JSON path of the first problem.
    public static func decode<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> CoinDetail where Bytes.Element == UInt8 {
        try withJSONDocument(data, source: source) { cursor throws(LocatedDecodingError) in
            var fields: [String: String] = [:]
            var detail = CoinDetail(id: "", symbol: "", name: "")
            try cursor.readObject(path: "$") { cursor, key throws(LocatedDecodingError) in
                // Built only for an error message.
                func at() -> String { "$".member(key) }
                switch key {
                case "id", "symbol", "name": fields[key] = try cursor.readString(path: at())
                case "market_cap_rank": detail.marketCapRank = try cursor.readNullableInteger(path: at())
                case "last_updated": detail.lastUpdated = try cursor.readNullableDate(path: at())
                case "image":
                    try cursor.readObject(path: at()) { cursor, size throws(LocatedDecodingError) in
                        let value = try cursor.readNullableString(path: at().member(size))
                        if size == "large" { detail.imageLarge = value }
                    }
                case "market_data":
                    detail.marketData = try cursor.readNullable { cursor throws(LocatedDecodingError) in
                        try MarketData(cursor: &cursor, path: at())
                    }
                default: try cursor.skipValue(path: at())
                }
            }
            let values = try cursor.required(["id", "symbol", "name"], in: fields, objectStart: 0, path: "$")
            (detail.id, detail.symbol, detail.name) = (values[0], values[1], values[2])
            return detail
        }
    }
}

extension CoinDetail.MarketData {
    init(cursor: inout JSONCursor, path: String) throws(LocatedDecodingError) {
        var data = Self()
        try cursor.readObject(path: path) { cursor, key throws(LocatedDecodingError) in
            // Built only for an error message.
            func at() -> String { path.member(key) }
            switch key {
            case "current_price": data.currentPrice = try cursor.readNumberMap(path: at())
            case "market_cap": data.marketCap = try cursor.readNumberMap(path: at())
            case "total_volume": data.totalVolume = try cursor.readNumberMap(path: at())
            case "high_24h": data.high24h = try cursor.readNumberMap(path: at())
            case "low_24h": data.low24h = try cursor.readNumberMap(path: at())
            case "price_change_percentage_24h":
                data.priceChangePercentage24h = try cursor.readNullableNumber(path: at())
            case "circulating_supply": data.circulatingSupply = try cursor.readNullableNumber(path: at())
            case "total_supply": data.totalSupply = try cursor.readNullableNumber(path: at())
            case "max_supply": data.maxSupply = try cursor.readNullableNumber(path: at())
            case "last_updated": data.lastUpdated = try cursor.readNullableDate(path: at())
            default: try cursor.skipValue(path: at())
            }
        }
        self = data
    }
}
