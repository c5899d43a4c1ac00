import Foundation
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("market_chart decoding")
struct MarketChartDecoderTests {
    static let days1 = "market_chart_bitcoin_usd_days1_20210515T1442Z.json"
    static let days90 = "market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json"

    @Test("the recorded days=1 response: 288 points per column, the trailing point sorted into place")
    func days1() throws {
        let chart = try MarketChartDecoder.decode(
            RepositoryFiles.coingeckoData(Self.days1), source: Self.days1)
        #expect(chart.prices.count == 288)
        #expect(chart.marketCaps?.count == 288)
        #expect(chart.totalVolumes?.count == 288)
        for column in MarketChart.Column.allCases {
            #expect(chart.repairs[column] == SeriesRepairs(outOfOrder: 1, duplicatesDropped: 0))
            #expect(chart.series(column)?.isStrictlyIncreasing == true)
        }
        // The recorded "now" point (…594000) is 955 ms older than the point before it (…594955).
        #expect(chart.prices.timestamps.suffix(2) == [1_621_089_594_000, 1_621_089_594_955])
        #expect(chart.prices.values.last == 49078.83040364477)
        #expect(chart.prices.timestamps.first == 1_621_003_519_770)
        #expect(chart.prices.values.first == 50675.258073370765)
    }

    @Test("the recorded days=90 daily response: 91 points, already in order")
    func days90() throws {
        let chart = try MarketChartDecoder.decode(
            RepositoryFiles.coingeckoData(Self.days90), source: Self.days90)
        #expect(chart.prices.count == 91)
        #expect(chart.repairs[.prices] == SeriesRepairs.none)
        #expect(chart.prices.timestamps.dropLast().allSatisfy { $0 % 86_400_000 == 0 })
        #expect(chart.prices.timestamps.last == 1_621_089_594_000)
    }

    @Test("decoded values are the correctly rounded values of the document's text")
    func agreesWithStandardLibrary() throws {
        // Foundation's JSONSerialization on Linux misrounds some 17-digit numbers
        // (67932933937.549774 becomes 67932933937.54978), so the reference is Double(String),
        // which rounds correctly, applied to every number of the document in order.
        let data = try RepositoryFiles.coingeckoData(Self.days1)
        let chart = try MarketChartDecoder.decode(data, source: Self.days1)
        let numbers = String(decoding: data, as: UTF8.self)
            .split { "[],{}:".contains($0) }
            .compactMap { Double($0) }
        #expect(numbers.count == 3 * 288 * 2)
        for (position, column) in MarketChart.Column.allCases.enumerated() {
            let rows = stride(from: position * 576, to: position * 576 + 576, by: 2).map {
                (Int64(numbers[$0]), numbers[$0 + 1])
            }
            let sorted = rows.sorted { $0.0 < $1.0 }
            #expect(chart.series(column)?.timestamps == sorted.map(\.0))
            #expect(chart.series(column)?.values == sorted.map(\.1))
        }
    }

    @Test("duplicate timestamps keep the last row and are counted")
    func duplicates() throws {
        let json = #"{"prices":[[3,30],[1,10],[2,20],[2,21],[3,31]]}"#
        let chart = try MarketChartDecoder.decode(Array(json.utf8))
        #expect(chart.prices.timestamps == [1, 2, 3])
        #expect(chart.prices.values == [10, 21, 31])
        #expect(chart.repairs[.prices] == SeriesRepairs(outOfOrder: 3, duplicatesDropped: 2))
        #expect(chart.marketCaps == nil)
    }

    @Test("unknown members are skipped; an empty prices array is an empty series")
    func tolerantOfNewMembers() throws {
        let json = #"{"prices":[],"note":{"a":[1,"x",null,true]},"market_caps":[[1,0]]}"#
        let chart = try MarketChartDecoder.decode(Array(json.utf8))
        #expect(chart.prices.isEmpty)
        #expect(chart.marketCaps?.values == [0])
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var json: String
        var path: String
        var expected: String
        var found: String
        var testDescription: String { json }
    }

