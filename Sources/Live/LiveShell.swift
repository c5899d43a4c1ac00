import AppHosting
import TrackerCore
import WorkbenchFoundation

/// The app (``TrackerApp``, the same machine the simulator runs) on the wall clock against a
/// real CoinGecko-shaped API: `workbench live`.
///
/// The scenario's time runs at `speed` times real time from the moment ``run(clock:progress:)``
/// starts. The shell is a clock and a transport around ``AppHost``, as the simulator is: it hands
/// the host the scenario's user's actions (its script and seeded sessions) at their times, wakes
/// the app when it asked to be woken, sends its requests through the transport (each in a task of
/// its own, so several can be in flight as in the app) and hands each answer back at the scenario
/// time it arrived. Every event goes to the same observers as a simulated run's, so the
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
    /// The app, and what every shell does around it.
    var host: AppHost
    var timers = EventQueue<Timer>()
    /// The host's outputs being executed (kept, so taking them allocates nothing).
    var outputs: [AppHost.Output] = []
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
    ///   - checkingInvariants: Whether the app's invariants are checked after every input.
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(
        config: RunConfig, transport: any CoinGeckoTransport, speed: Double,
        events: ((RunEvent, Int64) -> Void)? = nil, checkingInvariants: Bool = false
    ) throws(AlertError) {
        precondition(speed > 0, "the speed must be above 0")
        host = try AppHost(config: config, events: events, checkingInvariants: checkingInvariants)
        self.config = config
        self.speed = speed
        self.transport = transport
        stopRequest = StopRequest(inbox: inbox)
        reached = config.start
    }

    /// The app (its watchlist and ledger are what a shell persists at the end).
    public var app: TrackerApp { host.app }

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
        var now = start
        host.launch(at: now)
        executeOutputs(at: now)
        while !stopRequest.isStopped {
            for delivery in inbox.take() {
                guard let target = inFlight.removeValue(forKey: delivery.id) else { continue }
                now = max(now, min(scenarioNow(), end))
                deliver(delivery, target: target, at: now)
                executeOutputs(at: now)
            }
            let timerTime = timers.nextTime
            let due = [timerTime, host.nextActionTime()].compactMap { $0 }.min()
            let current = scenarioNow()
            if let due, due <= min(current, end) {
                if let action = host.takeAction(dueBy: timerTime) {
                    now = max(now, action.time)
                    host.perform(action.action, at: now)
                } else if let (time, timer) = timers.next() {
                    now = max(now, time)
                    fire(timer, at: now)
                }
                executeOutputs(at: now)
                if let progress, let share = host.progress(at: now) { progress(share) }
                continue
            }
            if current >= end { break }
            inbox.wait(seconds: Double(min(due ?? end, end) - current) / 1000 / speed, on: clock)
        }
        reached = stopRequest.isStopped ? now : end
        if !stopRequest.isStopped { progress?(1) }
        host.finish(at: reached)
        // Stopped early: the figures cover the span reached, and say so.
        return host.observers.result(
            config: config, stoppedEarly: stopRequest.reason.map { EarlyStop(reason: $0, reached: reached) })
    }

    private mutating func fire(_ timer: Timer, at now: Int64) {
        switch timer {
        case .app(let wake): host.wake(wake, at: now)
        case .timeout(let id):
            // A timeout for a request already answered is no input.
            guard inFlight.removeValue(forKey: id) != nil else { return }
            timeouts += 1
            host.timedOut(request: id, at: now)
        }
    }

    private mutating func deliver(_ delivery: LiveInbox.Delivery, target: String, at now: Int64) {
        switch delivery.result {
        case .success(let response):
            responses += 1
            answers.record(response)
            host.receive(
                response, forRequest: delivery.id, dataTime: Self.dataTime(of: response, at: now), at: now)
        case .failure(let error):
            transportFailures.count += 1
            if transportFailures.first == nil { transportFailures.first = error.description }
            host.failed(request: delivery.id, CoinGeckoError(.transport(error), request: target), at: now)
        }
    }

    /// The header `workbench serve` puts on an answer whose data has a time of its own: when it
    /// was current, epoch ms (a CDN-cached answer's store time), as the simulator hands it over.
    public static let dataTimeHeader = "X-Simulated-Data-Time"

    /// When an answer's data was current: ``dataTimeHeader``'s time (never after `now`; a value
    /// that is not a positive epoch time is ignored), else `now` (CoinGecko says no more than
    /// `Age`'s whole seconds).
    public static func dataTime(of response: HTTPResponse, at now: Int64) -> Int64 {
        guard let given = response.headers[dataTimeHeader].flatMap({ Int64($0) }), given > 0 else {
            return now
        }
        return min(given, now)
    }

    /// Does what the app asked for, in order: requests leave, wakes go into the timers.
    private mutating func executeOutputs(at now: Int64) {
        host.takeOutputs(into: &outputs)
        for index in outputs.indices {
            switch outputs[index] {
            case .send(let request): send(request, at: now)
            case .wake(let wake, let time): timers.schedule(.app(wake), at: time)
            }
        }
    }

    /// A request leaves in a task of its own (on ``DispatchTaskExecutor``, never waiting for a
    /// busy pool); its answer comes back through the inbox, unless its timeout (in scenario time)
    /// comes first.
    private mutating func send(_ sent: AppRequest, at now: Int64) {
        let request = sent.request
        inFlight[sent.id] = request.target
        timers.schedule(.timeout(request: sent.id), at: now + request.timeoutMilliseconds)
        let (transport, inbox, id) = (transport, inbox, sent.id)
        Task(executorPreference: DispatchTaskExecutor.shared) {
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
