import TrackerCore
import WorkbenchMetrics

/// A run's metrics, typed: rate limits, caches, freshness, charts by range and type, the
/// portfolio, alerts, failures and the server's replies.
///
/// ``flattened()`` is the one place that names them: the stable names of DESIGN.md that
/// scenarios' expectations, `result.json`, the history and `compare` use, each with its unit.
/// A metric that is undefined for the run (a Sharpe ratio without trades, a percentile
/// without visible time) is left out rather than given a made-up number.
public struct RunMetrics: Sendable, Equatable {
    /// Requests against the plan's limits.
    public var rateLimits = RateLimitMetrics()
    /// Each cache by name (`market`, `chart`).
    public var caches: [AppCache: CacheMetrics] = [:]
    /// The age of what was on screen; nil when nothing was visible.
    public var freshness: AgeMetrics?
    /// The same by screen.
    public var freshnessByScreen: [AppScreenKind: AgeMetrics] = [:]
    /// Each chart range and type drawn.
    public var charts: [ChartKey: ChartMetrics] = [:]
    /// The portfolio at the end.
    public var portfolio = PortfolioMetrics()
    /// Price alerts.
    public var alerts = AlertMetrics()
    /// Failed requests by request and failure (`watchlist.timeout`).
    public var failures: [FailureKey: Int] = [:]
    /// The simulated server's replies by outcome.
    public var serverOutcomes: [ServerOutcome: Int] = [:]
    /// Events the simulation processed.
    public var simulationEvents = 0
    /// Launches after iOS ended the app in the background.
    public var coldLaunches = 0
    /// Coins on the watchlist at the end.
    public var watchlistCoins = 0
    /// Of those, coins shown as "Data unavailable" (the design documents' rule).
    public var watchlistUnavailable = 0
    /// Coins off the watchlist screen at the end, because the last load left them out (the app's
    /// `compactMap`).
    public var watchlistLeftOff = 0
    /// Coins loads left off the screen, summed over the loads.
    public var watchlistLeftOffByLoads = 0
    /// Times a refresh left out a shown coin, which kept its previous quote (and aged).
    public var watchlistKeptPrevious = 0
    /// Rows whose `null` price the app showed as 0.
    public var watchlistZeroPrices = 0
    /// Seconds on each screen.
    public var screenSeconds: [AppScreenKind: Double] = [:]
    /// The home-screen widget: the app's reload requests, and the widget's figures when one is
    /// installed.
    public var widget = WidgetMetrics()

    /// The groups metrics are named and reported by.
    public enum Section: String, Sendable, CaseIterable {
        case app
        case rateLimits = "rate_limit"
        case caches = "cache"
        case freshness
        case charts
        case watchlist
        case screens
        case widget
        case portfolio
        case alerts
        case failures
        case server
        case simulation
    }

    /// Creates empty metrics.
    public init() {}

    /// A failure count under its name below `failures.` (``FailureKey/description``): fewer is better.
    ///
    /// - Parameters:
    ///   - name: `watchlist.timeout`, say.
    ///   - count: How many.
    static func failureMetric(_ name: String, _ count: Int) -> Metric { .count(name, count, .lower) }

    /// Every metric under its stable name, sorted by name.
    public func flattened() -> [Metric] {
        let details = chartDetails.flatMap { key, metrics in metrics.under("charts.\(key.name)") }
        return (Section.allCases.flatMap(metrics(in:)) + details).sorted { $0.name < $1.name }
    }

    /// A section's metrics under their stable names, sorted; for charts, the totals only
    /// (``chartDetails`` has each range and type).
    public func metrics(in section: Section) -> [Metric] {
        let prefix = section.rawValue
        let metrics: [Metric] =
            switch section {
            case .rateLimits: rateLimits.metrics.under(prefix)
            case .caches:
                (allCaches.totalMetrics
                    + caches.keys.sorted { $0.rawValue < $1.rawValue }.flatMap {
                        caches[$0]!.metrics.under($0.rawValue)
                    })
                    .under(prefix)
            case .freshness:
                ((freshness?.metrics ?? [])
                    + AppScreenKind.freshnessScreens.flatMap {
                        freshnessByScreen[$0]?.metrics.under($0.freshnessName) ?? []
                    })
                    .under(prefix)
            case .charts: ChartMetrics.total(of: charts.values).totalMetrics.under(prefix)
            case .watchlist:
                [
                    .count("coins", watchlistCoins), .count("unavailable", watchlistUnavailable, .lower),
                    .count("left_off", watchlistLeftOff, .lower),
                    .count("left_off_by_loads", watchlistLeftOffByLoads, .lower),
                    .count("kept_previous", watchlistKeptPrevious, .lower),
                    .count("zero_price", watchlistZeroPrices, .lower),
                ].under(prefix)
            case .screens:
                AppScreenKind.appScreens.map {
                    Metric("\($0.rawValue).visible_s", screenSeconds[$0] ?? 0, .seconds)
                }.under(prefix)
            case .widget: widget.metrics.under(prefix)
            case .portfolio: portfolio.metrics.under(prefix)
            case .alerts: alerts.metrics.under(prefix)
            case .failures: failures.map { Self.failureMetric($0.key.description, $0.value) }.under(prefix)
            case .server:
                serverOutcomes.map { Metric.count($0.key.rawValue, $0.value, $0.key.direction) }.under(prefix)
            case .simulation: [.count("events", simulationEvents)].under(prefix)
            case .app: [.count("cold_launches", coldLaunches)].under(prefix)
            }
        return metrics.sorted { $0.name < $1.name }
    }

    /// Each chart range and type, shortest range first, with its metrics under their leaf
    /// names (`drawn`).
    public var chartDetails: [(key: ChartKey, metrics: [Metric])] {
        charts.keys.sorted().map { ($0, charts[$0]!.metrics(for: $0.type)) }
    }

    /// The app's caches' lookups together; the HTTP client's cache (`cache.http.*`) is counted
    /// apart, under its own name only.
    public var allCaches: CacheMetrics {
        caches.filter { $0.key != .http }.values.reduce(CacheMetrics(), +)
    }

    /// The value of the metric with this stable name, nil when the run has none.
    public subscript(name: String) -> Double? {
        flattened().first { $0.name == name }?.value
    }

    /// Every value by stable name.
    public var byName: [String: Double] {
        Dictionary(uniqueKeysWithValues: flattened().map { ($0.name, $0.value) })
    }
}

extension ServerOutcome {
    /// The direction of `server.<outcome>`: fewer is better for every outcome but an answer.
    fileprivate var direction: MetricDirection? {
        switch self {
        case .served, .replayed, .cached: nil
        case .rateLimited, .serverError, .invalid, .outage, .timedOut, .truncated, .drifted, .uriTooLong:
            .lower
        }
    }
}
