import TrackerCore

/// What a device's requests go through instead of its own simulated server, when a fleet's
/// devices share something on the way to CoinGecko (docs/fleet.md).
public protocol SharedUpstream: AnyObject {
    /// Answers a device's request arriving at `now`.
    ///
    /// - Parameters:
    ///   - request: The device's request.
    ///   - now: When it was sent, epoch ms.
    ///   - server: The device's own server (unused by a proxy that answers for it).
    /// - Returns: The reply the device receives, and when (its latency).
    func handle(_ request: HTTPRequest, at now: Int64, device server: inout SimulatedServer) -> ServerReply
}

/// The team's backend in front of CoinGecko (the `proxy` topology): devices call it; it keeps
/// one cache for all of them and calls CoinGecko with one paid key.
///
/// A device's request for a target the proxy fetched less than the endpoint's TTL ago is a hit,
/// answered after the proxy's own latency; while that fetch is still on its way, the request
/// joins it and is answered when it arrives (identical requests in flight are merged); otherwise
/// the proxy fetches it from CoinGecko (``upstream``, whose window and credits are the paid
/// key's). The TTL counts from the fetch, so no device is shown data older than the TTL plus
/// the fetch's latency, and every fetch covers the requests of one TTL after it: the fewest fetches
/// any cache could make for the same requests when every fetch succeeds (``Counts/optimalFetches``).
/// Only 200s are kept past their arrival.
///
/// Used from one thread: a coupled fleet's event loop hands it requests in time order.
public final class TeamProxy: SharedUpstream {
    /// How the proxy caches.
    public struct Caching: Sendable, Equatable {
        /// The TTL of each endpoint's answers, by template (`/coins/markets`), ms.
        public var ttlByEndpoint: [CoinGeckoEndpoint.Route: Int64]
        /// The TTL of any other endpoint's answers, ms.
        public var defaultTTL: Int64
        /// The proxy's own round trip from a device, ms (a hit's whole latency).
        public var latencyMilliseconds: Int64

        /// TTLs and a latency.
        ///
        /// - Parameters:
        ///   - ttlByEndpoint: TTLs by endpoint template, ms.
        ///   - defaultTTL: Any other endpoint's TTL, ms.
        ///   - latencyMilliseconds: The proxy's round trip from a device, ms.
        public init(
            ttlByEndpoint: [CoinGeckoEndpoint.Route: Int64], defaultTTL: Int64, latencyMilliseconds: Int64
        ) {
            (self.ttlByEndpoint, self.defaultTTL, self.latencyMilliseconds) =
                (ttlByEndpoint, defaultTTL, latencyMilliseconds)
        }

        /// The TTL of a request's answers.
        func ttl(of request: HTTPRequest) -> Int64 {
            request.endpoint.flatMap { ttlByEndpoint[$0.route] } ?? defaultTTL
        }
    }

    /// What the proxy did.
    public struct Counts: Sendable, Equatable {
        /// Requests from devices.
        public var requests = 0
        /// Answered from the cache.
        public var hits = 0
        /// Joined a fetch in flight.
        public var joined = 0
        /// Fetched from CoinGecko.
        public var fetches = 0
        /// The fewest fetches any cache with the same TTLs could have made for the same requests:
        /// one at each request that no earlier fetch of its target, a TTL before, covers.
        public var optimalFetches = 0
    }

    private struct Entry {
        var reply: ServerReply
        var fetchedAt: Int64
        var availableAt: Int64
    }

    /// The paid key's view of CoinGecko: its window, credits, CDN, latency and faults.
    public private(set) var upstream: SimulatedServer
    /// How it caches: TTLs by endpoint and its own latency.
    public let caching: Caching
    /// What it did so far.
    public private(set) var counts = Counts()
    /// Its fetches from CoinGecko in each minute from `start`.
    public private(set) var fetchesPerMinute: [Int]
    private let start: Int64
    private var entries: [String: Entry] = [:]
    /// Each target's end of cover by the offline optimum's fetches.
    private var optimalCover: [String: Int64] = [:]
    private var nextPurge = Int64.min
    private let longestTTL: Int64

    /// A proxy.
    ///
    /// - Parameters:
    ///   - upstream: CoinGecko as the proxy's key sees it (its ``SimulatedServer/admission`` the
    ///     key's window and credits).
    ///   - caching: TTLs and the proxy's latency.
    ///   - start: The fleet's start, epoch ms.
    ///   - minutes: The minutes counted in ``fetchesPerMinute``.
    public init(upstream: consuming SimulatedServer, caching: Caching, start: Int64, minutes: Int) {
        self.upstream = upstream
        self.caching = caching
        self.start = start
        fetchesPerMinute = [Int](repeating: 0, count: minutes)
        longestTTL = max(caching.defaultTTL, caching.ttlByEndpoint.values.max() ?? 0)
    }

    /// Answers a device's request: from the cache, by joining a fetch in flight, or by fetching
    /// it from CoinGecko (``SharedUpstream/handle(_:at:device:)``).
    public func handle(_ request: HTTPRequest, at now: Int64, device server: inout SimulatedServer)
        -> ServerReply
    {
        counts.requests += 1
        let target = request.target
        let ttl = caching.ttl(of: request)
        if now >= optimalCover[target] ?? .min {
            counts.optimalFetches += 1
            optimalCover[target] = now + ttl
        }
        if let entry = entries[target], now - entry.fetchedAt < ttl,
            now < entry.availableAt || entry.reply.response?.status == 200
        {
            var reply = entry.reply
            if now < entry.availableAt {
                counts.joined += 1
                reply.latencyMilliseconds = entry.availableAt - now + caching.latencyMilliseconds
            } else {
                counts.hits += 1
                reply.latencyMilliseconds = caching.latencyMilliseconds
                reply.outcome = .cached
                reply.response = reply.response.map { Self.aged($0, by: now - entry.fetchedAt) }
            }
            return reply
        }
        counts.fetches += 1
        let minute = Int((now - start) / 60_000)
        if fetchesPerMinute.indices.contains(minute) { fetchesPerMinute[minute] += 1 }
        var reply = upstream.handle(request, at: now)
        reply.dataTime = reply.dataTime ?? now
        entries[target] = Entry(reply: reply, fetchedAt: now, availableAt: now + reply.latencyMilliseconds)
        if now >= nextPurge { purge(at: now) }
        reply.latencyMilliseconds += caching.latencyMilliseconds
        return reply
    }

    /// The response as the proxy serves it from its cache: its `Age` header says how long ago
    /// the proxy fetched it (whole seconds, the CDN's own age added), as an HTTP cache's does.
    static func aged(_ response: HTTPResponse, by milliseconds: Int64) -> HTTPResponse {
        var response = response
        let cdnAge = response.headers["Age"].flatMap { Int64($0) } ?? 0
        response.headers = HTTPHeaders(
            response.headers.fields.filter { $0.name.lowercased() != "age" }
                + [HTTPHeaders.Field("Age", String(cdnAge + milliseconds / 1000))])
        return response
    }

    /// Drops entries no request can use anymore, once per longest TTL (and the last optimum
    /// covers with them).
    private func purge(at now: Int64) {
        entries = entries.filter { now - $0.value.fetchedAt < longestTTL || now < $0.value.availableAt }
        optimalCover = optimalCover.filter { $0.value > now }
        nextPurge = now + max(longestTTL, 60_000)
    }
}
