import CommandLineShell
import Foundation
import LiveHTTP
import TestSupport
import Testing
import TrackerCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `workbench serve` as a UI test uses it: the binary on an ephemeral port, the project's own
/// `CurlTransport` and `CoinGeckoClient` against it.
@Suite("workbench serve: the simulated CoinGecko over HTTP", .serialized, .reapsChildren)
struct ServeTests {
    /// A running `workbench serve` and its base URL (bounded waits, reaped however the test ends).
    typealias Served = ServedProcess

    /// Sends `/simple/price` until the first error or `atMost` successes.
    ///
    /// - Returns: The successes, and the error that stopped them.
    static func sentUntilRefused(_ client: CoinGeckoClient, atMost: Int) async -> (Int, CoinGeckoError?) {
        var sent = 0
        while sent < atMost {
            do {
                _ = try await client.simplePrices(ids: ["ethereum"])
                sent += 1
            } catch {
                return (sent, error)
            }
        }
        return (sent, nil)
    }

    @Test("every endpoint decodes through CoinGeckoClient; a 429 carries retry-after; SIGTERM stops it")
    func endpoints() async throws {
        let served = try Served(["--clock", "manual", "--no-latency"])
        #expect(served.url.hasPrefix("http://127.0.0.1:") && served.url.hasSuffix("/api/v3"), "\(served.url)")
        let client = served.client
        let markets = try await client.markets(ids: ["bitcoin", "ethereum"])
        #expect(markets.map(\.id) == ["bitcoin", "ethereum"])
        let prices = try await client.simplePrices(ids: ["bitcoin"])
        #expect((prices.price(of: "bitcoin", in: "usd") ?? 0) > 0)
        #expect(try await client.coinDetail(id: "bitcoin").id == "bitcoin")
        #expect(try await client.marketChart(id: "bitcoin", days: "1").prices.count > 200)
        #expect(try await client.ohlc(id: "bitcoin", days: "1").candles.count > 10)
        #expect(try await client.search(query: "bit").coins.contains { $0.id == "bitcoin" })
        // The scenario's five coins first, then the rest of the recorded list (7,248 coins, the
        // five among them), which every synthetic market lists by default.
        let list = try await client.coinsList()
        #expect(list.count == 7_248)
        #expect(list.prefix(5).map(\.id) == ["bitcoin", "ethereum", "solana", "dogecoin", "tether"])
        // Plans are per key. Keyless callers get 10 a minute, and 7 are spent above; the manual
        // clock stands still, so the fourth is refused. A demo key has its own window on the
        // scenario's demo-30: its 31st is refused.
        let (keylessSent, limited) = await Self.sentUntilRefused(client, atMost: 5)
        #expect(keylessSent == 3, "keyless callers share 10 a minute, and 7 went above")
        let demo = CoinGeckoClient(
            transport: CurlTransport(baseURL: served.url),
            requests: CoinGeckoRequests(apiKey: .demo("k1")))
        let (demoSent, _) = await Self.sentUntilRefused(demo, atMost: 40)
        #expect(demoSent == 30, "a demo key has the scenario's demo-30 to itself")
        guard case .rateLimited(let retryAfter?, _) = limited?.kind else {
            Issue.record("expected a 429 with retry-after, got \(String(describing: limited))")
            return
        }
        #expect(retryAfter > 0 && retryAfter <= 60_000)
        // Moving the clock a minute frees the windows again.
        #expect(try await served.post("/clock", #"{"advance": "61s"}"#).contains("2024-01-01T00:01:01Z"))
        _ = try await client.simplePrices(ids: ["ethereum"])
        _ = try await demo.simplePrices(ids: ["ethereum"])
        #expect(served.stop() == 0)
    }

