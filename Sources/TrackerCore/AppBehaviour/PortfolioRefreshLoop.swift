import Foundation

/// The Portfolio tab's price loads, as a clock-free state machine: lifecycle events in, loads
/// and wakes out.
///
/// The app (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Features/Portfolio/Views/PortfolioView.swift`,
/// `.task` and `.onDisappear`; `ViewModels/PortfolioViewModel.swift`):
/// - on appear, `loadPortfolioWithPrices()` fetches the traded coins' market data (through
///   `CoinGeckoService.fetchMarketData(coinIds:)`: the shared 30 s market cache and limiter),
///   then `startPeriodicUpdates()` runs a loop that sleeps 30 s *first*, then loads, for ever;
/// - on disappear, `stopPeriodicUpdates()` cancels the loop, and SwiftUI cancels the `.task`.
///   A load cancelled that way returns normally (the view model catches the error), so the
///   `.task` still calls `startPeriodicUpdates()` after the view left: a loop that keeps
///   loading every 30 s while the tab is hidden, until the next `stopPeriodicUpdates()` (the end
///   of the tab's next `.task` load, or its next disappearance);
/// - pull-to-refresh (`.refreshable`) loads once more, without invalidating the cache, beside the
///   loop; so does saving a transaction (`AddTransactionView`'s `onSave`);
/// - the loop sleeps with `try? await Task.sleep(for: .seconds(30))`, which swallows the
///   cancellation: a loop stopped while it sleeps (`stopPeriodicUpdates()`, from `.onDisappear`
///   or from `startPeriodicUpdates()` itself) wakes at once and runs one more
///   `loadPortfolioWithPrices()` before it sees `Task.isCancelled`. That load runs in a cancelled
///   task: the market cache answers it as usual, but a request it sends fails with
///   `URLError.cancelled` before it leaves (``Action/cancelledLoad(token:)``).
///
/// Each load and wake carries a token; a shell reports completions with it and stale ones are
/// ignored.
///
/// ``isLoading`` is the view model's `isLoading`: every load sets it as it starts and clears it as
/// it ends, the last one to write wins; a load whose task is cancelled ends at once
/// (`URLSession` throws `URLError.cancelled`, the view model catches it).
public struct PortfolioRefreshLoop: Sendable, Equatable {
    /// What the shell must do.
    public enum Action: Sendable, Equatable {
        /// Load the portfolio with prices; report the end with ``loadFinished(token:at:)``.
        case load(token: Int)
        /// Call ``wake(token:at:)`` at this time.
        case wake(token: Int, at: Int64)
        /// The stopped loop's last load, in a cancelled task: answered from the cache, a request
        /// it would send fails before it leaves. Report the end with ``loadFinished(token:at:)``.
        case cancelledLoad(token: Int)
    }

    /// The loop's sleep, ms (the app's: 30 s).
    public let intervalMilliseconds: Int64
    /// Whether the tab is on screen.
    public private(set) var isVisible = false
    /// Whether a loop (sleep, then load) runs, visible or not.
    public private(set) var loopRuns = false
    /// `PortfolioViewModel.isLoading`: set by the load that started last, cleared by the one that
    /// ended last.
    public private(set) var isLoading = false
    /// The token of the `.task`'s load in flight, if any.
    private var taskLoad: Int?
    /// The token of the loop's current iteration.
    private var loopToken: Int?
    /// Loads whose completion still matters (a cancelled one's does not).
    private var liveLoads: Set<Int> = []
    private var nextToken = 0

