import Foundation

/// One behaviour case of a screen rule (`watchlist-screen`, `coin-screen`, `portfolio-tab`): a
/// user's script on the app's screens, the trades stored before the launch, and a server, run through the app's own view models and services and through `TrackerApp` as
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
        /// A page is pushed on the Portfolio tab (`option`: `transactions` or `closed-positions`).
        case openPage = "page"
        /// The Portfolio tab's page is popped.
        case closePage = "close-page"
        /// The watchlist's search sheet: `option` typed at `gaps`, then, once the whole text's
        /// results show, `coin` tapped if listed (the sheet closes either way).
        case search
        /// One keystroke of a search (the driver's own step: `option` is the field's text).
        case keystroke
        /// WidgetKit asks the widget extension for a timeline (the driver's own step, from the
        /// case's ``ScreenCase/timelines``).
        case widgetTimeline = "widget-timeline"
    }

    /// A trade stored before the launch (the app's `Transaction`, in the Portfolio tab's store).
    public struct Trade: Codable, Sendable, Equatable {
        /// The coin.
        public var coin: String
        /// `buy` or `sell`.
        public var side: String
        /// The quantity, as decimal text.
        public var quantity: String
        /// The price per coin, USD, as decimal text.
        public var price: String

        /// A trade.
        public init(coin: String, side: String, quantity: String, price: String) {
            (self.coin, self.side, self.quantity, self.price) = (coin, side, quantity, price)
        }
    }

    /// One step of the script.
    public struct Step: Codable, Sendable, Equatable {
        /// When, ms after the launch.
        public var at: Int64
        /// What.
        public var action: Action
        /// The coin, for `add`, `remove` and `open`.
        public var coin: String?
        /// The range or chart type, for `switch-range` and `switch-chart`; the text, for `search`.
        public var option: String?
        /// A search's gap before each keystroke after the first, ms.
        public var gaps: [Int64]?
        /// A search's trade (the Portfolio tab's picker and form), instead of adding `coin`.
        public var trade: Trade?

        /// A step.
        public init(
            at: Int64, action: Action, coin: String? = nil, option: String? = nil, gaps: [Int64]? = nil,
            trade: Trade? = nil
        ) {
            (self.at, self.action, self.coin, self.option, self.gaps) = (at, action, coin, option, gaps)
            self.trade = trade
        }
    }

    /// The watchlist at launch, in the order added.
    public var watchlist: [String]
    /// The trades stored before the launch, oldest first.
    public var portfolio: [Trade]
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
    /// A 429 storm: every request answered 429 from `[0]` ms after the launch for `[1]` ms (the
    /// scenario's `faults.storms`); nil for none.
    public var storm: [Int64]? = nil
    /// The share of 200s sent with schema drift (half with `null` prices, half with a renamed
    /// member: the scenario's `faults.schema_drift_rate`).
    public var driftRate = 0.0
    /// Whether the portfolio widget is on the home screen (the `widget` rule: the branch's
    /// extension, `bitpal-008`).
    public var widget = false
    /// When WidgetKit asks the widget for a timeline, ms after the launch: WidgetKit's schedule
    /// (its budget, the app's reload requests) is iOS's, so the `widget` rule takes the
    /// workbench's and gives both sides the same instants.
    public var timelines: [Int64] = []

    /// A case.
    public init(
        watchlist: [String], portfolio: [Trade] = [], steps: [Step], duration: Int64, latency: Int64 = 100,
        latencySigma: Double = 0, plan: String = "demo-30", serverErrorRate: Double = 0, seed: UInt64 = 1
    ) {
        self.watchlist = watchlist
        self.portfolio = portfolio
        self.steps = steps
        self.duration = duration
        self.latency = latency
        self.latencySigma = latencySigma
        self.plan = plan
        self.serverErrorRate = serverErrorRate
        self.seed = seed
    }

    /// Smaller cases: one step fewer, a coin fewer at launch, a trade fewer, the run cut to its last step plus a
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
        for index in portfolio.indices {
            var fewer = self
            fewer.portfolio.remove(at: index)
            // A buy goes only with the sales it covers: no case sells more than it holds.
            if Self.neverOversold(fewer.portfolio) { smaller.append(fewer) }
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
        if storm != nil {
            var calm = self
            calm.storm = nil
            smaller.append(calm)
        }
        if driftRate > 0 {
            var exact = self
            exact.driftRate = 0
            smaller.append(exact)
        }
        return smaller
    }
}

