import Foundation

/// The portfolio's market value over time, from its transactions and price series.
///
/// At each timestamp the quantity of each coin is what its transactions at or before that time
/// leave, and its price is the last price point at or before that time. Values are `Double`:
/// this series feeds statistics and charts, not accounting.
public enum PortfolioValuation {
    /// The value at each timestamp.
    ///
    /// - Parameters:
    ///   - transactions: Any coins' transactions, in store order.
    ///   - prices: Each held coin's price series, timestamps increasing.
    ///   - timestamps: When to value, increasing.
    /// - Returns: The values, one per timestamp.
    /// - Throws: ``PortfolioError/noPrice(coinId:time:)`` when a coin is held at a time before its
    ///   first price point or has no series; ``PortfolioError`` for invalid transactions.
    /// - Complexity: O(T·C + P + n log n) for T timestamps, C coins, P price points and n
    ///   transactions.
    public static func series(
        transactions: [PortfolioTransaction],
        prices: [String: TimeSeries],
        at timestamps: [Int64]
    ) throws(PortfolioError) -> TimeSeries {
        try PortfolioLedger.checkHoldingsNeverNegative(transactions)
        let ordered = PortfolioLedger.timeOrdered(transactions)
        let coins = Array(Set(ordered.map(\.coinId))).sorted()
        var exactQuantities = [Decimal](repeating: 0, count: coins.count)
        var quantities = [Double](repeating: 0, count: coins.count)
        var priceCursor = [Int](repeating: 0, count: coins.count)
        let coinIndex = Dictionary(uniqueKeysWithValues: coins.enumerated().map { ($1, $0) })
        var next = 0
        var values: [Double] = []
        values.reserveCapacity(timestamps.count)
        for time in timestamps {
            while next < ordered.count, ordered[next].time <= time {
                let transaction = ordered[next]
                let index = coinIndex[transaction.coinId]!
                exactQuantities[index] +=
                    transaction.kind == .buy ? transaction.quantity : -transaction.quantity
                quantities[index] = exactQuantities[index].doubleValue
                next += 1
            }
            var value = 0.0
            for (index, coin) in coins.enumerated() where quantities[index] != 0 {
                guard let series = prices[coin] else { throw .noPrice(coinId: coin, time: time) }
                while priceCursor[index] < series.count, series.timestamps[priceCursor[index]] <= time {
                    priceCursor[index] += 1
                }
                guard priceCursor[index] > 0 else { throw .noPrice(coinId: coin, time: time) }
                value += quantities[index] * series.values[priceCursor[index] - 1]
            }
            values.append(value)
        }
        return TimeSeries(timestamps: timestamps, values: values)
    }
}
