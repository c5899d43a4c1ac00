import CommandLineShell
import Foundation
import LiveHTTP
import TestSupport
import Testing
import TrackerCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `workbench serve` stops when told, whatever it holds (issue 65): the hang in `ServeTests` was a
/// SIGTERM that swift-service-lifecycle's signal source on Linux did not deliver, and graceful
/// shutdown waited for replies held on purpose.
@Suite("workbench serve stops on a signal, whatever it holds", .serialized, .reapsChildren)
struct ServeShutdownTests {
    /// The quickstart's market with every request timing out (held `--hold-seconds`).
    static let timeouts = """
        name: timeouts
        seed: 42
        start: 2024-01-01T00:00:00Z
        duration: 2h
        market:
          source: synthetic
          step: 5m
          history: 1d
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}
        plan: demo-30
        watchlist: [bitcoin]
        faults:
          timeout_rate: 1.0

        """

    /// Sends one request in the background; its status and body come back through the task.
    static func send(_ url: String) -> Task<(Int, String), Never> {
        Task.detached {
            let transport = CurlTransport(baseURL: url, resourceTimeoutSeconds: 60)
            do {
                let response = try await transport.send(
                    HTTPRequest(
                        path: "/simple/price",
                        query: [.init("ids", "bitcoin"), .init("vs_currencies", "usd")],
                        // The answer is what is checked, not how soon: the app's 10 s lapsed
                        // once on a machine three jobs deep (the stop itself still bounded).
                        timeoutMilliseconds: 60_000))
                return (response.status, String(decoding: response.body, as: UTF8.self))
            } catch {
                return (0, "\(error)")
            }
        }
    }

    @Test(
        "a reply held 600 s (a simulated timeout) or slept at --speed 0.001 does not hold the stop: SIGTERM, SIGINT and SIGHUP each end serve with 0, the held reply answered",
        arguments: [SIGTERM, SIGINT, SIGHUP])
    func heldReplies(signal: Int32) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.timeouts.write(toFile: folder.path("timeouts.yaml"), atomically: true, encoding: .utf8)
        let held = try ServedProcess(
            ["--hold-seconds", "600", "--no-latency"], scenario: folder.path("timeouts.yaml"))
        let heldReply = Self.send(held.url)
        // The reply is being held once the journal has the request.
        #expect(await Self.requestArrived(at: held))
        let (status, _) = held.stop(signal: signal)
        #expect(status == 0, "serve after \(StopSignals.name(signal)) exited \(String(describing: status))")
        let (code, body) = await heldReply.value
        #expect(code == 503 && body.contains("shutting down"), "\(code) \(body)")

        let slow = try ServedProcess(["--speed", "0.001"])
        let sleeping = Self.send(slow.url)
        #expect(await Self.requestArrived(at: slow))
        #expect(slow.stop(signal: signal).status == 0)
        let (slowCode, _) = await sleeping.value
        #expect(slowCode == 200, "the delayed reply goes out at once")
    }

    @Test("started and stopped 12 times at once after the URL, by each signal: it always exits 0 in time")
    func manyStarts() throws {
        for round in 0..<12 {
            let signal = [SIGTERM, SIGINT, SIGHUP][round % 3]
            let served = try ServedProcess(["--no-latency"])
            let (status, _) = served.stop(signal: signal)
            #expect(
                status == 0,
                "round \(round): serve after \(StopSignals.name(signal)) exited \(String(describing: status))"
            )
        }
    }

    @Test(
        "options out of range are refused before listening: --speed 1e-15, a latency that sleeps past 600 s")
    func outOfRange() throws {
        let speed = try WorkbenchProcess.run([
            "serve", "scenarios/quickstart.yaml", "--port", "0", "--speed", "1e-15",
        ])
        #expect(
            speed.status == 2 && speed.stderr.contains("expected a speed from 0.001 to 1000000"),
            "\(speed.stderr)")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = Self.timeouts + "server:\n  latency_median: 2s\n"
        try scenario.write(toFile: folder.path("slow.yaml"), atomically: true, encoding: .utf8)
        let slow = try WorkbenchProcess.run(
            ["serve", folder.path("slow.yaml"), "--port", "0", "--speed", "0.001"], timeout: 60)
        #expect(
            slow.status == 2 && slow.stderr.contains("server.latency_median 2.0 s at --speed 0.001")
                && slow.stderr.contains("at most 600 s"), "\(slow.stderr)")
    }

    /// Waits (30 s at most) until the server's journal holds a request, so that its reply is
    /// being held or slept.
    static func requestArrived(at served: ServedProcess) async -> Bool {
        let journal = URL(string: served.admin + "/requests")!
        for _ in 0..<3_000 {
            if let (data, _) = try? await URLSession.shared.data(from: journal),
                !String(decoding: data, as: UTF8.self).contains(#""total":0"#)
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}
