import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

/// Every recorded response in `datasets/coingecko` decoded through ``CoinGeckoClient``.
@Suite("CoinGecko client on the recorded responses")
struct CoinGeckoClientFixtureTests {
    private func client(_ file: String, status: Int = 200) throws -> CoinGeckoClient {
        CoinGeckoClient(transport: try StubTransport.recorded(file, status: status))
    }

    @Test("the 2023 top-100 markets: 100 rows, nulls kept as unknown, fractional-second dates")
    func marketsTop100() async throws {
        let rows = try await client("coins_markets_usd_top100_20230108.json").markets(ids: ["bitcoin"])
        #expect(rows.count == 100)
        let bitcoin = try #require(rows.first)
        #expect(bitcoin.id == "bitcoin" && bitcoin.symbol == "btc" && bitcoin.name == "Bitcoin")
        #expect(bitcoin.currentPrice == 16951.52)
        #expect(bitcoin.marketCap == 326_407_877_229)
        #expect(bitcoin.marketCapRank == 1)
        #expect(bitcoin.priceChangePercentage24h == 0.14088)
        #expect(bitcoin.maxSupply == 21_000_000)
        #expect(bitcoin.lastUpdated == CivilDate.parseISO8601("2023-01-08T16:49:40.132Z"))
        #expect(bitcoin.lastUpdated == 1_673_196_580_132)
        #expect(rows.filter { $0.maxSupply == nil }.count == 39)
        #expect(rows.last?.id == "blockstack")
    }

    @Test("2021 markets in eth, myr and usd")
    func marketsByCurrency() async throws {
        let eth = try await client("coins_markets_eth_ids-bitcoin-ethereum_20210515T1601Z.json")
            .markets(ids: ["bitcoin", "ethereum"], vsCurrency: "eth")
        #expect(eth.map(\.id) == ["bitcoin", "ethereum"])
        #expect(eth[0].currentPrice == 12.666344)
        #expect(eth[0].lastUpdated == CivilDate.parseISO8601("2021-05-15T15:59:43.867Z"))
        for file in [
            "coins_markets_myr_ids-bitcoin_20210515T1601Z.json",
            "coins_markets_usd_ids-bitcoin_20210515T1601Z.json",
        ] {
            let rows = try await client(file).markets(ids: ["bitcoin"])
            #expect(rows.count == 1 && rows[0].id == "bitcoin" && (rows[0].currentPrice ?? 0) > 0, "\(file)")
        }
    }

    @Test("simple/price: prices, an unknown currency's empty object, ids lost to encoded spaces")
    func simplePrice() async throws {
        let usd = try await client("simple_price_bitcoin_usd_20210515T1410Z.json").simplePrices(ids: [
            "bitcoin"
        ])
        #expect(usd.price(of: "bitcoin", in: "usd") == 49253)
        let eth = try await client("simple_price_bitcoin_eth_20210813T1333Z.json")
            .simplePrices(ids: ["bitcoin"], vsCurrencies: ["eth"])
        #expect(eth.price(of: "bitcoin", in: "eth") == 14.394342)
        let invalid = try await client("simple_price_bitcoin_vs-ethereum-invalid_20210515T1534Z.json")
            .simplePrices(ids: ["bitcoin"], vsCurrencies: ["ethereum"])
        #expect(invalid.quotes == ["bitcoin": [:]])
        for file in [
            "simple_price_ids-with-encoded-space_multi-vs_20210515T1410Z.json",
            "simple_price_ids-with-encoded-space_usd_20210515T1410Z.json",
        ] {
            let prices = try await client(file).simplePrices(ids: ["bitcoin", " ethereum"])
            #expect(prices.quotes == ["bitcoin": ["usd": 49357]], "\(file)")
        }
    }

    @Test("the 126 KB coin detail: market data read, everything else skipped")
    func coinDetail() async throws {
        let detail = try await client("coins_bitcoin_full_20210515T1600Z.json").coinDetail(id: "bitcoin")
        #expect(detail.id == "bitcoin" && detail.symbol == "btc" && detail.name == "Bitcoin")
        #expect(detail.marketCapRank == 1)
        #expect(
            detail.imageLarge == "https://assets.coingecko.com/coins/images/1/large/bitcoin.png?1547033579")
        let market = try #require(detail.marketData)
        #expect(market.currentPrice["usd"] == 49007)
        #expect(market.currentPrice.count > 40)
        #expect(market.circulatingSupply == 18_710_825)
        #expect(detail.lastUpdated == CivilDate.parseISO8601("2021-05-15T15:58:12.266Z"))
    }

    @Test("the coin history snapshot decodes as a detail")
    func coinHistory() async throws {
        let snapshot = try await client("coins_bitcoin_history_date-30-12-2017_20210515T1410Z.json")
            .coinHistory(id: "bitcoin", date: "30-12-2017")
        #expect(snapshot.id == "bitcoin")
        #expect(snapshot.marketData?.currentPrice["usd"] == 13620.3618741461)
    }

    @Test("coins/list: 7,248 coins")
    func coinsList() async throws {
        let coins = try await client("coins_list_20210515T1600Z.json").coinsList()
        #expect(coins.count == 7_248)
        #expect(coins.first == CoinListEntry(id: "01coin", symbol: "zoc", name: "01coin"))
        #expect(coins.contains(CoinListEntry(id: "bitcoin", symbol: "btc", name: "Bitcoin")))
    }

    @Test("search: 25 coins, the other lists counted")
    func search() async throws {
        let results = try await client("search_bit_20230108.json").search(query: "bit")
        #expect(results.coins.count == 25)
        #expect(
            results.coins[0]
                == SearchResults.Coin(
                    id: "bitcoin", name: "Bitcoin", symbol: "BTC", marketCapRank: 1,
                    thumb: "https://assets.coingecko.com/coins/images/1/thumb/bitcoin.png"))
        #expect(results.otherCounts == ["exchanges": 25, "icos": 0, "categories": 162, "nfts": 94])
    }

    @Test("charts: market_chart days 1 and 90, OHLC days 7")
    func charts() async throws {
        let day = try await client("market_chart_bitcoin_usd_days1_20210515T1442Z.json").marketChart(
            id: "bitcoin", days: "1")
        #expect(day.prices.count == 288)
        let quarter = try await client("market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json")
            .marketChart(id: "bitcoin", days: "90")
        #expect(quarter.prices.count == 91)
        let candles = try await client("ohlc_bitcoin_usd_days7_20210515T1534Z.json").ohlc(
            id: "bitcoin", days: "7")
        #expect(candles.candles.count == 42)
    }

    @Test(
        "recorded error responses become typed errors with CoinGecko's message",
        arguments: [
            ("error422_coins_markets_missing_vs_currency.json", 422, nil, "Missing parameter vs_currency"),
            ("error422_market_chart_missing_vs_currency.json", 422, nil, "Missing parameter vs_currency"),
            ("error422_simple_price_missing_ids.json", 422, nil, "Missing parameter ids"),
            ("error500_ohlc_missing_params.json", 500, 500, "Internal Server Error"),
        ] as [(String, Int, Int?, String)]
    )
    func recordedErrors(file: String, status: Int, code: Int?, message: String) async throws {
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await client(file, status: status).ohlc(id: "bitcoin", days: "7")
        }
        let body = CoinGeckoErrorBody(format: .json, code: code, message: message)
        #expect(error?.kind == .httpStatus(status, body: body))
        #expect(
            error?.description == "GET /coins/bitcoin/ohlc?vs_currency=usd&days=7: HTTP \(status): \(message)"
        )
        #expect(error?.isTransient == (status >= 500))
    }
}
