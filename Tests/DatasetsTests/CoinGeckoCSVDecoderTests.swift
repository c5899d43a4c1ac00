import Datasets
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("CoinGecko CSV export")
struct CoinGeckoCSVDecoderTests {
    @Test("btc-usd-max.csv: 5677 daily rows from 2010-07-18 to 2026-01-31")
    func recorded() throws {
        let text = String(decoding: try RepositoryFiles.coingeckoData("btc-usd-max.csv"), as: UTF8.self)
        let chart = try CoinGeckoCSVDecoder.decode(text, source: "btc-usd-max.csv")
        #expect(chart.prices.count == 5677)
        #expect(chart.prices.timestamps.first == 1_279_411_200_000)
        #expect(chart.prices.values.first == 0.09)
        #expect(chart.prices.timestamps.last == 1_769_817_600_000)
        #expect(chart.prices.values.last == 84141.77856967277)
        #expect(chart.marketCaps?.values.first == 0)
        #expect(chart.repairs[.prices] == SeriesRepairs.none)
    }

    @Test("empty market caps and volumes, as real exports have, are missing values, not errors")
    func emptyFields() throws {
        let text = """
            snapped_at,price,market_cap,total_volume
            2020-01-01 00:00:00 UTC,7200,,1000
            2020-01-02 00:00:00 UTC,7300,130000000000,
            2020-01-03 00:00:00 UTC,7400,131000000000,1200

            """
        let chart = try CoinGeckoCSVDecoder.decode(text, source: "x.csv")
        #expect(chart.prices.values == [7200, 7300, 7400])
        #expect(chart.marketCaps?.values == [130_000_000_000, 131_000_000_000])
        #expect(chart.marketCaps?.timestamps == Array(chart.prices.timestamps.dropFirst()))
        #expect(chart.totalVolumes?.values == [1000, 1200])
    }

    @Test(
        "bad rows are located errors",
        arguments: [
            ("snapped_at,price\n", 1, "header"),
            ("snapped_at,price,market_cap,total_volume\n2020-01-01 00:00:00 UTC,1,2\n", 2, "row"),
            ("snapped_at,price,market_cap,total_volume\r\n2020-01-01 00:00:00 UTC,-1,2,3\r\n", 2, "price"),
            (
                "snapped_at,price,market_cap,total_volume\n2020-01-01 00:00:00 UTC,1,2,3\n2020-02-30 00:00:00 UTC,1,2,3\n",
                3, "snapped_at"
            ),
            ("snapped_at,price,market_cap,total_volume\n2020-01-01 00:00:00 UTC,nan,2,3\n", 2, "price"),
            ("snapped_at,price,market_cap,total_volume\n2020-01-01 00:00:00 UTC,,2,3\n", 2, "price"),
            ("snapped_at,price,market_cap,total_volume\n2020-01-01 00:00:00 UTC,1,x,3\n", 2, "market_cap"),
            ("", 1, "header"),
        ])
    func refused(text: String, line: Int, path: String) throws {
        let error = try #require(throws: LocatedDecodingError.self) {
            try CoinGeckoCSVDecoder.decode(text, source: "x.csv")
        }
        #expect(error.line == line)
        #expect(error.path == path)
    }
}
