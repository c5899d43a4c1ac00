import TrackerCore

/// The async shell of ``WatchlistScreen`` (and its ``PriceRefreshLoop``): executes the screen's
/// actions on a real clock, the same machine the simulator executes on its event queue, so the
/// live path asks for the same coins at the same moments (the load the whole list, the loop the
/// coins the load returned).
///
/// A fetch action runs `fetch` in a child task; a wake action sleeps on the clock in another;
/// each completion goes back into the machine, whose next actions are started in turn. So a
/// fetch-then-sleep loop never overlaps its own fetches, and a fixed-rate loop does when a fetch
/// outlasts its period, exactly as in the simulator.
public struct PriceLoopRunner<Clock: SchedulingClock>: Sendable {
    /// The clock the shell sleeps on.
    public let clock: Clock
    /// The screen's configuration: its loop and missing-row rule.
    public let screen: WatchlistScreen

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - screen: A screen not yet shown.
    ///   - clock: The clock (``WallClock`` for a live app).
    public init(screen: WatchlistScreen, clock: Clock) {
        self.screen = screen
        self.clock = clock
    }

    /// Creates a runner of the app's screen around a loop.
    ///
    /// - Parameters:
    ///   - loop: A stopped loop with its schedule and interval.
    ///   - clock: The clock (``WallClock`` for a live app).
    public init(loop: PriceRefreshLoop, clock: Clock) {
        self.init(screen: WatchlistScreen(loop: loop, missingRows: .appCompactMap), clock: clock)
    }

    private enum Completion: Sendable {
        case fetched(token: Int, kind: WatchlistScreen.FetchKind, answered: Set<String>?)
        case woke(token: Int)
    }

    /// Shows the screen and runs its loop until the task is cancelled or `shouldStop` says so.
    ///
    /// - Parameters:
    ///   - list: The watchlist's coins.
    ///   - fetch: One refresh of these coins' prices (through the market-data cache rule);
    ///     returns the ids that came back with a row, nil when it failed. (Invalidating the cache
    ///     is a pull's, which the runner does not make.)
    ///   - shouldStop: Asked after every completion with the number of fetches finished so far.
    public func run(
        list: [String],
        fetch: @escaping @Sendable (_ ids: [String]) async -> Set<String>?,
        shouldStop: @escaping @Sendable (_ finishedFetches: Int) -> Bool = { _ in false }
    ) async {
        var machine = screen
        let clock = self.clock
        await withTaskGroup(of: Completion?.self) { group in
            func start(_ actions: [WatchlistScreen.Action]) {
                for action in actions {
                    switch action {
                    case .fetch(let ids, let token, let kind):
                        group.addTask { .fetched(token: token, kind: kind, answered: await fetch(ids)) }
                    case .invalidateCache: break
                    case .wake(let token, let time):
                        group.addTask {
                            do { try await clock.sleep(until: time) } catch { return nil }
                            return .woke(token: token)
                        }
                    }
                }
            }
            start(machine.appear(list: list, at: clock.currentTime()))
            var finished = 0
            while !Task.isCancelled, let next = await group.next() {
                guard let completion = next else { break }
                let now = clock.currentTime()
                switch completion {
                case .fetched(let token, let kind, let answered):
                    finished += 1
                    start(
                        machine.fetchFinished(
                            token: token, kind: kind, answered: answered ?? [], succeeded: answered != nil,
                            list: list,
                            at: now
                        ).actions)
                case .woke(let token):
                    start(machine.wake(token: token, list: list, at: now))
                }
                if shouldStop(finished) { break }
            }
            group.cancelAll()
        }
    }
}
