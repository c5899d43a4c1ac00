import TrackerCore

/// Everything one run depends on: with the code, a pure function of this value.
public struct RunConfig: Sendable {
    /// The root seed; every stream (server, user, backoff jitter) derives from it.
    public var seed: UInt64
    /// The first simulated time, epoch ms.
    public var start: Int64
    /// The simulated span, ms.
    public var durationMilliseconds: Int64
    /// The market's first tick, epoch ms: at or before ``start`` when the market carries history.
    public var marketStart: Int64
    /// The origin the simulated server answers from.
    public var market: any MarketSource
    /// The true price of a coin at a time (for alert delays and portfolio valuation).
    public var truePrice: @Sendable (String, Int64) -> Double?
    /// The server's plan, caching, latency and faults.
    public var server: ServerBehaviour
    /// The app as launched (its settings, stored watchlist and alerts), handed to
    /// ``TrackerApp`` unread: the simulator decides nothing by it.
    public var app: AppSetup
    /// Scripted user actions.
    public var script: [ScheduledAction]
    /// Seeded sessions on top of the script, if any.
    public var user: StochasticUser?
    /// When iOS ends the app in the background (never by default).
    public var termination = TerminationRule()

    /// Creates a config.
    ///
    /// - Parameters:
    ///   - seed: The root seed.
    ///   - source: What the simulated server answers from.
    ///   - start: The first simulated time.
    ///   - durationMilliseconds: The span.
    ///   - marketStart: The market's first tick, at or before `start`.
    ///   - truePrice: The true price of a coin at a time.
    ///   - server: Server behaviour.
    ///   - app: The app as launched (its watchlist set).
    ///   - script: Scripted actions.
    ///   - user: Seeded sessions.
    public init(
        seed: UInt64, source: any MarketSource, start: Int64, durationMilliseconds: Int64, marketStart: Int64,
        truePrice: @escaping @Sendable (String, Int64) -> Double?, server: ServerBehaviour, app: AppSetup,
        script: [ScheduledAction] = [], user: StochasticUser? = nil
    ) {
        self.seed = seed
        self.start = start
        self.durationMilliseconds = durationMilliseconds
        self.marketStart = marketStart
        self.market = source
        self.truePrice = truePrice
        self.server = server
        self.app = app
        self.script = script
        self.user = user
    }

    /// The last simulated time.
    public var end: Int64 { start + durationMilliseconds }

    /// The stored watchlist the app launches with.
    public var watchlist: [CoinListEntry] { app.watchlist ?? [] }
}
