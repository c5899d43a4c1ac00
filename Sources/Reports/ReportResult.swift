import TrackerCore
import WorkbenchMetrics

/// What the reports show of a run, in the reports' own terms: the metrics (flat and grouped),
/// the problems, and the series behind the plots. The `Runs` module builds it from the
/// simulator's result, so the reports never depend on the simulator.
public struct ReportResult: Sendable, Equatable {
    /// Metrics under one heading: a section (`rate_limit`), or a chart range and type (`1D.line`).
    public struct MetricGroup: Sendable, Equatable {
        /// The section's stable prefix, or the chart's `range.type`.
        public var name: String
        /// The metrics: full stable names in a section, leaf names (`drawn`) in a chart group.
        public var metrics: [Metric]

        /// Creates a group.
        public init(name: String, metrics: [Metric]) {
            self.name = name
            self.metrics = metrics
        }
    }

    /// Every metric under its stable name, sorted by name: `result.json`'s metrics.
    public var metrics: [Metric]
    /// The metrics by section in report order, each section's metrics sorted; a section
    /// without metrics is left out.
    public var sections: [MetricGroup]
    /// Each chart range and type, shortest range first.
    public var charts: [MetricGroup]
    /// Figures the run could not compute, and why, one line each.
    public var problems: [String]
    /// The series the plots draw.
    public var plots: ReportPlotData

    /// Creates a result.
    public init(
        metrics: [Metric], sections: [MetricGroup], charts: [MetricGroup], problems: [String],
        plots: ReportPlotData
    ) {
        self.metrics = metrics
        self.sections = sections
        self.charts = charts
        self.problems = problems
        self.plots = plots
    }
}

/// The series behind a report's plots. Deterministic like the metrics.
public struct ReportPlotData: Sendable, Equatable {
    /// One chart as the app drew it (the model the simulator captures).
    public typealias DrawnChart = TrackerCore.DrawnChart<TimeSeries>
    /// One candle chart as the app drew it.
    public typealias DrawnCandles = TrackerCore.DrawnChart<CandleSeries>

    /// One request the server received.
    public struct Request: Sendable, Equatable {
        /// When it arrived (simulated ms).
        public var time: Int64
        /// Whether it was answered 429.
        public var limited: Bool

        /// Creates a request mark.
        public init(time: Int64, limited: Bool) {
            self.time = time
            self.limited = limited
        }
    }

    /// One cache lookup.
    public struct Lookup: Sendable, Equatable {
        /// When (simulated ms).
        public var time: Int64
        /// Whether it hit.
        public var hit: Bool

        /// Creates a lookup.
        public init(time: Int64, hit: Bool) {
            self.time = time
            self.hit = hit
        }
    }

    /// A cache's hits by capacity for LRU and for the optimum, expiry ignored.
    public struct HitCurve: Sendable, Equatable {
        /// One capacity's hits.
        public struct Point: Sendable, Equatable {
            /// Entries the cache holds.
            public var capacity: Int
            /// LRU's hits.
            public var lru: Int
            /// The optimum's (MIN's) hits.
            public var optimum: Int

            /// Creates a point.
            public init(capacity: Int, lru: Int, optimum: Int) {
                self.capacity = capacity
                self.lru = lru
                self.optimum = optimum
            }
        }

        /// The cache's name.
        public var cache: String
        /// The lookups the hits are out of.
        public var lookups: Int
        /// One point per capacity, ascending.
        public var points: [Point]

        /// Creates a curve.
        public init(cache: String, lookups: Int, points: [Point]) {
            self.cache = cache
            self.lookups = lookups
            self.points = points
        }
    }

    /// The oldest data's age on screen.
    public struct ScreenAge: Sendable, Equatable {
        /// From when (simulated ms).
        public var time: Int64
        /// The age (ms); 0 while nothing is visible.
        public var age: Int64

        /// Creates a sample.
        public init(time: Int64, age: Int64) {
            self.time = time
            self.age = age
        }
    }

    /// The last drawn line chart of each range, in title order.
    public var charts: [DrawnChart]
    /// The last drawn candle chart of each range, in title order.
    public var candleCharts: [DrawnCandles]
    /// Every request the server received, in order.
    public var requests: [Request]
    /// The plan's requests per minute, drawn as the limit.
    public var planPerMinute: Int
    /// Every cache lookup, in order.
    public var lookups: [Lookup]
    /// Hit-ratio curves of the caches small enough to draw them, by cache name.
    public var hitCurves: [HitCurve]
    /// The age of the oldest data on screen from each time the screen changed.
    public var screenAge: [ScreenAge]
    /// The portfolio's daily value at the true prices; empty without a portfolio.
    public var portfolioValue: TimeSeries
    /// The portfolio's time-weighted daily returns, each at the end of its day.
    public var portfolioReturns: TimeSeries
    /// The buy-and-hold benchmark's returns on the same days; empty without a benchmark.
    public var benchmarkReturns: TimeSeries

    /// Creates plot data.
    public init(
        charts: [DrawnChart], candleCharts: [DrawnCandles] = [], requests: [Request], planPerMinute: Int,
        lookups: [Lookup], hitCurves: [HitCurve], screenAge: [ScreenAge], portfolioValue: TimeSeries,
        portfolioReturns: TimeSeries = .empty, benchmarkReturns: TimeSeries = .empty
    ) {
        self.portfolioReturns = portfolioReturns
        self.benchmarkReturns = benchmarkReturns
        self.charts = charts
        self.candleCharts = candleCharts
        self.requests = requests
        self.planPerMinute = planPerMinute
        self.lookups = lookups
        self.hitCurves = hitCurves
        self.screenAge = screenAge
        self.portfolioValue = portfolioValue
    }
}
