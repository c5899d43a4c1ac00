import Foundation

/// One coin's position after a sequence of transactions, under one ``CostMethod``.
///
/// All money is `Decimal`. A price for valuation comes from CoinGecko as a `Double`; convert it
/// with `Decimal(shortestTextOf:)`.
public struct Holding: Sendable, Equatable {
    /// The coin.
    public var coinId: String
    /// Coins held.
    public var quantity: Decimal
    /// What the coins held cost, fees included, under the cost method.
    public var costBasis: Decimal
    /// Realised profit or loss of every sell so far, net of fees.
    public var realizedPnL: Decimal
    /// Every fee paid on this coin.
    public var fees: Decimal

    /// Creates a holding.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - quantity: Coins held.
    ///   - costBasis: Cost of the coins held.
    ///   - realizedPnL: Realised P&L so far.
    ///   - fees: Fees paid.
    public init(coinId: String, quantity: Decimal, costBasis: Decimal, realizedPnL: Decimal, fees: Decimal) {
        self.coinId = coinId
        self.quantity = quantity
        self.costBasis = costBasis
        self.realizedPnL = realizedPnL
        self.fees = fees
    }

    /// Cost per coin held; nil when nothing is held.
    public var averageCost: Decimal? {
        quantity > 0 ? costBasis / quantity : nil
    }

    /// What the coins held are worth at a price.
    ///
    /// - Parameter price: The price per coin.
    public func marketValue(at price: Decimal) -> Decimal {
        quantity * price
    }

    /// Market value minus cost basis.
    ///
    /// - Parameter price: The price per coin.
    public func unrealizedPnL(at price: Decimal) -> Decimal {
        marketValue(at: price) - costBasis
    }

    /// Unrealised P&L in percent of the cost basis; nil when the cost basis is 0.
    ///
    /// - Parameter price: The price per coin.
    public func unrealizedPnLPercent(at price: Decimal) -> Decimal? {
        costBasis > 0 ? unrealizedPnL(at: price) / costBasis * 100 : nil
    }
}
