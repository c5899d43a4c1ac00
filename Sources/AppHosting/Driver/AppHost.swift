import TrackerCore
import WorkbenchFoundation

/// The app and everything a shell does around it, written once for both shells: the simulator
/// (virtual time against the simulated server) and `workbench live` (the wall clock against an
/// HTTP API) are a clock and a transport around one of these.
///
/// The host builds the app from a run's config and seed, feeds it the user's actions (typing
/// included), hands it wakes and answers, and after every input executes its effects, asks it
/// for its screen report (``TrackerApp/updateScreen(at:)``) and executes what that asked for:
/// events go to the observers; requests to send and wakes to schedule go out to the shell as
/// ``Output``s, in the order the app asked for them. So no shell can forget a step of that
/// contract, and both shells' traces are the same for the same answers at the same times.
public struct AppHost: ~Copyable {
    /// What the shell must do for the app, in order.
    public enum Output: Sendable {
        /// Send this request now (the observers have been told it left).
        case send(AppRequest)
        /// Wake the app with this at this time.
        case wake(AppWake, at: Int64)
    }

    /// The run.
    public let config: RunConfig
    /// The app (its watchlist and ledger are what `live --state` persists at the end).
    public package(set) var app: TrackerApp
    /// The metrics recorder and the caller's observer, which every event goes to.
    public var observers: RunObservers
    /// The user's actions (the script's and the seeded sessions'), from ``launch(at:)``.
    var actions = ActionFeed(script: [], sessions: nil)
    /// The app's effects being executed (kept, so taking them allocates nothing).
    var effects: [AppEffect] = []
    /// What the shell has yet to do, in order.
    var outputs: [Output] = []
    /// Inputs handled so far (actions, wakes, answers, timeouts and failures).
    public private(set) var processed = 0
    /// The last whole percent of the run's time reported by ``progress(at:)``.
    var reportedPercent = -1
    /// Whether the invariants are checked after every input (``AppInvariants``, kept by the
    /// observers, which see every event).
    public var checksInvariants: Bool { observers.invariants != nil }

    /// Builds the app as the run launches it: its settings, stored state, plan and seeds (the
    /// widget's and the backoff's streams of the run's seed).
    ///
    /// - Parameters:
    ///   - config: The run.
    ///   - events: Told every event with its time, beside the metrics.
    ///   - checkingInvariants: Whether ``AppInvariants`` are checked after every input (a
    ///     broken one stops the process with what broke, where and when).
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(
        config: RunConfig, events: ((RunEvent, Int64) -> Void)? = nil, checkingInvariants: Bool = false
    ) throws(AlertError) {
        var widgetStream = SplitMix64(root: config.seed, stream: "widget")
        var backoffStream = SplitMix64(root: config.seed, stream: "backoff")
        // The only step that can fail goes first, so a failure never leaves a partial value.
        app = try TrackerApp(
            setup: config.app, plan: config.server.plan, start: config.start, widgetSeed: widgetStream.next(),
            backoffSeed: backoffStream.next())
        self.config = config
        observers = RunObservers(sink: events)
        observers.invariants = checkingInvariants ? AppInvariants() : nil
    }

    /// Launches the app at `now` (the run's start) and draws the user's actions.
    ///
    /// - Parameter now: The launch time.
    public mutating func launch(at now: Int64) {
        actions = ActionFeed(config: config, ranges: app.chartRanges)
        app.launch(at: now)
        settle(at: now)
    }

    /// When the user's next action is due, if any (iOS ending the app included).
    public mutating func nextActionTime() -> Int64? { actions.nextTime() }

    /// Takes the user's next action if it is due at or before `time` (the shell's next timer or
    /// event; with none, whenever it is due): an action goes first at one time.
    ///
    /// - Parameter time: The shell's next due time, or nil.
    /// - Returns: The action, or nil when none is due by then.
    public mutating func takeAction(dueBy time: Int64?) -> ScheduledAction? { actions.take(dueBy: time) }

    /// The user does `action`; a search's text is then typed at the user's gaps (its keystrokes
    /// go out as wakes).
    ///
    /// - Parameters:
    ///   - action: What the user did.
    ///   - now: When.
    public mutating func perform(_ action: UserAction, at now: Int64) {
        processed += 1
        app.perform(action, at: now)
        if case .search(let text, _) = action, app.isSearching {
            executeEffects(at: now)
            for (time, typed) in text.keystrokes(from: now) {
                outputs.append(.wake(.keystroke(typed), at: time))
            }
        }
        settle(at: now)
    }

