import ConformanceCases
import Foundation

// `URLSession` and its types for the app's services on Linux, where Foundation has none of them
// without FoundationNetworking (the app's files import Foundation only): the session's tasks go
// to the case's ``ScreenNetwork`` on the case's clock. docs/conformance.md lists what it models.

/// The app's `URLSessionConfiguration`: its timeouts are read, its cache is the network's.
final class URLSessionConfiguration {
    static var `default`: URLSessionConfiguration { URLSessionConfiguration() }
    var timeoutIntervalForRequest: TimeInterval = 60
    var timeoutIntervalForResource: TimeInterval = 604_800
}

/// A response.
class URLResponse {}

/// `URLRequest`, as the widget extension's `WidgetAPIClient` builds one: its URL and timeout are
/// read; its headers are not (the simulated server reads none of them).
struct URLRequest {
    let url: URL
    var timeoutInterval: TimeInterval = 60

    init(url: URL) { self.url = url }

    mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {}
}

/// An HTTP response: its status.
final class HTTPURLResponse: URLResponse {
    let statusCode: Int

    init(statusCode: Int) { self.statusCode = statusCode }
}

/// `URLError`, with the codes the session throws here.
struct URLError: Error, LocalizedError {
    enum Code { case cancelled, timedOut }
    let code: Code

    init(_ code: Code) { self.code = code }

    var errorDescription: String? { code == .cancelled ? "cancelled" : "The request timed out." }
}

/// What the session did, for the case's output.
final class ScreenTrace: @unchecked Sendable {
    static let shared = ScreenTrace()
    private let lock = NSLock()
    private var start: Int64 = 0
    private(set) var sent: [ScreenOutput.Request] = []
    private(set) var cancelled: [ScreenOutput.Request] = []
    private(set) var widgetReloads: [Int64] = []
    private(set) var widgetSent: [ScreenOutput.Request] = []
    private(set) var widgetShown: [ScreenOutput.Request] = []
    private(set) var shown: [ScreenOutput.Request] = []
    /// The case's network.
    var network: (any ScreenNetwork)?
    /// The case's App Group container (the `widget` rule's; nil for the others).
    var appGroupContainer: URL?

    func begin(at start: Int64, network: any ScreenNetwork, appGroupContainer: URL? = nil) {
        lock.withLock {
            (self.start, sent, cancelled, widgetReloads) = (start, [], [], [])
            (widgetSent, widgetShown, timelines, makeTimeline) = ([], [], [], nil)
            shown = []
            self.network = network
            self.appGroupContainer = appGroupContainer
        }
    }

    /// WidgetKit's timeline instants (ms since the epoch) the case still has, and what makes a
    /// timeline (the `widget` rule's extension host).
    private var timelines: [Int64] = []
    var makeTimeline: (@MainActor () -> Void)?

    func expectTimelines(_ instants: [Int64], maker: @escaping @MainActor () -> Void) {
        lock.withLock {
            timelines = instants.map { $0 + start }
            makeTimeline = maker
        }
    }

    /// The app asked for a reload: the case's timeline at this instant, if any, starts now.
    @MainActor func startTimelineAskedByApp(at now: Int64) {
        guard takeTimeline(at: now) else { return }
        makeTimeline?()
    }

    /// Whether a timeline of this instant is still due (and takes it).
    func takeTimeline(at now: Int64) -> Bool {
        lock.withLock {
            guard let index = timelines.firstIndex(of: now) else { return false }
            timelines.remove(at: index)
            return true
        }
    }

    func record(widgetSent target: String, at now: Int64) {
        lock.withLock { widgetSent.append(.init(at: now - start, target: target)) }
    }

    /// A timeline handed to WidgetKit: what its entry shows (`lastUpdated` in ms after the launch).
    func record(widgetShown holdings: Int?, lastUpdated: Int64, at now: Int64) {
        let shown = holdings.map { "\($0) coins, updated \(lastUpdated - start) ms" } ?? "empty"
        lock.withLock { widgetShown.append(.init(at: now - start, target: shown)) }
    }

    /// What the visible screen shows now (recorded when it changes).
    func record(shown line: String, at now: Int64) {
        lock.withLock { ScreenOutput.add(shown: line, at: now - start, to: &shown) }
    }

    func record(sent target: String, at now: Int64) {
        lock.withLock { sent.append(.init(at: now - start, target: target)) }
    }

    func record(cancelled target: String, at now: Int64) {
        lock.withLock { cancelled.append(.init(at: now - start, target: target)) }
    }

    func recordWidgetReload(at now: Int64) { lock.withLock { widgetReloads.append(now - start) } }

    var output: ScreenOutput {
        lock.withLock {
            ScreenOutput(
                sent: sent, cancelled: cancelled, widgetReloads: widgetReloads, widgetSent: widgetSent,
                widgetShown: widgetShown, shown: shown)
        }
    }

