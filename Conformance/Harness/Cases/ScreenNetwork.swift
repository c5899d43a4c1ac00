/// The network under a screen rule's app side, which the runner gives it: the device's HTTP cache
/// (`URLCache`, as the workbench models it: TrackerCore's `ClientHTTPCache`) and the case's
/// simulated CoinGecko (the simulator's `SimulatedServer`, on the same seed as the workbench's
/// side), so that both sides see the same answers when they send the same requests.
public protocol ScreenNetwork: AnyObject, Sendable {
    /// The session's request timeout, ms (`URLSessionConfiguration.timeoutIntervalForRequest`).
    var timeout: Int64 { get }
    /// A task of the app's session starts at `now` for `target` (path and query): answered from
    /// the device's cache, or sent to the server.
    func start(_ target: String, at now: Int64) -> ScreenTransfer
    /// A task of the widget extension's `URLSession.shared` starts: answered from the
    /// extension process's own cache, or sent to the server (no limiter: the branch's
    /// `WidgetAPIClient` sends at once).
    func startInWidgetExtension(_ target: String, at now: Int64) -> ScreenTransfer
    /// The answer to a sent request arrived at `now`: the session stores it in its cache.
    func arrived(_ transfer: Int, at now: Int64)
}

/// How a task of the app's session went.
public enum ScreenTransfer: Sendable {
    /// Answered by the device's cache at once: nothing was sent.
    case cached(status: Int, body: [UInt8])
    /// Sent: its number, the status and body that will arrive (nil: none, a timeout) after
    /// `latency` ms.
    case sent(id: Int, status: Int?, body: [UInt8], latency: Int64)
}
