import WorkbenchFoundation

/// A `/simple/price` response: numbers per coin id and key (`usd`, `usd_24h_change`, ...).
///
/// CoinGecko answers `{"bitcoin":{}}` for an unknown `vs_currencies` value and silently leaves out
/// ids it does not know (including ids sent with an URL-encoded leading space), so a lookup that
/// finds nothing is normal, not an error.
public struct SimplePrices: Sendable, Equatable {
    /// Values per coin id, then per key; `null` values are left out.
    public var quotes: [String: [String: Double]]

    /// Creates a response.
    ///
    /// - Parameter quotes: Values per coin id and key.
    public init(quotes: [String: [String: Double]]) {
        self.quotes = quotes
    }

    /// The price of a coin in a currency, if CoinGecko sent one.
    ///
    /// - Parameters:
    ///   - coinId: The coin id.
    ///   - currency: The currency code, lower case (`usd`).
    public func price(of coinId: String, in currency: String) -> Double? {
        quotes[coinId]?[currency]
    }

    /// Decodes a response.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    /// - Returns: The quotes.
    /// - Throws: ``LocatedDecodingError`` naming the JSON path of the first problem.
    public static func decode<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> SimplePrices where Bytes.Element == UInt8 {
        try withJSONDocument(data, source: source) { cursor throws(LocatedDecodingError) in
            var quotes: [String: [String: Double]] = [:]
            try cursor.readObject(path: "$") { cursor, coinId throws(LocatedDecodingError) in
                quotes[coinId] = try cursor.readNumberMap(path: "$".member(coinId))
            }
            return SimplePrices(quotes: quotes)
        }
    }
}