    @Test("the manual clock is deterministic; outages and storms start and stop through the admin API")
    func manualClockAndFaults() async throws {
        var bodies: [[UInt8]] = []
        for _ in 0..<2 {
            let served = try Served(["--clock", "manual", "--no-latency"])
            let request = HTTPRequest(
                path: "/coins/bitcoin/market_chart", query: [.init("vs_currency", "usd"), .init("days", "1")])
            _ = try await served.post("/clock", #"{"set": "2024-01-01T01:00:00Z"}"#)
            bodies.append(try await served.client.body(for: request))
            #expect(
                try await served.post("/faults", #"{"fault": "outage", "action": "start"}"#).contains("true"))
            await #expect(throws: CoinGeckoError.self) { _ = try await served.client.body(for: request) }
            _ = try await served.post("/faults", #"{"fault": "outage", "action": "stop"}"#)
            // A storm, named as the scenario names it (faults.storms): every request a 429.
            #expect(
                try await served.post("/faults", #"{"fault": "storm", "action": "start"}"#).contains("true"))
            await #expect(throws: CoinGeckoError.self) { _ = try await served.client.body(for: request) }
            _ = try await served.post("/faults", #"{"fault": "storm", "action": "stop"}"#)
            #expect(try await served.client.body(for: request) == bodies.last)
            let bad = try await served.post("/faults", #"{"fault": "volcano", "action": "start"}"#)
            #expect(bad.contains("expected outage or storm"))
            _ = served.stop()
        }
        #expect(bodies[0] == bodies[1] && !bodies[0].isEmpty)
    }

    @Test(
        "unknown paths: CoinGecko's own 404 under /api/v3 and outside it, a JSON 404 naming the admin endpoints"
    )
    func unknownPaths() async throws {
        let served = try Served(["--no-latency"])
        defer { _ = served.stop() }
        let get = { (url: String) async throws -> (Int, String) in
            let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let incorrect = #"{"error":"Incorrect path. Please check https://www.coingecko.com/api/"}"#
        let (status, body) = try await get(served.url + "/coins/nope/nope")
        #expect(status == 404 && body == incorrect)
        let root = String(served.url.dropLast("/api/v3".count))
        let (outsideStatus, outside) = try await get(root + "/favicon.ico")
        #expect(outsideStatus == 404 && outside.contains("Incorrect path"))
        let (coinStatus, coin) = try await get(served.url + "/coins/nope/market_chart?vs_currency=usd&days=1")
        #expect(coinStatus == 404 && coin == #"{"error":"coin not found"}"#)
        let (adminStatus, admin) = try await get(served.admin + "/nope")
        #expect(adminStatus == 404 && admin.contains("no admin endpoint GET /__admin/nope"))
        #expect(admin.contains("POST /__admin/clock"))
        #expect(try await served.post("/nope", "{}").contains("no admin endpoint POST /__admin/nope"))
    }

    @Test("the admin clock refuses times outside the market with a 400 giving its range")
    func clockRange() async throws {
        let served = try Served(["--clock", "manual", "--no-latency"])
        defer { _ = served.stop() }
        let post = { (body: String) async throws -> (Int, String) in
            var request = URLRequest(url: URL(string: served.admin + "/clock")!)
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        // The quickstart's market: 31 days of history before 2024-01-01, a two-hour run.
        let range = "runs from 2023-12-01T00:00:00Z to 2024-01-01T02:00:00Z"
        let (beforeStatus, before) = try await post(#"{"set": "2020-01-01T00:00:00Z"}"#)
        #expect(
            beforeStatus == 400 && before.contains("2020-01-01T00:00:00Z is outside the market"), "\(before)")
        #expect(
            before.contains(range) && before.contains("the clock stays at 2024-01-01T00:00:00Z"), "\(before)")
        let (pastStatus, past) = try await post(#"{"advance": "3h"}"#)
        #expect(pastStatus == 400 && past.contains(range), "\(past)")
        let (edgeStatus, edge) = try await post(#"{"set": "2024-01-01T02:00:00Z"}"#)
        #expect(edgeStatus == 200 && edge.contains("2024-01-01T02:00:00Z"), "\(edge)")
        let (historyStatus, _) = try await post(#"{"set": "2023-12-01T00:00:00Z"}"#)
        #expect(historyStatus == 200)
        let (data, _) = try await URLSession.shared.data(from: URL(string: served.admin + "/health")!)
        let health = String(decoding: data, as: UTF8.self)
        #expect(health.contains(#""market_from":"2023-12-01T00:00:00Z","market_to":"2024-01-01T02:00:00Z""#))
    }

    @Test("which addresses are loopback: localhost, ::1 and 127.0.0.0/8, nothing else")
    func loopback() {
        for host in ["127.0.0.1", "127.8.9.10", "localhost", "::1", "[::1]"] {
            #expect(ServeOptions.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.4", "::", "127.0.0", "127.0.0.256", "localhost.example.com", ""] {
            #expect(!ServeOptions.isLoopback(host), "\(host)")
        }
    }

    @Test("off loopback needs --no-admin or a token; with a token every admin path answers 401 without it")
    func adminToken() async throws {
        // Refused while the command line is read, before anything listens.
        let open = try WorkbenchProcess.run(["serve", "scenarios/quickstart.yaml", "--host", "0.0.0.0"])
        #expect(
            open.status == 2 && open.stderr.contains("--host 0.0.0.0 is not a loopback address")
                && open.stderr.contains("--admin-token-file"), "\(open.stderr)")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let token = "canary-admin-token-7f3a9c2e51"
        try "\(token)\n".write(toFile: folder.path("token"), atomically: true, encoding: .utf8)
        try "short".write(toFile: folder.path("short"), atomically: true, encoding: .utf8)
        let short = try WorkbenchProcess.run([
            "serve", "scenarios/quickstart.yaml", "--port", "0", "--admin-token-file", folder.path("short"),
        ])
        #expect(
            short.status == 2 && short.stderr.contains("\(folder.path("short")): expected 16 to 4,096")
                && !short.stderr.contains("short\n"), "\(short.stderr)")
        let served = try Served([
            "--clock", "manual", "--no-latency", "--admin-token-file", folder.path("token"),
        ])
        defer { _ = served.stop() }
        func status(_ path: String, bearer: String?, method: String = "GET") async throws -> Int {
            var request = URLRequest(url: URL(string: served.admin + path)!)
            request.httpMethod = method
            if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
            let (_, response) = try await URLSession.shared.data(for: request)
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }
        #expect(try await status("/health", bearer: nil) == 401)
        #expect(try await status("/health", bearer: token + "x") == 401)
        #expect(try await status("/health", bearer: String(token.dropLast())) == 401)
        #expect(try await status("/nowhere", bearer: nil) == 401)
        // Every method, not only GET and POST (PUT and DELETE were a 404 with an empty body).
        for method in ["PUT", "DELETE", "PATCH"] {
            #expect(try await status("/clock", bearer: nil, method: method) == 401, "\(method)")
        }
        #expect(try await status("/health", bearer: token) == 200)
        // The API itself needs no token, and the journal keeps no key value.
        let keyed = CoinGeckoClient(
            transport: CurlTransport(baseURL: served.url),
            requests: CoinGeckoRequests(apiKey: .demo("canary-api-key-5d1e88")))
        #expect((try await keyed.simplePrices(ids: ["bitcoin"]).price(of: "bitcoin", in: "usd") ?? 0) > 0)
        var journal = URLRequest(url: URL(string: served.admin + "/requests")!)
        journal.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: journal)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("/simple/price") && !text.contains("canary-api-key"), "\(text)")
    }

    @Test("off loopback the base URL is still the first line of standard error, the warning after it")
    func urlFirstOffLoopback() throws {
        // Bound to every address for a moment, with no admin API; the test talks to 127.0.0.1.
        let served = try Served(["--host", "0.0.0.0", "--no-admin", "--no-latency"])
        defer { served.stop() }
        #expect(served.url.hasPrefix("http://0.0.0.0:") && served.url.hasSuffix("/api/v3"), "\(served.url)")
        let errors = try #require(served.process.standardError)
        let next = try BoundedWait.line(from: errors, within: 30, "serve's warning")
        #expect(next.hasPrefix("warning: serving on 0.0.0.0"), "\(next)")
    }

    @Test("a port in use is refused in words, with what to do, not in SwiftNIO's")
    func busyPort() throws {
        let served = try Served(["--no-latency"])
        defer { served.stop() }
        let port = try #require(served.url.split(separator: ":").last?.split(separator: "/").first)
        let second = try WorkbenchProcess.run(
            ["serve", "scenarios/quickstart.yaml", "--port", String(port)], timeout: 60)
        #expect(second.status == 2, "\(second.stderr)")
        #expect(
            second.stderr.contains("cannot serve on 127.0.0.1:\(port): the port is in use")
                && second.stderr.contains("--port 0"), "\(second.stderr)")
        #expect(!second.stderr.contains("errno"), "\(second.stderr)")
    }

    @Test("workbench serve runs workbench-serve: its help, its errors, its exit codes")
    func forwarding() throws {
        let help = try WorkbenchProcess.run(["serve", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--key-plan"), "\(help.stderr)")
        #expect(help.stdout.contains("USAGE: workbench serve <scenario>"))
        let missing = try WorkbenchProcess.run(["serve", "nope.yaml"])
        #expect(missing.status == 2 && missing.stderr.contains("nope.yaml"), "\(missing.stderr)")
        let listed = try WorkbenchProcess.run(["--help"])
        #expect(listed.stdout.contains("serve") && listed.stdout.contains("Hummingbird"))
    }

    @Test("200 concurrent clients are all served")
    func concurrentClients() async throws {
        let served = try Served(["--clock", "wall"])
        let transport = CurlTransport(baseURL: served.url)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await transport.send(HTTPRequest(path: "/ping")).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 })
        #expect(served.stop() == 0)
    }
}

extension ServedProcess {
    /// The project's client against this server.
    var client: CoinGeckoClient { CoinGeckoClient(transport: CurlTransport(baseURL: url)) }

    /// POSTs a JSON body to an admin path and returns the answer's body.
    func post(_ path: String, _ body: String) async throws -> String {
        var request = URLRequest(url: URL(string: admin + path)!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }
}
