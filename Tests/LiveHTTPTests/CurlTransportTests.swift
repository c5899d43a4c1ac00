import Foundation
import LiveHTTP
import TestSupport
import Testing
import TrackerCore

@Suite("libcurl transport against a local HTTP server")
struct CurlTransportTests {
    private func client(
        _ server: LoopbackHTTPServer, apiKey: CoinGeckoRequests.APIKey? = nil, timeout: Int64 = 10_000
    )
        -> CoinGeckoClient
    {
        CoinGeckoClient(
            transport: CurlTransport(baseURL: "http://127.0.0.1:\(server.port)/api/v3"),
            requests: CoinGeckoRequests(apiKey: apiKey, timeoutMilliseconds: timeout)
        )
    }

    @Test("a recorded markets response travels over HTTP and decodes; the request line and key header arrive")
    func marketsOverHTTP() async throws {
        let body = [UInt8](try RepositoryFiles.coingeckoData("coins_markets_usd_top100_20230108.json"))
        let server = try LoopbackHTTPServer { _ in
            .init(
                status: 200,
                headers: [("Content-Type", "application/json"), ("Cache-Control", "public, max-age=30")],
                body: body)
        }
        defer { server.stop() }
        let rows = try await client(server, apiKey: .demo("CG-test")).markets(ids: ["bitcoin", "ethereum"])
        #expect(rows.count == 100)
        #expect(rows[0].currentPrice == 16951.52)
        let received = try #require(server.received.first)
        #expect(
            received.target
                == "/api/v3/coins/markets?vs_currency=usd&ids=bitcoin,ethereum&price_change_percentage=24h")
        #expect(received.headers["x-cg-demo-api-key"] == "CG-test")
    }

    @Test("headers come back readable whatever their case; a 429 HTML page is typed with its retry-after")
    func rateLimitedOverHTTP() async throws {
        let page = Array("<html><body>Too Many Requests</body></html>".utf8)
        let server = try LoopbackHTTPServer { _ in
            .init(status: 429, headers: [("Retry-After", "30"), ("Content-Type", "text/html")], body: page)
        }
        defer { server.stop() }
        let response = try await CurlTransport(baseURL: "http://127.0.0.1:\(server.port)")
            .send(HTTPRequest(path: "/coins/list"))
        #expect(response.status == 429)
        #expect(response.headers["retry-after"] == "30")
        #expect(response.body == page)
        let error = await #expect(throws: CoinGeckoError.self) { _ = try await client(server).coinsList() }
        #expect(
            error?.kind
                == .rateLimited(retryAfterMilliseconds: 30_000, body: CoinGeckoErrorBody(format: .html)))
    }

    @Test("a server slower than the request's timeout is a timeout error, not an instant one")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in
            .init(status: 200, body: Array("[]".utf8), delayMilliseconds: 3_000)
        }
        let started = Date()
        defer { server.stop() }
        // Load only delays the timeout's report; the answer would need curl held up 2.7 s past
        // its 300 ms deadline to win, ten times what a load average near 6 on two cores does to
        // this test (scripts/load-test.sh).
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await client(server, timeout: 300).coinsList()
        }
        #expect(error?.kind == .transport(.timedOut(afterMilliseconds: 300)))
        #expect(error?.isTransient == true)
        // Not at once: libcurl counts milliseconds (URLSession on Linux truncated to whole
        // seconds, so 300 ms failed at once).
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.3, "\(elapsed) s")
    }

    @Test("a cancelled task stops its transfer: cancelled, not the slow server's answer")
    func cancelled() async throws {
        let server = try LoopbackHTTPServer { _ in
            .init(status: 200, body: Array("[]".utf8), delayMilliseconds: 3_000)
        }
        defer { server.stop() }
        let task = Task {
            try await CurlTransport(baseURL: "http://127.0.0.1:\(server.port)").send(
                HTTPRequest(path: "/coins/list"))
        }
        // The server holds its answer 3 s, 15 times this wait: under a load average near 6 on two
        // cores (scripts/load-test.sh) the cancel still comes long before the answer could.
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        #expect(throws: TransportError.cancelled) { try result.get() }
    }

    @Test("a redirect is followed, and the headers are the last response's")
    func redirect() async throws {
        let server = try LoopbackHTTPServer { target in
            target == "/old"
                ? .init(status: 302, headers: [("Location", "/new"), ("X-First", "1")])
                : .init(status: 200, headers: [("X-Second", "2")], body: Array("[1]".utf8))
        }
        defer { server.stop() }
        let response = try await CurlTransport(baseURL: "http://127.0.0.1:\(server.port)").send(
            HTTPRequest(path: "/old"))
        #expect(response.status == 200 && response.body == Array("[1]".utf8))
        #expect(response.headers["x-second"] == "2" && response.headers["x-first"] == nil)
        #expect(server.received.map(\.target) == ["/old", "/new"])
    }

    @Test("a header with a line break is refused before anything is sent")
    func headerInjection() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200) }
        defer { server.stop() }
        var request = HTTPRequest(path: "/ping")
        request.headers = [HTTPHeaders.Field("x-cg-demo-api-key", "k\r\nX-Evil: 1")]
        let error = await #expect(throws: TransportError.self) {
            _ = try await CurlTransport(baseURL: "http://127.0.0.1:\(server.port)").send(request)
        }
        #expect(
            error == .connectionFailed("header x-cg-demo-api-key has a line break or a colon in its name"))
        #expect(server.received.isEmpty)
    }

    @Test("nothing listening is a connection failure")
    func refused() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200) }
        server.stop()
        let error = await #expect(throws: CoinGeckoError.self) { _ = try await client(server).coinsList() }
        guard case .transport(.connectionFailed) = error?.kind else {
            Issue.record("expected a connection failure, got \(String(describing: error))")
            return
        }
    }

    @Test("the wall clock reads the system time in epoch milliseconds and sleeps to a deadline")
    func wallClock() async throws {
        let clock = WallClock()
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let now = clock.currentTime()
        #expect(abs(now - before) < 1_000)
        try await clock.sleep(until: now + 20)
        #expect(clock.currentTime() >= now + 20)
        try await clock.sleep(until: now - 1_000)
    }
}