extension ScreenCase {
    /// Whether no sale in the trades sells more than is held at its place.
    static func neverOversold(_ trades: [Trade]) -> Bool {
        var held: [String: Decimal] = [:]
        for trade in trades {
            let quantity = Decimal(string: trade.quantity) ?? 0
            held[trade.coin, default: 0] += trade.side == "sell" ? -quantity : quantity
            if held[trade.coin, default: 0] < 0 { return false }
        }
        return true
    }
}

/// What a screen case did: every request that reached the network, every one the app gave up
/// after the limiter let it through but before it was sent (a cancelled task: nothing is sent),
/// and every time the app asked WidgetKit to reload its timelines.
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
    /// When the app called `WidgetCenter.shared.reloadAllTimelines()`, ms after the launch.
    public var widgetReloads: [Int64]
    /// The widget extension's requests (its own process and session), in order.
    public var widgetSent: [Request] = []
    /// What each timeline the extension made shows, when it was handed to WidgetKit: `empty`,
    /// or `N coins, updated T ms` (its holdings and its `lastUpdated`, ms after the launch).
    public var widgetShown: [Request] = []
    /// What the visible screen shows, each time that changes (once the inputs of a millisecond
    /// are handled): ``shownLine(screen:rows:)``.
    public var shown: [Request] = []

    /// An output.
    public init(
        sent: [Request], cancelled: [Request], widgetReloads: [Int64] = [], widgetSent: [Request] = [],
        widgetShown: [Request] = [], shown: [Request] = []
    ) {
        (self.sent, self.cancelled, self.widgetReloads) = (sent, cancelled, widgetReloads)
        (self.widgetSent, self.widgetShown, self.shown) = (widgetSent, widgetShown, shown)
    }

    /// Where the app's output (self) and the workbench's differ, nil when they match: the first
    /// request that differs.
    ///
    /// Requests given up in the same millisecond are compared in target order: a pop cancels the
    /// screen's tasks together, and the order the harness and the model take them in is neither
    /// side's behaviour.
    public func difference(from tracker: ScreenOutput) -> String? {
        if let what = Self.first(self.sent, tracker.sent, "sent") { return what }
        if let what = Self.first(
            Self.byInstant(cancelled), Self.byInstant(tracker.cancelled), "cancelled before sending")
        {
            return what
        }
        if widgetReloads != tracker.widgetReloads {
            return "widget reloads differ (app \(widgetReloads), workbench \(tracker.widgetReloads))"
        }
        if let what = Self.first(widgetSent, tracker.widgetSent, "sent from the widget") { return what }
        if let what = Self.first(widgetShown, tracker.widgetShown, "showed on the widget") { return what }
        return Self.first(shown, tracker.shown, "showed on screen")
    }

    /// What a screen shows, as compared: `nothing` (a sheet, a page, the background), a coin
    /// screen's ``coinLine(coin:type:lastPoint:)``, or `watchlist:` or `portfolio:` and each row the app has data for, by coin id, with the
    /// time of its data (`last_updated`, or when it arrived) in ms after the launch. The rows'
    /// order on screen (the app sorts by market cap or value) is not compared here.
    public static func shownLine(screen: String, rows: [(coin: String, dataTime: Int64)] = []) -> String {
        guard screen == "watchlist" || screen == "portfolio" else { return screen }
        let listed = rows.sorted { ($0.coin, $0.dataTime) < ($1.coin, $1.dataTime) }
        return "\(screen):" + listed.map { " \($0.coin)@\($0.dataTime)" }.joined()
    }

    /// What a coin screen shows: `coin ID TYPE`, and `last@T` with its chart's last point (ms
    /// after the launch) once it has one.
    public static func coinLine(coin: String, type: String, lastPoint: Int64?) -> String {
        "coin \(coin) \(type)" + (lastPoint.map { " last@\($0)" } ?? "")
    }

    /// Adds what the screen shows at `at` to `shown`, unless it shows the same again; a change
    /// within the same millisecond replaces the last.
    public static func add(shown line: String, at: Int64, to shown: inout [Request]) {
        if let last = shown.last, last.at == at {
            shown.removeLast()
        }
        guard shown.last?.target != line else { return }
        shown.append(Request(at: at, target: line))
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
