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

    /// Whether the Portfolio tab's root offers what the user means to do: its `contentView` is
    /// `portfolioContent`, a scroll view (`PortfolioView.swift`), unless `LoadingView` shows (a
    /// load under way and no holdings) or the empty state (no holding and no closed position):
    /// only then can it be pulled, or a holding's or closed position's page be opened.
    func portfolioOffers(_ page: PortfolioPage?) -> Bool {
        let content = portfolioContent
        guard !(portfolioLoop.isLoading && !content.hasHoldings), !content.isEmpty else { return false }
        switch page {
        case nil: return true
        case .transactions: return content.hasHoldings
        case .closedPositions: return content.hasClosedPositions
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

/// What `PortfolioView`'s content lists after a successful load (`PortfolioViewModel`'s
/// `holdings` and `closedPositions`): only coins the answer priced (`computeHoldings`,
/// `computeClosedPositions`).
struct PortfolioContent: Sendable, Equatable {
    /// Whether a holding is listed.
    var hasHoldings = false
    /// Whether a closed position is listed.
    var hasClosedPositions = false

    /// Nothing listed: the empty state ("No Holdings Yet").
    var isEmpty: Bool { !hasHoldings && !hasClosedPositions }

    /// Nothing listed (before the first load, or after an empty ledger's).
    init() {}

    /// The content a load with these prices leaves.
    init(transactions: [PortfolioTransaction], heldCoinIds: [String], priced: Set<String>) {
        hasHoldings = heldCoinIds.contains(where: priced.contains)
        hasClosedPositions = !PortfolioRefreshLoop.closedPositionCoinIds(of: transactions).isDisjoint(
            with: priced)
    }
}
