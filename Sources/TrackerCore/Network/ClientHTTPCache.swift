/// Whether the app's HTTP client keeps a cache of its own under the app's caches.
public enum HTTPCachePolicy: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// `URLSession`'s cache, as the app has it (``ClientHTTPCache``).
    case urlCache = "url-cache"
    /// No client cache: every request the app's code makes goes to the network.
    case none
}

/// The HTTP cache of the app's `URLSession`: a fresh response to the same URL is answered by the
/// device, without a request.
///
/// The app (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Services/CoinGeckoService.swift`, `init`)
/// makes its session from `URLSessionConfiguration.default`, whose cache is `URLCache.shared`
/// (20 MB on disk by default, per `NSURLCache.h`) and whose policy is `.useProtocolCachePolicy`:
/// a response stored with `Cache-Control: max-age=N` answers the same URL while its age, the
/// `Age` header it came with plus the time since it arrived (RFC 9111, 4.2.3), is under N
/// seconds. CoinGecko sends `public, max-age=30` (later `max-age=30, public, must-revalidate,
/// s-maxage=60`; `s-maxage` is for shared caches, not this one). A response larger than about
/// 5 % of the disk cache is not stored (`URLSessionDataDelegate`'s
/// `urlSession(_:dataTask:willCacheResponse:completionHandler:)` documentation). A stale entry
/// would need revalidation, which CoinGecko's answers do not support here, so it is dropped.
public struct ClientHTTPCache: Sendable {
    /// One stored response.
    public struct Entry: Sendable {
        /// The response as it arrived.
        public var response: HTTPResponse
        /// When it arrived.
        public var storedAt: Int64
        /// Its `Age` when it arrived, ms.
        public var ageAtArrival: Int64
        /// Its freshness lifetime (`max-age`), ms.
        public var maxAge: Int64
        /// When its data was current.
        public var dataTime: Int64
        var lastUsed: Int64

        /// Whether it may answer at `now`.
        func isFresh(at now: Int64) -> Bool { remainingLifetime(at: now) > 0 }

        /// How much longer it may answer, from `now`, ms.
        public func remainingLifetime(at now: Int64) -> Int64 { maxAge - ageAtArrival - (now - storedAt) }
    }

    /// The disk cache's size, bytes: 20 MB, `URLCache.shared`'s default.
    public static let defaultCapacityBytes = 20 * 1024 * 1024
    /// The cache's size, bytes.
    public let capacityBytes: Int
    private var entries: [String: Entry] = [:]
    private var storedBytes = 0
    private var nextPurge = Int64.min

    /// Creates an empty cache.
    ///
    /// - Parameter capacityBytes: The size.
    public init(capacityBytes: Int = ClientHTTPCache.defaultCapacityBytes) {
        self.capacityBytes = capacityBytes
    }

    /// The largest response stored: about 5 % of the cache.
    public var largestEntryBytes: Int { capacityBytes / 20 }

    /// The fresh response stored for a URL, if any.
    ///
    /// - Parameters:
    ///   - target: The request's path and query.
    ///   - now: The time.
    public mutating func lookup(_ target: String, at now: Int64) -> Entry? {
        guard var entry = entries[target] else { return nil }
        guard entry.isFresh(at: now) else {
            remove(target)
            return nil
        }
        entry.lastUsed = now
        entries[target] = entry
        return entry
    }

    /// Stores a response, if HTTP lets this cache keep it: a 200 with a positive `max-age`, no
    /// `no-store` or `no-cache`, and small enough.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - target: The request's path and query.
    ///   - dataTime: When its data was current.
    ///   - now: When it arrived.
    /// - Returns: The entry stored, nil when none was.
    @discardableResult
    public mutating func store(_ response: HTTPResponse, for target: String, dataTime: Int64, at now: Int64)
        -> Entry?
    {
        guard response.status == 200, let control = response.headers["Cache-Control"].map(CacheControl.init),
            !control.forbidsReuse, let maxAge = control.maxAgeMilliseconds, maxAge > 0,
            response.body.count <= largestEntryBytes
        else { return nil }
        if now >= nextPurge { purgeStale(at: now) }
        remove(target)
        let age = response.headers["Age"].flatMap { Int64($0) }.map { max(0, $0) * 1000 } ?? 0
        let entry = Entry(
            response: response, storedAt: now, ageAtArrival: age, maxAge: maxAge, dataTime: dataTime,
            lastUsed: now)
        entries[target] = entry
        storedBytes += response.body.count
        while storedBytes > capacityBytes,
            let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })
        {
            remove(oldest.key)
        }
        return entry
    }

    private mutating func remove(_ target: String) {
        guard let entry = entries.removeValue(forKey: target) else { return }
        storedBytes -= entry.response.body.count
    }

    /// Drops entries past their lifetime, at most once a minute.
    private mutating func purgeStale(at now: Int64) {
        for (target, entry) in entries where !entry.isFresh(at: now) { remove(target) }
        nextPurge = now + 60_000
    }
}
