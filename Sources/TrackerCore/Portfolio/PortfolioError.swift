import Foundation
import WorkbenchFoundation

/// Why a portfolio transaction was refused or a valuation could not be computed.
///
/// Every case carries what is needed to say, in one line, which value is wrong and what was
/// expected; ``description`` is that line.
public enum PortfolioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A quantity that is zero or negative.
    case nonPositiveQuantity(coinId: String, quantity: Decimal)
    /// A negative price.
    case negativePrice(coinId: String, price: Decimal)
    /// A negative fee.
    case negativeFee(coinId: String, fee: Decimal)
    /// A number that is NaN.
    case notANumber(coinId: String, field: String)
    /// A sell of more than was held at its time.
    case sellExceedsHolding(coinId: String, selling: Decimal, held: Decimal, time: Int64)
    /// Removing a transaction would leave a later sell selling more than was held.
    case removalLeavesOversell(removedId: Int64, coinId: String, selling: Decimal, held: Decimal, time: Int64)
    /// A valuation needs a coin's price at a time before its first price point.
    case noPrice(coinId: String, time: Int64)
    /// A performance statistic needs at least two positive, finite values.
    case invalidValueSeries(String)

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .nonPositiveQuantity(let coin, let quantity):
            "\(coin): quantity must be greater than 0, found \(quantity)"
        case .negativePrice(let coin, let price): "\(coin): price must not be negative, found \(price)"
        case .negativeFee(let coin, let fee): "\(coin): fee must not be negative, found \(fee)"
        case .notANumber(let coin, let field): "\(coin): \(field) is not a number"
        case .sellExceedsHolding(let coin, let selling, let held, let time):
            "cannot sell \(selling) \(coin) at \(TimeFormatting.iso8601(time)): "
                + "only \(held) held then"
        case .removalLeavesOversell(let id, let coin, let selling, let held, let time):
            "cannot remove transaction \(id): the sell of \(selling) \(coin) at "
                + "\(TimeFormatting.iso8601(time)) would exceed the \(held) held then"
        case .noPrice(let coin, let time):
            "\(coin): no price at or before \(TimeFormatting.iso8601(time))"
        case .invalidValueSeries(let detail): "value series: \(detail)"
        }
    }
}
