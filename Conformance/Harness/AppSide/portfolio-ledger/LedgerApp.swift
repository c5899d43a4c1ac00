import ConformanceCases
import Foundation

/// The app's Portfolio tab for a case: `computeHoldings`, `computeClosedPositions` and
/// `computePartialRealizedGains` over the trades (as SwiftData `Transaction`s), then
/// `computePortfolioSummary`.
public enum LedgerApp {
    /// Runs one case.
    public static func run(_ ledger: LedgerCase) -> LedgerOutput {
        let transactions = ledger.trades.map {
            Transaction(
                coinId: $0.coin, type: $0.sell ? .sell : .buy, amount: Decimal(string: $0.amount) ?? 0,
                pricePerCoin: Decimal(string: $0.price) ?? 0,
                date: Date(timeIntervalSince1970: Double($0.time)))
        }
        var coins: [String: Coin] = [:]
        for (coin, price) in ledger.prices {
            coins[coin] = Coin(
                id: coin, symbol: coin, name: coin, currentPrice: Decimal(string: price) ?? 0,
                priceChange24h: 0,
                lastUpdated: Date(timeIntervalSince1970: 0))
        }
        let holdings = computeHoldings(transactions: transactions, currentPrices: coins)
        let summary = computePortfolioSummary(
            holdings: holdings,
            closedPositions: computeClosedPositions(transactions: transactions, currentPrices: coins),
            partialRealizedGains: computePartialRealizedGains(
                transactions: transactions, currentPrices: coins))
        var shown: [String: [Double]] = [:]
        for holding in holdings {
            shown[holding.id] = [holding.totalAmount, holding.avgCost, holding.currentValue].map(double)
        }
        return LedgerOutput(
            holdings: shown,
            totals: [summary.totalValue, summary.unrealizedPnL, summary.realizedPnL].map(double))
    }
}
