import PriceModels
import Simulation
import TrackerCore
import WorkbenchFoundation

/// The app (``TrackerApp``, the same machine the simulator runs) on the wall clock against a
/// real CoinGecko-shaped API: `workbench live`.
///
/// The scenario's time runs at `speed` times real time from the moment ``run(clock:progress:)``
/// starts. The shell plays the scenario's user (its script and seeded sessions) at their times,
/// wakes the app when it asked to be woken, sends its requests through the transport (each in a
/// task of its own, so several can be in flight as in the app) and hands each answer back at the
/// scenario time it arrived. Every event goes to the same observers as a simulated run's, so the
/// result, reports and `--events` stream have the same shape, with the network's real latencies.
/// It holds no app rule.
public struct LiveShell: ~Copyable {
    enum Timer: Sendable {
        /// A wake the app asked for.
        case app(AppWake)
        /// A request's timeout (the app's, in scenario time).
        case timeout(request: Int)
    }

    let config: RunConfig
    let speed: Double
    let transport: any CoinGeckoTransport
    /// The app (its watchlist and ledger are what a shell persists at the end).
    public private(set) var app: TrackerApp
    var timers = EventQueue<Timer>()
    var effects: [AppEffect] = []
    var observers: RunObservers
    /// Requests sent and not yet answered or timed out, with their targets.
    var inFlight: [Int: String] = [:]
    let inbox = LiveInbox()
    /// Ends the run early (Ctrl-C): the run then reports what it measured so far.
    public let stopRequest: StopRequest
    /// Requests that got no response at all (no connection, TLS, a refused or reset
    /// connection), and the first one's reason.
    public private(set) var transportFailures: (count: Int, first: String?) = (0, nil)
    /// Requests that got a response (any status) before their timeout.
    public private(set) var responses = 0
    /// Requests whose timeout (the app's, in scenario time) came before any answer.
    public private(set) var timeouts = 0
    /// The answers' HTML pages and statuses other than 200, for the summary.
    public private(set) var answers = LiveAnswerTally()
    /// The scenario time the run reached (the end, unless stopped early).
    public private(set) var reached: Int64

    /// Prepares a live run.
    ///
    /// - Parameters:
    ///   - config: The scenario's run (its market gives the true prices alert delays are measured
    ///     against).
    ///   - transport: Carries the requests (libcurl to `workbench serve` or CoinGecko).
    ///   - speed: Scenario seconds per real second, above 0.
    ///   - events: Told every event of the run with its scenario time.
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(
        config: RunConfig, transport: any CoinGeckoTransport, speed: Double,
        events: ((RunEvent, Int64) -> Void)? = nil
    ) throws(AlertError) {
        precondition(speed > 0, "the speed must be above 0")
        var widgetStream = StreamSeed.splitMix(root: config.seed, stream: "widget")
        var backoffStream = StreamSeed.splitMix(root: config.seed, stream: "backoff")
        app = try TrackerApp(
            setup: config.app, plan: config.server.plan, start: config.start, widgetSeed: widgetStream.next(),
            backoffSeed: backoffStream.next())
        self.config = config
        self.speed = speed
        self.transport = transport
        observers = RunObservers(sink: events)
        stopRequest = StopRequest(inbox: inbox)
        reached = config.start
    }

