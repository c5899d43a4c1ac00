import Testing
import TrackerCore

@Suite("The app's behaviours as clock-free state machines, on hand-checked traces")
struct AppBehaviourMachineTests {
    @Test(
        "the app's loop: load, an immediate first fetch, then fetch-then-sleep; after an error it sleeps too")
    func fetchThenSleep() {
        var loop = PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 30_000, loadsFirst: true)
        #expect(loop.start(at: 0) == [.fetch(token: 1)])
        #expect(loop.phase == .loading)
        // The load succeeded at 200 ms: the loop's first iteration fetches at once.
        #expect(loop.fetchFinished(token: 1, succeeded: true, at: 200) == [.fetch(token: 1)])
        // The fetch ended at 250 ms (a cache hit takes no time in the simulator; here 50 ms).
        #expect(loop.fetchFinished(token: 1, succeeded: true, at: 250) == [.wake(token: 1, at: 30_250)])
        #expect(loop.phase == .sleeping(until: 30_250))
        #expect(loop.wake(token: 1, at: 30_250) == [.fetch(token: 1)])
        // An error: the loop sleeps the same 30 s, no backoff.
        #expect(loop.fetchFinished(token: 1, succeeded: false, at: 40_250) == [.wake(token: 1, at: 70_250)])
        // Never two loop fetches in flight: a wake while fetching is ignored.
        #expect(loop.wake(token: 1, at: 70_250) == [.fetch(token: 1)])
        #expect(loop.wake(token: 1, at: 70_300) == [])
    }

    @Test("a failed load starts no loop; stop drops completions and wakes of the earlier start")
    func deadAndStopped() {
        var loop = PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 30_000, loadsFirst: true)
        _ = loop.start(at: 0)
        #expect(loop.fetchFinished(token: 1, succeeded: false, at: 10_000) == [])
        #expect(loop.phase == .dead)
        #expect(loop.start(at: 60_000) == [.fetch(token: 2)])
        #expect(loop.fetchFinished(token: 2, succeeded: true, at: 60_100) == [.fetch(token: 2)])
        loop.stop()
        #expect(loop.fetchFinished(token: 2, succeeded: true, at: 60_200) == [])
        #expect(loop.wake(token: 2, at: 90_200) == [])
        #expect(!loop.isCurrent(token: 2))
    }

    @Test("a fixed-rate timer fetches every interval whether or not the last fetch ended")
    func fixedRate() {
        var loop = PriceRefreshLoop(schedule: .fixedRate, intervalMilliseconds: 30_000, loadsFirst: false)
        #expect(loop.start(at: 0) == [.fetch(token: 1), .wake(token: 1, at: 30_000)])
        #expect(loop.wake(token: 1, at: 30_000) == [.fetch(token: 1), .wake(token: 1, at: 60_000)])
        #expect(loop.fetchFinished(token: 1, succeeded: true, at: 45_000) == [])
        #expect(loop.wake(token: 1, at: 60_000) == [.fetch(token: 1), .wake(token: 1, at: 90_000)])
    }

    static func row(_ id: String) -> CoinMarket { CoinMarket(id: id, symbol: id, name: id) }

    @Test("the app's market cache answers only when every id is cached and the one cache time is fresh")
    func allIdsFresh() {
        var cache = MarketDataCache(rule: .allIdsFresh, ttlMilliseconds: 30_000)
        #expect(cache.lookup(ids: ["a", "b"], key: "k", at: 0) == nil)
        // The response left "b" out (past CoinGecko's page, or unknown).
        cache.store(.init(rows: [Self.row("a")], dataTime: 100), key: "k", at: 200)
        #expect(cache.lookup(ids: ["a", "b"], key: "k", at: 300) == nil)
        #expect(cache.lookup(ids: ["a"], key: "other", at: 300)?.rows.map(\.id) == ["a"])
        #expect(cache.lookup(ids: ["a"], key: "k", at: 30_199)?.dataTime == 100)
        // Stamped at arrival: exactly one TTL later it is stale (`< TTL`), as the loop always finds it.
        #expect(cache.lookup(ids: ["a"], key: "k", at: 30_200) == nil)
        cache.store(.init(rows: [Self.row("b")], dataTime: 40_000), key: "k2", at: 40_000)
        #expect(cache.lookup(ids: ["a", "b"], key: "k", at: 40_001)?.rows.map(\.id) == ["a", "b"])
        cache.invalidate()
        #expect(cache.lookup(ids: ["a"], key: "k", at: 40_002) == nil)
        #expect(!cache.covers(ids: ["a"], key: "k"))
    }

    @Test("the coin screen: detail first, the chart only after it; a failed detail loads no chart")
    func detailThenChart() {
        var screen = CoinDetailLoader(order: .detailThenChart, profile: .bitpal)
        #expect(
            screen.open(coinId: "bitcoin") == [
                .fetchDetail(coinId: "bitcoin", token: 1)
            ])
        #expect(
            screen.detailFinished(token: 1, succeeded: true)
                == [.loadChart(coinId: "bitcoin", type: .line, range: .oneDay)])
        #expect(screen.refresh() == [.fetchDetail(coinId: "bitcoin", token: 2)])
        #expect(screen.detailFinished(token: 2, succeeded: false) == [])
        // Switches start chart loads at once, each in its own task.
        #expect(
            screen.switchRange(to: .oneWeek) == [.loadChart(coinId: "bitcoin", type: .line, range: .oneWeek)])
        #expect(
            screen.switchRange(to: .oneMonth) == [
                .loadChart(coinId: "bitcoin", type: .line, range: .oneMonth)
            ])
        // A type switch moves to the closest range the type offers; the same type is no switch.
        #expect(screen.switchType(to: .line) == [])
        let candle = screen.switchType(to: .candle)
        #expect(candle.count == 1)
        // Leaving drops the chart a detail in flight would have started.
        _ = screen.open(coinId: "ethereum")
        screen.close()
        #expect(screen.detailFinished(token: 3, succeeded: true) == [])
    }

    @Test("the spec's order: detail and chart together")
    func concurrentOrder() {
        var screen = CoinDetailLoader(order: .concurrent, profile: .spec)
        #expect(
            screen.open(coinId: "bitcoin") == [
                .fetchDetail(coinId: "bitcoin", token: 1),
                .loadChart(coinId: "bitcoin", type: .line, range: .oneDay),
            ])
        #expect(screen.detailFinished(token: 1, succeeded: true) == [])
    }

    @Test("the app's limiter: three chart loads within 1.2 s, the second and third leave together")
    func rapidSwitchesThroughTheLimiter() {
        // Detail sent at 0; it arrives at 200 ms and the chart asks; the user switches at 300 and
        // 600 ms. None reserves a slot, so all three compute 0 + 1,200 ms.
        var limiter = RateLimiter(policy: .bitpal, plan: .seed50)
        #expect(limiter.slot(askedAt: 0) == 0)
        limiter.recordSend(at: 0)
        let slots = [200, 300, 600].map { limiter.slot(askedAt: Int64($0)) }
        #expect(slots == [1_200, 1_200, 1_200])
        var spacing = RateLimiter(policy: .spacing, plan: .seed50)
        _ = spacing.slot(askedAt: 0)
        #expect([200, 300, 600].map { spacing.slot(askedAt: Int64($0)) } == [1_200, 2_400, 3_600])
    }

    static func candles(count: Int, size: Int64, endingAt close: Int64) -> CandleSeries {
        CandleSeries(
            (0..<count).map { index in
                let price = 100 + Double(index % 7) * (index == 45 ? 3 : 1)
                return Candle(
                    closeTime: close - Int64(count - 1 - index) * size, open: price, high: price + 1,
                    low: price - 1,
                    close: price + 0.5)
            })
    }

    @Test(
        "candles: the app's stride with cap 42 draws all 48 one-day candles (over its cap); newest draws 42")
    func candleStride() {
        let now: Int64 = 1_700_000_000_000
        // 48 closed half-hour candles in the last day (the forming one closes after now).
        let day = Self.candles(count: 48, size: 1_800_000, endingAt: now - 1)
        var preparation = ChartPreparation(
            profile: .bitpal, filter: .wallclock, downsampler: .stride, candleSampling: .stride,
            candlePolicy: .bitpalContinuity)
        let app = preparation.candles(day, range: .oneDay, at: now)
        #expect(app.kept.count == 48 && app.drawn.count == 48 && app.cap == 42)
        #expect(app.fidelity.isOverCap && app.fidelity.maxRelativeLoss == 0)
        // Continuity: each drawn candle opens at the previous close.
        #expect(zip(app.drawn.open.dropFirst(), app.drawn.close).allSatisfy { $0 == $1 })
        // 90 candles: step 2, 45 drawn, the odd ones (the highest at 45) lost.
        let longer = Self.candles(count: 90, size: 1_800_000 / 2, endingAt: now - 1)
        let sampled = preparation.candles(longer, range: .oneDay, at: now)
        #expect(sampled.drawn.count == 45 && sampled.fidelity.isOverCap)
        #expect(sampled.fidelity.highLost > 0 && !sampled.fidelity.keptNewest)
        // By hand: highest high 110 (candle 45, odd, not drawn), highest drawn 107 (candle 6),
        // lowest low 99 (candle 0, drawn); range 110 - 99 = 11.
        #expect(abs(sampled.fidelity.highLost - 3.0 / 11.0) < 1e-12 && sampled.fidelity.lowLost == 0)
        preparation.candleSampling = .newest
        let newest = preparation.candles(day, range: .oneDay, at: now)
        #expect(newest.drawn.count == 42 && !newest.fidelity.isOverCap && newest.fidelity.keptNewest)
        #expect(newest.drawn.closeTimes == Array(day.closeTimes.suffix(42)))
    }
}
