import Foundation
import TestSupport
import Testing
import TrackerCore

/// `workbench record` against `workbench serve`, then the recording replayed by a `fixtures`
/// scenario served again: every body comes back byte for byte.
@Suite("workbench record: from serve, then replayed byte for byte", .serialized, .reapsChildren)
struct RecordReplayTests {
    static let requests = """
        # What a UI test would pin: one request per endpoint, and one refused by CoinGecko's rules.
        /simple/price?ids=bitcoin,ethereum&vs_currencies=usd
        /coins/markets?vs_currency=usd&ids=bitcoin,solana
        /coins/bitcoin/market_chart?vs_currency=usd&days=1
        /api/v3/coins/ethereum/ohlc?vs_currency=usd&days=7
        /coins/list
        /search?query=doge
        /coins/solana
        /coins/bitcoin/market_chart?days=1
        """

    @Test("record from serve, verify with datasets list, replay through a fixtures scenario: identical bytes")
    func recordThenReplay() async throws {
        // The replaying scenario names the recording by a path inside the project.
        let relative = ".build/e2e-record-\(UUID().uuidString)"
        let scratch = RepositoryFiles.root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let requestsFile = scratch.appendingPathComponent("requests.txt")
        try Data(Self.requests.utf8).write(to: requestsFile)

        let original = try ServeTests.Served(["--clock", "manual", "--no-latency"])
        let recorded = try WorkbenchProcess.run(
            [
                "record", "--base-url", original.url, "--requests", requestsFile.path, "--out",
                "\(relative)/rec",
            ], timeout: 120)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded 8 of 8 request(s)"), "\(recorded.stdout)")
        #expect(
            recorded.stderr.contains("[8/8] /coins/bitcoin/market_chart?days=1 -> 422"), "\(recorded.stderr)")

        let listed = try WorkbenchProcess.run(["datasets", "list", "--directory", "\(relative)/rec"])
        #expect(
            listed.status == 0 && listed.stdout.contains("8 files, 8 verified, 0 failed"), "\(listed.stdout)")

        // A second recording never replaces the first. Keyless callers have had 8 of their 10 a
        // minute, and the manual clock stands still; a demo key has its own window.
        setenv("BITPAL_E2E_DEMO_KEY", "e2e-demo-key", 1)
        let again = try WorkbenchProcess.run(
            [
                "record", "--base-url", original.url, "--requests", requestsFile.path, "--out",
                "\(relative)/rec",
                "--api-key-env", "BITPAL_E2E_DEMO_KEY",
            ], timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        let index =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: scratch.appendingPathComponent("rec/index.json"))) as? [[String: Any]]
        #expect(index?.count == 16)
        let entries = try #require(index?.prefix(8))
        #expect(original.stop() == 0)

        // Replay: a fixtures scenario on the recording, at the simulated time it was recorded.
        let scenario = scratch.appendingPathComponent("replay.yaml")
        try Data(
            """
            name: replay-recording
            seed: 1
            start: 2024-01-01T00:00:00Z
            duration: 1h
            market: {source: fixtures, directory: \(relative)/rec}
            plan: demo-100
            policies: {preset: bitpal}
            watchlist: [bitcoin]
            """.utf8
        ).write(to: scenario)
        let replay = try ServeTests.Served(["--clock", "manual", "--no-latency"], scenario: scenario.path)
        defer { _ = replay.stop() }
        #expect(replay.url.hasSuffix("/api/v3"), "the fixtures scenario serves")
        let client = replay.client
        for entry in entries {
            let file = try #require(entry["file"] as? String)
            let uri = try #require(entry["uri"] as? String)
            let prefix = try #require(uri.range(of: "/api/v3"), "\(uri)")
            let target = String(uri[prefix.upperBound...])
            let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
            let request = HTTPRequest(
                path: parts[0], query: parts.count > 1 ? HTTPRequest.queryItems(parsing: parts[1]) : [])
            let response = try await client.response(for: request)
            let recordedBody = [UInt8](try Data(contentsOf: scratch.appendingPathComponent("rec/\(file)")))
            #expect(response.status == entry["status"] as? Int, "\(target)")
            #expect(response.body == recordedBody, "\(target): the replayed body differs from \(file)")
            if response.status == 200 {
                #expect(response.headers["X-Replayed-From"] == file, "\(target) came from the recording")
            }
        }
    }
}
