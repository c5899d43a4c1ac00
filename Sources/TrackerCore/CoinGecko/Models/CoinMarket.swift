/// One coin's row of `/coins/markets`: what the watchlist shows.
///
/// Numbers are `Double` as CoinGecko sends them (display precision); the portfolio converts a
/// price to `Decimal` through its shortest text when money is involved. Every market field may be
/// `null` in real responses (new or dead coins), so all but the identity are optional. Dates are
/// epoch milliseconds.
public struct CoinMarket: Sendable, Equatable {
    /// CoinGecko's coin id (`bitcoin`).
    public var id: String
    /// The ticker symbol as CoinGecko writes it (`btc`).
    public var symbol: String
    /// The display name (`Bitcoin`).
    public var name: String
    /// The image URL.
    public var image: String?
    /// The price in the requested currency.
    public var currentPrice: Double?
    /// The market capitalisation.
    public var marketCap: Double?
    /// The market-cap rank (1 is the largest).
    public var marketCapRank: Int?
    /// The 24 h traded volume.
    public var totalVolume: Double?
    /// The 24 h high.
    public var high24h: Double?
    /// The 24 h low.
    public var low24h: Double?
    /// The 24 h absolute price change.
    public var priceChange24h: Double?
    /// The 24 h price change in percent.
    public var priceChangePercentage24h: Double?
    /// The 24 h change in percent sent when the request asks for `price_change_percentage=24h`.
    public var priceChangePercentage24hInCurrency: Double?
    /// Coins in circulation.
    public var circulatingSupply: Double?
    /// Total supply.
    public var totalSupply: Double?
    /// Maximum supply, nil when uncapped.
    public var maxSupply: Double?
    /// When CoinGecko last updated the row, epoch ms.
    public var lastUpdated: Int64?

    /// Creates a row; market fields default to unknown.
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
}

extension CoinMarket {
    /// Decodes a `/coins/markets` response: an array of rows.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    /// - Returns: The rows in response order.
    /// - Throws: ``LocatedDecodingError`` naming the JSON path of the first problem.
    public static func decodeList<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> [CoinMarket] where Bytes.Element == UInt8 {
        try decodeObjectArray(data, source: source) { cursor, path throws(LocatedDecodingError) in
            try CoinMarket(cursor: &cursor, path: path)
        }
    }

    init(cursor: inout JSONCursor, path: String) throws(LocatedDecodingError) {
        let start = cursor.startOfNextToken()
        var fields: [String: String] = [:]
        var row = CoinMarket(id: "", symbol: "", name: "")
        try cursor.readObject(path: path) { cursor, key throws(LocatedDecodingError) in
            // Built only for an error message.
            func at() -> String { path.member(key) }
            switch key {
            case "id", "symbol", "name": fields[key] = try cursor.readString(path: at())
            case "image": row.image = try cursor.readNullableString(path: at())
            case "current_price": row.currentPrice = try cursor.readNullableNumber(path: at())
            case "market_cap": row.marketCap = try cursor.readNullableNumber(path: at())
            case "market_cap_rank": row.marketCapRank = try cursor.readNullableInteger(path: at())
            case "total_volume": row.totalVolume = try cursor.readNullableNumber(path: at())
            case "high_24h": row.high24h = try cursor.readNullableNumber(path: at())
            case "low_24h": row.low24h = try cursor.readNullableNumber(path: at())
            case "price_change_24h": row.priceChange24h = try cursor.readNullableNumber(path: at())
            case "price_change_percentage_24h":
                row.priceChangePercentage24h = try cursor.readNullableNumber(path: at())
            case "price_change_percentage_24h_in_currency":
                row.priceChangePercentage24hInCurrency = try cursor.readNullableNumber(path: at())
            case "circulating_supply": row.circulatingSupply = try cursor.readNullableNumber(path: at())
            case "total_supply": row.totalSupply = try cursor.readNullableNumber(path: at())
            case "max_supply": row.maxSupply = try cursor.readNullableNumber(path: at())
            case "last_updated": row.lastUpdated = try cursor.readNullableDate(path: at())
            default: try cursor.skipValue(path: at())
            }
        }
        let values = try cursor.required(
            ["id", "symbol", "name"], in: fields, objectStart: start, path: path)
        (row.id, row.symbol, row.name) = (values[0], values[1], values[2])
        self = row
    }
}
