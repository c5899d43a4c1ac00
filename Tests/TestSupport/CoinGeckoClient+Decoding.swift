import TrackerCore
import WorkbenchFoundation

// The tests' typed calls on the project's client: one request of an endpoint, sent, classified and
// decoded. The app itself decodes inside TrackerApp; `workbench record` keeps bodies whole.

extension CoinGeckoClient {
    /// Sends one request and returns the body of its 2xx response.
    ///
    /// - Parameter request: The request.
    /// - Returns: The body.
    /// - Throws: ``CoinGeckoError`` for a non-2xx status, a transport failure or cancellation.
    public func body(for request: HTTPRequest) async throws(CoinGeckoError) -> [UInt8] {
        try CoinGeckoResponseClassifier.body(of: try await response(for: request), for: request)
    }

    /// Sends a request and decodes its body.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - decode: The endpoint's decoder.
    public func fetch<Value>(
        _ request: HTTPRequest,
        decode: ([UInt8], String) throws(LocatedDecodingError) -> Value
    ) async throws(CoinGeckoError) -> Value {
        let body = try await body(for: request)
        return try CoinGeckoResponseClassifier.decode(body, for: request, with: decode)
    }

    /// Fetches one request and decodes its body as `Value` (``CoinGeckoDecodable``).
    ///
    /// - Parameter request: The request.
    public func fetch<Value: CoinGeckoDecodable>(_ request: HTTPRequest) async throws(CoinGeckoError) -> Value
    {
        try await fetch(request) { body, source throws(LocatedDecodingError) in
            try Value.decode(body: body, source: source)
        }
    }

    /// Market rows for the ids, in one request.
    ///
    /// Batching many ids and stopping at the first failure is the app's rule, and lives once, in
    /// ``MarketDataRun`` (run by ``TrackerApp``): this is a single request, for tools and tests.
    ///
    /// - Parameters:
    ///   - ids: The coin ids; they must fit one request (``CoinGeckoRequests/coinsMarkets(ids:vsCurrency:)``).
    ///   - vsCurrency: The quote currency.
    /// - Returns: The rows, in response order; ids CoinGecko does not know are absent.
    public func markets(ids: [String], vsCurrency: String = "usd") async throws(CoinGeckoError)
        -> [CoinMarket]
    {
        guard !ids.isEmpty else { return [] }
        return try await fetch(Self.single(requests.coinsMarkets(ids: ids, vsCurrency: vsCurrency)))
    }

    /// Prices for the ids, in one request.
    ///
    /// - Parameters:
    ///   - ids: The coin ids; they must fit one request.
    ///   - vsCurrencies: The quote currencies.
    /// - Returns: The quotes.
    public func simplePrices(ids: [String], vsCurrencies: [String] = ["usd"]) async throws(CoinGeckoError)
        -> SimplePrices
    {
        guard !ids.isEmpty else { return SimplePrices(quotes: [:]) }
        return try await fetch(Self.single(requests.simplePrice(ids: ids, vsCurrencies: vsCurrencies)))
    }

    /// The one request a call builds: more is a programmer's error (use ``MarketDataRun``).
    private static func single(_ built: [HTTPRequest]) -> HTTPRequest {
        precondition(built.count == 1, "\(built.count) requests: batch through MarketDataRun, not the client")
        return built[0]
    }

    /// The coin screen's detail.
    ///
    /// - Parameter id: The coin id.
    public func coinDetail(id: String) async throws(CoinGeckoError) -> CoinDetail {
        try await fetch(requests.coinDetail(id: id))
    }

    /// A coin's snapshot on a past day (the detail's shape, with market data in every currency).
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - date: The day, `dd-mm-yyyy`.
    public func coinHistory(id: String, date: String) async throws(CoinGeckoError) -> CoinDetail {
        try await fetch(requests.coinHistory(id: id, date: date))
    }

    /// A line chart's data.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - vsCurrency: The quote currency.
    ///   - days: The span asked for.
    public func marketChart(id: String, vsCurrency: String = "usd", days: String) async throws(CoinGeckoError)
        -> MarketChart
    {
        try await fetch(requests.marketChart(id: id, vsCurrency: vsCurrency, days: days))
    }

    /// A candle chart's data.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - vsCurrency: The quote currency.
    ///   - days: The span asked for.
    public func ohlc(id: String, vsCurrency: String = "usd", days: String) async throws(CoinGeckoError)
        -> OHLCChart
    {
        try await fetch(requests.ohlc(id: id, vsCurrency: vsCurrency, days: days))
    }

    /// CoinGecko's search.
    ///
    /// - Parameter query: What the user typed.
    public func search(query: String) async throws(CoinGeckoError) -> SearchResults {
        try await fetch(requests.search(query: query))
    }

    /// Every coin's id, symbol and name.
    public func coinsList() async throws(CoinGeckoError) -> [CoinListEntry] {
        try await fetch(requests.coinsList())
    }
}

/// A CoinGecko response body decoded with the byte-level cursor: what the tests' typed calls on
/// `CoinGeckoClient` return.
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
