import Foundation

/// One manual portfolio transaction: a buy or a sell of a coin at a price, with a fee.
///
/// Money and quantities are `Decimal` (crypto quantities are fractional: 0.00012345 BTC). Build
/// them from text or integers, never from a `Double` (DESIGN.md: `Decimal(Double)` is inexact).
public struct PortfolioTransaction: Sendable, Equatable, Hashable {
    /// Buy or sell.
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
        /// Coins bought.
        case buy
        /// Coins sold.
        case sell
    }

    /// The store's id, nil until stored.
    public var id: Int64?
    /// The coin.
    public var coinId: String
    /// Buy or sell.
    public var kind: Kind
    /// Coins bought or sold, > 0.
    public var quantity: Decimal
    /// Price per coin in the portfolio's currency, >= 0.
    public var price: Decimal
    /// The fee in the portfolio's currency, >= 0.
    public var fee: Decimal
    /// When it happened, epoch ms.
    public var time: Int64

    /// Creates a transaction.
    ///
    /// - Parameters:
    ///   - id: The store's id, nil for a new one.
    ///   - coinId: The coin.
    ///   - kind: Buy or sell.
    ///   - quantity: Coins.
    ///   - price: Price per coin.
    ///   - fee: The fee (0 by default).
    ///   - time: When, epoch ms.
    public init(
        id: Int64? = nil,
        coinId: String,
        kind: Kind,
        quantity: Decimal,
        price: Decimal,
        fee: Decimal = 0,
        time: Int64
    ) {
        self.id = id
        self.coinId = coinId
        self.kind = kind
        self.quantity = quantity
        self.price = price
        self.fee = fee
        self.time = time
    }
}
