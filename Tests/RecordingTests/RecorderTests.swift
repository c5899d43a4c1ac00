import Datasets
import Foundation
import Recording
import Synchronization
import TestSupport
import Testing
import TrackerCore

@Suite("workbench record: responses kept byte for byte, never overwritten, stopped by a storm")
struct RecorderTests {
    static let chartFile = "market_chart_bitcoin_usd_days1_20210515T1442Z.json"
    static let listFile = "coins_list_20210515T1600Z.json"

    /// A transport answering with recorded dataset files and their recorded headers.
    static func recordedTransport() throws -> StubTransport {
        transport(
            chart: [UInt8](try RepositoryFiles.coingeckoData(chartFile)),
            list: [UInt8](try RepositoryFiles.coingeckoData(listFile)))
    }

    /// Answers chart and list requests with these bodies, and the recorded dates.
    static func transport(chart: [UInt8], list: [UInt8]) -> StubTransport {
        StubTransport { request in
            let chartRequest = request.path.hasSuffix("market_chart")
            return HTTPResponse(
                status: 200,
                headers: [
                    "Content-Type": "application/json; charset=utf-8",
                    "Date": chartRequest ? "Sat, 15 May 2021 14:42:10 GMT" : "Sat, 15 May 2021 16:00:13 GMT",
                    "Cache-Control": "public, max-age=30",
                ],
                body: chartRequest ? chart : list)
        }
    }

    static let items = try! RequestList.parse(
        "/coins/bitcoin/market_chart?vs_currency=usd&days=1\n/coins/list\n", file: "r.txt")

    @Test("each body is kept byte for byte; index.json verifies; headers are kept in order")
    func recordsByteExact() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recorder = Recorder(
            client: CoinGeckoClient(transport: try Self.recordedTransport()),
            baseURL: "https://api.coingecko.com/api/v3/", directory: folder.url)
        let summary = try await recorder.record(Self.items)
        #expect(summary.isComplete && summary.rateLimited == 0)
        let index = try DatasetIndex.load(from: folder.url)
        #expect(
            index.entries.map(\.file) == [
                "coins_bitcoin_market_chart_vs_currency-usd_days-1_20210515T1442Z.json",
                "coins_list_20210515T1600Z.json",
            ])
        #expect(DatasetVerifier.verify(index).allSatisfy { $0.status == .ok })
        let chart = index.entries[0]
        #expect(
            chart.uri == "https://api.coingecko.com/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=1")
        #expect(chart.endpoint == .marketChart(coinId: "bitcoin"))
        #expect(chart.queryItems == ["vs_currency": "usd", "days": "1"])
        #expect(chart.status == 200 && chart.date == "Sat, 15 May 2021 14:42:10 GMT")
        #expect(chart.cacheControl == "public, max-age=30")
        #expect(chart.headers?.first == ["Content-Type", "application/json; charset=utf-8"])
        let written = try Data(contentsOf: folder.url.appendingPathComponent(chart.file))
        #expect(written == (try RepositoryFiles.coingeckoData(Self.chartFile)))
        #expect(chart.sha256 == "\(SHA256.hexDigest(of: [UInt8](written)))")
    }

    @Test("a second recording into the same folder never replaces the first")
    func neverOverwrites() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recorder = Recorder(
            client: CoinGeckoClient(transport: try Self.recordedTransport()), baseURL: "https://x/api/v3",
            directory: folder.url)
        _ = try await recorder.record(Self.items)
        let first = try Data(contentsOf: folder.url.appendingPathComponent(DatasetIndex.fileName))
        // The same names are taken now; a different body must not land on them.
        let other = Recorder(
            client: CoinGeckoClient(
                transport: Self.transport(chart: Array("[]".utf8), list: Array("[]".utf8))),
            baseURL: "https://x/api/v3", directory: folder.url)
        _ = try await other.record(Self.items)
        let index = try DatasetIndex.load(from: folder.url)
        #expect(index.entries.count == 4)
        #expect(index.entries[2].file.hasSuffix("-2.json") && index.entries[3].file.hasSuffix("-2.json"))
        #expect(DatasetVerifier.verify(index).allSatisfy { $0.status == .ok })
        #expect(String(decoding: first, as: UTF8.self).contains(index.entries[0].sha256))
    }

    @Test("three 429s in a row end the run with what it has; one is retried")
    func rateLimitStorm() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let calls = Mutex(0)
        // 200, then 429, 200 (retried), then 429 for ever.
        let transport = StubTransport { _ in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if call == 1 || call == 3 { return HTTPResponse(status: 200, body: Array("{}".utf8)) }
            return HTTPResponse(status: 429, headers: ["Retry-After": "1"], body: Array("{}".utf8))
        }
        let items = try RequestList.parse(
            "/coins/list\n/coins/bitcoin\n/coins/ethereum\n/coins/tether\n", file: "r.txt")
        let recorder = Recorder(
            client: CoinGeckoClient(transport: transport), baseURL: "http://127.0.0.1:1/api/v3",
            directory: folder.url)
        let summary = try await recorder.record(items)
        #expect(summary.stoppedByStorm && !summary.isComplete)
        #expect(summary.outcomes.count == 2 && summary.notAttempted == 2 && summary.rateLimited == 4)
        #expect(try DatasetIndex.load(from: folder.url).entries.count == 2)
    }

    @Test("a request with no response is reported, and the rest are still recorded")
    func transportFailure() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let transport = StubTransport { request throws(TransportError) in
            if request.path == "/coins/list" { throw .timedOut(afterMilliseconds: 10_000) }
            return HTTPResponse(status: 404, body: Array(#"{"error":"coin not found"}"#.utf8))
        }
        let items = try RequestList.parse("/coins/list\n/coins/nope\n", file: "r.txt")
        let summary = try await Recorder(
            client: CoinGeckoClient(transport: transport), baseURL: "http://h/api/v3", directory: folder.url
        ).record(items)
        #expect(summary.outcomes[0].outcome == .failed("GET /coins/list: timed out after 10000 ms"))
        guard case .recorded(_, 404, _) = summary.outcomes[1].outcome else {
            Issue.record("the 404 is kept as a recording: \(summary.outcomes[1].outcome)")
            return
        }
    }

    @Test("a malformed index.json is refused before anything is fetched")
    func malformedIndex() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("{not json".utf8).write(to: folder.url.appendingPathComponent("index.json"))
        let transport = StubTransport(status: 200, body: [])
        await #expect {
            try await Recorder(
                client: CoinGeckoClient(transport: transport), baseURL: "http://h/api/v3",
                directory: folder.url
            ).record(Self.items)
        } throws: { error in
            "\(error)".contains("index.json")
        }
        #expect(transport.requests.isEmpty)
    }
}
