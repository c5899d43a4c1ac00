/// What carries a request to a CoinGecko-shaped API and brings back the response.
///
/// Implementations: the live libcurl transport (`LiveHTTP`'s `CurlTransport`), the simulated server
/// (`Simulation`), and recorded-fixture transports in tests. A transport reports what happened on
/// the wire; it does not interpret status codes (that is ``CoinGeckoResponseClassifier``'s job), so
/// a 429 or a 500 is a normal return value, and only a failure to get any response throws.
public protocol CoinGeckoTransport: Sendable {
    /// Sends one request.
    ///
    /// - Parameter request: The request.
    /// - Returns: Whatever response arrived, any status.
    /// - Throws: ``TransportError`` when no response arrived in time or at all.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// A request that produced no response.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing (or not all of it) arrived within the request's timeout.
    case timedOut(afterMilliseconds: Int64)
    /// The connection could not be made or broke (DNS, refused, reset, TLS, offline).
    case connectionFailed(String)
    /// The caller cancelled the request.
    case cancelled

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .timedOut(let milliseconds): "timed out after \(milliseconds) ms"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}
