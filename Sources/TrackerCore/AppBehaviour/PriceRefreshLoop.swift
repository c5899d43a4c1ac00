/// When the watchlist's price loop fetches: the app's fetch-then-sleep loop or a fixed-rate timer.
public enum RefreshSchedule: String, Sendable, Equatable, CaseIterable, Codable {
    /// The app (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Services/PriceUpdateService.swift`,
    /// `startPeriodicUpdates(for:)`): fetch, then sleep the interval, also after an error. The
    /// period is the interval plus the request's limiter wait and latency, and at most one loop
    /// fetch is ever in flight.
    case fetchThenSleep = "fetch-then-sleep"
    /// The design documents' timer: a fetch every interval, whether or not the last one finished.
    case fixedRate = "fixed-rate"
}

/// The watchlist's price loop, as a clock-free state machine: events in, actions out.
///
/// The app (`WatchlistViewModel.loadWatchlistWithPrices()` then
/// `PriceUpdateService.startPeriodicUpdates(for:)`) first loads the watchlist with one fetch;
/// only when that load succeeds does it start the loop, whose first iteration fetches at once
/// (usually answered by the 30 s market cache the load just filled). A failed load starts no
/// loop: prices stay dead until the screen appears again. ``stop()`` is `stopPeriodicUpdates()`:
/// an in-flight fetch's completion is ignored afterwards.
///
/// Each fetch and wake carries a token; completions and wakes from an earlier start are ignored,
/// so a shell can never resurrect a stopped loop. A shell executes the actions: the simulator
/// schedules events, an async shell sleeps on a real clock.
public struct PriceRefreshLoop: Sendable, Equatable {
    /// What the shell must do next.
    public enum Action: Sendable, Equatable {
        /// Fetch the watchlist's prices (through the market-data cache rule); report the end
        /// with ``fetchFinished(token:succeeded:at:)``.
        case fetch(token: Int)
        /// Call ``wake(token:at:)`` at this time.
        case wake(token: Int, at: Int64)
    }

    /// Where the loop is.
    public enum Phase: Sendable, Equatable {
        /// Not running.
        case stopped
        /// The initial load is in flight.
        case loading
        /// A loop fetch is in flight.
        case fetching
        /// Waiting for the next wake.
        case sleeping(until: Int64)
        /// The initial load failed: no loop runs until the next ``start(at:)``.
        case dead
    }

    /// The schedule.
    public let schedule: RefreshSchedule
    /// The sleep (fetch-then-sleep) or period (fixed rate), ms; the app's is 30 s.
    public let intervalMilliseconds: Int64
    /// Whether a successful initial load is needed before the loop runs (the app: true).
    public let loadsFirst: Bool
    /// Where the loop is.
    public private(set) var phase: Phase = .stopped
    private var token = 0

    /// Creates a stopped loop.
    ///
    /// - Parameters:
    ///   - schedule: The schedule.
    ///   - intervalMilliseconds: The interval, > 0.
    ///   - loadsFirst: Whether the loop starts only after a successful initial load.
    public init(schedule: RefreshSchedule, intervalMilliseconds: Int64, loadsFirst: Bool) {
        precondition(intervalMilliseconds > 0, "a refresh interval is positive")
        self.schedule = schedule
        self.intervalMilliseconds = intervalMilliseconds
        self.loadsFirst = loadsFirst
    }

    /// Whether a token belongs to the current start (a fetch with an older token was cancelled).
    ///
    /// - Parameter token: A fetch or wake token.
    public func isCurrent(token: Int) -> Bool { token == self.token && phase != .stopped }

    /// The screen appears: (re)starts the loop, dropping whatever an earlier start had pending.
    ///
    /// - Parameter now: The time.
    /// - Returns: The first fetch (the load when ``loadsFirst``).
    public mutating func start(at now: Int64) -> [Action] {
        token += 1
        phase = loadsFirst ? .loading : .fetching
        return [.fetch(token: token)] + (schedule == .fixedRate && !loadsFirst ? [nextTick(after: now)] : [])
    }

    /// The loop starts again over a changed list without a load (the app's `removeCoin(coinId:)`
    /// calls `startPeriodicUpdates()` directly): the first iteration fetches at once, through the
    /// market cache.
    ///
    /// - Parameter now: The time.
    /// - Returns: The first fetch.
    public mutating func restartWithoutLoad(at now: Int64) -> [Action] {
        token += 1
        phase = .fetching
        return [.fetch(token: token)] + (schedule == .fixedRate ? [nextTick(after: now)] : [])
    }

    /// The screen disappears: the loop stops; pending completions and wakes are ignored.
    public mutating func stop() {
        token += 1
        phase = .stopped
    }

    /// A fetch ended.
    ///
    /// - Parameters:
    ///   - token: The token of the fetch action.
    ///   - succeeded: Whether prices arrived.
    ///   - now: The time.
    /// - Returns: What to do next (nothing for a stale token).
    public mutating func fetchFinished(token: Int, succeeded: Bool, at now: Int64) -> [Action] {
        guard token == self.token else { return [] }
        switch phase {
        case .loading:
            guard succeeded else {
                phase = .dead
                return []
            }
            phase = .fetching
            return [.fetch(token: token)] + (schedule == .fixedRate ? [nextTick(after: now)] : [])
        case .fetching where schedule == .fetchThenSleep:
            return [nextTick(after: now)]
        case .fetching:
            // Fixed rate: the timer is already set; the loop just idles until it fires.
            return []
        case .stopped, .sleeping, .dead: return []
        }
    }

    /// A wake the loop asked for is due.
    ///
    /// - Parameters:
    ///   - token: The token of the wake action.
    ///   - now: The time.
    /// - Returns: The next fetch (and, at a fixed rate, the next tick); nothing for a stale token.
    public mutating func wake(token: Int, at now: Int64) -> [Action] {
        guard token == self.token else { return [] }
        switch schedule {
        case .fetchThenSleep:
            guard case .sleeping = phase else { return [] }
            phase = .fetching
            return [.fetch(token: token)]
        case .fixedRate:
            guard phase != .stopped, phase != .dead else { return [] }
            phase = .fetching
            return [.fetch(token: token), nextTick(after: now)]
        }
    }

    private mutating func nextTick(after now: Int64) -> Action {
        if schedule == .fetchThenSleep { phase = .sleeping(until: now + intervalMilliseconds) }
        return .wake(token: token, at: now + intervalMilliseconds)
    }
}
