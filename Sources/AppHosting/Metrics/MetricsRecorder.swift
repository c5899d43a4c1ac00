import TrackerCore

/// What a run records as it goes; ``RunResult`` turns it into metrics afterwards.
struct MetricsRecorder {
    /// One cache's lookups, and its key trace for Belady's optimum.
    struct CacheRecord {
        var capacity: Int
        var hits = 0
        var misses = 0
        var staleServed = 0
        /// The lookups, each key a number (``keyNumbers``): 24 bytes a lookup, where the key's
        /// text made it 48 and each lookup's own copy of the text more (4 MB of equal keys in a
        /// year of 1,000 coins' market lookups).
        var trace = LookupTrace()
        /// Each key's number, in the order first looked up.
        var keyNumbers: [String: UInt32] = [:]

        /// The key's number, the next one when it is new.
        mutating func number(of key: String) -> UInt32 {
            if let known = keyNumbers[key] { return known }
            let next = UInt32(keyNumbers.count)
            keyNumbers[key] = next
            return next
        }
    }

    var sendTimes: [Int64] = []
    var sendsByEndpoint: [String: Int] = [:]
    /// Requests by the screen whose code sent them.
    var sendsByScreen: [AppScreenKind: Int] = [:]
    /// Time on each screen.
    var screens = ScreenTime()
    /// `WidgetCenter.shared.reloadAllTimelines()` calls (Portfolio-tab loads, the scene going
    /// to the background).
    var widgetTimelineReloads = 0
    /// The home-screen widget, when one is installed.
    var widget = WidgetRecord()
    /// Coins the app's load left off the watchlist screen, summed over loads.
    var watchlistLeftOffByLoads = 0
    /// Coins off the watchlist screen at the end (the last load left them out).
    var watchlistLeftOff = 0
    /// Times a refresh left out a shown coin, which kept its previous quote.
    var watchlistKeptPrevious = 0
    /// Rows whose `null` price was shown as 0.
    var watchlistZeroPrices = 0
    var waitMilliseconds: Int64 = 0
    var status429 = 0
    /// Credits the plan billed (``BillingRule``).
    var credits = 0
    var failures: [FailureKey: Int] = [:]
    var caches: [AppCache: CacheRecord] = [:]
    /// The age of what is on screen over visible time.
    var freshness = ScreenFreshness()
    var plots = RunPlots()
    var charts: [ChartKey: ChartMetrics] = [:]
    var alertsFired = 0
    /// The portfolio the app reported at the end.
    var portfolio = PortfolioAtEnd.empty
    var alertDelays: [Int64] = []
    var events = 0
    var coldLaunches = 0
    var watchlistCoins = 0
    var watchlistUnavailable = 0

    mutating func recordSend(askedAt: Int64, sentAt: Int64, endpoint: String, screen: AppScreenKind) {
        sendTimes.append(sentAt)
        sendsByEndpoint[endpoint, default: 0] += 1
        sendsByScreen[screen, default: 0] += 1
        waitMilliseconds += sentAt - askedAt
    }

    /// Records a lookup; a miss's fetched value counts as never stored until ``recordStore``.
    ///
    /// - Returns: The lookup's place in the cache's trace.
    @discardableResult
    mutating func recordLookup(
        cache: AppCache, capacity: Int, key: String, at time: Int64, ttl: Int64, hit: Bool
    )
        -> Int
    {
        // Mutated in place: a copy out of the dictionary would copy the whole trace every time.
        if caches[cache] == nil { caches[cache] = CacheRecord(capacity: capacity) }
        if hit { caches[cache]!.hits += 1 } else { caches[cache]!.misses += 1 }
        plots.lookups.append(RunPlots.Lookup(time: time, hit: hit))
        let number = caches[cache]!.number(of: key)
        var access = BeladyOptimum.Access(key: number, time: time, ttlMilliseconds: ttl)
        if !hit { access.storedAt = nil }
        caches[cache]!.trace.append(access)
        return caches[cache]!.trace.count - 1
    }

    /// Records that the value fetched after a miss arrived and was cached, fresh for `ttl` when
    /// that is not the lookup's.
    mutating func recordStore(cache: AppCache, lookup index: Int, ttl: Int64? = nil, at time: Int64) {
        caches[cache]?.trace.setStoredAt(time, at: index)
        if let ttl { caches[cache]?.trace.setTTL(ttl, at: index) }
    }

    mutating func recordStaleServed(cache: AppCache) {
        caches[cache, default: CacheRecord(capacity: 0)].staleServed += 1
    }

    mutating func recordChart(_ key: ChartKey, update: (inout ChartMetrics) -> Void) {
        update(&charts[key, default: ChartMetrics()])
    }
}
