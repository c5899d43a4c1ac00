import AppHosting
import Dispatch
import Foundation
import Live
import PriceModels
import Simulation
import Testing
import TrackerCore
import WorkbenchFoundation

/// `workbench live`'s shell, driven as NIO's `EmbeddedChannel` drives a pipeline: on a clock that
/// moves only when the shell waits, with answers from the simulated server at the times the
/// simulator would deliver them. Given the same answers at the same times, its trace must be the
/// simulator's, event for event: both are a clock and a transport around one `AppHost`.
@Suite("The live shell's trace is the simulator's")
struct LiveShellTraceTests {
    @Test(
        "a busy user, watchlist and coin screens, on bitpal and spec: the live shell's events are the simulator's, in order, at the same times",
        arguments: [AppPolicies.bitpal, .spec])
    func sameTrace(policies: AppPolicies) async throws {
        var config = AppSimulationTests.config(
            policies: policies, script: AppSimulationTests.busyUser, hours: 1)
        config.app.watchlist = AppSimulationTests.market().coins.prefix(3).map {
            CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name)
        }
        let start = config.start
        var simulated: [String] = []
        var simulation = try AppSimulation(config: config)
        _ = simulation.run(events: { event, time in
            if let line = event.jsonLine(at: time, start: start) { simulated.append(line) }
        })

        let network = ManualNetwork(config: config)
        let live = Locked<[String]>([])
        // The shell blocks its thread while it waits, as the CLI's main thread does; its requests'
        // tasks need the cooperative pool's threads, so it runs on a thread of its own.
        let ran: Bool = await Self.onThread { [config] in
            guard
                var shell = try? LiveShell(
                    config: config, transport: network, speed: 1,
                    events: { event, time in
                        network.observe(event, at: time)
                        if let line = event.jsonLine(at: time, start: start) {
                            live.withLock { $0.append(line) }
                        }
                    }, checkingInvariants: true)
            else { return false }
            _ = shell.run(clock: network)
            return true
        }
        network.releaseEverything()
        #expect(ran)

        #expect(
            !network.ambiguous, "two requests for one target were in flight: the stub cannot tell them apart")
        #expect(network.problems.isEmpty, "\(network.problems)")
        let lines = live.withLock { $0 }
        #expect(lines.count == simulated.count)
        #expect(simulated.count > 500)
        if let first = zip(lines, simulated).enumerated().first(where: { $0.element.0 != $0.element.1 })?
            .offset
        {
            Issue.record(
                "the traces part at event \(first):\nlive:      \(lines[first])\nsimulated: \(simulated[first])"
            )
        }
    }
}

extension LiveShellTraceTests {
    /// Runs `body` on a thread of its own and resumes with its value.
    static func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}

/// A wall clock that moves only when the shell waits, and a network whose answers are the
/// simulated server's, computed when each request leaves (as the simulator does) and released
/// when the clock reaches their arrival. Answers the simulator would time out are never
/// released (the shell's own timeout fires), until ``releaseEverything()``.
final class ManualNetwork: LiveClock, CoinGeckoTransport, @unchecked Sendable {
    private struct Reply {
        var arrival: Int64?
        var response: HTTPResponse
    }

    private let condition = NSCondition()
    private let start: Int64
    private let timeout: Int64
    private var server: SimulatedServer
    /// Scenario milliseconds since the start.
    private var elapsed: Int64 = 0
    /// Replies computed when their requests left, by target, in the order they left.
    private var replies: [String: [Reply]] = [:]
    private var left = 0
    private var reached = 0
    private var releases:
        [(
            arrival: Int64, order: Int, response: HTTPResponse,
            resume: CheckedContinuation<HTTPResponse, Never>
        )] = []
    private var never: [CheckedContinuation<HTTPResponse, Never>] = []
    private var order = 0
    /// Two requests for one target were waiting for their replies at once.
    private(set) var ambiguous = false
    /// What went wrong with the harness itself (a wait that timed out).
    private(set) var problems: [String] = []

    init(config: RunConfig) {
        start = config.start
        timeout = config.app.policies.timeoutMilliseconds
        server = SimulatedServer(
            source: config.market, behaviour: config.server,
            seed: StreamSeed(root: config.seed, stream: "server"))
    }

