/// One behaviour case of a screen rule (`watchlist-screen`): a user's script on the app's screens
/// and a server, run through the app's own view models and services and through `TrackerApp` as
/// the simulator runs it.
public struct ScreenCase: Codable, Sendable, Equatable {
    /// What the user does.
    public enum Action: String, Codable, Sendable, Equatable {
        /// The Portfolio tab is selected: the watchlist's view disappears.
        case showPortfolio = "tab-portfolio"
        /// The Watchlist tab is selected: its view appears again.
        case showWatchlist = "tab-watchlist"
        /// The list is pulled down.
        case pullToRefresh = "pull-to-refresh"
        /// A coin is added (from the search sheet; the sheet's own requests are not in this rule).
        case add
        /// A coin is swiped away.
        case remove
        /// A coin's row is tapped: its screen is pushed over the list.
        case openCoin = "open"
        /// The coin screen's range selector (`option`: `1D`).
        case switchRange = "switch-range"
        /// The coin screen's chart-type toggle (`option`: `line` or `candle`).
        case switchChart = "switch-chart"
        /// The coin screen is pulled down.
        case refreshCoin = "refresh-coin"
        /// The coin screen is popped.
        case closeCoin = "close-coin"
    }

    /// One step of the script.
    public struct Step: Codable, Sendable, Equatable {
        /// When, ms after the launch.
        public var at: Int64
        /// What.
        public var action: Action
        /// The coin, for `add`, `remove` and `open`.
        public var coin: String?
        /// The range or chart type, for `switch-range` and `switch-chart`.
        public var option: String?

        /// A step.
        public init(at: Int64, action: Action, coin: String? = nil, option: String? = nil) {
            (self.at, self.action, self.coin, self.option) = (at, action, coin, option)
        }
    }

    /// The watchlist at launch, in the order added.
    public var watchlist: [String]
    /// The script, in time order.
    public var steps: [Step]
    /// How long the case runs, ms after the launch.
    public var duration: Int64
    /// The server's median latency, ms (its spread is `latencySigma`).
    public var latency: Int64
    /// The spread of the latency (lognormal sigma; 0: every reply takes `latency`).
    public var latencySigma: Double
    /// The plan the server enforces (`keyless`: 10 a minute; `demo-30`).
    public var plan: String
    /// The share of requests the server answers 500.
    public var serverErrorRate: Double
    /// The seed of the server's draws.
    public var seed: UInt64

    /// A case.
    public init(
        watchlist: [String], steps: [Step], duration: Int64, latency: Int64 = 100, latencySigma: Double = 0,
        plan: String = "demo-30", serverErrorRate: Double = 0, seed: UInt64 = 1
    ) {
        self.watchlist = watchlist
        self.steps = steps
        self.duration = duration
        self.latency = latency
        self.latencySigma = latencySigma
        self.plan = plan
        self.serverErrorRate = serverErrorRate
        self.seed = seed
    }

    /// Smaller cases: one step fewer, a coin fewer at launch, the run cut to its last step plus a
    /// minute, no errors, no spread.
    public var shrunk: [ScreenCase] {
        var smaller: [ScreenCase] = []
        for index in steps.indices {
            var fewer = self
            fewer.steps.remove(at: index)
            smaller.append(fewer)
        }
        for index in watchlist.indices where watchlist.count > 1 {
            var fewer = self
            fewer.watchlist.remove(at: index)
            smaller.append(fewer)
        }
        let cut = (steps.last?.at ?? 0) + 60_000
        if cut < duration {
            var shorter = self
            shorter.duration = cut
            smaller.append(shorter)
        }
        if serverErrorRate > 0 {
            var clean = self
            clean.serverErrorRate = 0
            smaller.append(clean)
        }
        if latencySigma > 0 {
            var steady = self
            steady.latencySigma = 0
            smaller.append(steady)
        }
        return smaller
    }
}

/// What a screen case did: every request that reached the network, and every one the app gave up
/// after the limiter let it through but before it was sent (a cancelled task: nothing is sent).
public struct ScreenOutput: Codable, Sendable, Equatable {
    /// A request: when (ms after the launch) and its target (path and query, percent-decoded).
    public struct Request: Codable, Sendable, Equatable, CustomStringConvertible {
        /// When, ms after the launch.
        public var at: Int64
        /// Path and query.
        public var target: String

        /// A request.
        public init(at: Int64, target: String) { (self.at, self.target) = (at, target) }

        /// `AT ms TARGET`.
        public var description: String { "\(at) ms \(target)" }
    }

    /// The requests sent, in order.
    public var sent: [Request]
    /// The requests cancelled after the limiter and before sending, in order.
    public var cancelled: [Request]

    /// An output.
    public init(sent: [Request], cancelled: [Request]) { (self.sent, self.cancelled) = (sent, cancelled) }

    /// Where the app's output (self) and the workbench's differ, nil when they match: the first
    /// request that differs.
    ///
    /// Requests given up in the same millisecond are compared in target order: a pop cancels the
    /// screen's tasks together, and the order the harness and the model take them in is neither
    /// side's behaviour.
    public func difference(from tracker: ScreenOutput) -> String? {
        if let what = Self.first(self.sent, tracker.sent, "sent") { return what }
        return Self.first(
            Self.byInstant(cancelled), Self.byInstant(tracker.cancelled), "cancelled before sending")
    }

    private static func byInstant(_ requests: [Request]) -> [Request] {
        requests.sorted { ($0.at, $0.target) < ($1.at, $1.target) }
    }

    private static func first(_ app: [Request], _ tracker: [Request], _ kind: String) -> String? {
        for index in 0..<max(app.count, tracker.count) {
            let left = index < app.count ? app[index] : nil
            let right = index < tracker.count ? tracker[index] : nil
            guard left != right else { continue }
            switch (left, right) {
            case (let left?, nil): return "the app \(kind) a request the workbench did not (\(left))"
            case (nil, let right?): return "the workbench \(kind) a request the app did not (\(right))"
            case (let left?, let right?) where left.target != right.target:
                return "\(kind): another request (app \(left), workbench \(right))"
            default:
                return "\(kind): the same request at another time (app \(left!), workbench \(right!))"
            }
        }
        return nil
    }
}
