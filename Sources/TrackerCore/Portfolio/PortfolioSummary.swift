import Foundation

/// The portfolio's totals at a set of prices: value, cost, realised and unrealised P&L.
public struct PortfolioSummary: Sendable, Equatable {
    /// Market value of every priced holding.
    public var totalValue: Decimal
    /// Cost basis of every priced holding.
    public var totalCost: Decimal
    /// Realised P&L of every coin, priced or not.
    public var realizedPnL: Decimal
    /// Realised P&L of the coins a price was given for, held or sold out: the app's summary,
    /// whose realised figures skip a coin without a price (Bitpal-v2 `ClosedPosition.swift`,
    /// `computeClosedPositions`, and `Holding.swift`, `computePartialRealizedGains`: `guard
    /// currentPrices[coinId]`).
    public var pricedRealizedPnL: Decimal
    /// `totalValue - totalCost`.
    public var unrealizedPnL: Decimal
    /// Fees paid on every coin.
    public var fees: Decimal
    /// Coins held (quantity > 0) for which no price was given: their value is unknown and left
    /// out of the totals rather than counted as zero.
    public var unpricedCoins: [String]

    /// Totals of holdings at prices.
    ///
    /// - Parameters:
    ///   - holdings: The holdings (from ``PortfolioLedger/holdings(_:method:asOf:)``).
    ///   - prices: Price per coin id.
    public init(holdings: [Holding], prices: [String: Decimal]) {
        (totalValue, totalCost, realizedPnL, pricedRealizedPnL, fees) = (0, 0, 0, 0, 0)
        unpricedCoins = []
        for holding in holdings {
            realizedPnL += holding.realizedPnL
            if prices[holding.coinId] != nil { pricedRealizedPnL += holding.realizedPnL }
            fees += holding.fees
            guard holding.quantity > 0 else { continue }
            guard let price = prices[holding.coinId] else {
                unpricedCoins.append(holding.coinId)
                continue
            }
            totalValue += holding.marketValue(at: price)
            totalCost += holding.costBasis
        }
        unrealizedPnL = totalValue - totalCost
    }

    /// Unrealised P&L in percent of the cost; nil when the cost is 0.
    public var unrealizedPnLPercent: Decimal? {
        totalCost > 0 ? unrealizedPnL / totalCost * 100 : nil
    }
}
