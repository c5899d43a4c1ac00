import AppHosting
import TrackerCore

/// What the simulated server did with one request.
public struct ServerReply: Sendable, Equatable {
    /// The response; nil when the request timed out.
    public var response: HTTPResponse?
    /// Milliseconds until the response arrives.
    public var latencyMilliseconds: Int64
    /// How it ended.
    public var outcome: ServerOutcome
    /// The time the answer's data describes (when the CDN cached it), for freshness.
    public var dataTime: Int64?
}
