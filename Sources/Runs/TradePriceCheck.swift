import AppHosting
import Foundation
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// Trades whose price is far from the coin's price at that moment: a scenario that buys a coin
/// worth 0.000026 USD at 1 USD is almost always a typo, and its portfolio figures say nothing.
/// Each gives a warning with the market's price then; the run goes on.
public enum TradePriceCheck {
    /// How far a trade's price may be from the market's, as a factor either way, before it is
    /// named.
    public static let tolerance = 2.0

    /// The warnings for a run's scripted trades (portfolio entries and search trades).
    ///
    /// - Parameters:
    ///   - script: The scripted actions.
    ///   - truePrice: The market's price of a coin at a time, when it has one.
    /// - Returns: One sentence a trade out of tolerance, in script order.
    public static func warnings(
        _ script: [ScheduledAction], truePrice: (String, Int64) -> Double?
    ) -> [String] {
        script.compactMap { scheduled -> String? in
            guard let trade = scheduled.action.transaction else { return nil }
            let price = NSDecimalNumber(decimal: trade.price).doubleValue
            guard let market = truePrice(trade.coinId, scheduled.time), market > 0, price > 0 else {
                return nil
            }
            let factor = max(price / market, market / price)
            guard factor > tolerance else { return nil }
            return "the \(trade.kind == .buy ? "buy" : "sell") of \(trade.quantity) \(trade.coinId) at "
                + "\(TimeFormatting.iso8601(scheduled.time)) is priced \(trade.price) USD, but the market's price "
                + "then is \(MetricFormatting.price(market)) (\(price > market ? "" : "1/")\(String(format: factor >= 100 ? "%.0f" : "%.1f", factor))"
                + "\(price > market ? " times it" : " of it")); check its price (`workbench scenarios prices FILE --at TIME` "
                + "shows the market's prices)"
        }
    }
}
