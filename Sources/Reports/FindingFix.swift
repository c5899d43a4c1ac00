import WorkbenchMetrics

/// A change a finding names, measured (issue 69): the same scenario and seed run again with one
/// `--set` per candidate, and the finding's own figure read from each run.
public struct FindingFix: Sendable, Equatable {
    /// The finding's rule.
    public var rule: String
    /// The candidates tried (`policies.downsampler=lttb`), in order.
    public var tried: [String]
    /// A candidate and the finding's figure with it.
    public struct Candidate: Sendable, Equatable {
        /// The `--set` assignment.
        public var assignment: String
        /// The figure.
        public var value: Double

        /// A candidate's result.
        public init(assignment: String, value: Double) { (self.assignment, self.value) = (assignment, value) }
    }

    /// The candidate that lowered the figure most; nil when none did.
    public var best: Candidate?

    /// A measured fix.
    public init(rule: String, tried: [String], best: Candidate?) {
        (self.rule, self.tried, self.best) = (rule, tried, best)
    }

    /// What each rule's finding may be fixed by, in the order they are tried: settings a scenario
    /// can give, each a guess the run then measures (none is claimed before it is measured).
    public static let candidates: [String: [String]] = [
        "credits_over_plan": ["policies.refresh_interval=60s"],
        "over_rate_limit": ["policies.limiter=spacing"],
        "rate_limited": ["policies.limiter=spacing", "policies.backoff=retry-after"],
        "stale_on_screen": [
            "policies.downsampler=lttb", "policies.market_cache_ttl=0s", "policies.refresh_interval=15s",
        ],
        "charts_over_cap": ["policies.downsampler=lttb", "policies.range_profile=spec"],
        "line_deviates": ["policies.downsampler=lttb", "policies.downsampler=m4"],
        "candle_extremes_hidden": ["policies.candle_sampling=newest", "policies.candles=raw"],
        "coins_left_off": ["policies.markets_paging=batch-size"],
    ]

    /// The sentence after the finding.
    ///
    /// - Parameters:
    ///   - value: The finding's figure in this run.
    ///   - unit: Its unit, when known.
    public func sentence(from value: Double, unit: MetricUnit?) -> String {
        let text = { (figure: Double) in
            unit.map { MetricFormatting.text(figure, $0) } ?? MetricFormatting.number(figure)
        }
        let sets = tried.map { "`--set \($0)`" }
        guard let best else {
            return "Measured on the same seed, "
                + (sets.count == 1 ? sets[0] : "none of " + sets.joined(separator: ", "))
                + " lowers it."
        }
        return
            "Measured on the same seed: `--set \(best.assignment)` takes it from \(text(value)) to \(text(best.value))"
            + (tried.count > 1 ? " (the best of \(tried.count) tried)." : ".")
    }
}
