import Foundation

/// Validates portfolio transactions and replays them into holdings.
///
/// Transactions are replayed in time order; transactions at the same time keep the order they
/// are given in (the store's order: time, then id). A sell is checked against what was held *at
/// its time*, so a back-dated sell cannot make a past position negative (the app checks only
/// against today's holding).
public enum PortfolioLedger {
    /// Checks one transaction's own fields: quantity > 0, price and fee >= 0, none NaN.
    ///
    /// - Parameter transaction: The transaction.
    /// - Throws: ``PortfolioError`` naming the field.
    public static func validateFields(of transaction: PortfolioTransaction) throws(PortfolioError) {
        let coin = transaction.coinId
        for (field, value) in [
            ("quantity", transaction.quantity), ("price", transaction.price), ("fee", transaction.fee),
        ] where value.isNaN {
            throw .notANumber(coinId: coin, field: field)
        }
        guard transaction.quantity > 0 else {
            throw .nonPositiveQuantity(coinId: coin, quantity: transaction.quantity)
        }
        guard transaction.price >= 0 else { throw .negativePrice(coinId: coin, price: transaction.price) }
        guard transaction.fee >= 0 else { throw .negativeFee(coinId: coin, fee: transaction.fee) }
    }

    /// Checks that a new transaction may join a coin's existing ones: its fields are valid and,
    /// with it in place, no sell sells more than was held at its time.
    ///
    /// - Parameters:
    ///   - transaction: The new transaction; at a time shared with others it goes after them.
    ///   - existing: The coin's stored transactions, in store order.
    /// - Throws: ``PortfolioError``; ``PortfolioError/sellExceedsHolding(coinId:selling:held:time:)``
    ///   names the first sell that fails, which may be a later one the new transaction starves.
    public static func validateAppending(
        _ transaction: PortfolioTransaction,
        to existing: [PortfolioTransaction]
    ) throws(PortfolioError) {
        try validateFields(of: transaction)
        try checkHoldingsNeverNegative(existing + [transaction])
    }

    /// Checks that removing a transaction leaves no sell selling more than was held.
    ///
    /// - Parameters:
    ///   - id: The transaction to remove.
    ///   - existing: The coin's stored transactions, in store order.
    /// - Throws: ``PortfolioError/removalLeavesOversell(removedId:coinId:selling:held:time:)``.
    public static func validateRemoving(id: Int64, from existing: [PortfolioTransaction])
        throws(PortfolioError)
    {
        do {
            try checkHoldingsNeverNegative(existing.filter { $0.id != id })
        } catch .sellExceedsHolding(let coin, let selling, let held, let time) {
            throw .removalLeavesOversell(
                removedId: id, coinId: coin, selling: selling, held: held, time: time)
        }
    }

    /// Every coin's holding after the transactions, sorted by coin id; coins sold out stay
    /// (their realised P&L counts).
    ///
    /// - Parameters:
    ///   - transactions: Any coins' transactions, in store order.
    ///   - method: The cost method.
    ///   - time: Count only transactions at or before this time; nil for all.
    /// - Returns: One holding per coin.
    /// - Throws: ``PortfolioError`` if a transaction is invalid or, except under
    ///   ``CostMethod/bitpalAverage``, a sell exceeds its holding. The app computes an oversold
    ///   history anyway (Bitpal-v2 `Holding.swift`, `computeHoldings`: a negative balance is no
    ///   holding, and its sells realise against the cycle's average cost), so the app's method
    ///   does too; its entry form refuses a sale of more than is held, as
    ///   ``validateAppending(_:to:)`` does.
    /// - Complexity: O(n log n) for n transactions.
    public static func holdings(
        _ transactions: [PortfolioTransaction],
        method: CostMethod,
        asOf time: Int64? = nil
    ) throws(PortfolioError) -> [Holding] {
        if method == .bitpalAverage {
            for transaction in transactions { try validateFields(of: transaction) }
        } else {
            try checkHoldingsNeverNegative(transactions)
        }
        var positions: [String: PositionAccumulator] = [:]
        for transaction in timeOrdered(transactions) {
            if let time, transaction.time > time { break }
            positions[
                transaction.coinId, default: PositionAccumulator(coinId: transaction.coinId, method: method)
            ]
            .apply(transaction)
        }
        return positions.keys.sorted().map { positions[$0]!.holding }
    }

    /// The transactions sorted by time; equal times keep their given order.
    static func timeOrdered(_ transactions: [PortfolioTransaction]) -> [PortfolioTransaction] {
        transactions.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    static func checkHoldingsNeverNegative(_ transactions: [PortfolioTransaction]) throws(PortfolioError) {
        var held: [String: Decimal] = [:]
        for transaction in timeOrdered(transactions) {
            try validateFields(of: transaction)
            let before = held[transaction.coinId, default: 0]
            switch transaction.kind {
            case .buy: held[transaction.coinId] = before + transaction.quantity
            case .sell:
                guard transaction.quantity <= before else {
                    throw .sellExceedsHolding(
                        coinId: transaction.coinId, selling: transaction.quantity, held: before,
                        time: transaction.time)
                }
                held[transaction.coinId] = before - transaction.quantity
            }
        }
    }
}
