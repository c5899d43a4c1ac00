import Foundation
import TrackerCore

/// Something the user does, at a time.
public enum UserAction: Sendable, Equatable {
    /// Opens a coin's screen: detail and chart load in the policy's order
    /// (``CoinDetailLoader``).
    case openCoin(id: String, type: ChartType, range: ChartTimeRange)
    /// Loads a chart directly, past the coin screen (scripted chart checks).
    case showChart(id: String, type: ChartType, range: ChartTimeRange)
    /// Picks another range on the open coin's screen: a chart load in its own task.
    case switchRange(ChartTimeRange)
    /// Picks another chart type on the open coin's screen.
    case switchChartType(ChartType)
    /// Pull-to-refresh on the open coin's screen: detail and chart again.
    case refreshCoin
    /// Leaves the coin's screen.
    case closeCoin
    /// Pulls the watchlist to refresh it now, past the market cache.
    case pullToRefresh
    /// Adds a coin to the watchlist.
    case addCoin(CoinListEntry)
    /// Removes a coin from the watchlist.
    case removeCoin(id: String)
    /// Sends the app to the background: the refresh timer pauses.
    case background
    /// Brings the app back: the watchlist refreshes at once and the timer resumes.
    case foreground
    /// Loses the network: every request fails until ``online``.
    case offline
    /// The network is back.
    case online
    /// Records a portfolio transaction.
    case trade(PortfolioTransaction)
}

/// A user action at a virtual time.
public struct ScheduledAction: Sendable, Equatable {
    /// When, epoch ms.
    public var time: Int64
    /// What.
    public var action: UserAction

    /// Creates a scheduled action.
    ///
    /// - Parameters:
    ///   - time: When.
    ///   - action: What.
    public init(time: Int64, action: UserAction) {
        self.time = time
        self.action = action
    }
}
