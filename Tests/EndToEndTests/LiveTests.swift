import Foundation
import Persistence
import TestSupport
import Testing

/// `workbench live`: the same app machine as `run`, on the wall clock against `workbench serve`.
@Suite("workbench live: the app on the wall clock", .serialized, .reapsChildren)
struct LiveTests {
    /// Each screen's requests (`request_sent` targets) in the order sent, from a `--events` file.
    static func requestsByScreen(_ path: String) throws -> [String: [String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var byScreen: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["event"] as? String == "request_sent" else { continue }
            let screen = try #require(object["screen"] as? String)
            byScreen[screen, default: []].append(try #require(object["target"] as? String))
        }
        return byScreen
    }

    /// The quickstart's app in 16 minutes, without its search: its market and plan, a coin screen
    /// with a range and a chart type switched, the Portfolio tab and back, a second coin. This is
    /// the end-to-end round (libcurl, HTTP, serve's wall clock); the live shell itself is proven
    /// equal to the simulator event for event by `LiveShellTraceTests`, so the round is kept short
    /// (issue 70: it was 42 minutes, 50 s of the suite's wall clock). The search is left to
    /// `scripts/live-check.sh` (the whole quickstart, exactly, after the suite): its 300 ms
    /// debounce against the coin list's latency is a race at 100x on a machine this suite keeps
    /// busy, and the app's answer to a late list (no results) is a real difference.
    static let shortQuickstart = """
        name: quickstart-16m
        seed: 42
        start: 2024-01-01T00:00:00Z
        duration: 16m
        market:
          source: synthetic
          step: 5m
          history: 8d
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}
            - {id: ethereum, symbol: eth, name: Ethereum, supply: 120000000, price: 2300, model: merton}
            - {id: tether, symbol: usdt, name: Tether, supply: 95000000000, price: 1, model: ou}
        plan: demo-30
        policies:
          preset: bitpal
          # The app's 10 s timeout is 0.1 s of real time at 100x: on a machine the suite loads to a
          # load average of 6-10 (CI's under-load round), answers came later than that, and later
          # than 60 s (0.6 s) too, and the two traces parted. Both runs read this scenario, and the
          # server answers in milliseconds, so a longer timeout changes neither run's requests.
          timeout: 300s
        watchlist: [bitcoin, ethereum]
        portfolio:
          - {at: 1m, coin: bitcoin, side: buy, quantity: "0.25", price: "42000"}
        user:
          script:
            - {at: 2m, open: bitcoin}
            - {at: 3m, switch-range: 1W}
            - {at: 4m, switch-chart: candle}
            - {at: 6m, do: close-coin}
            - {at: 7m, tab: portfolio}
            - {at: 9m, tab: watchlist}
            - {at: 10m, open: ethereum, chart: line, range: 1M}
            - {at: 12m, do: close-coin}
            - {at: 13m, tab: portfolio}

        """

    /// The requests with each run of one repeated request collapsed to one.
    static func runs(_ requests: [String]) -> [String] {
        requests.enumerated().filter { $0.offset == 0 || requests[$0.offset - 1] != $0.element }.map(
            \.element)
    }

    @Test("against serve at the same speed, live sends what run sends: each screen's requests in order")
    func liveMatchesTheSimulation() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = folder.path("quickstart-16m.yaml")
        try Self.shortQuickstart.write(toFile: scenario, atomically: true, encoding: .utf8)
        // 16 scenario minutes at 50x: 19 s (at 100x, CI's under-load round at a load average of
        // 5.3 held the live run up enough to lose 7 of the watchlist's loop iterations). The app
        // sends no key, and serve gives keyless callers the keyless plan unless told: the
        // scenario's plan is demo-30.
        let served = try ServeTests.Served(
            ["--speed", "50", "--key-plan", "keyless=demo-30"], scenario: scenario)
        let live = try WorkbenchProcess.run(
            [
                "live", scenario, "--against", served.url, "--speed", "50", "--quiet",
                "--out", folder.path("live"), "--events", folder.path("live.jsonl"),
            ], timeout: 240)
        #expect(served.stop() == 0)
        let simulated = try WorkbenchProcess.run(
            [
                "run", scenario, "--quiet", "--no-history", "--out", folder.path("run"),
                "--events", folder.path("run.jsonl"),
            ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        #expect(live.stdout.contains("0 without a response"), "\(live.stdout)\(live.stderr)")
        let liveRequests = try Self.requestsByScreen(folder.path("live.jsonl"))
        let simulatedRequests = try Self.requestsByScreen(folder.path("run.jsonl"))
        #expect(simulatedRequests.values.map(\.count).reduce(0, +) > 20)
        #expect(Set(liveRequests.keys) == Set(simulatedRequests.keys))
        // Each screen sends the same requests. The suite runs beside this test, and on a loaded
        // machine (scripts/load-test.sh: a load average near 6 on two cores) holds the live run up
        // by tens of real milliseconds, which at 50x are seconds of the app's time: enough to fit
        // one loop iteration more or less into a visit, and to let a coin screen's range switch
        // overtake its detail load (a race the app itself has), so one chart request comes before
        // another. So each screen must send the same distinct requests, first seen in the same
        // order where nothing raced, with counts within 10 % or two requests (one loop iteration
        // more or less at each of the Portfolio tab's two visits: CI's under-load round, at a load
        // average of 6.8, gave 18 against 16); scripts/live-check.sh (50x, in CI on a quiet
        // machine) compares every request in order.
        for (screen, requests) in simulatedRequests {
            let live = liveRequests[screen] ?? []
            #expect(Set(live) == Set(requests), "screen \(screen)")
            #expect(abs(live.count - requests.count) <= max(2, requests.count / 10), "screen \(screen)")
        }
        // The same reports as `run`.
        for file in ["result.json", "report.md", "report.html", "series.json"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("live/\(file)")), "\(file)")
        }
    }

