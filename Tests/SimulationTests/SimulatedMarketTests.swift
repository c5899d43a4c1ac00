import Foundation
import PriceModels
import Simulation
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("The synthetic CoinGecko market answers through the real client")
struct SimulatedMarketTests {
    static let start: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let now = start + 100 * 86_400_000 + 123_456  // day 100, off the grid
    static let market = makeMarket()

    static func makeMarket() -> SimulatedMarket {
        let coins = [
            SyntheticCoin(
                id: "bitcoin", symbol: "btc", name: "Bitcoin", circulatingSupply: 19_600_000,
                startPrice: 42_000,
                model: .gbm(GeometricBrownianMotion(drift: 0.5, volatility: 0.6))),
            SyntheticCoin(
                id: "ethereum", symbol: "eth", name: "Ethereum", circulatingSupply: 120_000_000,
                startPrice: 2_300,
                model: .merton(
                    MertonJumpDiffusion(
                        drift: 0.3, volatility: 0.7, jumpIntensity: 8, jumpMean: -0.1, jumpVolatility: 0.05))),
            SyntheticCoin(
                id: "tether", symbol: "usdt", name: "Tether \"USD\"", circulatingSupply: 95e9, startPrice: 1,
                model: .ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 500, volatility: 0.05))),
        ]
        return try! SimulatedMarket(coins: coins, rootSeed: 2024, start: start, end: now)
    }

    static func client() -> CoinGeckoClient {
        CoinGeckoClient(transport: StubTransport { request in market.respond(to: request, at: now) })
    }

    @Test("markets: every coin decodes; cap = price x supply; the 24 h change is the path's")
    func markets() async throws {
        let rows = try await Self.client().markets(ids: ["bitcoin", "ethereum", "tether", "nope"])
        #expect(rows.map(\.id) == ["bitcoin", "ethereum", "tether"])
        let bitcoin = rows[0]
        let price = try #require(Self.market.price(of: "bitcoin", at: Self.now))
        let dayAgo = try #require(Self.market.price(of: "bitcoin", at: Self.now - 86_400_000))
        #expect(bitcoin.currentPrice == price)
        #expect(bitcoin.marketCap == (price * 19_600_000).rounded())
        #expect(abs(bitcoin.priceChangePercentage24h! - (price / dayAgo - 1) * 100) < 1e-9)
        #expect(bitcoin.high24h! >= price && bitcoin.low24h! <= price && bitcoin.totalVolume! > 0)
        #expect(bitcoin.lastUpdated! <= Self.now && Self.now - bitcoin.lastUpdated! < 300_000)
        #expect(rows[2].name == "Tether \"USD\"")
        // CoinGecko's default page of 100 and an explicit smaller page.
        let page = Self.market.respond(
            to: HTTPRequest(
                path: "/coins/markets", query: [.init("ids", "bitcoin,ethereum"), .init("per_page", "1")]),
            at: Self.now)
        #expect(try CoinMarket.decodeList(page.body).count == 1)
    }

    @Test("markets without ids: the coins by rank, a page at a time; per_page held to 1...250")
    func marketsByRank() throws {
        func ids(_ query: [HTTPRequest.QueryItem]) throws -> [String] {
            let request = HTTPRequest(path: "/coins/markets", query: [.init("vs_currency", "usd")] + query)
            return try CoinMarket.decodeList(Self.market.respond(to: request, at: Self.now).body).map(\.id)
        }
        #expect(try ids([]) == ["bitcoin", "ethereum", "tether"])
        #expect(try ids([.init("per_page", "2")]) == ["bitcoin", "ethereum"])
        #expect(try ids([.init("per_page", "2"), .init("page", "2")]) == ["tether"])
        #expect(try ids([.init("per_page", "2"), .init("page", "3")]) == [])
        #expect(try ids([.init("page", "\(Int.max)")]) == [])
        #expect(try ids([.init("per_page", "-5")]) == ["bitcoin"])
        #expect(try ids([.init("per_page", "0"), .init("page", "-1")]) == ["bitcoin"])
        // With ids, CoinGecko's order (market_cap_desc), not the order asked; a repeated id once;
        // the page is cut from that order, so the largest coins come back.
        #expect(
            try ids([.init("ids", "tether,bitcoin,tether"), .init("per_page", "1000")]) == [
                "bitcoin", "tether",
            ])
        #expect(try ids([.init("ids", "tether,ethereum,bitcoin"), .init("per_page", "1")]) == ["bitcoin"])
        #expect(try ids([.init("ids", "")]) == [])
    }

    @Test("a markets row has the recorded response's members, in its order, then the changes asked")
    func marketsRowMembers() throws {
        /// Each row's member names, in order.
        func memberNames(of body: [UInt8]) throws -> [[String]] {
            try withJSONDocument(body, source: "body") { cursor throws(LocatedDecodingError) in
                var rows: [[String]] = []
                try cursor.readArray(path: "$") { cursor, index throws(LocatedDecodingError) in
                    var names: [String] = []
                    try cursor.readObject(path: "$[\(index)]") { cursor, name throws(LocatedDecodingError) in
                        names.append(name)
                        try cursor.skipValue(path: name)
                    }
                    rows.append(names)
                }
                return rows
            }
        }
        let recorded = try memberNames(
            of: Array(RepositoryFiles.coingeckoData("coins_markets_usd_top100_20230108.json")))
        let body = Self.market.marketsBody(
            ids: ["bitcoin", "ethereum", "tether"], priceChangePercentage: ["7d", "24h"], at: Self.now)
        let rows = try memberNames(of: body)
        #expect(rows.count == 3)
        for row in rows {
            #expect(
                row == recorded[0] + [
                    "price_change_percentage_24h_in_currency", "price_change_percentage_7d_in_currency",
                ])
        }
    }

    @Test("each markets row has its own coin's fixed parts: identity, image, rank and supply")
    func marketsRowFixedParts() throws {
        let body = Self.market.marketsBody(ids: ["tether", "bitcoin", "ethereum"], at: Self.now)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]])
        let coins = Self.market.coins
        #expect(rows.count == coins.count)
        for (rank, (row, coin)) in zip(rows, coins).enumerated() {
            #expect(row["id"] as? String == coin.id)
            #expect(row["symbol"] as? String == coin.symbol)
            #expect(row["name"] as? String == coin.name)
            #expect((row["image"] as? String)?.hasSuffix("/large/\(coin.id).png") == true)
            #expect(row["market_cap_rank"] as? Int == rank + 1)
            #expect(row["circulating_supply"] as? Double == coin.circulatingSupply)
            #expect(row["max_supply"] is NSNull)
        }
    }

    @Test("a markets body from the memo is the body written afresh, between ticks and across days")
    func marketsBodyMemo() throws {
        let memoised = Self.makeMarket()
        // The same paths off the grid: no memo, every body written.
        let paths = memoised.coins.map(\.id).reduce(into: [String: TimeSeries]()) {
            $0[$1] = memoised.path(of: $1)
        }
        let written = try SimulatedMarket(coins: memoised.coins, paths: paths)
        var served = 0
        let extras: [(windows: [String], sparkline: Bool)] = [
            ([], false), (["1h", "24h", "7d", "1y"], true),
        ]
        for ids in [["bitcoin", "ethereum", "tether"], ["tether", "bitcoin"], ["nope", "ethereum"]] {
            for time in stride(from: Self.now - 86_400_000 - 1_200_000, through: Self.now, by: 97_000) {
                for (perPage, extra) in [(100, extras[0]), (1, extras[0]), (100, extras[1])] {
                    let body = memoised.marketsBody(
                        ids: ids, perPage: perPage, priceChangePercentage: extra.windows,
                        sparkline: extra.sparkline, at: time)
                    let fresh = written.marketsBody(
                        ids: ids, perPage: perPage, priceChangePercentage: extra.windows,
                        sparkline: extra.sparkline, at: time)
                    #expect(body == fresh, "\(ids) at \(time)")
                    served += 1
                }
            }
        }
        #expect(served > 7000)
        // Before the first tick: nothing to list.
        #expect(memoised.marketsBody(ids: ["bitcoin"], at: Self.start - 1) == Array("[]".utf8))
    }

    @Test(
        "on a 15-minute grid every chart point is its 24 h window recomputed from the ticks",
        arguments: ["1", "7", "120"])
    func chartPointsOnACoarseGrid(days: String) throws {
        let market = try SimulatedMarket(
            coins: Self.market.coins, rootSeed: 7, start: Self.start, end: Self.now, stepMilliseconds: 900_000
        )
        let body = try market.marketChartBody(id: "ethereum", days: days, at: Self.now)
        let chart = try MarketChartDecoder.decode(body)
        let series = try #require(market.path(of: "ethereum"))
        let supply = 120_000_000.0
        /// The last tick at or before a time, by a search of its own.
        func tick(at time: Int64) -> Int { series.timestamps.lastIndex { $0 <= time } ?? 0 }
        let (caps, volumes) = (try #require(chart.marketCaps), try #require(chart.totalVolumes))
        #expect(
            chart.prices.count > 20 && caps.count == chart.prices.count && volumes.count == chart.prices.count
        )
        for (index, time) in chart.prices.timestamps.enumerated() {
            let (first, last) = (tick(at: max(time - 86_400_000, Self.start)), tick(at: time))
            var turnover = 0.01
            for step in stride(from: first + 1, through: last, by: 1) {
                turnover += abs(series.values[step] / series.values[step - 1] - 1) * 0.5
            }
            let price = series.values[last]
            #expect(chart.prices.values[index] == price, "price at \(time)")
            #expect(caps.values[index] == price * supply, "cap at \(time)")
            #expect(volumes.values[index] == (price * supply * turnover).rounded(), "volume at \(time)")
        }
    }

    @Test("simple price, coin detail, coin list and search decode with the app's decoders")
    func otherEndpoints() async throws {
        let client = Self.client()
        let prices = try await client.simplePrices(ids: ["bitcoin", "tether"])
        #expect(prices.price(of: "bitcoin", in: "usd") == Self.market.price(of: "bitcoin", at: Self.now))
        #expect(prices.quotes["bitcoin"]?["usd_24h_change"] != nil)
        #expect(prices.quotes["bitcoin"]?["last_updated_at"] != nil)
        let detail = try await client.coinDetail(id: "ethereum")
        #expect(detail.name == "Ethereum" && detail.marketCapRank == 2)
        #expect(detail.marketData?.currentPrice["usd"] == Self.market.price(of: "ethereum", at: Self.now))
        let list = try await client.coinsList()
        #expect(list.map(\.id) == ["bitcoin", "ethereum", "tether"])
        let search = try await client.search(query: "ETH")
        // By rank; "Tether" contains "eth" too.
        #expect(search.coins.map(\.id) == ["ethereum", "tether"])
        let unknown = await #expect(throws: CoinGeckoError.self) {
            _ = try await client.coinDetail(id: "nope")
        }
        #expect(unknown?.kind == .unknownCoin(id: "nope"))
    }

    @Test(
        "market_chart granularity by days, with the trailing off-grid now point",
        arguments: [
            ("1", 300_000 as Int64, 288), ("7", 3_600_000, 168), ("90", 3_600_000, 2_160),
            ("max", 86_400_000, 101),
        ])  // max: days 0 to 100 at 00:00 UTC
    func marketChart(days: String, step: Int64, gridPoints: Int) async throws {
        let chart = try await Self.client().marketChart(id: "bitcoin", days: days)
        let times = chart.prices.timestamps
        #expect(times.last == Self.now)
        let grid = times.dropLast()
        if step == 300_000 {
            // Five-minute points sit 10-290 s after their slot, one per slot, like the recording's;
            // the newest slot's point may still lie ahead of `now`.
            #expect(grid.count == gridPoints || grid.count == gridPoints - 1, "days=\(days)")
            #expect(grid.allSatisfy { (10_000..<290_000).contains($0 % step) })
            #expect(zip(grid.dropFirst(), grid).allSatisfy { $0 / step - $1 / step == 1 })
            #expect(Set(grid.map { $0 % step }).count > grid.count / 2, "offsets vary")
        } else {
            #expect(times.count == gridPoints + 1, "days=\(days)")
            #expect(zip(grid.dropFirst(), grid).allSatisfy { $0 - $1 == step })
            #expect(grid.allSatisfy { $0 % step == 0 })
        }
        #expect(chart.prices.values.last == Self.market.price(of: "bitcoin", at: Self.now))
        #expect(chart.marketCaps?.count == times.count && chart.totalVolumes?.count == times.count)
    }

    @Test(
        "OHLC candle sizes by days, stamped at close, the last still forming",
        arguments: [("1", 1_800_000 as Int64), ("7", 14_400_000), ("30", 14_400_000), ("90", 345_600_000)])
    func ohlc(days: String, size: Int64) async throws {
        let chart = try await Self.client().ohlc(id: "ethereum", days: days)
        let candles = chart.candles
        #expect(candles.count >= 2)
        let closes = candles.closeTimes
        #expect(closes.allSatisfy { $0 % size == 0 }, "days=\(days)")
        #expect(zip(closes.dropFirst(), closes).allSatisfy { $0 - $1 == size })
        #expect(closes.last! > Self.now && closes.last! - Self.now <= size)
        #expect(candles.close.last == Self.market.price(of: "ethereum", at: Self.now))
    }

    @Test("ohlc?days=7 at the recording's time has the recording's 42 candles and first close")
    func ohlcMatchesRecording() throws {
        let recorded = try OHLCDecoder.decode(
            Array(try RepositoryFiles.coingeckoData("ohlc_bitcoin_usd_days7_20210515T1534Z.json")),
            source: "recording")
        let recordedAt: Int64 = 1_621_092_867_000  // Sat, 15 May 2021 15:34:27 GMT, its Date header
        let start: Int64 = 1_619_827_200_000  // 2021-05-01
        let market = try SimulatedMarket(
            coins: [
                SyntheticCoin(
                    id: "bitcoin", symbol: "btc", name: "Bitcoin", circulatingSupply: 18_700_000,
                    startPrice: 57_000, model: .gbm(GeometricBrownianMotion(drift: 0, volatility: 0.8)))
            ], rootSeed: 7, start: start, end: recordedAt, stepMilliseconds: 300_000)
        let synthetic = try OHLCDecoder.decode(
            try market.ohlcBody(id: "bitcoin", days: "7", at: recordedAt), source: "synthetic")
        #expect(recorded.candles.count == 42)
        #expect(synthetic.candles.count == recorded.candles.count)
        #expect(synthetic.candles.closeTimes.first == recorded.candles.closeTimes.first)
        #expect(synthetic.candles.closeTimes.last == recorded.candles.closeTimes.last)
    }

    @Test("OHLC days outside the free API's set are a 400; the client types it")
    func ohlcDays() async throws {
        let response = Self.market.respond(
            to: HTTPRequest(path: "/coins/bitcoin/ohlc", query: [.init("days", "3")]), at: Self.now)
        #expect(response.status == 400)
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await Self.client().ohlc(id: "bitcoin", days: "2")
        }
        #expect(error?.isTransient == false)
        if case .httpStatus(let status, _) = error?.kind {
            #expect(status == 400)
        } else {
            Issue.record("expected a 400")
        }
    }

    @Test("the same seed gives byte-identical responses")
    func deterministic() throws {
        let again = try SimulatedMarket(
            coins: Self.market.coins, rootSeed: 2024, start: Self.start, end: Self.now)
        let request = HTTPRequest(
            path: "/coins/markets",
            query: [.init("vs_currency", "usd"), .init("ids", "bitcoin,ethereum,tether")])
        #expect(
            again.respond(to: request, at: Self.now).body
                == Self.market.respond(to: request, at: Self.now).body)
        let chart = HTTPRequest(path: "/coins/tether/market_chart", query: [.init("days", "max")])
        #expect(
            again.respond(to: chart, at: Self.now).body == Self.market.respond(to: chart, at: Self.now).body)
    }
}
