import Datasets
import Foundation
import TestSupport
import Testing

@Suite("Dataset inspection")
struct DatasetInspectorTests {
    static let index = try! DatasetIndex.load(from: RepositoryFiles.coingecko)

    func inspect(_ file: String, indexed: Bool = true) throws -> DatasetInspection {
        try DatasetInspector.inspect(
            RepositoryFiles.coingecko.appendingPathComponent(file),
            entry: indexed ? Self.index.entry(for: file) : nil)
    }

    @Test("every recorded file is inspected, chart point counts right")
    func everyFile() throws {
        var points: [String: Int] = [:]
        for entry in Self.index.entries {
            let inspection = try inspect(entry.file)
            if let count = inspection.points { points[entry.file] = count }
        }
        #expect(
            points == [
                "btc-usd-max.csv": 5677,
                "market_chart_bitcoin_usd_days1_20210515T1442Z.json": 288,
                "market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json": 91,
                "ohlc_bitcoin_usd_days7_20210515T1534Z.json": 42,
            ])
    }

    @Test("market_chart days=1: endpoint, granularity, the trailing point out of order")
    func marketChart() throws {
        let inspection = try inspect("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        #expect(inspection.endpoint == "/coins/{id}/market_chart")
        #expect(inspection.coin == "bitcoin" && inspection.currency == "usd")
        #expect(inspection.granularity == "5-minutely")
        #expect(inspection.quirks.contains("prices: 1 point(s) earlier than a point before them, sorted"))
        #expect(inspection.quirks.contains { $0.hasPrefix("trailing off-grid \"now\" point, 955 ms") })
    }

    @Test("ohlc days=7: 4-hourly candles, the last still forming, none chaining")
    func ohlc() throws {
        let inspection = try inspect("ohlc_bitcoin_usd_days7_20210515T1534Z.json")
        #expect(inspection.granularity == "4-hourly candles, stamped at close")
        #expect(
            inspection.quirks.contains("last candle closes 25m 33s after the response time (still forming)"))
        #expect(
            inspection.quirks.contains("41 of 41 consecutive candles do not chain (open != previous close)"))
    }

    @Test("simple/price quirks: dropped ids with a leading space, {} for an unknown currency")
    func simplePrice() throws {
        let spaces = try inspect("simple_price_ids-with-encoded-space_multi-vs_20210515T1410Z.json")
        #expect(
            spaces.quirks.first?.hasPrefix("requested ids not returned: \" ethereum\", \" litecoin\"") == true
        )
        let invalid = try inspect("simple_price_bitcoin_vs-ethereum-invalid_20210515T1534Z.json")
        #expect(invalid.quirks == ["bitcoin: {} (no price, status 200) for vs_currencies=ethereum"])
    }

    @Test("error bodies, the CSV's off-midnight snapshots, lists")
    func others() throws {
        #expect(
            try inspect("error500_ohlc_missing_params.json").quirks.first
                == "HTTP 500 with message \"Internal Server Error\"")
        let csv = try inspect("btc-usd-max.csv")
        #expect(csv.quirks.first?.hasPrefix("4 snapshots not at 00:00 UTC: 2017-06-06T23:29:55Z") == true)
        #expect(try inspect("coins_list_20210515T1600Z.json").entries == 7248)
        #expect(try inspect("coins_markets_usd_top100_20230108.json").entries == 100)
    }

    @Test("without an index entry the content tells the endpoint")
    func sniffed() throws {
        #expect(try inspect("ohlc_bitcoin_usd_days7_20210515T1534Z.json", indexed: false).kind == "ohlc")
        #expect(
            try inspect("market_chart_bitcoin_usd_days1_20210515T1442Z.json", indexed: false).points == 288)
        #expect(try inspect("coins_list_20210515T1600Z.json", indexed: false).kind == "coins/list")
        #expect(try inspect("error422_simple_price_missing_ids.json", indexed: false).kind == "error body")
    }

    @Test("a 429 body without an index entry is an error body, not a price object")
    func sniffedRateLimitBody() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "429-\(UUID().uuidString).json")
        let body = #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#
        try Data(body.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let inspection = try DatasetInspector.inspect(url)
        #expect(inspection.kind == "error body")
        #expect(inspection.quirks == ["an error body with message \"You've exceeded the Rate Limit.\""])
    }

    @Test("a malformed chart fails with the decoder's located error; unknown content is refused")
    func malformed() throws {
        let directory = FileManager.default.temporaryDirectory
        let chart = directory.appendingPathComponent("broken-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data("{\"prices\":[[1,2],[3,null]]}".utf8).write(to: chart)
        defer { try? FileManager.default.removeItem(at: chart) }
        let error = try #require(throws: DatasetError.self) { try DatasetInspector.inspect(chart) }
        #expect(
            error.description.hasSuffix(
                "1:21: at $.prices[1][1]: expected a positive finite price, found null"))
        let other = directory.appendingPathComponent("other-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data("[1, 2]".utf8).write(to: other)
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(throws: DatasetError.self) { try DatasetInspector.inspect(other) }
        #expect(throws: DatasetError.self) {
            try DatasetInspector.inspect(directory.appendingPathComponent("none.json"))
        }
    }
}
