import Foundation
import LiveHTTP
import Testing
import TrackerCore

/// `workbench live`'s check of `--against` before the run (issue 69): one `GET /ping`, judged.
@Suite("The API root's /ping check: CoinGecko's answer runs; a dead host, HTML, 404 or a refused key stop")
struct APIRootCheckTests {
    static func verdict(status: Int, body: String) async throws -> (
        APIRootCheck.Verdict, [LoopbackHTTPServer.Received]
    ) {
        let server = try LoopbackHTTPServer { _ in .init(status: status, body: Array(body.utf8)) }
        let root = "http://127.0.0.1:\(server.port)/api/v3"
        let verdict = await APIRootCheck.check(root: root, headers: [.init("x-cg-demo-api-key", "CG-canary")])
        return (verdict, server.received)
    }

    @Test("CoinGecko's ping body is ready; the key header is sent and never quoted")
    func ready() async throws {
        let (verdict, received) = try await Self.verdict(
            status: 200, body: #"{"gecko_says":"(V3) To the Moon!"}"#)
        #expect(verdict == .ready)
        #expect(received.map(\.target) == ["/api/v3/ping"])
        #expect(received.first?.headers["x-cg-demo-api-key"] == "CG-canary")
    }

    @Test("an HTML page, a 404, a refused key and an odd status are unusable; 429 and 5xx warn")
    func classified() async throws {
        let cases: [(Int, String, String)] = [
            (
                200, "<!DOCTYPE html><html><body>nginx</body></html>",
                "with an HTML page, not CoinGecko's JSON"
            ),
            (404, #"{"error":"Not Found"}"#, "is not found (HTTP 404)"),
            (401, #"{"status":{"error_code":10002}}"#, "was refused (HTTP 401): check the key"),
            (302, "", "answered HTTP 302, which CoinGecko's ping never does"),
        ]
        for (status, body, phrase) in cases {
            let (verdict, _) = try await Self.verdict(status: status, body: body)
            guard case .unusable(let reason) = verdict else {
                Issue.record("HTTP \(status): \(verdict)")
                continue
            }
            #expect(reason.contains(phrase), "\(reason)")
            #expect(!reason.contains("CG-canary"))
        }
        for (status, phrase) in [(429, "rate limited (HTTP 429)"), (503, "answered HTTP 503")] {
            let (verdict, _) = try await Self.verdict(status: status, body: "{}")
            guard case .warning(let warning) = verdict else {
                Issue.record("HTTP \(status): \(verdict)")
                continue
            }
            #expect(warning.contains(phrase), "\(warning)")
        }
        let (other, _) = try await Self.verdict(status: 200, body: "[]")
        guard case .warning(let text) = other else {
            Issue.record("a 200 without the ping body: \(other)")
            return
        }
        #expect(text.contains("answered 200 without CoinGecko's ping body"), "\(text)")
    }

    @Test("a port that refuses: unusable at once, naming the URL")
    func refused() async {
        let verdict = await APIRootCheck.check(root: "http://127.0.0.1:1/api/v3", headers: [])
        guard case .unusable(let reason) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(reason.hasPrefix("GET http://127.0.0.1:1/api/v3/ping: connection failed"))
    }
}
