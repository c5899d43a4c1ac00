import TrackerCore

/// How the server ended one request: what the journal and a run's `server.*` metrics count.
public enum ServerOutcome: String, Sendable, Equatable, CaseIterable, Codable {
    /// Answered by the origin.
    case served
    /// Answered by the origin with a recorded response, byte for byte.
    case replayed
    /// Answered from the CDN cache.
    case cached
    /// Refused with 429 (plan limit or storm).
    case rateLimited = "rate-limited"
    /// Answered 500.
    case serverError = "server-error"
    /// Refused for a missing parameter, as CoinGecko does (422, or 500 for OHLC).
    case invalid
    /// Answered 503 during an outage.
    case outage
    /// Never answered: the client times out.
    case timedOut = "timed-out"
    /// A 200 whose JSON was cut off.
    case truncated
    /// A 200 with a renamed required member.
    case drifted
    /// Refused 414 by the CDN, for a URI longer than it takes
    /// (``ServerBehaviour/maxURIBytes``): it never reaches CoinGecko, so it is neither
    /// counted against the plan nor billed.
    case uriTooLong = "uri-too-long"
}

/// One line of the server's request journal: 40 bytes (a year of 1,000 coins journals 54,609
/// requests), the endpoint held as its route and the status in 16 bits.
public struct JournalEntry: Sendable, Equatable {
    /// When the request arrived, epoch ms.
    public var time: Int64
    /// The request target.
    public var target: String
    /// The latency, ms.
    public var latencyMilliseconds: Int64
    /// The length in UTF-8 bytes of a path the tracker does not use (the target starts with the
    /// path); 0 with a route.
    private var pathBytes: UInt32
    /// The status, 0...999.
    private var status16: UInt16
    /// How it ended.
    public var outcome: ServerOutcome
    /// The endpoint's route; nil for a path the tracker does not use.
    public var route: CoinGeckoEndpoint.Route?

    /// The status; 0 when it timed out.
    public var status: Int { Int(status16) }

    /// The endpoint template (`/coins/{id}/ohlc`), or the path when the tracker does not use it.
    public var endpoint: String {
        if let route { return route.rawValue }
        return String(decoding: target.utf8.prefix(Int(pathBytes)), as: UTF8.self)
    }

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - time: When the request arrived.
    ///   - route: Its endpoint's route, nil for a path the tracker does not use.
    ///   - path: Its path, which `target` starts with (read only without a route).
    ///   - target: The request target.
    ///   - status: The status, 0...999 (0 when it timed out).
    ///   - outcome: How it ended.
    ///   - latencyMilliseconds: The latency.
    package init(
        time: Int64, route: CoinGeckoEndpoint.Route?, path: String, target: String, status: Int,
        outcome: ServerOutcome, latencyMilliseconds: Int64
    ) {
        precondition((0...999).contains(status), "an HTTP status of \(status)")
        if route == nil {
            precondition(target.utf8.starts(with: path.utf8), "a target that does not start with its path")
        }
        self.time = time
        self.route = route
        self.pathBytes = route == nil ? UInt32(path.utf8.count) : 0
        self.target = target
        self.status16 = UInt16(status)
        self.outcome = outcome
        self.latencyMilliseconds = latencyMilliseconds
    }
}