    static let badInputs: [BadInput] = [
        .init(
            json: #"{"prices":[[1,null]]}"#, path: "$.prices[0][1]", expected: "a positive finite price",
            found: "null"),
        .init(
            json: #"{"prices":[[1,"5"]]}"#, path: "$.prices[0][1]", expected: "a positive finite price",
            found: "the string \"5\""),
        .init(
            json: #"{"prices":[[1,2],[2,0]]}"#, path: "$.prices[1][1]", expected: "a positive finite price",
            found: "0"),
        .init(
            json: #"{"prices":[[1,-3.5]]}"#, path: "$.prices[0][1]", expected: "a positive finite price",
            found: "-3.5"),
        .init(
            json: #"{"prices":[[1,NaN]]}"#, path: "$.prices[0][1]", expected: "a positive finite price",
            found: "NaN"),
        .init(
            json: #"{"prices":[[1,1e999]]}"#, path: "$.prices[0][1]", expected: "a positive finite price",
            found: "1e999"),
        .init(
            json: #"{"prices":[[1]]}"#, path: "$.prices[0]",
            expected: "2 numbers [timestamp, price] in the row, not 1", found: "the end of the array"),
        .init(
            json: #"{"prices":[[1,2,3]]}"#, path: "$.prices[0]",
            expected: "']' after 2 numbers [timestamp, price]", found: "','"),
        .init(
            json: #"{"prices":[[-5,2]]}"#, path: "$.prices[0][0]",
            expected: "an integer epoch-millisecond timestamp >= 0", found: "-5"),
        .init(
            json: #"{"prices":[[1.5,2]]}"#, path: "$.prices[0][0]",
            expected: "an integer epoch-millisecond timestamp >= 0", found: "1.5"),
        .init(
            json: #"{"prices":[[1,2]],"market_caps":[[1,-1]]}"#, path: "$.market_caps[0][1]",
            expected: "a finite market cap >= 0", found: "-1"),
        .init(
            json: #"{"prices":[[1,2],"#, path: "$.prices[1]", expected: "a row [timestamp, price]",
            found: "end of input"),
        .init(
            json: #"{"prices":[[1,2]]"#, path: "$", expected: "',' or '}' in the object",
            found: "end of input"),
        .init(json: #"{"prices":[[1,2]]} x"#, path: "$", expected: "the end of the document", found: "x"),
        .init(
            json: #"{"prices":[],"prices":[]}"#, path: "$", expected: "each member name once",
            found: "the string \"prices\""),
        .init(
            json: #"{"error":"Missing parameter vs_currency"}"#, path: "$",
            expected: "a market_chart object with \"prices\"", found: "an object with only [\"error\"]"),
        .init(json: #"[[1,2,3,4,5]]"#, path: "$", expected: "an object", found: "an array"),
        .init(json: "", path: "$", expected: "an object", found: "end of input"),
    ]

    @Test("bad input is a located error naming path, expectation and value", arguments: badInputs)
    func badInput(_ input: BadInput) {
        #expect {
            try MarketChartDecoder.decode(Array(input.json.utf8), source: "fixture.json")
        } throws: { error in
            guard let error = error as? LocatedDecodingError else { return false }
            return error.source == "fixture.json" && error.path == input.path
                && error.expected == input.expected
                && error.found == input.found
        }
    }

    @Test("errors name line and column in a pretty-printed document")
    func lineAndColumn() throws {
        let json = "{\n  \"prices\": [\n    [1, 2],\n    [2, null]\n  ]\n}"
        let error = try #require(throws: LocatedDecodingError.self) {
            try MarketChartDecoder.decode(Array(json.utf8), source: "pretty.json")
        }
        #expect(error.line == 4)
        #expect(error.column == 9)
        #expect(
            error.description
                == "pretty.json:4:9: at $.prices[1][1]: expected a positive finite price, found null")
    }

    @Test("a recorded file cut short anywhere is an error, never a crash or a partial chart")
    func truncatedEverywhere() throws {
        let data = Array(try RepositoryFiles.coingeckoData(Self.days90))
        for length in stride(from: 0, to: data.count - 1, by: 97) {
            #expect(throws: LocatedDecodingError.self, "cut at \(length) bytes") {
                try MarketChartDecoder.decode(data[0..<length], source: Self.days90)
            }
        }
    }
}