    @Test("an unreachable server fails in seconds at the /ping check, exit 1, nothing written (issue 69)")
    func unreachableServer() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let started = Date()
        let outcome = try WorkbenchProcess.run(
            [
                "live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3", "--speed",
                "2000",
                "--quiet", "--out", folder.path("live"),
            ], timeout: 60)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains("--against: GET http://127.0.0.1:1/api/v3/ping: connection failed"),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is the host up, and the port right?"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("live")))
        // The scenario's two hours at 2000x would be 3.6 s: the check ends it before (bounded
        // generously, for a loaded machine).
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test(
        "requests whose timeout comes first are counted as without a response (they were counted as answered)"
    )
    func timeoutsCounted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = folder.path("timeouts.yaml")
        try ServeShutdownTests.timeouts.replacingOccurrences(of: "duration: 2h", with: "duration: 3m")
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let served = try ServeTests.Served(
            ["--speed", "100", "--hold-seconds", "600", "--key-plan", "keyless=demo-30"], scenario: scenario)
        defer { served.stop() }
        let live = try WorkbenchProcess.run(
            [
                "live", scenario, "--against", served.url, "--speed", "100", "--quiet", "--out",
                folder.path("live"),
            ],
            timeout: 120)
        #expect(live.stdout.contains(" timed out, 0 not delivered)"), "\(live.stdout)\(live.stderr)")
        #expect(!live.stdout.contains("0 without a response"), "\(live.stdout)")
        #expect(live.status == 1, "no request got a response: \(live.stderr)")
    }

    @Test("bad input is refused before anything is sent: a URL that is not http(s), a key with spaces")
    func badInput() throws {
        let notHTTP = try WorkbenchProcess.run(
            ["live", "scenarios/quickstart.yaml", "--against", "ftp://127.0.0.1/api/v3"], timeout: 30)
        #expect(notHTTP.status == 2)
        #expect(notHTTP.stderr.contains("--against: 'ftp://127.0.0.1/api/v3' is not an http(s) URL"))
        let canary = "CG-canary key"
        let badKey = try WorkbenchProcess.run(
            ["live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3", "--key", canary],
            timeout: 30)
        #expect(badKey.status == 2)
        #expect(badKey.stderr.contains("has spaces or line breaks"))
        #expect(!badKey.stderr.contains(canary) && !badKey.stdout.contains(canary))
    }

    @Test("--state keeps the watchlist and the trades between runs, as the app keeps them in SwiftData")
    func stateBetweenRuns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let state = folder.path("app-state.sqlite")
        // No server: the scripted trade is recorded without a request, and the search that would
        // add a coin fails, so each run adds one trade and leaves the list as it launched.
        func live(_ run: Int) throws -> String {
            let outcome = try WorkbenchProcess.run(
                [
                    "live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3", "--speed",
                    "5000",
                    "--quiet", "--out", folder.path("live\(run)"), "--state", state, "--skip-check",
                ], timeout: 60)
            #expect(outcome.status == 1, "\(outcome.stderr)")
            return try String(contentsOfFile: folder.path("live\(run)/result.json"), encoding: .utf8)
        }
        #expect(try live(1).contains(#""watchlist.coins": 4"#))
        let database = try WorkbenchDatabase.open(.appData, at: state)
        let watchlist = WatchlistStore(database: database)
        #expect(try watchlist.entries().map(\.coinId) == ["bitcoin", "ethereum", "solana", "dogecoin"])
        #expect(try PortfolioStore(database: database).transactions().count == 1)
        // The user removed a coin in between: the next launch shows the stored list, not the scenario's.
        try watchlist.remove(coinId: "solana")
        #expect(try live(2).contains(#""watchlist.coins": 3"#))
        #expect(try watchlist.entries().map(\.coinId) == ["bitcoin", "ethereum", "dogecoin"])
        #expect(try PortfolioStore(database: database).transactions().count == 2)
        // The chart cache's file beside it (no server answered, so no chart was cached).
        let charts = folder.path("app-state.charts.sqlite")
        #expect(FileManager.default.fileExists(atPath: charts))
        #expect(try PersistentChartCache(path: charts).count() == 0)
    }
}
