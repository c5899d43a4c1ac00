import Simulation
import Synchronization
import TrackerCore

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

    private let state: Mutex<State>
    private let realSeconds: @Sendable () -> Double

    /// The most journal entries the admin API returns at once.
    public static let journalPage = 1_000

    /// Creates the API.
    ///
    /// - Parameters:
    ///   - server: The simulated server.
    ///   - clock: Its clock.
    ///   - realSeconds: A monotonic real clock, in seconds, injected by the CLI (the only place
    ///     that reads the wall clock); the manual clock never moves with it.
    public init(
        server: consuming sending SimulatedServer, clock: ServeClock,
        realSeconds: @escaping @Sendable () -> Double
    ) {
        self.state = Mutex(State(server: server, clock: clock))
        self.realSeconds = realSeconds
    }

    /// Answers a request at the current simulated time.
    ///
    /// - Returns: The server's reply and the simulated time it arrived.
    public func answer(_ request: HTTPRequest) -> (reply: ServerReply, time: Int64) {
        let real = realSeconds()
        return state.withLock { state in
            let now = state.clock.now(realSeconds: real)
            return (state.server.handle(request, at: now), now)
        }
    }

    /// The simulated time now.
    public func now() -> Int64 {
        let real = realSeconds()
        return state.withLock { $0.clock.now(realSeconds: real) }
    }

    /// The clock's mode.
    public func clockMode() -> ServeClock.Mode { state.withLock { $0.clock.mode } }

    /// Sets the simulated time (the admin API's `{"set": ...}`).
    public func setClock(_ time: Int64) -> Int64 {
        let real = realSeconds()
        return state.withLock { state in
            state.clock.set(time, realSeconds: real)
            return state.clock.now(realSeconds: real)
        }
    }

    /// Moves the simulated time forward (the admin API's `{"advance": ...}`).
    public func advanceClock(by milliseconds: Int64) -> Int64 {
        let real = realSeconds()
        return state.withLock { state in
            state.clock.advance(by: milliseconds, realSeconds: real)
            return state.clock.now(realSeconds: real)
        }
    }

    /// Starts or stops a fault now: an outage (every request 503) or a 429 storm.
    ///
    /// - Parameters:
    ///   - fault: Which.
    ///   - on: Start (true) or stop (false).
    public func setFault(_ fault: AdminFault, on: Bool) {
        let real = realSeconds()
        state.withLock { state in
            let now = state.clock.now(realSeconds: real)
            var faults = state.server.behaviour.faults
            func toggled(_ windows: [ServerFaults.Window]) -> [ServerFaults.Window] {
                if on { return windows + [ServerFaults.Window(start: now, end: .max)] }
                // Stopping ends every open window now.
                return windows.map { $0.contains(now) ? ServerFaults.Window(start: $0.start, end: now) : $0 }
            }
            switch fault {
            case .outage: faults.outages = toggled(faults.outages)
            case .rateLimitStorm: faults.rateLimitStorms = toggled(faults.rateLimitStorms)
            }
            state.server.behaviour.faults = faults
        }
    }

    /// Whether a fault is active now.
    public func isActive(_ fault: AdminFault) -> Bool {
        let real = realSeconds()
        return state.withLock { state in
            let now = state.clock.now(realSeconds: real)
            let faults = state.server.behaviour.faults
            let windows = fault == .outage ? faults.outages : faults.rateLimitStorms
            return windows.contains { $0.contains(now) }
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

/// A fault the admin API can start and stop.
public enum AdminFault: String, Sendable, CaseIterable {
    /// Every request answered 503.
    case outage
    /// Every request answered 429.
    case rateLimitStorm = "rate_limit_storm"
}
