import AppHosting
import Simulation
import TrackerCore
import WorkbenchFoundation

/// The simulated CoinGecko behind `workbench serve`: the same ``SimulatedServer`` the runs use
/// (market, CDN cache, plan limit, latency, faults, journal), on a ``ServeClock``, shared by
/// every connection. Requests are answered one at a time, in arrival order, under a lock: each
/// answer takes microseconds, so a lock held on the caller's thread costs less than a hop to an
/// actor's executor (measured in docs/benchmarks.md, "Serve").
public final class SimulatedAPI: Sendable {
    private struct State: ~Copyable {
        var server: SimulatedServer
        var clock: ServeClock
    }

    private let state: Locked<State>
    private let realSeconds: @Sendable () -> Double

    /// The simulated times the market answers for, epoch ms: its first tick (the history before
    /// the scenario's start included) to the scenario's end. The admin API sets the clock only
    /// inside them.
    public let marketTimes: ClosedRange<Int64>

    /// The most journal entries the admin API returns at once.
    public static let journalPage = 1_000

    /// Creates the API.
    ///
    /// - Parameters:
    ///   - server: The simulated server.
    ///   - clock: Its clock.
    ///   - marketTimes: The simulated times the market answers for.
    ///   - realSeconds: A monotonic real clock, in seconds, injected by the CLI (the only place
    ///     that reads the wall clock); the manual clock never moves with it.
    public init(
        server: consuming sending SimulatedServer, clock: ServeClock, marketTimes: ClosedRange<Int64>,
        realSeconds: @escaping @Sendable () -> Double
    ) {
        self.state = Locked(State(server: server, clock: clock))
        self.marketTimes = marketTimes
        self.realSeconds = realSeconds
    }

    /// Runs `body` under the lock with the simulated time at this moment's injected real time.
    private func withState<Result: Sendable>(
        _ body: @Sendable (inout State, _ simulatedTime: Int64) -> Result
    ) -> Result {
        let real = realSeconds()
        return state.withLock { state in body(&state, state.clock.simulatedTime(atRealSeconds: real)) }
    }

    /// Answers a request at the current simulated time.
    ///
    /// - Returns: The server's reply and the simulated time it arrived.
    public func answer(_ request: HTTPRequest) -> (reply: ServerReply, time: Int64) {
        withState { state, time in (state.server.handle(request, at: time), time) }
    }

    /// The simulated time at this moment.
    public func simulatedTime() -> Int64 { withState { _, time in time } }

    /// The clock's mode.
    public func clockMode() -> ServeClock.Mode { state.withLock { $0.clock.mode } }

    /// Simulated seconds per real second (the wall clock's `--speed`).
    public func clockSpeed() -> Double { state.withLock { $0.clock.speed } }

    /// Sets the simulated time (the admin API's `{"set": ...}`), only inside ``marketTimes``.
    ///
    /// - Returns: The new simulated time, or the refused one (the clock unchanged).
    public func setClock(_ time: Int64) -> ClockMove {
        moveClock { _ in time }
    }

    /// Moves the simulated time forward (the admin API's `{"advance": ...}`), only inside
    /// ``marketTimes``.
    ///
    /// - Returns: The new simulated time, or the refused one (the clock unchanged).
    public func advanceClock(by milliseconds: Int64) -> ClockMove {
        moveClock { now in
            let (sum, overflow) = now.addingReportingOverflow(milliseconds)
            return overflow ? .max : sum
        }
    }

    /// Sets the clock to `target(now)` when it falls inside ``marketTimes``; one lock, so no
    /// request sees a time outside them.
    private func moveClock(to target: (_ now: Int64) -> Int64) -> ClockMove {
        let real = realSeconds()
        return state.withLock { state in
            let time = target(state.clock.simulatedTime(atRealSeconds: real))
            guard marketTimes.contains(time) else { return .refused(time) }
            state.clock.set(time, realSeconds: real)
            return .moved(time)
        }
    }

    /// Starts or stops a fault at the current simulated time: an outage (every request 503) or a
    /// 429 storm.
    ///
    /// - Parameters:
    ///   - fault: Which.
    ///   - on: Start (true) or stop (false).
    public func setFault(_ fault: AdminFault, on: Bool) {
        withState { state, time in
            func toggled(_ windows: [ServerFaults.Window]) -> [ServerFaults.Window] {
                if on { return windows + [ServerFaults.Window(start: time, end: .max)] }
                // Stopping ends every open window at this time.
                return windows.map {
                    $0.contains(time) ? ServerFaults.Window(start: $0.start, end: time) : $0
                }
            }
            switch fault {
            case .outage:
                state.server.behaviour.faults.outages = toggled(state.server.behaviour.faults.outages)
            case .storm:
                state.server.behaviour.faults.storms = toggled(
                    state.server.behaviour.faults.storms)
            }
        }
    }

    /// Whether a fault is active at the current simulated time.
    public func isActive(_ fault: AdminFault) -> Bool {
        withState { state, time in
            let faults = state.server.behaviour.faults
            return (fault == .outage ? faults.outages : faults.storms).contains { $0.contains(time) }
        }
    }

    /// The journal's last entries (at most ``journalPage``) and the total count.
    public func journal() -> (entries: [JournalEntry], total: Int) {
        state.withLock { state in
            let all = state.server.journal
            return (Array(all.suffix(Self.journalPage)), all.count + state.server.droppedJournalEntries)
        }
    }
}

/// The outcome of moving the served clock.
public enum ClockMove: Sendable, Equatable {
    /// The clock now reads this time.
    case moved(Int64)
    /// This time is outside the market's times; the clock did not move.
    case refused(Int64)
}

/// A fault the admin API can start and stop.
public enum AdminFault: String, Sendable, CaseIterable {
    /// Every request answered 503.
    case outage
    /// Every request answered 429.
    case storm
}
