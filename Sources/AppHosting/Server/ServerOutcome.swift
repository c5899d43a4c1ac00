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

/// One line of the server's request journal.
public struct JournalEntry: Sendable, Equatable {
    /// When the request arrived, epoch ms.
    public var time: Int64
    /// The endpoint template (`/coins/{id}/ohlc`).
    public var endpoint: String
    /// The request target.
    public var target: String
    /// The status; 0 when it timed out.
    public var status: Int
    /// How it ended.
    public var outcome: ServerOutcome
    /// The latency, ms.
    public var latencyMilliseconds: Int64

    /// Creates a line.
    package init(
        time: Int64, endpoint: String, target: String, status: Int, outcome: ServerOutcome,
        latencyMilliseconds: Int64
    ) {
        self.time = time
        self.endpoint = endpoint
        self.target = target
        self.status = status
        self.outcome = outcome
        self.latencyMilliseconds = latencyMilliseconds
    }
}
