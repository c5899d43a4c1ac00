import WorkbenchFoundation

/// A CoinGecko response body decoded with the byte-level cursor: what ``CoinGeckoClient``'s
/// endpoints return.
public protocol CoinGeckoDecodable: Sendable {
    /// Decodes a response body.
    ///
    /// - Parameters:
    ///   - body: The body's bytes.
    ///   - source: The label errors name.
    static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> Self
}

/// An element of a CoinGecko response that is a JSON array of objects (markets, the coin list).
public protocol CoinGeckoListElement: Sendable {
    /// Decodes the array.
    static func decodeList(body: [UInt8], source: String) throws(LocatedDecodingError) -> [Self]
}

extension Array: CoinGeckoDecodable where Element: CoinGeckoListElement {
    /// Decodes the body with the type's own decoder.
    public static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> [Element] {
        try Element.decodeList(body: body, source: source)
    }
}

extension CoinMarket: CoinGeckoListElement {
    /// Decodes the array with the type's own list decoder.
    public static func decodeList(body: [UInt8], source: String) throws(LocatedDecodingError) -> [CoinMarket]
    {
        try decodeList(body, source: source)
    }
}

extension CoinListEntry: CoinGeckoListElement {
    /// Decodes the array with the type's own list decoder.
    public static func decodeList(body: [UInt8], source: String) throws(LocatedDecodingError)
        -> [CoinListEntry]
    {
        try decodeList(body, source: source)
    }
}

extension CoinDetail: CoinGeckoDecodable {
    /// Decodes the body with the type's own decoder.
    public static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> CoinDetail {
        try decode(body, source: source)
    }
}

extension SimplePrices: CoinGeckoDecodable {
    /// Decodes the body with the type's own decoder.
    public static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> SimplePrices {
        try decode(body, source: source)
    }
}

extension SearchResults: CoinGeckoDecodable {
    /// Decodes the body with the type's own decoder.
    public static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> SearchResults {
        try decode(body, source: source)
    }
}

extension MarketChart: CoinGeckoDecodable {
    /// Decodes the body with the type's own decoder.
    public static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> MarketChart {
        try MarketChartDecoder.decode(body, source: source)
    }
}

extension OHLCChart: CoinGeckoDecodable {
    /// Decodes the body with the type's own decoder.
    public static func decode(body: [UInt8], source: String) throws(LocatedDecodingError) -> OHLCChart {
        try OHLCDecoder.decode(body, source: source)
    }
}
