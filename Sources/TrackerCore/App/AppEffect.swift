/// What ``TrackerApp`` asks its shell to do: the app decides, a shell (the simulator on virtual
/// time, `workbench live` on the wall clock) carries it out, in the order given.
public enum AppEffect: Sendable {
    /// Something happened that metrics observe.
    case event(RunEvent)
    /// Hand this request to the transport now (the limiter has given it its slot).
    case send(AppRequest)
    /// Call ``TrackerApp/wake(_:at:)`` with this wake at this time.
    case schedule(AppWake, at: Int64)
    /// A price alert fired (a workbench extension): the shell measures its delay against the true
    /// price, which the app cannot know.
    case alertFired(AlertFiringReport)
}

/// A request the app hands to the transport.
public struct AppRequest: Sendable {
    /// The app's number for it: its answer or timeout comes back under this number.
    public var id: Int
    /// What is sent.
    public var request: HTTPRequest
    /// When the code asked for it (it may have waited for its limiter slot since).
    public var askedAt: Int64
    /// The screen whose code asked.
    public var screen: AppScreenKind
}

/// A sleep or a wait ending: each is one `Task.sleep` or timer of the app, WidgetKit's reload
/// date, or a keystroke of the user's typing.
public enum AppWake: Sendable, Equatable {
    /// The watchlist's price loop.
    case priceLoop(token: Int)
    /// The Portfolio tab's loop.
    case portfolioLoop(token: Int)
    /// A search keystroke's debounce.
    case searchDebounce(token: Int)
    /// A widget timeline's reload date (WidgetKit's, outside the app's process).
    case widget(token: Int)
    /// The user typed: the search field now holds this text.
    case keystroke(String)
    /// A request's limiter slot came.
    case requestSlot(id: Int)

    /// Whether the wake is a sleep ending inside the app's process: iOS suspends the process in
    /// the background, so such a wake waits for the foreground (the sleeps are on a continuous
    /// clock: one that fell due meanwhile ends at once).
    public var isInProcess: Bool {
        switch self {
        case .priceLoop, .portfolioLoop, .searchDebounce, .requestSlot: true
        case .widget, .keystroke: false
        }
    }
}

/// An alert's firing, with what measuring its delay needs.
public struct AlertFiringReport: Sendable {
    /// The alert that fired.
    public var alert: PriceAlert
    /// The firing.
    public var firing: AlertFiring
    /// The data time of the price that fired it.
    public var observedAt: Int64
    /// The coin's previous evaluation, if any (the run's start otherwise).
    public var previousEvaluation: Int64?
}
