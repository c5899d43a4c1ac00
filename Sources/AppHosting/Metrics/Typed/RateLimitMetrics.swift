import TrackerCore
import WorkbenchMetrics

/// Requests the app sent, against the plan's limits (`rate_limit.*`).
public struct RateLimitMetrics: Sendable, Equatable {
    /// Requests sent.
    public var requests = 0
    /// The most requests sent in any 60-second window.
    public var maxPerMinute = 0
    /// Sends that found the plan's limit or more sends in the 60-second window ending at them.
    public var overLimit = 0
    /// The shortest gap between two sends, ms; nil with fewer than two.
    public var minimumGapMilliseconds: Int64?
    /// Replies with HTTP 429.
    public var status429 = 0
    /// Time requests waited in the limiter, seconds.
    public var waitSeconds = 0.0
    /// The plan's requests per minute.
    public var planPerMinute = 0
    /// Credits the plan billed (``BillingRule``).
    public var credits = 0
    /// Requests per hour of simulated time; nil for a run of no length.
    public var requestsPerHour: Double?
    /// This run's credits repeated for 30 days; nil for a run of no length.
    public var monthlyCredits: Double?
    /// ``monthlyCredits`` over the plan's monthly credits; nil without a cap.
    public var monthlyCreditsShare: Double?
    /// Requests sent by endpoint path pattern (`/coins/markets`).
    public var requestsByEndpoint: [String: Int] = [:]
    /// Requests sent by the screen whose code sent them.
    public var requestsByScreen: [AppScreenKind: Int] = [:]
    /// Whether the run had the home-screen widget, whose requests are listed as a screen's.
    public var includesWidget = false

    /// Creates empty figures.
    public init() {}

    /// The metrics under their leaf names.
    var metrics: [Metric] {
        var metrics: [Metric] = [
            .count("requests", requests, .lower), .count("max_per_minute", maxPerMinute, .lower),
            .count("over_limit", overLimit, .lower), .count("status_429", status429, .lower),
            Metric("wait_s", waitSeconds, .seconds, .lower),
            Metric("plan_per_minute", Double(planPerMinute), .perMinute),
            .count("credits", credits, .lower),
        ]
        metrics.append("min_gap_ms", minimumGapMilliseconds.map(Double.init), .milliseconds)
        metrics.append("requests_per_hour", requestsPerHour, .perHour, .lower)
        metrics.append("monthly_credits", monthlyCredits, .count, .lower)
        metrics.append("monthly_credits_share", monthlyCreditsShare, .ratio, .lower)
        // The widget's line only when a widget is installed: other runs' results keep their bytes.
        for screen in AppScreenKind.appScreens + (includesWidget ? [.widget] : []) {
            metrics.append(
                .count("requests.by_screen.\(screen.rawValue)", requestsByScreen[screen] ?? 0, .lower))
        }
        for endpoint in requestsByEndpoint.keys.sorted() {
            metrics.append(.count("requests.\(endpoint)", requestsByEndpoint[endpoint]!, .lower))
        }
        return metrics
    }
}
