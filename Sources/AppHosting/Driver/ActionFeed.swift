import TrackerCore
import WorkbenchFoundation

/// The run's scheduled actions, in the order the event queue would take them had they all been
/// scheduled before any other event (as they once were): by time, and at one time the script's
/// before the user's, each in its own order. The user's are drawn a session at a time
/// (``StochasticUser/Sessions``), so a year of them is never held at once; every other event
/// is scheduled later, so at one time an action goes before it.
public struct ActionFeed {
    private let script: [ScheduledAction]
    private var scriptIndex = 0
    private var sessions: StochasticUser.Sessions?
    private var session: [ScheduledAction] = []
    private var sessionIndex = 0
    /// When iOS ends the app in the background, and the stream its rate draws from.
    private var termination = TerminationRule()
    private var terminationStream = SplitMix64(seed: 0)
    /// When the app in the background is ended, unless it comes back first.
    private var terminationDue: Int64?

    /// A feed of the script's actions and the user's sessions.
    ///
    /// - Parameters:
    ///   - script: Actions in any order (equal times in the order they happen).
    ///   - sessions: The stochastic user's sessions, if there is one.
    public init(script: [ScheduledAction], sessions: StochasticUser.Sessions?) {
        self.script = script.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        self.sessions = sessions
    }

    /// A run's actions: its script, and its seeded user's sessions (from the run's `user`
    /// stream), choosing among the chart ranges the app offers.
    ///
    /// - Parameters:
    ///   - config: The run.
    ///   - ranges: The ranges the app's coin screen offers (``TrackerApp/chartRanges``).
    public init(config: RunConfig, ranges: ChartRangeProfile) {
        self.init(
            script: config.script,
            sessions: config.user?.sessions(
                from: config.start, to: config.end, coins: config.watchlist, profile: ranges,
                generator: SplitMix64(root: config.seed, stream: "user"), price: config.truePrice,
                widget: config.app.hasWidget))
        termination(config.termination, seed: config.seed)
    }

    /// Lets iOS end the app in the background by `rule`, drawing from the run's `termination`
    /// stream.
    ///
    /// - Parameters:
    ///   - rule: When iOS ends the app.
    ///   - seed: The run's root seed.
    public mutating func termination(_ rule: TerminationRule, seed: UInt64) {
        termination = rule
        terminationStream = SplitMix64(root: seed, stream: "termination")
    }

    /// Takes the next action if it is due at or before `time`, which is when the queue's next
    /// event is due (an action goes first at one time); with no `time`, whenever it is due.
    ///
    /// - Parameter time: The queue's next time, or nil when the queue is empty.
    /// - Returns: The action, or nil when none is due by then.
    public mutating func take(dueBy time: Int64?) -> ScheduledAction? {
        let upcoming = peek()
        if let due = terminationDue, due <= (upcoming?.action.time ?? .max), due <= (time ?? .max) {
            terminationDue = nil
            return ScheduledAction(time: due, action: .terminated)
        }
        guard let (next, fromScript) = upcoming else { return nil }
        if let time, next.time > time { return nil }
        if fromScript { scriptIndex += 1 } else { sessionIndex += 1 }
        switch next.action {
        case .background:
            terminationDue = termination.endTime(afterBackgroundAt: next.time, generator: &terminationStream)
        case .foreground, .openFromWidget: terminationDue = nil
        default: break
        }
        return next
    }

    /// When the next action is due, if there is one (iOS ending the app included).
    public mutating func nextTime() -> Int64? {
        let next = peek()?.action.time
        guard let due = terminationDue else { return next }
        return min(due, next ?? due)
    }

    /// The next action and whether it is the script's, drawing the user's next session when the
    /// last is used up.
    private mutating func peek() -> (action: ScheduledAction, fromScript: Bool)? {
        while sessionIndex == session.count, sessions != nil {
            if let next = sessions?.next() {
                (session, sessionIndex) = (next, 0)
            } else {
                sessions = nil
            }
        }
        let user = sessionIndex < session.count ? session[sessionIndex] : nil
        let fromScript =
            scriptIndex < script.count && (user.map { script[scriptIndex].time <= $0.time } ?? true)
        guard let next = fromScript ? script[scriptIndex] : user else { return nil }
        return (next, fromScript)
    }
}
