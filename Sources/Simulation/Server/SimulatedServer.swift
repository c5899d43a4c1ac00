import AppHosting
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

/// The simulated CoinGecko API: a ``MarketSource`` behind CoinGecko's CDN cache, its per-minute
/// plan limit (429 with `retry-after` and the real JSON body, or the HTML page), seeded log-normal
/// latency and scheduled or random faults, with a request journal.
///
/// A synchronous state machine: ``handle(_:at:)`` answers a request arriving at a virtual time;
/// the event loop delivers the reply after its latency. Every request draws the same number of
/// random numbers from the server's stream, so one fault setting does not shift the others.
public struct SimulatedServer: ~Copyable {
    /// The origin.
    public let source: any MarketSource
    /// Plan, caching, latency, faults.
    public var behaviour: ServerBehaviour
    /// Every request so far, in arrival order (up to ``journalLimit``); with
    /// ``keepsLatestJournal``, the latest ones.
    public private(set) var journal = RecordLog<JournalEntry>()
    /// Journal entries dropped past the limit (they still count in ``outcomeCounts``).
    public private(set) var droppedJournalEntries = 0
    /// Requests per outcome.
    public private(set) var outcomeCounts: [ServerOutcome: Int] = [:]
    /// The most journal entries kept in memory.
    public let journalLimit: Int
    /// Whether a full journal drops its oldest half to keep recording (a server that runs for
    /// hours: the admin API shows the latest requests) instead of recording no more (a run,
    /// whose metrics read the journal from its start).
    public let keepsLatestJournal: Bool
    private var window = PlanWindow()
    /// Whether requests are journalled (a fleet's device, whose metrics are not recorded, keeps
    /// none: ``droppedJournalEntries`` stays 0 and the outcomes are still counted).
    public var keepsJournal = true
    /// The window and credits this server's caller shares with others (a fleet's shared key or
    /// address); nil: its own window, as one phone sees CoinGecko.
    public var admission: SharedAdmission?
    /// The journal's targets so far, by the request's target: equal targets share one String.
    private var journalTargets: [String: String] = [:]
    private var keyWindows: [String: (plan: RateLimitPlan, window: PlanWindow)] = [:]
    private var cache: [String: (response: HTTPResponse, storedAt: Int64)] = [:]
    /// When the cache is next purged of responses no request can be served anymore.
    private var nextPurge = Int64.min
    private let stream: RandomStream

    /// CoinGecko's 429 body.
    static let rateLimitBody = Array(
        #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}"#
            .utf8)
    /// The HTML page some 429s come as.
    static let rateLimitPage = Array(
        "<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1></body></html>"
            .utf8)

    /// Cloudflare's page for a URI over its limit.
    static let uriTooLongPage = Array(
        "<html><head><title>414 Request-URI Too Large</title></head><body><center><h1>414 Request-URI Too Large</h1></center><hr><center>cloudflare</center></body></html>"
            .utf8)

    /// Creates a server.
    ///
    /// - Parameters:
    ///   - source: The origin.
    ///   - behaviour: Plan, caching, latency and faults.
    ///   - seed: The server's random stream (latency and faults).
    ///   - journalLimit: The most journal entries kept (1,000,000 by default).
    ///   - keepingLatest: Whether a full journal drops its oldest half to keep the latest
    ///     requests (`workbench serve`) instead of recording no more.
    public init(
        source: any MarketSource, behaviour: ServerBehaviour, seed: StreamSeed, journalLimit: Int = 1_000_000,
        keepingLatest: Bool = false
    ) {
        self.source = source
        self.behaviour = behaviour
        self.stream = RandomStream(seed: seed)
        self.journalLimit = max(2, journalLimit)
        self.keepsLatestJournal = keepingLatest
    }

    /// Answers a request arriving at `now`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - now: Its arrival time, epoch ms.
    /// - Returns: The reply and its latency.
    public mutating func handle(_ request: HTTPRequest, at now: Int64) -> ServerReply {
        let latency = max(
            1,
            Int64(
                (behaviour.medianLatencyMilliseconds
                    * PortableMath.exp(behaviour.latencySigma * stream.gaussian()))
                    .rounded()))
        let draws = (stream.uniform(), stream.uniform(), stream.uniform(), stream.uniform())
        // Percent-encoded and parsed once: the CDN cache key, the rules and the journal use them.
        let target = request.target
        let endpoint = request.endpoint
        let reply = answer(
            request, endpoint: endpoint, target: target, at: now, latency: latency, draws: draws)
        admission?.settle(reply, at: now)
        outcomeCounts[reply.outcome, default: 0] += 1
        guard keepsJournal else { return reply }
        if journal.count >= journalLimit && keepsLatestJournal {
            // Amortised O(1): half the journal goes at once, and the shared target strings
            // with it (a long-running server sees unboundedly many distinct targets).
            let dropped = journalLimit / 2
            journal.removeFirst(dropped)
            droppedJournalEntries += dropped
            journalTargets.removeAll(keepingCapacity: true)
        }
        if journal.count < journalLimit {
            journal.append(
                JournalEntry(
                    time: now, route: endpoint?.route, path: request.path, target: journalTarget(target),
                    status: reply.response?.status ?? 0, outcome: reply.outcome, latencyMilliseconds: latency)
            )
        } else {
            droppedJournalEntries += 1
        }
        return reply
    }

