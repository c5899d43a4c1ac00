import WorkbenchFoundation

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
    @_specialize(exported:true,where Bytes == [UInt8])  // else other modules run the generic body
    public static func decodeList<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> [CoinMarket] where Bytes.Element == UInt8 {
        try decodeObjectArray(data, source: source) { cursor, path throws(LocatedDecodingError) in
            try CoinMarket(cursor: &cursor, path: path)
        }
    }

    /// The members of a row, in the order of ``memberNames``: those the decoder reads, and those
    /// it skips (known, so that skipping them builds no `String`).
    private enum Member: Int {
        case id, symbol, name, image, currentPrice, marketCap, marketCapRank, fullyDilutedValuation,
            totalVolume
        case high24h, low24h, priceChange24h, priceChangePercentage24h, marketCapChange24h
        case marketCapChangePercentage24h, circulatingSupply, totalSupply, maxSupply, ath, athChangePercentage
        case athDate, atl, atlChangePercentage, atlDate, roi, lastUpdated, priceChangePercentage24hInCurrency
    }

    /// The JSON names of ``Member``'s cases, in their order: CoinGecko's, which is the order the
    /// table tries first (`datasets/coingecko/coins_markets_usd_top100_20230108.json`).
    private static let memberNames = JSONMemberNames([
        "id", "symbol", "name", "image", "current_price", "market_cap", "market_cap_rank",
        "fully_diluted_valuation",
        "total_volume", "high_24h", "low_24h", "price_change_24h", "price_change_percentage_24h",
        "market_cap_change_24h", "market_cap_change_percentage_24h", "circulating_supply", "total_supply",
        "max_supply", "ath", "ath_change_percentage", "ath_date", "atl", "atl_change_percentage", "atl_date",
        "roi",
        "last_updated", "price_change_percentage_24h_in_currency",
    ])

    /// Reads one row; `path` builds its JSON path, for an error.
    init(cursor: inout JSONCursor, path: () -> String) throws(LocatedDecodingError) {
        let start = cursor.startOfNextToken()
        var identity: (id: String?, symbol: String?, name: String?)
        var row = CoinMarket(id: "", symbol: "", name: "")
        try cursor.readObject(path: path(), names: Self.memberNames) {
            cursor, key throws(LocatedDecodingError) in
            // Built only for an error message.
            func at() -> String { path().member(key.name(in: Self.memberNames)) }
            guard case .known(let index) = key, let member = Member(rawValue: index) else {
                return try cursor.skipValue(path: at())
            }
            switch member {
            case .id: identity.id = try cursor.readString(path: at())
            case .symbol: identity.symbol = try cursor.readString(path: at())
            case .name: identity.name = try cursor.readString(path: at())
            case .image: row.image = try cursor.readNullableString(path: at())
            case .currentPrice: row.currentPrice = try cursor.readNullableNumber(path: at())
            case .marketCap: row.marketCap = try cursor.readNullableNumber(path: at())
            case .marketCapRank: row.marketCapRank = try cursor.readNullableInteger(path: at())
            case .totalVolume: row.totalVolume = try cursor.readNullableNumber(path: at())
            case .high24h: row.high24h = try cursor.readNullableNumber(path: at())
            case .low24h: row.low24h = try cursor.readNullableNumber(path: at())
            case .priceChange24h: row.priceChange24h = try cursor.readNullableNumber(path: at())
            case .priceChangePercentage24h:
                row.priceChangePercentage24h = try cursor.readNullableNumber(path: at())
            case .priceChangePercentage24hInCurrency:
                row.priceChangePercentage24hInCurrency = try cursor.readNullableNumber(path: at())
            case .circulatingSupply: row.circulatingSupply = try cursor.readNullableNumber(path: at())
            case .totalSupply: row.totalSupply = try cursor.readNullableNumber(path: at())
            case .maxSupply: row.maxSupply = try cursor.readNullableNumber(path: at())
            case .lastUpdated: row.lastUpdated = try cursor.readNullableDate(path: at())
            case .fullyDilutedValuation, .marketCapChange24h, .marketCapChangePercentage24h, .ath,
                .athChangePercentage, .athDate, .atl, .atlChangePercentage, .atlDate, .roi:
                try cursor.skipValue(path: at())
            }
        }
        func required(_ value: String?, _ key: String) throws(LocatedDecodingError) -> String {
            guard let value else { throw cursor.missingMember(key, objectStart: start, path: path()) }
            return value
        }
        row.id = try required(identity.id, "id")
        row.symbol = try required(identity.symbol, "symbol")
        row.name = try required(identity.name, "name")
        self = row
    }
}
