extension TrackerApp {
    /// Runs the Portfolio tab's loads (`PortfolioViewModel.loadPortfolioWithPrices()`): market data
    /// of every coin the ledger has traded, through the shared market cache and limiter.
    mutating func execute(_ actions: [PortfolioRefreshLoop.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .load(let token):
                startFetch(
                    .portfolio(token: token), ids: PortfolioRefreshLoop.coinIds(of: transactions), at: now)
            case .wake(let token, let time): schedule(.portfolioLoop(token: token), at: time)
            case .cancelledLoad(let token):
                startFetch(
                    .portfolio(token: token), ids: PortfolioRefreshLoop.coinIds(of: transactions), at: now,
                    cancelled: true)
            }
        }
    }

    /// Adds a transaction to the ledger if it is valid at its time (a sale of no more than is
    /// held), and keeps the held coins the Portfolio tab lists; a refusal is counted.
    ///
    /// - Returns: Whether it was recorded.
    mutating func record(_ transaction: PortfolioTransaction, at now: Int64) -> Bool {
        guard (try? PortfolioLedger.validateAppending(transaction, to: transactions)) != nil else {
            emit(.failed(.portfolio, .refusedTrade))
            return false
        }
        transactions.append(transaction)
        heldCoinIds = PortfolioRefreshLoop.heldCoinIds(of: transactions, method: policies.costMethod)
        return true
    }
}
