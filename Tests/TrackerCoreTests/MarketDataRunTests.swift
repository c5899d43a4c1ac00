import Testing
import TrackerCore

/// The app's `CoinGeckoService.fetchMarketData(coinIds:)` as a machine (``MarketDataRun``), on
/// traces worked by hand.
@Suite("A market-data run: one request after the other, the cache first, stop at a failure")
struct MarketDataRunTests {
    /// 120 coins, split into two `/coins/markets` requests by a short target limit.
    static let ids = (1...120).map { "coin-\($0)" }
    static let batches = CoinGeckoRequests(maxTargetLength: 700).coinsMarkets(ids: ids)

    @Test("a hit answers a request without sending it; a miss sends it; the run succeeds after the last")
    func hitThenMiss() {
        #expect(Self.batches.count == 2)
        var run = MarketDataRun(requests: Self.batches, usesCache: true)
        let first = Self.batches[0].queryList("ids")
        let second = Self.batches[1].queryList("ids")
        #expect(first + second == Self.ids)
        #expect(run.start() == .lookUp(Self.batches[0], ids: first))
        #expect(run.cacheAnswered(ids: first) == .lookUp(Self.batches[1], ids: second))
        #expect(run.cacheMissed() == .send(Self.batches[1], ids: second))
        // The server leaves one coin out: the run still succeeds, and knows who was answered.
        #expect(run.received(answered: second.dropLast()) == .succeeded)
        #expect(run.answered == Set(Self.ids.dropLast()))
        #expect(run.answeredRequests == 2)
    }

    @Test("the first failure ends the run: the second request is never sent")
    func failureStops() {
        let run = MarketDataRun(requests: Self.batches, usesCache: true)
        #expect(run.cacheMissed() == .send(Self.batches[0], ids: Self.batches[0].queryList("ids")))
        #expect(run.failed() == .failed)
        #expect(run.answeredRequests == 0)
        #expect(run.answered.isEmpty)
    }

    @Test("without a cache (/simple/price) every request is sent; no request is a run that succeeds at once")
    func noCacheAndEmpty() {
        let requests = CoinGeckoRequests().simplePrice(ids: ["bitcoin", "ethereum"], vsCurrencies: ["usd"])
        var run = MarketDataRun(requests: requests, usesCache: false)
        #expect(run.start() == .send(requests[0], ids: ["bitcoin", "ethereum"]))
        #expect(run.received(answered: ["bitcoin"]) == .succeeded)
        #expect(MarketDataRun(requests: [], usesCache: true).start() == .succeeded)
    }
}