    /// Creates the loop of a tab never shown.
    ///
    /// - Parameter intervalMilliseconds: The sleep between loads, > 0.
    public init(intervalMilliseconds: Int64 = 30_000) {
        precondition(intervalMilliseconds > 0, "a refresh interval is positive")
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// The tab appears: its `.task` loads.
    ///
    /// - Returns: The load.
    public mutating func appear() -> [Action] {
        isVisible = true
        let token = newToken()
        taskLoad = token
        liveLoads.insert(token)
        isLoading = true
        return [.load(token: token)]
    }

    /// The tab disappears: the loop stops; a `.task` load still in flight is cancelled, and the
    /// `.task` then starts the loop anyway (the app's leak), sleeping first.
    ///
    /// - Parameter now: The time.
    /// - Returns: The leaked loop's first wake, when a `.task` load was in flight.
    public mutating func disappear(at now: Int64) -> [Action] {
        isVisible = false
        let stopped = stopLoop()
        guard let cancelled = taskLoad else { return stopped }
        liveLoads.remove(cancelled)
        taskLoad = nil
        isLoading = false
        return stopped + startLoop(at: now)
    }

    /// The process ended: the loop, the `.task` and every load in flight are gone (no last load:
    /// nothing runs any more).
    public mutating func processEnded() {
        (isVisible, loopRuns, isLoading, taskLoad, loopToken) = (false, false, false, nil, nil)
        liveLoads = []
    }

    /// A pull-to-refresh or a saved transaction: one more load beside the loop.
    ///
    /// - Returns: The load.
    public mutating func loadOnce() -> [Action] {
        let token = newToken()
        liveLoads.insert(token)
        isLoading = true
        return [.load(token: token)]
    }

    /// A load ended (successfully or not: the view model shows an error and carries on).
    ///
    /// - Parameters:
    ///   - token: The load's token.
    ///   - now: The time.
    /// - Returns: The loop's first wake after the `.task`'s load; the next wake after a loop load.
    public mutating func loadFinished(token: Int, at now: Int64) -> [Action] {
        guard liveLoads.remove(token) != nil else { return [] }
        isLoading = false
        if token == taskLoad {
            taskLoad = nil
            return startLoop(at: now)
        }
        if token == loopToken {
            let next = newToken()
            loopToken = next
            return [.wake(token: next, at: now + intervalMilliseconds)]
        }
        return []
    }

    /// A wake is due: the loop loads (with the same token, reported to ``loadFinished(token:at:)``).
    ///
    /// - Parameters:
    ///   - token: The wake's token.
    ///   - now: The time.
    /// - Returns: The load; nothing for a stale wake.
    public mutating func wake(token: Int, at now: Int64) -> [Action] {
        guard token == loopToken else { return [] }
        liveLoads.insert(token)
        isLoading = true
        return [.load(token: token)]
    }

    /// Whether a load's completion still matters to the screen (a cancelled `.task` load's does
    /// not).
    ///
    /// - Parameter token: The load's token.
    public func isCurrent(token: Int) -> Bool { liveLoads.contains(token) }

    /// `startPeriodicUpdates()`: cancels a running loop, then sleeps first.
    private mutating func startLoop(at now: Int64) -> [Action] {
        let stopped = stopLoop()
        let token = newToken()
        loopToken = token
        loopRuns = true
        return stopped + [.wake(token: token, at: now + intervalMilliseconds)]
    }

    /// `stopPeriodicUpdates()`: a loop that was sleeping runs its last load (the swallowed
    /// cancellation); a loop load in flight is cancelled and no longer matters.
    private mutating func stopLoop() -> [Action] {
        guard let running = loopToken else { return [] }
        loopToken = nil
        loopRuns = false
        guard liveLoads.remove(running) == nil else {
            isLoading = false
            return []
        }
        let last = newToken()
        liveLoads.insert(last)
        isLoading = true
        return [.cancelledLoad(token: last)]
    }

    private mutating func newToken() -> Int {
        nextToken += 1
        return nextToken
    }

    /// The coins a load asks for: every coin the ledger has traded, open or closed
    /// (`loadPortfolioWithPrices()`: `Array(Set(transactions.map { $0.coinId }))`, in hash order;
    /// sorted here, so a run is deterministic; the market cache's rule does not depend on the
    /// order).
    ///
    /// - Parameter transactions: The ledger.
    public static func coinIds(of transactions: [PortfolioTransaction]) -> [String] {
        Set(transactions.map(\.coinId)).sorted()
    }

    /// The coins with a closed position in the tab's closed-positions section: a cycle with a buy
    /// and a sale that brought the quantity within 1e-8 of zero (`ClosedPosition.swift`,
    /// `computeClosedPositions` and `computeCycleMetrics`, whatever the cost method: the section is
    /// the app's).
    ///
    /// - Parameter transactions: The ledger, in time order.
    public static func closedPositionCoinIds(of transactions: [PortfolioTransaction]) -> Set<String> {
        var cycles: [String: (balance: Decimal, bought: Bool, sold: Bool)] = [:]
        var closed: Set<String> = []
        for transaction in transactions {
            var cycle = cycles[transaction.coinId] ?? (0, false, false)
            switch transaction.kind {
            case .buy:
                cycle.balance += transaction.quantity
                cycle.bought = true
            case .sell:
                cycle.balance -= transaction.quantity
                cycle.sold = true
            }
            if abs(cycle.balance) < PositionAccumulator.bitpalDustTolerance {
                if cycle.bought, cycle.sold { closed.insert(transaction.coinId) }
                cycle = (0, false, false)
            }
            cycles[transaction.coinId] = cycle
        }
        return closed
    }

    /// The coins the tab lists as holdings: an open quantity above 0 under the cost method
    /// (`computeHoldings`; under the app's method a cycle within 1e-8 of zero is closed, so dust
    /// is no holding).
    ///
    /// - Parameters:
    ///   - transactions: The ledger.
    ///   - method: The cost method.
    public static func heldCoinIds(of transactions: [PortfolioTransaction], method: CostMethod) -> [String] {
        LedgerPositions(transactions, method: method).heldCoinIds
    }
}
