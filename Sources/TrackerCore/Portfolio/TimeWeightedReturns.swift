import Foundation

/// Period returns of a portfolio with its cash flows taken out (the time-weighted return of the
/// GIPS standards): `r_t = (V_t - F_t) / V_{t-1} - 1`, where `V_t` is the value at the end of
/// period t and `F_t` the net amount invested during it at the trades' own prices (a buy's cost
/// plus its fee, less a sale's proceeds net of its fee).
///
/// A buy is then not a gain and a sale not a loss: only price moves (and fees, and the gap
/// between a trade's price and the market's) make returns. The app keeps no cash account, so
/// money leaving through a sale simply leaves the portfolio.
public enum TimeWeightedReturns {
    /// The net amount invested in each period: `flows[0]` is everything at or before
    /// `timestamps[0]` (already in the first value), `flows[k]` what traded in
    /// `(timestamps[k-1], timestamps[k]]`. Trades after the last timestamp are left out.
    ///
    /// - Parameters:
    ///   - transactions: Any coins' transactions, in any order.
    ///   - timestamps: The period ends, increasing.
    /// - Returns: One flow per timestamp, in the transactions' currency.
    /// - Complexity: O(n log n + T).
    public static func flows(of transactions: [PortfolioTransaction], at timestamps: [Int64]) -> [Double] {
        var flows = [Double](repeating: 0, count: timestamps.count)
        var period = 0
        for transaction in PortfolioLedger.timeOrdered(transactions) {
            while period < timestamps.count, timestamps[period] < transaction.time { period += 1 }
            guard period < timestamps.count else { break }
            flows[period] += netInvestment(of: transaction).doubleValue
        }
        return flows
    }

    /// What a trade puts in (positive, a buy with its fee) or takes out (negative, a sale's
    /// proceeds net of its fee).
    public static func netInvestment(of transaction: PortfolioTransaction) -> Decimal {
        let amount = transaction.quantity * transaction.price
        return transaction.kind == .buy ? amount + transaction.fee : -(amount - transaction.fee)
    }

    /// The return of each period, or nil for a period that began with nothing invested (its
    /// return is undefined; a statistic skips it).
    ///
    /// - Parameters:
    ///   - values: `V_0 ... V_n`, finite and not negative.
    ///   - flows: `F_0 ... F_n`, as ``flows(of:at:)`` gives them (`F_0` is not used).
    /// - Returns: n returns; element k-1 is period k's.
    /// - Throws: ``PortfolioError/invalidValueSeries(_:)`` when the counts differ or a value or
    ///   flow is not finite or a value is negative.
    public static func returns(values: [Double], flows: [Double]) throws(PortfolioError) -> [Double?] {
        guard values.count == flows.count else {
            throw .invalidValueSeries("\(values.count) values but \(flows.count) flows")
        }
        if let bad = values.firstIndex(where: { !($0.isFinite && $0 >= 0) }) {
            throw .invalidValueSeries("value \(bad) is \(values[bad]); expected a finite number >= 0")
        }
        if let bad = flows.firstIndex(where: { !$0.isFinite }) {
            throw .invalidValueSeries("flow \(bad) is \(flows[bad]); expected a finite number")
        }
        return values.indices.dropFirst().map { period in
            values[period - 1] > 0 ? (values[period] - flows[period]) / values[period - 1] - 1 : nil
        }
    }
}
