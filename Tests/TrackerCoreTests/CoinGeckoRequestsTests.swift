import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("CoinGecko request shapes and batching")
struct CoinGeckoRequestsTests {
    let requests = CoinGeckoRequests()

    @Test("every endpoint's query as the app sends it")
    func shapes() {
        #expect(
            requests.coinsMarkets(ids: ["bitcoin", "ethereum"]).map(\.target) == [
                "/coins/markets?vs_currency=usd&ids=bitcoin,ethereum&price_change_percentage=24h"
            ])
        #expect(
            requests.simplePrice(ids: ["bitcoin"]).map(\.target) == [
                "/simple/price?ids=bitcoin&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true"
            ])
        #expect(
            requests.coinDetail(id: "bitcoin").target
                == "/coins/bitcoin?localization=false&tickers=false&market_data=true&community_data=false&developer_data=false&sparkline=false"
        )
        #expect(
            requests.marketChart(id: "bitcoin", days: "1").target
                == "/coins/bitcoin/market_chart?vs_currency=usd&days=1")
        #expect(
            requests.marketChart(id: "bitcoin", days: "90", interval: "daily").target
                == "/coins/bitcoin/market_chart?vs_currency=usd&days=90&interval=daily")
        #expect(
            requests.ohlc(id: "bitcoin", days: "7").target == "/coins/bitcoin/ohlc?vs_currency=usd&days=7")
        #expect(requests.search(query: "bit coin&x").target == "/search?query=bit%20coin%26x")
        #expect(requests.coinsList().target == "/coins/list")
        #expect(requests.coinDetail(id: "bitcoin").endpoint == .coinDetail(coinId: "bitcoin"))
        #expect(requests.coinDetail(id: "a/b").path == "/coins/a%2Fb")
    }

    @Test("an id with a leading space is encoded, not silently dropped by CoinGecko")
    func encodedSpace() {
        #expect(
            requests.coinsMarkets(ids: ["bitcoin", " ethereum"], priceChangePercentage: []).map(\.target) == [
                "/coins/markets?vs_currency=usd&ids=bitcoin,%20ethereum"
            ])
    }

    @Test("API keys go in the plan's header; the timeout is carried")
    func apiKeyHeader() {
        let demo = CoinGeckoRequests(apiKey: .demo("CG-abc"), timeoutMilliseconds: 2_500).coinsList()
        #expect(demo.headers == [HTTPHeaders.Field("x-cg-demo-api-key", "CG-abc")])
        #expect(demo.timeoutMilliseconds == 2_500)
        #expect(
            CoinGeckoRequests(apiKey: .pro("k")).coinsList().headers == [
                HTTPHeaders.Field("x-cg-pro-api-key", "k")
            ])
    }

    @Test("batches longer than the URL limit are split; every id is sent once, in order")
    func splitByLength() {
        let ids = (0..<1_000).map { "coin-number-\($0)" }
        let batched = CoinGeckoRequests(maxTargetLength: 2_000).coinsMarkets(ids: ids + ["coin-number-3"])
        #expect(batched.count > 1)
        #expect(batched.allSatisfy { $0.target.utf8.count <= 2_000 })
        let sent = batched.flatMap { $0.queryValue("ids")!.split(separator: ",").map(String.init) }
        #expect(sent == ids)
        // Greedy: each batch but the last is full (one more id would have crossed the limit).
        for (request, next) in zip(batched, batched.dropFirst()) {
            let firstOfNext = next.queryValue("ids")!.split(separator: ",")[0]
            #expect(request.target.utf8.count + firstOfNext.utf8.count + 1 > 2_000)
        }
        #expect(requests.coinsMarkets(ids: []).isEmpty)
    }

    @Test("paging: the app sends no per_page (100 rows max); batch paging asks for the batch, at most 250")
    func paging() {
        let ids = (0..<300).map { "c\($0)" }
        let app = CoinGeckoRequests(maxTargetLength: 100_000).coinsMarkets(ids: ids)
        #expect(app.count == 1 && app[0].queryValue("per_page") == nil)
        let paged = CoinGeckoRequests(maxTargetLength: 100_000, marketsPaging: .batchSize).coinsMarkets(
            ids: ids)
        #expect(paged.map { $0.queryValue("per_page") } == ["250", "50"])
    }

    @Test("an id longer than the limit still goes, alone")
    func oversizedID() {
        let long = String(repeating: "x", count: 3_000)
        let batched = CoinGeckoRequests(maxTargetLength: 2_000).coinsMarkets(ids: ["a", long, "b"])
        #expect(batched.map { $0.queryValue("ids") } == ["a", long, "b"])
    }
}

@Suite("Batch splitting matches the exact greedy packing")
struct BatchSplittingPropertyTests {
    /// The definition: add ids while the built request stays within the limits.
    static func naive(_ ids: [String], builder: CoinGeckoRequests) -> [[String]] {
        var batches: [[String]] = []
        var batch: [String] = []
        for id in ids {
            let candidate = batch + [id]
            let fits =
                batch.isEmpty
                || (candidate.count
                    <= (builder.marketsPaging == .batchSize ? CoinGeckoRequests.maximumPageSize : .max)
                    && CoinGeckoRequests(
                        maxTargetLength: .max, marketsPaging: builder.marketsPaging
                    ).coinsMarkets(ids: candidate)[0].target.utf8.count <= builder.maxTargetLength)
            if fits {
                batch = candidate
            } else {
                batches.append(batch)
                batch = [id]
            }
        }
        if !batch.isEmpty { batches.append(batch) }
        return batches
    }

    @Test("100 seeds of random ids, limits and paging")
    func matchesNaive() {
        for seed in UInt64(1)...100 {
            var generator = SplitMix64(seed: seed)
            let count = Int(generator.next() % 300)
            let ids = (0..<count).map { index in
                let length = 1 + Int(generator.next() % 30)
                let spaced = generator.next() % 10 == 0 ? " " : ""
                return spaced + String(repeating: "x", count: length) + "-\(index)"
            }
            let builder = CoinGeckoRequests(
                maxTargetLength: 120 + Int(generator.next() % 3_000),
                marketsPaging: generator.next() % 2 == 0 ? .batchSize : .serverDefault)
            let batches = builder.coinsMarkets(ids: ids).map { request in
                (request.queryValue("ids") ?? "").split(separator: ",").map(String.init)
            }
            #expect(batches == Self.naive(ids, builder: builder), "seed \(seed)")
        }
    }
}
