import WorkbenchFoundation

/// The app's CoinGecko client: builds each request, waits for the rate limiter, sends it through a
/// transport, classifies the response and decodes it.
///
/// The same client talks to the live API (`LiveHTTP`'s URLSession transport), the simulated
/// server and recorded fixtures; only the transport differs. Every failure is a
/// ``CoinGeckoError`` naming the request.
public struct CoinGeckoClient: Sendable {
    /// The transport.
    public let transport: any CoinGeckoTransport
    /// The request builder (API key, timeout, batching).
    public let requests: CoinGeckoRequests
    /// The rate limiter every request waits for, if any.
    public let limiter: AsyncRateLimiter?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - transport: Where requests go.
    ///   - requests: How requests are built.
    ///   - limiter: The rate limiter, or nil to send at once.
    public init(
        transport: any CoinGeckoTransport,
        requests: CoinGeckoRequests = CoinGeckoRequests(),
        limiter: AsyncRateLimiter? = nil
    ) {
        self.transport = transport
        self.requests = requests
        self.limiter = limiter
    }

    /// Sends one request and returns the body of its 2xx response.
    ///
    /// - Parameter request: The request.
    /// - Returns: The body.
    /// - Throws: ``CoinGeckoError`` for a non-2xx status, a transport failure or cancellation.
    public func body(for request: HTTPRequest) async throws(CoinGeckoError) -> [UInt8] {
        try CoinGeckoResponseClassifier.body(of: try await response(for: request), for: request)
    }

    /// Sends one request, after the rate limiter's slot, and returns whatever response came, any
    /// status (the limiter has seen it, for its backoff). `workbench record` keeps these whole.
    ///
    /// - Parameter request: The request.
    /// - Returns: The response.
    /// - Throws: ``CoinGeckoError`` for a transport failure or cancellation.
    public func response(for request: HTTPRequest) async throws(CoinGeckoError) -> HTTPResponse {
        if let limiter {
            do {
                try await limiter.acquire()
            } catch {
                throw CoinGeckoError(.transport(.cancelled), request: request.target)
            }
        }
        let response: HTTPResponse
        do throws(TransportError) {
            response = try await transport.send(request)
        } catch {
            throw CoinGeckoError(.transport(error), request: request.target)
        }
        await limiter?.record(response)
        return response
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
