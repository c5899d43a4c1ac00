import Foundation
import LiveHTTP
import TestSupport
import Testing

/// `workbench live` sets `workbench serve`'s clock to the scenario's start before its own clock
/// starts (issue 69), so the ages it measures are `run`'s, not short by serve's head start.
@Suite("live aligns serve's clock", .reapsChildren)
struct ServeClockAlignmentTests {
    /// The quickstart's `start:`.
    static let start: Int64 = 1_704_067_200_000

    /// Serve's simulated time now, from its admin API.
    static func now(_ served: ServedProcess) async throws -> Int64 {
        let transport = CurlTransport(baseURL: String(served.url.dropLast("/api/v3".count)))
        let health = try await transport.send(.init(path: "/__admin/health", timeoutMilliseconds: 5_000))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any])
        return try #require((object["now_ms"] as? NSNumber)?.int64Value)
    }

    @Test("a serve that ran a minute of scenario time is set back to the start; its health says so")
    func setsBack() async throws {
        let served = try ServedProcess(["--speed", "100"])
        defer { served.stop() }
        // 0.6 s of real time at 100x: a minute ahead.
        try await Task.sleep(for: .milliseconds(600))
        let outcome = await ServeClockAlignment.align(apiRoot: served.url, to: Self.start, speed: 100)
        guard case .aligned(let ahead) = outcome else {
            Issue.record("expected the clock set back, got \(outcome)")
            return
        }
        #expect(ahead >= 60_000, "serve ran at least 0.6 s at 100x before the alignment")
        // Right after: within a few real seconds (at 100x) of the start, however loaded the machine.
        let now = try await Self.now(served)
        #expect(
            now >= Self.start && now - Self.start < min(ahead, 60_000),
            "\(now - Self.start) ms after the start")
    }

    @Test("a manual clock and another speed are not aligned, and say why")
    func refusals() async throws {
        let manual = try ServedProcess(["--clock", "manual"])
        defer { manual.stop() }
        let stopped = await ServeClockAlignment.align(apiRoot: manual.url, to: Self.start, speed: 1)
        guard case .notAligned(let reason) = stopped else {
            Issue.record("expected a warning, got \(stopped)")
            return
        }
        #expect(reason.contains("manual") && reason.contains("--clock wall"))
        let slower = try ServedProcess(["--speed", "10"])
        defer { slower.stop() }
        let other = await ServeClockAlignment.align(apiRoot: slower.url, to: Self.start, speed: 100)
        #expect(
            other
                == .notAligned(
                    "serve runs at --speed 10, live at 100: their clocks drift apart however they start; give both the same --speed"
                ))
    }

    @Test("CoinGecko's roots and other roots are never asked")
    func notServe() async {
        #expect(ServeClockAlignment.serverRoot(ofAPIRoot: "https://api.coingecko.com/api/v3") == nil)
        #expect(ServeClockAlignment.serverRoot(ofAPIRoot: "https://pro-api.coingecko.com/api/v3/") == nil)
        #expect(ServeClockAlignment.serverRoot(ofAPIRoot: "http://127.0.0.1:8080/v3") == nil)
        #expect(
            ServeClockAlignment.serverRoot(ofAPIRoot: "http://127.0.0.1:8080/api/v3")
                == "http://127.0.0.1:8080")
        // Nothing listens on port 1: not a serve, nothing to align, no wait.
        #expect(
            await ServeClockAlignment.align(apiRoot: "http://127.0.0.1:1/api/v3", to: 0, speed: 1)
                == .notServe)
    }
}