    /// Which view's task asks (the driver sets it on the tasks it starts; tasks they start inherit
    /// it).
    enum Origin { case other, portfolio }

    /// The view whose task runs.
    @TaskLocal static var origin = Origin.other
}

/// The app's `URLSession`: `data(from:)` as the async API behaves. A task cancelled before it
/// starts throws `URLError(.cancelled)` and sends nothing; a fresh answer in the device's cache
/// comes back at once; otherwise the request is sent, and its answer arrives after the server's
/// latency, or the request times out after the session's request timeout; a task cancelled while
/// it waits throws `URLError(.cancelled)`, and its answer is not stored.
final class URLSession {
    let configuration: URLSessionConfiguration

    init(configuration: URLSessionConfiguration) { self.configuration = configuration }

    func data(from url: URL) async throws -> (Data, URLResponse) {
        let scheduler = ScreenScheduler.shared
        if scheduler.isStale { await scheduler.park() }
        guard let network = ScreenTrace.shared.network else { throw URLError(.cancelled) }
        let target = Self.canonical(Self.target(of: url))
        let now = Self.milliseconds(scheduler.now)
        scheduler.touch()
        if Task.isCancelled {
            ScreenTrace.shared.record(cancelled: target, at: now)
            throw URLError(.cancelled)
        }
        switch network.start(target, at: now) {
        case .cached(let status, let body):
            return (Data(body), HTTPURLResponse(statusCode: status))
        case .sent(let id, let status, let body, let latency):
            ScreenTrace.shared.record(sent: target, at: now)
            guard let status, latency < network.timeout else {
                do {
                    try await AppClock.sleep(for: .milliseconds(network.timeout))
                } catch {
                    throw URLError(.cancelled)
                }
                throw URLError(.timedOut)
            }
            do {
                try await AppClock.sleep(for: .milliseconds(latency))
            } catch {
                throw URLError(.cancelled)
            }
            network.arrived(id, at: Self.milliseconds(scheduler.now))
            return (Data(body), HTTPURLResponse(statusCode: status))
        }
    }

    /// The widget extension's session (`URLSession.shared` in its own process): its own cache.
    /// (Only the extension calls ``data(for:)``; the app's services use ``data(from:)``.)
    static let shared = URLSession(configuration: .default)

    /// `data(for:)` of the widget extension's session: a task sent at once (no limiter), answered
    /// from the extension's cache or the server, or timed out after the request's own timeout.
    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let scheduler = ScreenScheduler.shared
        if scheduler.isStale { await scheduler.park() }
        guard let network = ScreenTrace.shared.network else { throw URLError(.cancelled) }
        let target = Self.target(of: request.url)
        let now = Self.milliseconds(scheduler.now)
        scheduler.touch()
        switch network.startInWidgetExtension(target, at: now) {
        case .cached(let status, let body):
            return (Data(body), HTTPURLResponse(statusCode: status))
        case .sent(let id, let status, let body, let latency):
            ScreenTrace.shared.record(widgetSent: target, at: now)
            let timeout = Int64((request.timeoutInterval * 1000).rounded())
            guard let status, latency < timeout else {
                try? await AppClock.sleep(for: .milliseconds(timeout))
                throw URLError(.timedOut)
            }
            try? await AppClock.sleep(for: .milliseconds(latency))
            network.arrived(id, at: Self.milliseconds(scheduler.now))
            return (Data(body), HTTPURLResponse(statusCode: status))
        }
    }

    /// The URL's path under the API root and its query, percent-decoded.
    static func target(of url: URL) -> String {
        let text = url.absoluteString
        let path = text.range(of: "/api/v3").map { String(text[$0.upperBound...]) } ?? text
        return path.removingPercentEncoding ?? path
    }

    /// The Portfolio tab's `ids` in sorted order. `loadPortfolioWithPrices()` lists them as
    /// `Array(Set(transactions.map { $0.coinId }))`: in the order of the process's hash seed,
    /// which Swift draws at each launch, so no order is the app's. The workbench sorts them
    /// (`PortfolioRefreshLoop.coinIds(of:)`); so does the harness, so that the device's cache is
    /// keyed alike (docs/conformance.md names this choice).
    static func canonical(_ target: String) -> String {
        guard ScreenTrace.origin == .portfolio, target.hasPrefix("/coins/markets?") else { return target }
        let parts = target.dropFirst("/coins/markets?".count).split(separator: "&").map { part -> String in
            guard part.hasPrefix("ids=") else { return String(part) }
            return "ids=" + part.dropFirst(4).split(separator: ",").sorted().joined(separator: ",")
        }
        return "/coins/markets?" + parts.joined(separator: "&")
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