    private mutating func answer(
        _ request: HTTPRequest, endpoint: CoinGeckoEndpoint?, target: String, at now: Int64, latency: Int64,
        draws: (Double, Double, Double, Double)
    ) -> ServerReply {
        let faults = behaviour.faults
        if behaviour.refusesURI(target) {
            // The CDN's own refusal, before the origin (its outages) and the plan's window.
            return ServerReply(
                response: HTTPResponse(
                    status: 414, headers: ["Content-Type": "text/html"], body: Self.uriTooLongPage),
                latencyMilliseconds: latency, outcome: .uriTooLong)
        }
        if faults.outages.contains(where: { $0.contains(now) }) {
            let body = Array(#"{"status":503,"error":"Service Unavailable"}"#.utf8)
            return ServerReply(
                response: HTTPResponse(status: 503, body: body), latencyMilliseconds: latency,
                outcome: .outage)
        }
        if faults.storms.contains(where: { $0.contains(now) }) {
            return rateLimited(retryAfterSeconds: 60, latency: latency)
        }
        if let retryAfter = admit(request, at: now) {
            return rateLimited(retryAfterSeconds: retryAfter, latency: latency)
        }
        if let endpoint, let invalid = QueryRules.violation(of: request, endpoint: endpoint) {
            return ServerReply(response: invalid, latencyMilliseconds: latency, outcome: .invalid)
        }
        if draws.0 < faults.timeoutRate {
            return ServerReply(response: nil, latencyMilliseconds: latency, outcome: .timedOut)
        }
        if draws.1 < faults.serverErrorRate {
            let body = Array(#"{"status":500,"error":"Internal Server Error"}"#.utf8)
            return ServerReply(
                response: HTTPResponse(status: 500, body: body), latencyMilliseconds: latency,
                outcome: .serverError)
        }
        var (response, storedAt, outcome) = cachedOrFresh(
            request, endpoint: endpoint, target: target, at: now)
        if response.status == 200, draws.2 < faults.truncationRate {
            response.body = Array(response.body.prefix(response.body.count / 2))
            outcome = .truncated
        } else if response.status == 200, draws.3 < faults.schemaDriftRate {
            // Half the drifted answers rename required members, half send nulls for numbers.
            response.body =
                draws.3 < faults.schemaDriftRate / 2
                ? Self.drifted(response.body) : Self.nulled(response.body)
            outcome = .drifted
        }
        return ServerReply(
            response: response, latencyMilliseconds: latency, outcome: outcome, dataTime: storedAt)
    }

    /// Counts a request against its plan's window, or says how many seconds until it may retry.
    private mutating func admit(_ request: HTTPRequest, at now: Int64) -> Int64? {
        if let admission { return admission.admit(at: now) }
        guard let keyPlans = behaviour.keyPlans else {
            return window.admit(at: now, perMinute: behaviour.plan.requestsPerMinute)
        }
        let (key, plan) = keyPlans.identity(of: request)
        return keyWindows[key, default: (plan, PlanWindow())].window.admit(
            at: now, perMinute: plan.requestsPerMinute)
    }

    /// What must always hold after a request (``AppInvariants``): every plan window within its
    /// limit and in order, the shared admission's counts (``SharedAdmission/invariantViolations()``),
    /// and no cached response stored after `now` (a response from the future would be served as
    /// fresh data before its time).
    ///
    /// - Parameter now: The time of the last request.
    /// - Returns: What is broken, in words; empty when all holds.
    public func invariantViolations(at now: Int64) -> [String] {
        var broken = window.invariantViolations(perMinute: behaviour.plan.requestsPerMinute)
        for (key, keyWindow) in keyWindows.sorted(by: { $0.key < $1.key }) {
            broken += keyWindow.window.invariantViolations(perMinute: keyWindow.plan.requestsPerMinute).map {
                "\(key): \($0)"
            }
        }
        broken += admission?.invariantViolations() ?? []
        if let late = cache.first(where: { $0.value.storedAt > now }) {
            broken.append("the CDN cache holds \(late.key) stored after \(now)")
        }
        return broken
    }

    private mutating func cachedOrFresh(
        _ request: HTTPRequest, endpoint: CoinGeckoEndpoint?, target: String, at now: Int64
    )
        -> (HTTPResponse, Int64, ServerOutcome)
    {
        let maxAge = behaviour.cacheMilliseconds(for: endpoint)
        if let entry = cache[target], now - entry.storedAt < maxAge {
            var response = entry.response
            response.headers = HTTPHeaders(
                response.headers.fields + [HTTPHeaders.Field("Age", String((now - entry.storedAt) / 1000))])
            return (response, entry.storedAt, .cached)
        }
        var response = source.respond(to: request, at: now)
        let replayed = response.headers["x-replayed-from"] != nil
        let cacheControl = "public, max-age=\(maxAge / 1000)"
        if response.status == 200, !replayed, response.headers["Cache-Control"] != cacheControl {
            // The header says how long this server really caches the response (rewritten only
            // where the origin's default, 30 s, is not the endpoint's age).
            response.headers = HTTPHeaders(
                response.headers.fields.filter { $0.name.lowercased() != "cache-control" }
                    + [HTTPHeaders.Field("Cache-Control", cacheControl)])
        }
        if response.status == 200, maxAge > 0 {
            cache[target] = (response, now)
            if now >= nextPurge { purgeExpired(at: now) }
        }
        return (response, now, replayed ? .replayed : .served)
    }

    /// Drops the CDN cache's responses that no request arriving at or after `time` could be
    /// served: exact for a caller that sends nothing before then (a fleet's idle device, whose
    /// cache would otherwise hold its last session's bodies for hours).
    ///
    /// - Parameter time: The earliest time a request can arrive, epoch ms.
    public mutating func dropCache(unusableAt time: Int64) {
        guard !cache.isEmpty else { return }
        let longest = behaviour.longestCacheMilliseconds
        cache = cache.filter { time - $0.value.storedAt < longest }
    }

    /// Drops cached responses no request can be served anymore (older than the longest max-age),
    /// once per longest max-age, so the CDN cache holds what was stored in the last two: a chart
    /// body of a year is hundreds of kB, and a session's are gone by the next session.
    private mutating func purgeExpired(at now: Int64) {
        let longest = behaviour.longestCacheMilliseconds
        cache = cache.filter { now - $0.value.storedAt < longest }
        nextPurge = now + longest
    }

    private func rateLimited(retryAfterSeconds: Int64, latency: Int64) -> ServerReply {
        let html = behaviour.faults.htmlRateLimitPages
        let response = HTTPResponse(
            status: 429,
            headers: [
                "Retry-After": String(max(retryAfterSeconds, 1)),
                "Content-Type": html ? "text/html" : "application/json",
            ],
            body: html ? Self.rateLimitPage : Self.rateLimitBody)
        return ServerReply(response: response, latencyMilliseconds: latency, outcome: .rateLimited)
    }

    /// The most distinct targets shared (``journalTarget(_:)``); later ones are kept each on their own.
    static let sharedJournalTargets = 4_096

    /// ``journalTarget(_:)-(String)`` shared between equal targets: a run repeats a few hundred
    /// URLs (the watchlist's, each coin's charts) thousands of times.
    private mutating func journalTarget(_ target: String) -> String {
        if let shared = journalTargets[target] { return shared }
        let kept = Self.journalTarget(target)
        if journalTargets.count < Self.sharedJournalTargets { journalTargets[target] = kept }
        return kept
    }

    /// The target as the journal keeps it: up to 240 characters (a 100-coin markets target is
    /// about 1.5 KB, and a year of them would dominate the run's memory).
    static func journalTarget(_ target: String) -> String {
        guard target.utf8.count > 240 else { return target }
        return String(target.prefix(240)) + "...(\(target.utf8.count) bytes)"
    }

    /// Schema drift with nulls: every `current_price` value, and the first price of a chart's
    /// `prices`, sent as `null` (CoinGecko does send nulls for coins without data).
    public static func nulled(_ body: [UInt8]) -> [UInt8] {
        var text = String(decoding: body, as: UTF8.self)
        for marker in ["\"current_price\":", "\"prices\":[["] {
            var searchStart = text.startIndex
            while let found = text.range(of: marker, range: searchStart..<text.endIndex) {
                var valueStart = found.upperBound
                if marker.hasSuffix("[[") {
                    // Skip the timestamp and its comma.
                    guard let comma = text[valueStart...].firstIndex(of: ",") else { break }
                    valueStart = text.index(after: comma)
                }
                let valueEnd =
                    text[valueStart...].firstIndex { $0 == "," || $0 == "}" || $0 == "]" } ?? text.endIndex
                text.replaceSubrange(valueStart..<valueEnd, with: "null")
                searchStart = text.index(valueStart, offsetBy: 4)
                if marker.hasSuffix("[[") { break }
            }
        }
        return Array(text.utf8)
    }

    /// Schema drift: the required members `id` and `prices` renamed, as an API change would.
    static func drifted(_ body: [UInt8]) -> [UInt8] {
        Array(
            String(decoding: body, as: UTF8.self)
                .replacingOccurrences(of: "\"id\":", with: "\"coin_id\":")
                .replacingOccurrences(of: "\"prices\":", with: "\"price\":").utf8)
    }
}