    /// A request left: its reply is computed now, as the simulator computes it.
    func observe(_ event: RunEvent, at now: Int64) {
        guard case .requestSent(_, _, _, _, let target) = event else { return }
        let path = String(target.prefix { $0 != "?" })
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
        let request = HTTPRequest(path: path, query: HTTPRequest.queryItems(parsing: query))
        let reply = server.handle(request, at: now)
        var response = reply.response ?? HTTPResponse(status: 0, body: [])
        if let dataTime = reply.dataTime {
            response.headers = HTTPHeaders(
                response.headers.fields + [HTTPHeaders.Field(LiveShell.dataTimeHeader, String(dataTime))])
        }
        let arrives = reply.response != nil && reply.latencyMilliseconds < timeout
        condition.lock()
        replies[target, default: []].append(
            Reply(arrival: arrives ? now + reply.latencyMilliseconds : nil, response: response))
        left += 1
        condition.unlock()
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        await withCheckedContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            reached += 1
            guard var queued = replies[request.target], !queued.isEmpty else {
                problems.append("no reply computed for \(request.target)")
                continuation.resume(returning: HTTPResponse(status: 0, body: []))
                return
            }
            if queued.count > 1 { ambiguous = true }
            let reply = queued.removeFirst()
            replies[request.target] = queued
            if let arrival = reply.arrival {
                order += 1
                releases.append((arrival, order, reply.response, continuation))
            } else {
                never.append(continuation)
            }
            condition.broadcast()
        }
    }

    func seconds() -> Double {
        condition.lock()
        defer { condition.unlock() }
        // Half a millisecond in, so the shell's rounding down gives the exact millisecond.
        return elapsed == 0 ? 0 : (Double(elapsed) + 0.5) / 1000
    }

    func wait(for semaphore: DispatchSemaphore, upTo seconds: Double) {
        condition.lock()
        // Every request that left has reached the network (its task ran).
        let deadline = Date().addingTimeInterval(10)
        while reached < left {
            if !condition.wait(until: deadline) {
                problems.append("a request's task did not reach the network in 10 s")
                break
            }
        }
        let limit = elapsed + Int64((seconds * 1000).rounded())
        guard
            let next = releases.indices.min(by: {
                (releases[$0].arrival, releases[$0].order) < (releases[$1].arrival, releases[$1].order)
            }),
            releases[next].arrival - start <= limit
        else {
            elapsed = limit
            condition.unlock()
            return
        }
        let release = releases.remove(at: next)
        elapsed = max(elapsed, release.arrival - start)
        condition.unlock()
        release.resume.resume(returning: release.response)
        // The answer is in the shell's inbox once its task signals.
        if semaphore.wait(timeout: .now() + 10) == .timedOut {
            condition.lock()
            problems.append("an answer released at \(release.arrival) did not reach the inbox in 10 s")
            condition.unlock()
        }
    }

    /// Ends every task still waiting for an answer (after the run: the shell ignores them).
    func releaseEverything() {
        condition.lock()
        let waiting = releases.map(\.resume) + never
        releases = []
        never = []
        condition.unlock()
        for continuation in waiting { continuation.resume(returning: HTTPResponse(status: 0, body: [])) }
    }
}

extension LiveShellTraceTests {
    @Test(
        "an answer's data time: serve's X-Simulated-Data-Time to the millisecond, never after now; else its arrival"
    )
    func dataTime() {
        func response(_ value: String?) -> HTTPResponse {
            HTTPResponse(
                status: 200, headers: HTTPHeaders(value.map { [.init(LiveShell.dataTimeHeader, $0)] } ?? []))
        }
        #expect(LiveShell.dataTime(of: response("1704067100123"), at: 1_704_067_200_000) == 1_704_067_100_123)
        #expect(LiveShell.dataTime(of: response("1704067300000"), at: 1_704_067_200_000) == 1_704_067_200_000)
        #expect(LiveShell.dataTime(of: response("soon"), at: 1_704_067_200_000) == 1_704_067_200_000)
        #expect(LiveShell.dataTime(of: response("0"), at: 1_704_067_200_000) == 1_704_067_200_000)
        #expect(LiveShell.dataTime(of: response("-5"), at: 1_704_067_200_000) == 1_704_067_200_000)
        #expect(LiveShell.dataTime(of: response(nil), at: 1_704_067_200_000) == 1_704_067_200_000)
    }
}
