import AppHosting
import PriceModels
import TrackerCore
import WorkbenchFoundation

/// One run: the app (``TrackerApp``, TrackerCore's one machine) on virtual time against the
/// simulated CoinGecko. This shell is a clock and a transport around ``AppHost`` (which plays the
/// user and executes the app's effects): it keeps time and the simulated server; every decision
/// is the app's.
///
/// Single-threaded and event-driven: the only clock is the event queue, events due at the same
/// time run in scheduling order, and all randomness comes from streams derived from the seed, so
/// a run is a pure function of its ``RunConfig``.
public struct AppSimulation: ~Copyable {
    enum Event: Sendable {
        /// A wake the app asked for.
        case app(AppWake)
        case arrival(request: Int, reply: ServerReply)
        case timeout(request: Int)
    }

    let config: RunConfig
    var queue = EventQueue<Event>()
    var server: SimulatedServer
    /// The app, and what every shell does around it.
    var host: AppHost
    /// The host's outputs being executed (kept, so taking them allocates nothing).
    var outputs: [AppHost.Output] = []
    /// What the device's requests go through when it shares a key, an address or a proxy with
    /// other devices (a fleet's coupled topologies); nil: straight to its own server.
    public var upstream: (any SharedUpstream)?

    /// Prepares a run.
    ///
    /// - Parameters:
    ///   - config: The run's inputs.
    ///   - checkingInvariants: Whether the app's and the server's invariants are checked after
    ///     every event (``AppInvariants``; tests, CI and `--check-invariants`).
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(config: RunConfig, checkingInvariants: Bool = false) throws(AlertError) {
        // The only step that can fail goes first, so a failure never leaves a partial value.
        host = try AppHost(config: config, checkingInvariants: checkingInvariants)
        self.config = config
        server = SimulatedServer(
            source: config.market, behaviour: config.server,
            seed: StreamSeed(root: config.seed, stream: "server"))
    }

    /// Runs to the end of the simulated span. The timer and progress see the run but never enter
    /// its result.
    ///
    /// - Parameters:
    ///   - timer: Measures the downsampling's wall time, if given.
    ///   - progress: Told the share of simulated time done (0...1), at each whole percent.
    ///   - events: Told every event of the run, with its time, beside the metrics (the CLI's
    ///     `--events` writer); it never changes the result.
    ///   - stop: Asked every ``stopCheckInterval`` events; a reason ends the run there
    ///     (``finish(stoppedAt:by:)``).
    /// - Returns: The result: metrics under their stable names.
    public mutating func run(
        timer: (any WallTimer)? = nil, progress: (@Sendable (Double) -> Void)? = nil,
        events: ((RunEvent, Int64) -> Void)? = nil, stop: (@Sendable () -> String?)? = nil
    ) -> RunResult {
        start(timer: timer, events: events)
        while let time = step() {
            if let stop, host.processed % Self.stopCheckInterval == 0, let reason = stop() {
                return finish(stoppedAt: time, by: reason)
            }
            if let progress, let share = host.progress(at: time) { progress(share) }
        }
        progress?(1)
        return finish()
    }

    /// Makes the device's server count its requests against a window (and credits) it shares
    /// with other devices: a key in every copy of the app, or one carrier address.
    ///
    /// - Parameter admission: The shared window.
    public mutating func share(_ admission: SharedAdmission) { server.admission = admission }

    /// Lets the device's server drop what no request from `time` on can use (its CDN cache's
    /// older responses): for a shell that knows the device sends nothing before `time`.
    ///
    /// - Parameter time: The device's next event, epoch ms.
    public mutating func idle(until time: Int64) { server.dropCache(unusableAt: time) }