    /// Runs the scenario on the wall clock until its end or a stop.
    ///
    /// - Parameters:
    ///   - clock: The real time: its seconds, and waits an answer cuts short.
    ///   - progress: Told the share of the scenario's time done (0...1), at each whole percent.
    /// - Returns: The result, measured from the events as a simulated run's is (no server journal:
    ///   the shell sees only answers).
    public mutating func run(clock: any LiveClock, progress: ((Double) -> Void)? = nil) -> RunResult {
        let wallStart = clock.seconds()
        let (start, end) = (config.start, config.end)
        let speed = speed
        func scenarioNow() -> Int64 {
            start + Int64(min((clock.seconds() - wallStart) * speed * 1000, 1e15).rounded(.down))
        }
        var actions = ActionFeed(config: config, ranges: app.chartRanges)
        var now = start
        app.launch(at: now)
        settle(at: now)
        var processed = 0
        var reportedPercent = -1
        while !stopRequest.isStopped {
            for delivery in inbox.take() {
                guard let target = inFlight.removeValue(forKey: delivery.id) else { continue }
                now = max(now, min(scenarioNow(), end))
                deliver(delivery, target: target, at: now)
                processed += 1
                settle(at: now)
            }
            let timerTime = timers.nextTime
            let due = [timerTime, actions.nextTime()].compactMap { $0 }.min()
            let current = scenarioNow()
            if let due, due <= min(current, end) {
                if let action = actions.take(dueBy: timerTime) {
                    now = max(now, action.time)
                    perform(action.action, at: now)
                } else if let (time, timer) = timers.next() {
                    now = max(now, time)
                    fire(timer, at: now)
                }
                processed += 1
                settle(at: now)
                if let progress, end > start {
                    let percent = Int((now - start) * 100 / (end - start))
                    if percent > reportedPercent {
                        reportedPercent = percent
                        progress(Double(percent) / 100)
                    }
                }
                continue
            }
            if current >= end { break }
            inbox.wait(seconds: Double(min(due ?? end, end) - current) / 1000 / speed, on: clock)
        }
        reached = stopRequest.isStopped ? now : end
        if !stopRequest.isStopped { progress?(1) }
        app.finish(events: processed, at: reached)
        executeEffects(at: reached)
        // Stopped early: the figures cover the span reached, and say so.
        return observers.result(
            config: config, stoppedEarly: stopRequest.reason.map { EarlyStop(reason: $0, reached: reached) })
    }

    /// Executes the app's effects, tells it the time so it reports its screen, and executes what
    /// that asked for.
    private mutating func settle(at now: Int64) {
        executeEffects(at: now)
        app.updateScreen(at: now)
        executeEffects(at: now)
    }

    private mutating func perform(_ action: UserAction, at now: Int64) {
        app.perform(action, at: now)
        guard case .search(let text, _) = action, app.isSearching else { return }
        executeEffects(at: now)
        for (time, typed) in text.keystrokes(from: now) {
            timers.schedule(.app(.keystroke(typed)), at: time)
        }
    }

    private mutating func fire(_ timer: Timer, at now: Int64) {
        switch timer {
        case .app(let wake): app.wake(wake, at: now)
        case .timeout(let id):
            guard inFlight.removeValue(forKey: id) != nil else { return }
            timeouts += 1
            observers.answered(id, status: nil, config: config, at: now)
            app.timedOut(request: id, at: now)
        }
    }

    private mutating func deliver(_ delivery: LiveInbox.Delivery, target: String, at now: Int64) {
        switch delivery.result {
        case .success(let response):
            responses += 1
            answers.record(response)
            observers.answered(delivery.id, status: response.status, config: config, at: now)
            app.receive(response, forRequest: delivery.id, dataTime: now, at: now)
        case .failure(let error):
            transportFailures.count += 1
            if transportFailures.first == nil { transportFailures.first = error.description }
            observers.answered(delivery.id, status: nil, config: config, at: now)
            app.failed(request: delivery.id, CoinGeckoError(.transport(error), request: target), at: now)
        }
    }

    /// Executes what the app asked for, in order.
    private mutating func executeEffects(at now: Int64) {
        app.takeEffects(into: &effects)
        for index in effects.indices {
            switch effects[index] {
            case .event(let event): observers.emit(event, at: now)
            case .send(let request): send(request, at: now)
            case .schedule(let wake, let time): timers.schedule(.app(wake), at: time)
            case .alertFired(let report): observers.alertFired(report, config: config, at: now)
            }
        }
    }

    /// A request leaves in a task of its own; its answer comes back through the inbox, unless its
    /// timeout (in scenario time) comes first.
    private mutating func send(_ sent: AppRequest, at now: Int64) {
        let request = sent.request
        observers.sent(sent, at: now)
        inFlight[sent.id] = request.target
        timers.schedule(.timeout(request: sent.id), at: now + request.timeoutMilliseconds)
        let (transport, inbox, id) = (transport, inbox, sent.id)
        Task {
            let result: Result<HTTPResponse, TransportError>
            do throws(TransportError) {
                result = .success(try await transport.send(request))
            } catch {
                result = .failure(error)
            }
            inbox.deliver(.init(id: id, result: result))
        }
    }
}
