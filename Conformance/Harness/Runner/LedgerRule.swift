import ConformanceCases
import Foundation
import TrackerCore

/// The portfolio rule: the workbench's side is `PortfolioLedger.holdings(_:method:)` under the
/// app's cost method (`AppPolicies.bitpal.costMethod`) and the tab's summary at the prices the
/// load returned (`PortfolioSummary`, realised P&L of priced coins only).
enum WorkbenchLedger {
    /// The tab shown for a case.
    static func tab(_ ledger: LedgerCase) -> LedgerOutput {
        let trades = ledger.trades.map {
            PortfolioTransaction(
                coinId: $0.coin, kind: $0.sell ? .sell : .buy, quantity: Decimal(string: $0.amount) ?? 0,
                price: Decimal(string: $0.price) ?? 0, time: $0.time * 1000)
        }
        let prices = ledger.prices.compactMapValues { Decimal(string: $0) }
        let holdings: [Holding]
        do {
            holdings = try PortfolioLedger.holdings(trades, method: AppPolicies.bitpal.costMethod)
        } catch {
            return LedgerOutput(holdings: [:], totals: [], refused: "\(error)")
        }
        let summary = PortfolioSummary(holdings: holdings, prices: prices)
        var shown: [String: [Double]] = [:]
        for holding in holdings where holding.quantity > 0 {
            guard let price = prices[holding.coinId] else { continue }
            shown[holding.coinId] = [
                holding.quantity, holding.averageCost ?? 0, holding.marketValue(at: price),
            ].map(\.doubleValue)
        }
        return LedgerOutput(
            holdings: shown,
            totals: [summary.totalValue, summary.unrealizedPnL, summary.pricedRealizedPnL].map(\.doubleValue))
    }

    static let amounts = [
        "1", "0.5", "0.25", "2", "0.000000001", "0.999999995", "0.000000005", "3.3333", "0.1", "10",
        "0.00000001", "0.3",
    ]
    static let prices = ["100", "200", "300", "10", "0.5", "12345.678", "1", "99.99", "0.00001234"]
    static let coins = ["bitcoin", "ethereum", "solana"]

    /// Edges (no trades, a sale of everything, a sale down to dust, an unpriced coin, a sale of
    /// more than is held, trades in one second), then seeded random histories.
    static func cases(random: inout SplitMix, randomCount: Int) -> [LedgerCase] {
        typealias Trade = LedgerCase.Trade
        let priced = ["bitcoin": "200", "ethereum": "300"]
        var cases: [LedgerCase] = [
            LedgerCase(trades: [], prices: priced),
            LedgerCase(
                trades: [Trade(coin: "bitcoin", sell: false, amount: "1", price: "100", time: 0)],
                prices: priced),
            LedgerCase(
                trades: [Trade(coin: "solana", sell: false, amount: "1", price: "100", time: 0)],
                prices: priced),
            LedgerCase(
                trades: [
                    Trade(coin: "bitcoin", sell: false, amount: "1", price: "100", time: 0),
                    Trade(coin: "bitcoin", sell: true, amount: "1", price: "150", time: 1),
                ], prices: priced),
            LedgerCase(
                trades: [
                    Trade(coin: "bitcoin", sell: false, amount: "1", price: "100", time: 0),
                    Trade(coin: "bitcoin", sell: true, amount: "0.999999995", price: "150", time: 1),
                ], prices: priced),
            LedgerCase(
                trades: [
                    Trade(coin: "bitcoin", sell: false, amount: "1", price: "100", time: 0),
                    Trade(coin: "bitcoin", sell: true, amount: "2", price: "150", time: 1),
                    Trade(coin: "bitcoin", sell: false, amount: "1", price: "120", time: 2),
                ], prices: priced),
            LedgerCase(
                trades: [
                    Trade(coin: "ethereum", sell: false, amount: "2", price: "100", time: 5),
                    Trade(coin: "ethereum", sell: true, amount: "2", price: "110", time: 5),
                    Trade(coin: "ethereum", sell: false, amount: "1", price: "90", time: 5),
                ], prices: priced),
        ]
        for _ in 0..<randomCount { cases.append(randomCase(random: &random)) }
        return cases
    }

    static func randomCase(random: inout SplitMix) -> LedgerCase {
        var trades: [LedgerCase.Trade] = []
        var held: [String: Decimal] = [:]
        var time: Int64 = 1_700_000_000
        for _ in 0..<(1 + random.below(8)) {
            let coin = random.pick(coins)
            var amount = Decimal(string: random.pick(amounts))!
            var sell = random.oneIn(3) && (held[coin] ?? 0) > 0
            if sell, random.oneIn(2) {
                amount = held[coin]! - Decimal(string: random.pick(["0", "0.000000005", "0.000000001"]))!
            }
            if amount <= 0 { (sell, amount) = (false, 1) }
            if sell, amount > held[coin]! { amount = held[coin]! }
            if random.oneIn(50) { sell = true }
            held[coin, default: 0] += sell ? -amount : amount
            if !random.oneIn(5) { time += Int64(1 + random.below(86_400)) }
            trades.append(
                LedgerCase.Trade(
                    coin: coin, sell: sell, amount: "\(amount)", price: random.pick(prices), time: time))
        }
        var priced: [String: String] = [:]
        for coin in coins where !random.oneIn(4) { priced[coin] = random.pick(prices) }
        return LedgerCase(trades: trades, prices: priced)
    }

    /// The rule.
    static func rule(app: @escaping (LedgerCase) async -> LedgerOutput, randomCount: Int) -> RuleCheck<
        LedgerCase, LedgerOutput
    > {
        RuleCheck(
            name: "portfolio-ledger", cases: { cases(random: &$0, randomCount: randomCount) }, app: app,
            tracker: tab,
            difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }
}

extension Decimal {
    /// The nearest `Double`.
    var doubleValue: Double { NSDecimalNumber(decimal: self).doubleValue }
}
