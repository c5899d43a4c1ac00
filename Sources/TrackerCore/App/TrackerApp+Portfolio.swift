import Foundation

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

    /// Adds a transaction to the ledger if it is accepted, and keeps the held coins the
    /// Portfolio tab lists; a refusal is counted.
    ///
    /// A ledger entry (the scenario's, no screen) must not sell more than was held at its time
    /// (``PortfolioLedger/validateAppending(_:to:)``), and so must a trade saved through the
    /// add-transaction form (`throughForm`) under other cost methods. Under the app's, the form
    /// is the app's (`AddTransactionViewModel.validationError`): an amount and a price above 0,
    /// and a sale of no more than today's holding as the tab lists it (`existingHoldings`, from
    /// its last successful load; 0 for a coin it does not list), so a back-dated sale that
    /// oversells at its date is recorded.
    ///
    /// - Returns: Whether it was recorded.
    mutating func record(_ transaction: PortfolioTransaction, throughForm: Bool = false, at now: Int64)
        -> Bool
    {
        let accepted: Bool
        if throughForm, policies.costMethod == .bitpalAverage {
            accepted =
                transaction.quantity > 0 && transaction.price > 0
                && (transaction.kind == .buy
                    || transaction.quantity <= portfolioContent.heldQuantities[transaction.coinId, default: 0])
        } else {
            accepted = (try? PortfolioLedger.validateAppending(transaction, to: transactions)) != nil
        }
        guard accepted else {
            emit(.failed(.portfolio, .refusedTrade))
            return false
        }
        transactions.append(transaction)
        ledger = LedgerPositions(transactions, method: policies.costMethod)
        return true
    }
}

/// What the ledger gives the Portfolio tab, computed when a trade is recorded (not at every
/// load): the coins held and their quantities under the cost method (`computeHoldings`; under the
/// app's method a cycle within 1e-8 of zero is closed, so dust is no holding), and the coins with
/// a closed position (``PortfolioRefreshLoop/closedPositionCoinIds(of:)``).
struct LedgerPositions: Sendable, Equatable {
    /// The held coins' quantities (above 0), by coin.
    var heldQuantities: [String: Decimal] = [:]
    /// The held coins, by id.
    var heldCoinIds: [String] = []
    /// The coins with a closed position.
    var closedPositionCoins: Set<String> = []

    /// No trades.
    init() {}

    /// The positions of a ledger.
    init(_ transactions: [PortfolioTransaction], method: CostMethod) {
        let holdings = (try? PortfolioLedger.holdings(transactions, method: method)) ?? []
        for holding in holdings where holding.quantity > 0 {
            heldQuantities[holding.coinId] = holding.quantity
            heldCoinIds.append(holding.coinId)
        }
        closedPositionCoins = PortfolioRefreshLoop.closedPositionCoinIds(of: transactions)
    }
}

/// What `PortfolioView`'s content lists after a successful load (`PortfolioViewModel`'s
/// `holdings` and `closedPositions`): only coins the answer priced (`computeHoldings`,
/// `computeClosedPositions`).
struct PortfolioContent: Sendable, Equatable {
    /// Whether a holding is listed.
    var hasHoldings: Bool { !heldQuantities.isEmpty }
    /// Whether a closed position is listed.
    var hasClosedPositions = false
    /// The quantity of each holding listed (`Holding.totalAmount`): what the add-transaction
    /// form lets the user sell.
    var heldQuantities: [String: Decimal] = [:]

    /// Nothing listed: the empty state ("No Holdings Yet").
    var isEmpty: Bool { !hasHoldings && !hasClosedPositions }

    /// Nothing listed (before the first load, or after an empty ledger's).
    init() {}

    /// The content a load with these prices leaves.
    init(_ positions: LedgerPositions, priced: Set<String>) {
        heldQuantities = positions.heldQuantities.filter { priced.contains($0.key) }
        hasClosedPositions = !positions.closedPositionCoins.isDisjoint(with: priced)
    }
}
