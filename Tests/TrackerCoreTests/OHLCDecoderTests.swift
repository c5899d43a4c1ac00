import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("OHLC decoding")
struct OHLCDecoderTests {
    static let days7 = "ohlc_bitcoin_usd_days7_20210515T1534Z.json"

    @Test("the recorded days=7 response: 42 four-hour candles stamped at close")
    func days7() throws {
        let chart = try OHLCDecoder.decode(RepositoryFiles.coingeckoData(Self.days7), source: Self.days7)
        let candles = chart.candles
        #expect(candles.count == 42)
        #expect(chart.repairs == .none)
        #expect(
            candles[0]
                == Candle(
                    closeTime: 1_620_504_000_000, open: 57945.79, high: 59122.18, low: 57945.79,
                    close: 59122.18))
        #expect(zip(candles.closeTimes.dropFirst(), candles.closeTimes).allSatisfy { $0 - $1 == 14_400_000 })
        // The last candle closes at 16:00Z, after the 15:34Z response: it is still forming.
        #expect(candles.closeTimes.last == 1_621_094_400_000)
        #expect(candles[0].isGreen)
        #expect(candles[1].isGreen == false)
    }

    @Test("an inconsistent candle is a located error")
    func inconsistentCandle() throws {
        let json = "[[1,10,12,9,11],\n[2,10,9.5,9,11]]"
        let error = try #require(throws: LocatedDecodingError.self) {
            try OHLCDecoder.decode(Array(json.utf8), source: "bad.json")
        }
        #expect(error.path == "$[1]")
        #expect(error.line == 2)
        #expect(error.expected == "a candle whose high is at least its open and close")
        #expect(error.found == "[2,10,9.5,9,11]")
    }

    @Test("short rows, nulls and zero prices are refused")
    func badRows() {
        for json in [
            "[[1,10,12,9]]", "[[1,10,12,9,null]]", "[[1,0,12,9,11]]", "{\"error\":\"x\"}", "[[1,10,12,9,11]",
        ] {
            #expect(throws: LocatedDecodingError.self, "\(json)") { try OHLCDecoder.decode(Array(json.utf8)) }
        }
    }

    @Test("candles out of order are sorted and counted")
    func sorted() throws {
        let chart = try OHLCDecoder.decode(Array("[[2,1,1,1,1],[1,2,2,2,2]]".utf8))
        #expect(chart.candles.closeTimes == [1, 2])
        #expect(chart.candles.open == [2, 1])
        #expect(chart.repairs == SeriesRepairs(outOfOrder: 1))
    }

    @Test(
        "10,000 candles (past the first 4,096 rows of room, so the row storage grows twice) keep every value")
    func manyCandles() throws {
        var random = SplitMix64(seed: 42)
        var rows: [[Double]] = []
        for index in 0..<10_000 {
            let (low, high) = (
                Double.random(in: 1...100, using: &random), Double.random(in: 100...200, using: &random)
            )
            let (open, close) = (
                Double.random(in: low...high, using: &random), Double.random(in: low...high, using: &random)
            )
            rows.append([Double(1_600_000_000_000 + index * 60_000), open, high, low, close])
        }
        let json =
            "["
            + rows.map { row in
                "[\(Int64(row[0]))," + row.dropFirst().map { "\($0)" }.joined(separator: ",") + "]"
            }.joined(separator: ",") + "]"
        let candles = try OHLCDecoder.decode(Array(json.utf8)).candles
        #expect(candles.closeTimes == rows.map { Int64($0[0]) })
        #expect(candles.open == rows.map { $0[1] })
        #expect(candles.high == rows.map { $0[2] })
        #expect(candles.low == rows.map { $0[3] })
        #expect(candles.close == rows.map { $0[4] })
    }
}
