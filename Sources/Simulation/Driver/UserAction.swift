import Foundation
import TrackerCore

/// Something the user does, at a time.
public enum UserAction: Sendable, Equatable {
    /// Opens a coin's screen: detail and chart are fetched together, as the app does.
    case openCoin(id: String, type: ChartType, range: ChartTimeRange)
    /// Switches the open coin's chart to another range (and type).
    case showChart(id: String, type: ChartType, range: ChartTimeRange)
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

/// Seeded user sessions: the app opened a few times a day, coins opened and charts switched
/// inside each session.
public struct StochasticUser: Sendable, Equatable {
    /// Sessions per day, on average.
    public var sessionsPerDay: Double
    /// Mean session length, ms.
    public var meanSessionMilliseconds: Int64
    /// Coins opened per session, on average.
    public var coinsPerSession: Double

    /// Creates a behaviour.
    ///
    /// - Parameters:
    ///   - sessionsPerDay: Sessions per day.
    ///   - meanSessionMilliseconds: Mean session length.
    ///   - coinsPerSession: Coins opened per session.
    public init(sessionsPerDay: Double, meanSessionMilliseconds: Int64, coinsPerSession: Double) {
        self.sessionsPerDay = sessionsPerDay
        self.meanSessionMilliseconds = meanSessionMilliseconds
        self.coinsPerSession = coinsPerSession
    }

    /// The actions of a period: each session is foreground, some coin opens with random chart
    /// ranges, background.
    ///
    /// - Parameters:
    ///   - start: Period start, epoch ms.
    ///   - end: Period end.
    ///   - coins: The coins the user may open.
    ///   - profile: The ranges on offer.
    ///   - generator: The user's seeded stream.
    /// - Returns: Actions in time order.
    public func actions(
        from start: Int64, to end: Int64, coins: [String], profile: ChartRangeProfile,
        generator: inout SplitMix64
    ) -> [ScheduledAction] {
        guard sessionsPerDay > 0, !coins.isEmpty else { return [] }
        var actions: [ScheduledAction] = []
        var time = start
        let meanGap = 86_400_000 / sessionsPerDay
        while true {
            time += Int64(-log1p(-generator.nextUnitInterval()) * meanGap)
            guard time < end else { break }
            let length = max(
                10_000, Int64(-log1p(-generator.nextUnitInterval()) * Double(meanSessionMilliseconds)))
            actions.append(ScheduledAction(time: time, action: .foreground))
            let opens = Int(generator.nextUnitInterval() * 2 * coinsPerSession)
            for open in 0..<opens {
                let at = time + length * Int64(open + 1) / Int64(opens + 2)
                let coin = coins[Int(generator.next() % UInt64(coins.count))]
                let type: ChartType = generator.next() % 4 == 0 ? .candle : .line
                let ranges = profile.availableRanges(for: type)
                let range = ranges[Int(generator.next() % UInt64(ranges.count))]
                actions.append(
                    ScheduledAction(time: at, action: .openCoin(id: coin, type: type, range: range)))
            }
            actions.append(ScheduledAction(time: min(time + length, end - 1), action: .background))
            time += length
        }
        return actions
    }
}
