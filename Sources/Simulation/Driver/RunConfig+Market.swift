import AppHosting
import TrackerCore

extension RunConfig {
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
        self.init(
            seed: seed, source: source, start: start, durationMilliseconds: durationMilliseconds,
            marketStart: min(prices.start, start), truePrice: { id, time in prices.price(of: id, at: time) },
            server: server, app: app, script: script, user: user)
        if app.watchlist == nil {
            self.app.watchlist = prices.coins.map {
                CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name)
            }
        }
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
}
