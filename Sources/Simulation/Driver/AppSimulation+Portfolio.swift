import Foundation
import TrackerCore

extension AppSimulation {
    /// Runs the Portfolio tab's loads (`PortfolioViewModel.loadPortfolioWithPrices()`): market data
    /// of every coin the ledger has traded, through the shared market cache and limiter.
    mutating func execute(_ actions: [PortfolioRefreshLoop.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .load(let token):
                // The app asks for `Array(Set(...))` of the traded ids, in hash order; sorted here,
                // so a run is deterministic (the cache rule does not depend on the order).
                let ids = Set(transactions.map(\.coinId)).sorted()
                startFetch(.portfolio(token: token), ids: ids, at: now)
            case .wake(let token, let time): queue.schedule(.portfolioWake(token: token), at: time)
            }
        }
    }

    /// The coins the app lists as holdings: an open quantity above 0 (`computeHoldings`).
    var heldCoinIds: [String] {
        var quantities: [String: Decimal] = [:]
        for transaction in transactions {
            let signed = transaction.kind == .buy ? transaction.quantity : -transaction.quantity
            quantities[transaction.coinId, default: 0] += signed
        }
        return quantities.filter { $0.value > 0 }.keys.sorted()
    }
}