    /// Launches the app at the run's start: the first step of ``run(timer:progress:events:)``,
    /// for a shell that interleaves many runs on one clock (a fleet whose devices share a key
    /// or a proxy) by calling ``nextTime()``, ``step()`` and ``finish()`` itself.
    ///
    /// - Parameters:
    ///   - timer: Measures the downsampling's wall time, if given.
    ///   - events: Told every event of the run, with its time, beside the metrics.
    ///   - recordingMetrics: Whether the metrics are recorded (without, ``finish()``'s result has
    ///     none, the server keeps no journal, and a long run holds no traces: a fleet's devices
    ///     are counted from `events`).
    public mutating func start(
        timer: (any WallTimer)? = nil, events: ((RunEvent, Int64) -> Void)? = nil,
        recordingMetrics: Bool = true
    ) {
        host.app.timer = timer
        host.observers.sink = events
        host.observers.recordsMetrics = recordingMetrics
        server.keepsJournal = recordingMetrics
        host.launch(at: config.start)
        executeOutputs(at: config.start)
    }

    /// When the next event is due, nil when none is due by the run's end.
    public mutating func nextTime() -> Int64? {
        let action = host.nextActionTime() ?? .max
        let next = min(action, queue.nextTime ?? .max)
        return next <= config.end ? next : nil
    }

    /// Handles the next event (an action goes before a queued event due at the same time).
    ///
    /// - Returns: Its time, or nil when no event is due by the run's end (the run is over).
    public mutating func step() -> Int64? {
        if let action = host.takeAction(dueBy: queue.nextTime) {
            guard action.time <= config.end else { return nil }
            host.perform(action.action, at: action.time)
            executeOutputs(at: action.time)
            return action.time
        }
        guard let (time, event) = queue.next(), time <= config.end else { return nil }
        switch event {
        case .app(let wake): host.wake(wake, at: time)
        case .arrival(let id, let reply):
            // The server's reply is scheduled as an arrival only when it has a response.
            host.receive(reply.response!, forRequest: id, dataTime: reply.dataTime ?? time, at: time)
        case .timeout(let id): host.timedOut(request: id, at: time)
        }
        executeOutputs(at: time)
        return time
    }

    /// How many events pass between two looks at ``run(timer:progress:events:stop:)``'s `stop`.
    static let stopCheckInterval = 1_024

    /// Ends the run early at `reached`: its result covers the span from the start to there
    /// (rates per hour, freshness, the portfolio) and carries the ``EarlyStop``.
    ///
    /// - Parameters:
    ///   - reached: The last simulated time handled.
    ///   - reason: What stopped it (`SIGINT`).
    /// - Returns: The result so far.
    public mutating func finish(stoppedAt reached: Int64, by reason: String) -> RunResult {
        host.finish(at: reached)
        return host.observers.result(
            config: config, serverOutcomes: server.outcomeCounts, journal: server.journal,
            stoppedEarly: EarlyStop(reason: reason, reached: reached))
    }

    /// Ends the run at its end time and returns its result.
    public mutating func finish() -> RunResult {
        host.finish(at: config.end)
        return host.observers.result(
            config: config, serverOutcomes: server.outcomeCounts, journal: server.journal)
    }

    /// Does what the app asked for, in order: sends go to the server (their answers or timeouts
    /// are scheduled), wakes into the queue.
    private mutating func executeOutputs(at now: Int64) {
        host.takeOutputs(into: &outputs)
        for index in outputs.indices {
            switch outputs[index] {
            case .send(let request): transmit(request, at: now)
            case .wake(let wake, let time): queue.schedule(.app(wake), at: time)
            }
        }
    }

    /// A request leaves for the server; its answer, or its timeout, is scheduled.
    private mutating func transmit(_ sent: AppRequest, at now: Int64) {
        let request = sent.request
        let reply = upstream?.handle(request, at: now, device: &server) ?? server.handle(request, at: now)
        if let body = reply.response?.body, reply.outcome != .cached {
            host.app.timer?.count("server_answered", bytes: body.count)
        }
        if reply.response == nil || reply.latencyMilliseconds >= request.timeoutMilliseconds {
            queue.schedule(.timeout(request: sent.id), at: now + request.timeoutMilliseconds)
        } else {
            queue.schedule(.arrival(request: sent.id, reply: reply), at: now + reply.latencyMilliseconds)
        }
        if host.checksInvariants {
            let broken = server.invariantViolations(at: now)
            precondition(
                broken.isEmpty, "the simulated server's invariant broke: \(broken.joined(separator: "; "))")
        }
    }
}
