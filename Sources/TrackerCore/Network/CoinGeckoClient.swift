import WorkbenchFoundation

/// The project's CoinGecko client for tools: builds each request, waits for the rate limiter and
/// sends it through a transport (`workbench record` keeps the responses whole). The app's own
/// requests go through ``TrackerApp``, which decodes with ``CoinGeckoResponseClassifier``; the
/// tests' typed calls on this client are in `TestSupport`.
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
}
