/// Something that happened in a run, at a virtual time: the one stream the app's code and the
/// simulated server report to. Measurement watches it from outside: ``MetricsRecorder`` (the
/// metrics, the optimum's key trace, the report's plots) is an observer, and so is the JSON Lines
/// writer of `workbench run --events FILE` (both in ``RunObservers``). No app code calls the recorder.
public enum RunEvent: Sendable {
    /// A user action began.
    case userAction(UserAction)
    /// A request left for the server, after waiting for its limiter slot since `askedAt`.
    /// `endpoint` is the request's route (nil for a path the tracker does not use; reports then
    /// group it by its path, ``requestSentEndpointName(_:target:)``).
    case requestSent(
        id: Int, askedAt: Int64, screen: AppScreenKind, endpoint: CoinGeckoEndpoint.Route?, target: String)
    /// A request that waited for its limiter slot was given up, unsent: the task that asked was
    /// cancelled (``TrackerApp``'s `giveUpCancelledWaits(at:)`).
    case requestGivenUp(id: Int, screen: AppScreenKind, target: String)
    /// The server's answer to a request arrived (`status` nil: no answer, a timeout); whether the
    /// plan bills it.
    case answered(id: Int, status: Int?, billed: Bool)
    /// A 429 the client recognised, with the wait it asked for.
    case rateLimited(id: Int, retryAfterMilliseconds: Int64?)
    /// A request or an action failed (`watchlist.timeout`, `search.not_in_results`).
    case failed(FailureSource, FailureKind)
    /// A cache was asked for a key: the lookup's place in that cache's trace is its count so far.
    case cacheLookup(cache: AppCache, capacity: Int, key: String, ttlMilliseconds: Int64, hit: Bool)
    /// The value a missed lookup fetched arrived and was stored.
    /// `ttlMilliseconds`, when given, is how long the stored value stays fresh when that differs
    /// from the lookup's TTL (an HTTP response's `max-age` less the `Age` it came with).
    case cacheStored(cache: AppCache, lookup: Int, ttlMilliseconds: Int64? = nil)
    /// An expired entry was shown because its refresh failed (stale-if-error).
    case staleServed(cache: AppCache, chart: ChartKey)
    /// A chart was shown (from the network or the cache).
    case chartRendered(ChartKey)
    /// A chart load failed and nothing was shown instead.
    case chartFailed(ChartKey)
    /// A fetched chart was prepared: points fetched, kept by the range filter, drawn.
    case chartPrepared(ChartKey, fetched: Int, kept: Int, drawn: Int, overCap: Bool, fidelityLoss: Double)
    /// A prepared line chart, for the report's plots.
    case linePlotted(ChartKey, DrawnChart<TimeSeries>)
    /// A prepared candle chart, for the report's plots.
    case candlesPlotted(ChartKey, DrawnChart<CandleSeries>)
    /// A price alert fired (a workbench extension), this long after the true crossing.
    case alertFired(coinId: String, delayMilliseconds: Int64)
    /// What the screen shows now: the visible screen and each item's data time (nil: nothing to
    /// show); nil in the background or under a sheet. Sent after every event.
    case screenShown(AppScreenKind?, items: [ScreenItem])
    /// The screen on top changed (nil: the background).
    case screenChanged(AppScreenKind?)
    /// The app launched again after iOS ended it in the background (a cold launch).
    case coldLaunched
    /// A watchlist refresh applied rows: `null` prices shown as 0, shown coins left out (kept their
    /// previous quote).
    case rowsApplied(zeroPrices: Int, keptPrevious: Int)
    /// A watchlist load left coins off the screen (the app's compactMap).
    case leftOffByLoad(Int)
    /// The app asked WidgetKit to reload its timelines.
    case widgetTimelinesReloaded
    /// WidgetKit reloaded the home-screen widget's timeline.
    case widgetReloaded(HomeScreenWidget.ReloadKind)
    /// WidgetKit did not honour the app's request to reload (no budget, or a timeline in the
    /// making).
    case widgetReloadRefused
    /// The widget's answer had no row for this many held coins.
    case widgetPricesMissing(Int)
    /// The home-screen widget shows this entry from now on.
    case widgetShown(HomeScreenWidget.Entry)
    /// The portfolio as the app holds it at the end, sent just before ``finished(watchlistCoins:unavailable:leftOff:events:)``.
    case portfolioAtEnd(PortfolioAtEnd)
    /// The run ended: the watchlist's coins, those shown "Data unavailable", those left off, and
    /// the events the simulation's queue processed.
    case finished(watchlistCoins: Int, unavailable: Int, leftOff: Int, events: Int)
}

extension RunEvent {
    /// How reports and the event stream name a sent request's endpoint: its route's template
    /// (`/coins/{id}/ohlc`), else the target's path.
    ///
    /// - Parameters:
    ///   - route: The request's route, if the tracker uses its path.
    ///   - target: The request's path and query.
    public static func requestSentEndpointName(_ route: CoinGeckoEndpoint.Route?, target: String) -> String {
        route?.rawValue ?? String(target.prefix { $0 != "?" })
    }
}
