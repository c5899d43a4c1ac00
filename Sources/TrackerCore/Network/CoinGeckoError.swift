import WorkbenchFoundation

/// A failed CoinGecko request: what went wrong, and which request it was.
///
/// The description names the request and says what to do about it:
///
///     GET /coins/bitcoin/ohlc?vs_currency=usd&days=7: rate limited (HTTP 429), retry after 30 s: You've exceeded the Rate Limit.
public struct CoinGeckoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// 404 on a per-coin endpoint: CoinGecko does not know the coin (or delisted it).
        case unknownCoin(id: String)
        /// 429: over the plan's limit. The delay comes from `Retry-After` when it was usable; the
        /// body may be CoinGecko's JSON or a CDN's HTML page.
        case rateLimited(retryAfterMilliseconds: Int64?, body: CoinGeckoErrorBody)
        /// Any other non-2xx status, with CoinGecko's error body decoded when it was JSON.
        case httpStatus(Int, body: CoinGeckoErrorBody)
        /// The transport gave no response.
        case transport(TransportError)
        /// A 2xx response whose body is not what the endpoint returns.
        case decoding(LocatedDecodingError)
        /// A chart body with no row the app can use (`prices: []`, `[]`, or every row too short):
        /// `CoinGeckoService.fetchMarketChart` and `fetchOHLC` throw
        /// `ChartError.noDataAvailable`.
        case noData
    }

    /// What went wrong.
    public var kind: Kind
    /// The request's path and query (`/coins/bitcoin/ohlc?vs_currency=usd&days=7`).
    public var request: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - request: The request target.
    public init(_ kind: Kind, request: String) {
        self.kind = kind
        self.request = request
    }

    /// Whether waiting and retrying can help (rate limits, 5xx, timeouts, broken connections).
    public var isTransient: Bool {
        switch kind {
        case .rateLimited: true
        case .httpStatus(let status, _): status >= 500 || status == 408
        case .transport(let error): error != .cancelled
        case .unknownCoin, .decoding, .noData: false
        }
    }

    /// `GET target: explanation`.
    public var description: String {
        "GET \(request): " + explanation
    }

    private var explanation: String {
        switch kind {
        case .unknownCoin(let id):
            return "unknown coin \"\(id)\" (HTTP 404)"
        case .rateLimited(let delay, let body):
            let wait = delay.map { ", retry after \(Self.seconds($0))" } ?? ", no usable retry-after"
            return "rate limited (HTTP 429)\(wait)" + Self.detail(of: body)
        case .httpStatus(let status, let body):
            return "HTTP \(status)" + Self.detail(of: body)
        case .transport(let error):
            return error.description
        case .decoding(let error):
            return "unexpected response body: \(error)"
        case .noData:
            return "no data: the chart has no row to draw"
        }
    }

    private static func detail(of body: CoinGeckoErrorBody) -> String {
        switch body.format {
        case .json: body.message.map { ": \($0)" } ?? ""
        case .html: " (an HTML page)"
        case .other: ""
        }
    }

    private static func seconds(_ milliseconds: Int64) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
