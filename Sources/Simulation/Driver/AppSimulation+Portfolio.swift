import TrackerCore

extension AppSimulation {
    /// Runs the Portfolio tab's loads (`PortfolioViewModel.loadPortfolioWithPrices()`): market data
    /// of every coin the ledger has traded, through the shared market cache and limiter.
    mutating func execute(_ actions: [PortfolioRefreshLoop.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .load(let token):
                startFetch(
                    .portfolio(token: token), ids: PortfolioRefreshLoop.coinIds(of: transactions), at: now)
            case .wake(let token, let time): queue.schedule(.portfolioWake(token: token), at: time)
            }
        }
    }
}