    /// A wake the app asked for is due.
    ///
    /// - Parameters:
    ///   - wake: Which.
    ///   - now: When.
    public mutating func wake(_ wake: AppWake, at now: Int64) {
        processed += 1
        app.wake(wake, at: now)
        settle(at: now)
    }

    /// A request's answer arrived.
    ///
    /// - Parameters:
    ///   - response: The answer.
    ///   - id: The request's number.
    ///   - dataTime: When its data was current (the server's store time; `now` for a live answer).
    ///   - now: When it arrived.
    public mutating func receive(_ response: HTTPResponse, forRequest id: Int, dataTime: Int64, at now: Int64)
    {
        processed += 1
        observers.answered(id, status: response.status, config: config, at: now)
        app.receive(response, forRequest: id, dataTime: dataTime, at: now)
        settle(at: now)
    }

    /// A request's timeout (the app's) came before any answer.
    ///
    /// - Parameters:
    ///   - id: The request's number.
    ///   - now: When.
    public mutating func timedOut(request id: Int, at now: Int64) {
        processed += 1
        observers.answered(id, status: nil, config: config, at: now)
        app.timedOut(request: id, at: now)
        settle(at: now)
    }

    /// A request got no response at all (no connection, TLS, a reset).
    ///
    /// - Parameters:
    ///   - id: The request's number.
    ///   - error: What the transport said, as the app's error for the request's target.
    ///   - now: When.
    public mutating func failed(request id: Int, _ error: CoinGeckoError, at now: Int64) {
        processed += 1
        observers.answered(id, status: nil, config: config, at: now)
        app.failed(request: id, error, at: now)
        settle(at: now)
    }

    /// Moves what the shell has yet to do into `buffer` (emptied first), in order.
    ///
    /// - Parameter buffer: Where they go; its storage is kept between calls.
    public mutating func takeOutputs(into buffer: inout [Output]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &outputs)
    }

    /// The share of the run's time done at `now`, when it reached a new whole percent since the
    /// last call that returned one; nil otherwise (and for a run of no length).
    ///
    /// - Parameter now: The run's time.
    public mutating func progress(at now: Int64) -> Double? {
        guard config.durationMilliseconds > 0 else { return nil }
        let percent = Int((now - config.start) * 100 / config.durationMilliseconds)
        guard percent > reportedPercent else { return nil }
        reportedPercent = percent
        return Double(percent) / 100
    }

    /// Ends the app's run at `reached`: its last figures go to the observers.
    ///
    /// - Parameter reached: The last time handled (the run's end, unless it stopped early).
    public mutating func finish(at reached: Int64) {
        app.finish(events: processed, at: reached)
        executeEffects(at: reached)
    }

    /// Executes the app's effects, asks for its screen report, and executes what that asked for:
    /// the contract after every input. Then checks the invariants, when checking.
    mutating func settle(at now: Int64) {
        executeEffects(at: now)
        app.updateScreen(at: now)
        executeEffects(at: now)
        if checksInvariants { checkInvariants(at: now) }
    }

    /// Executes what the app asked for, in order: events to the observers, requests and wakes out
    /// to the shell.
    mutating func executeEffects(at now: Int64) {
        app.takeEffects(into: &effects)
        for index in effects.indices {
            switch effects[index] {
            case .event(let event): observers.emit(event, at: now)
            case .send(let request):
                observers.sent(request, at: now)
                outputs.append(.send(request))
            case .schedule(let wake, let time): outputs.append(.wake(wake, at: time))
            case .alertFired(let report): observers.alertFired(report, config: config, at: now)
            }
        }
    }

    /// Checks every invariant; a broken one stops the process, naming it, the run's seed and
    /// the time (an invariant broken is a bug in the workbench, never in the user's input).
    private mutating func checkInvariants(at now: Int64) {
        let broken = observers.invariantViolations(of: app, at: now)
        guard broken.isEmpty else {
            let time = TimeFormatting.iso8601(now)
            preconditionFailure(
                "an invariant broke at \(time) (seed \(config.seed), input \(processed)): "
                    + broken.joined(separator: "; "))
        }
    }
}
