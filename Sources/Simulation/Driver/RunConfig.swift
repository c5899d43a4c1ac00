import PriceModels
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
    ///   - prices: The market whose prices are the truth (alert delays, portfolio valuation) and
    ///     whose coins make the default watchlist.
    ///   - start: The first simulated time.
    ///   - durationMilliseconds: The span.
    ///   - server: Server behaviour.
    ///   - app: The app as launched (a nil watchlist: all the market's coins).
    ///   - script: Scripted actions.
    ///   - user: Seeded sessions.
    public init(
        seed: UInt64, source: any MarketSource, prices: SimulatedMarket, start: Int64,
        durationMilliseconds: Int64,
        server: ServerBehaviour, app: AppSetup, script: [ScheduledAction] = [], user: StochasticUser? = nil
    ) {
        self.seed = seed
        self.start = start
        self.durationMilliseconds = durationMilliseconds
        self.marketStart = min(prices.start, start)
        self.market = source
        self.truePrice = { id, time in prices.price(of: id, at: time) }
        self.server = server
        self.app = app
        if app.watchlist == nil {
            self.app.watchlist = prices.coins.map {
                CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name)
            }
        }
        self.script = script
        self.user = user
    }

    /// Creates a config on a synthetic market, starting where the market starts.
    ///
    /// - Parameters:
    ///   - seed: The root seed.
    ///   - market: The synthetic market.
    ///   - durationMilliseconds: The span.
    ///   - server: Server behaviour.
    ///   - app: The app as launched (a nil watchlist: all the market's coins).
    ///   - script: Scripted actions.
    ///   - user: Seeded sessions.
    public init(
        seed: UInt64, market: SimulatedMarket, durationMilliseconds: Int64, server: ServerBehaviour,
        app: AppSetup, script: [ScheduledAction] = [], user: StochasticUser? = nil
    ) {
        self.init(
            seed: seed, source: market, prices: market, start: market.start,
            durationMilliseconds: durationMilliseconds,
            server: server, app: app, script: script, user: user)
    }

    /// The last simulated time.
    public var end: Int64 { start + durationMilliseconds }

    /// The stored watchlist the app launches with.
    public var watchlist: [CoinListEntry] { app.watchlist ?? [] }
}
