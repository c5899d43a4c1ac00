import TrackerCore

/// Where the simulated server gets its answers: the market as of a virtual time.
public protocol MarketSource: Sendable {
    /// The origin's answer to a request at a time (before CDN caching, rate limits and faults).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - now: The virtual time.
    func respond(to request: HTTPRequest, at now: Int64) -> HTTPResponse
}
