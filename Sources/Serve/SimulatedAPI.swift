import Simulation
import TrackerCore

/// The simulated CoinGecko behind `workbench serve`: the same ``SimulatedServer`` the runs use
/// (market, CDN cache, plan limit, latency, faults, journal), on a ``ServeClock``, shared by
/// every connection. An actor: requests are answered one at a time, in arrival order.
public actor SimulatedAPI {
    private var server: SimulatedServer
    private var clock: ServeClock
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
        server: consuming SimulatedServer, clock: ServeClock, realSeconds: @escaping @Sendable () -> Double
    ) {
        self.server = server
        self.clock = clock
        self.realSeconds = realSeconds
    }

    /// Answers a request at the current simulated time.
    ///
    /// - Returns: The server's reply and the simulated time it arrived.
    public func answer(_ request: HTTPRequest) -> (reply: ServerReply, time: Int64) {
        let now = clock.now(realSeconds: realSeconds())
        return (server.handle(request, at: now), now)
    }

    /// The simulated time now.
    public func now() -> Int64 { clock.now(realSeconds: realSeconds()) }

    /// The clock's mode.
    public func clockMode() -> ServeClock.Mode { clock.mode }

    /// Sets the simulated time (the admin API's `{"set": ...}`).
    public func setClock(_ time: Int64) -> Int64 {
        clock.set(time, realSeconds: realSeconds())
        return now()
    }

    /// Moves the simulated time forward (the admin API's `{"advance": ...}`).
    public func advanceClock(by milliseconds: Int64) -> Int64 {
        clock.advance(by: milliseconds, realSeconds: realSeconds())
        return now()
    }

    /// Starts or stops a fault now: an outage (every request 503) or a 429 storm.
    ///
    /// - Parameters:
    ///   - fault: Which.
    ///   - on: Start (true) or stop (false).
    public func setFault(_ fault: AdminFault, on: Bool) {
        let now = now()
        var faults = server.behaviour.faults
        func toggled(_ windows: [ServerFaults.Window]) -> [ServerFaults.Window] {
            if on { return windows + [ServerFaults.Window(start: now, end: .max)] }
            // Stopping ends every open window now.
            return windows.map { $0.contains(now) ? ServerFaults.Window(start: $0.start, end: now) : $0 }
        }
        switch fault {
        case .outage: faults.outages = toggled(faults.outages)
        case .rateLimitStorm: faults.rateLimitStorms = toggled(faults.rateLimitStorms)
        }
        server.behaviour.faults = faults
    }

    /// Whether a fault is active now.
    public func isActive(_ fault: AdminFault) -> Bool {
        let now = now()
        let windows =
            fault == .outage ? server.behaviour.faults.outages : server.behaviour.faults.rateLimitStorms
        return windows.contains { $0.contains(now) }
    }

    /// The journal's last entries (at most ``journalPage``) and the total count.
    public func journal() -> (entries: [JournalEntry], total: Int) {
        let all = server.journal
        return (Array(all.suffix(Self.journalPage)), all.count + server.droppedJournalEntries)
    }
}

/// A fault the admin API can start and stop.
public enum AdminFault: String, Sendable, CaseIterable {
    /// Every request answered 503.
    case outage
    /// Every request answered 429.
    case rateLimitStorm = "rate_limit_storm"
}
