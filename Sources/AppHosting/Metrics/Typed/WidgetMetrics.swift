import TrackerCore
import WorkbenchMetrics

/// The home-screen widget (`widget.*`): the app's reload requests always; WidgetKit's reloads,
/// the widget's requests and the age of what it showed when a scenario installs it
/// (`user.widget: true`). Its failures by cause are under `failures.widget.*`.
public struct WidgetMetrics: Sendable, Equatable {
    /// `WidgetCenter.shared.reloadAllTimelines()` calls the app made.
    public var timelineReloadsAsked = 0
    /// What the installed widget did; nil without one.
    public var installed: Installed?

    /// An installed widget's figures.
    public struct Installed: Sendable, Equatable {
        /// Timeline reloads WidgetKit made, by whether the budget counted them.
        public var reloads: [HomeScreenWidget.ReloadKind: Int] = [:]
        /// App requests WidgetKit did not honour.
        public var refused = 0
        /// The widget's requests, by the kind of reload that sent them.
        public var requests: [HomeScreenWidget.ReloadKind: Int] = [:]
        /// Widget requests sent within 5 s after an app request for the same coins.
        public var duplicatedRequests = 0
        /// The most requests one refresh sent.
        public var mostRequestsPerRefresh = 0
        /// The longest refresh, from the reload to the entry shown, seconds.
        public var longestRefreshSeconds = 0.0
        /// The longest time between reloads (the last one to the end included), seconds.
        public var longestReloadGapSeconds = 0.0
        /// The data's age over the time it showed data (median, 95th percentile, oldest; the
        /// time itself is `visibleSeconds`), as freshness on screen is measured; nil if it never
        /// showed data.
        public var age: AgeMetrics?
        /// The share of the data-showing time older than 30 minutes; nil if it never showed data.
        public var shareOver30m: Double?
        /// The share older than 60 minutes; nil if it never showed data.
        public var shareOver60m: Double?
        /// Time showing the empty state, seconds.
        public var emptySeconds = 0.0
        /// Time the data's `lastUpdated` was over 60 minutes old with no stale mark, seconds.
        public var staleUnmarkedSeconds = 0.0
        /// Refreshes that failed with nothing to fall back on (the widget went blank).
        public var blankAfterFailure = 0
        /// Held coins the widget's answers had no row for, summed.
        public var pricesMissing = 0

        var metrics: [Metric] {
            let budgeted = HomeScreenWidget.ReloadKind.budgeted
            let foreground = HomeScreenWidget.ReloadKind.foreground
            var metrics: [Metric] = [
                .count("reloads", reloads.values.reduce(0, +)),
                .count("reloads.budgeted", reloads[budgeted] ?? 0),
                .count("reloads.foreground", reloads[foreground] ?? 0),
                .count("reloads.refused", refused, .lower),
                .count("requests", requests.values.reduce(0, +), .lower),
                .count("requests.budgeted", requests[budgeted] ?? 0, .lower),
                .count("requests.foreground", requests[foreground] ?? 0, .lower),
                .count("requests.duplicated", duplicatedRequests, .lower),
                .count("requests_per_refresh_max", mostRequestsPerRefresh, .lower),
                Metric("refresh_max_s", longestRefreshSeconds, .seconds, .lower),
                Metric("reload_gap_max_s", longestReloadGapSeconds, .seconds, .lower),
                Metric("shown_s", age?.visibleSeconds ?? 0, .seconds, .higher),
                Metric("empty_s", emptySeconds, .seconds, .lower),
                Metric("stale_unmarked_s", staleUnmarkedSeconds, .seconds, .lower),
                .count("blank_after_failure", blankAfterFailure, .lower),
                .count("prices_missing", pricesMissing, .lower),
            ]
            if let age {
                metrics += [
                    Metric("p50_age_s", age.p50Seconds, .seconds, .lower),
                    Metric("p95_age_s", age.p95Seconds, .seconds, .lower),
                    Metric("max_age_s", age.maxSeconds, .seconds, .lower),
                ]
            }
            metrics.append("share_over_30m", shareOver30m, .ratio, .lower)
            metrics.append("share_over_60m", shareOver60m, .ratio, .lower)
            return metrics
        }
    }

    /// Creates empty figures.
    public init() {}

    /// Figures from the run's record.
    init(asked: Int, record: WidgetRecord) {
        timelineReloadsAsked = asked
        guard record.installed else { return }
        var installed = Installed()
        installed.reloads = record.reloads
        installed.refused = record.reloadRefusedCount
        installed.requests = record.requests
        installed.duplicatedRequests = record.duplicatedRequests
        installed.mostRequestsPerRefresh = record.mostRequestsPerRefresh
        installed.longestRefreshSeconds = Double(record.longestRefreshMilliseconds) / 1000
        installed.longestReloadGapSeconds = Double(record.longestReloadGapMilliseconds) / 1000
        installed.age = AgeMetrics(record.ages)
        installed.shareOver30m = record.ages.share(olderThan: 1_800_000)
        installed.shareOver60m = record.ages.share(olderThan: 3_600_000)
        installed.emptySeconds = Double(record.emptyMilliseconds) / 1000
        installed.staleUnmarkedSeconds = Double(record.staleUnmarkedMilliseconds) / 1000
        installed.blankAfterFailure = record.blankAfterFailure
        installed.pricesMissing = record.pricesMissing
        self.installed = installed
    }

    /// The metrics under their leaf names.
    var metrics: [Metric] {
        [.count("timeline_reloads", timelineReloadsAsked)] + (installed?.metrics ?? [])
    }
}
