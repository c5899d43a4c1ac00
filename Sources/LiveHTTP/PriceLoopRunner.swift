import TrackerCore

/// The async shell of ``PriceRefreshLoop``: executes the loop's actions on a real clock, the
/// same machine the simulator executes on its event queue.
///
/// A fetch action runs `fetch` in a child task; a wake action sleeps on the clock in another;
/// each completion goes back into the machine, whose next actions are started in turn. So a
/// fetch-then-sleep loop never overlaps its own fetches, and a fixed-rate loop does when a fetch
/// outlasts its period, exactly as in the simulator.
public struct PriceLoopRunner<Clock: SchedulingClock>: Sendable {
    /// The clock the shell sleeps on.
    public let clock: Clock
    /// The loop's configuration.
    public let loop: PriceRefreshLoop

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - loop: A stopped loop with its schedule and interval.
    ///   - clock: The clock (``WallClock`` for a live app).
    public init(loop: PriceRefreshLoop, clock: Clock) {
        self.loop = loop
        self.clock = clock
    }

    private enum Completion: Sendable {
        case fetched(token: Int, succeeded: Bool)
        case woke(token: Int)
    }

    /// Starts the loop and runs it until the task is cancelled or `shouldStop` says so.
    ///
    /// - Parameters:
    ///   - fetch: One refresh of the watchlist's prices (through the market-data cache rule);
    ///     returns whether prices arrived.
    ///   - shouldStop: Asked after every completion with the number of fetches finished so far.
    public func run(
        fetch: @escaping @Sendable () async -> Bool,
        shouldStop: @escaping @Sendable (_ finishedFetches: Int) -> Bool = { _ in false }
    ) async {
        var machine = loop
        let clock = self.clock
        await withTaskGroup(of: Completion?.self) { group in
            func start(_ actions: [PriceRefreshLoop.Action]) {
                for action in actions {
                    switch action {
                    case .fetch(let token):
                        group.addTask { .fetched(token: token, succeeded: await fetch()) }
                    case .wake(let token, let time):
                        group.addTask {
                            do { try await clock.sleep(until: time) } catch { return nil }
                            return .woke(token: token)
                        }
                    }
                }
            }
            start(machine.start(at: clock.currentTime()))
            var finished = 0
            while !Task.isCancelled, let next = await group.next() {
                guard let completion = next else { break }
                let now = clock.currentTime()
                switch completion {
                case .fetched(let token, let succeeded):
                    finished += 1
                    start(machine.fetchFinished(token: token, succeeded: succeeded, at: now))
                case .woke(let token):
                    start(machine.wake(token: token, at: now))
                }
                if shouldStop(finished) { break }
            }
            group.cancelAll()
        }
    }
}
