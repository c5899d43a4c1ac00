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
    /// The case's network.
    var network: (any ScreenNetwork)?

    func begin(at start: Int64, network: any ScreenNetwork) {
        lock.withLock {
            (self.start, sent, cancelled, widgetReloads) = (start, [], [], [])
            self.network = network
        }
    }

    func record(sent target: String, at now: Int64) {
        lock.withLock { sent.append(.init(at: now - start, target: target)) }
    }

    func record(cancelled target: String, at now: Int64) {
        lock.withLock { cancelled.append(.init(at: now - start, target: target)) }
    }

    func recordWidgetReload(at now: Int64) { lock.withLock { widgetReloads.append(now - start) } }

    var output: ScreenOutput {
        lock.withLock { ScreenOutput(sent: sent, cancelled: cancelled, widgetReloads: widgetReloads) }
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
