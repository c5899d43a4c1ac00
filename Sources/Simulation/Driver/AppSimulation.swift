import PriceModels
import TrackerCore
import WorkbenchFoundation

/// One run: the app (``TrackerApp``, TrackerCore's one machine) on virtual time against the
/// simulated CoinGecko. This shell keeps time, the simulated server, the user's actions and the
/// observers, and executes the app's effects; every decision is the app's.
///
/// Single-threaded and event-driven: the only clock is the event queue, events due at the same
/// time run in scheduling order, and all randomness comes from streams derived from the seed, so
/// a run is a pure function of its ``RunConfig``.
public struct AppSimulation: ~Copyable {
    enum Event: Sendable {
        /// A wake the app asked for.
        case app(AppWake)
        case action(UserAction)
        case arrival(request: Int, reply: ServerReply)
        case timeout(request: Int)
    }

    let config: RunConfig
    var queue = EventQueue<Event>()
    var server: SimulatedServer
    /// The app.
    var app: TrackerApp
    /// The app's effects being executed (kept, so taking them allocates nothing).
    var effects: [AppEffect] = []
    /// The metrics recorder and the caller's observer, which every event goes to.
    var observers = RunObservers()
    /// The user's actions (the script's and the seeded sessions'), from ``start(timer:events:)``.
    var actions = ActionFeed(script: [], sessions: nil)
    /// Events handled so far.
    var processed = 0
    /// What the device's requests go through when it shares a key, an address or a proxy with
    /// other devices (a fleet's coupled topologies); nil: straight to its own server.
    public var upstream: (any SharedUpstream)?

    /// Prepares a run.
    ///
    /// - Parameter config: The run's inputs.
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(config: RunConfig) throws(AlertError) {
        var widgetStream = StreamSeed.splitMix(root: config.seed, stream: "widget")
        var backoffStream = StreamSeed.splitMix(root: config.seed, stream: "backoff")
        // The only step that can fail goes first, so a failure never leaves a partial value.
        app = try TrackerApp(
            setup: config.app, plan: config.server.plan, start: config.start, widgetSeed: widgetStream.next(),
            backoffSeed: backoffStream.next())
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
        var reportedPercent = -1
        while let time = step() {
            if let stop, processed % Self.stopCheckInterval == 0, let reason = stop() {
                return finish(stoppedAt: time, by: reason)
            }
            if let progress, config.durationMilliseconds > 0 {
                let percent = Int((time - config.start) * 100 / config.durationMilliseconds)
                if percent > reportedPercent {
                    reportedPercent = percent
                    progress(Double(percent) / 100)
                }
            }
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
        app.timer = timer
        observers.sink = events
        observers.recordsMetrics = recordingMetrics
        server.keepsJournal = recordingMetrics
        actions = ActionFeed(config: config, ranges: app.chartRanges)
        app.launch(at: config.start)
        executeEffects(at: config.start)
        app.updateScreen(at: config.start)
        executeEffects(at: config.start)
    }

    /// When the next event is due, nil when none is due by the run's end.
    public mutating func nextTime() -> Int64? {
        let action = actions.nextTime() ?? .max
        let next = min(action, queue.nextTime ?? .max)
        return next <= config.end ? next : nil
    }

    /// Handles the next event (an action goes before a queued event due at the same time).
    ///
    /// - Returns: Its time, or nil when no event is due by the run's end (the run is over).
    public mutating func step() -> Int64? {
        let time: Int64
        let event: Event
        if let action = actions.take(dueBy: queue.nextTime) {
            (time, event) = (action.time, .action(action.action))
        } else if let next = queue.next() {
            (time, event) = next
        } else {
            return nil
        }
        guard time <= config.end else { return nil }
        processed += 1
        handle(event, at: time)
        executeEffects(at: time)
        app.updateScreen(at: time)
        executeEffects(at: time)
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
        app.finish(events: processed, at: reached)
        executeEffects(at: reached)
        return observers.result(
            config: config, serverOutcomes: server.outcomeCounts, journal: server.journal,
            stoppedEarly: EarlyStop(reason: reason, reached: reached))
    }

    /// Ends the run at its end time and returns its result.
    public mutating func finish() -> RunResult {
        app.finish(events: processed, at: config.end)
        executeEffects(at: config.end)
        return observers.result(
            config: config, serverOutcomes: server.outcomeCounts, journal: server.journal)
    }

    private mutating func handle(_ event: Event, at now: Int64) {
        switch event {
        case .app(let wake): app.wake(wake, at: now)
        case .action(let action):
            app.perform(action, at: now)
            if case .search(let text, _) = action, app.isSearching { type(text, at: now) }
        case .arrival(let id, let reply):
            guard let response = reply.response else { return }
            observers.answered(id, status: response.status, config: config, at: now)
            app.receive(response, forRequest: id, dataTime: reply.dataTime ?? now, at: now)
        case .timeout(let id):
            observers.answered(id, status: nil, config: config, at: now)
            app.timedOut(request: id, at: now)
        }
    }

    /// The user types `text` into the open search sheet, at its gaps.
    private mutating func type(_ text: TypedText, at now: Int64) {
        executeEffects(at: now)
        for (time, typed) in text.keystrokes(from: now) {
            queue.schedule(.app(.keystroke(typed)), at: time)
        }
    }

    /// Executes what the app asked for, in order.
    private mutating func executeEffects(at now: Int64) {
        app.takeEffects(into: &effects)
        for index in effects.indices {
            switch effects[index] {
            case .event(let event): observers.emit(event, at: now)
            case .send(let request): transmit(request, at: now)
            case .schedule(let wake, let time): queue.schedule(.app(wake), at: time)
            case .alertFired(let report): observers.alertFired(report, config: config, at: now)
            }
        }
    }

    /// A request leaves for the server; its answer, or its timeout, is scheduled.
    private mutating func transmit(_ sent: AppRequest, at now: Int64) {
        let request = sent.request
        observers.sent(sent, at: now)
        let reply = upstream?.handle(request, at: now, device: &server) ?? server.handle(request, at: now)
        if let body = reply.response?.body, reply.outcome != .cached {
            app.timer?.count("server_answered", bytes: body.count)
        }
        if reply.response == nil || reply.latencyMilliseconds >= request.timeoutMilliseconds {
            queue.schedule(.timeout(request: sent.id), at: now + request.timeoutMilliseconds)
        } else {
            queue.schedule(.arrival(request: sent.id, reply: reply), at: now + reply.latencyMilliseconds)
        }
    }
}
