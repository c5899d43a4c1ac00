import AppHosting
import PriceModels
import Simulation
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Event queue, simulated server, Belady's optimum")
struct EngineAndServerTests {
    static let start: Int64 = 1_704_067_200_000
    static let market = try! SimulatedMarket(
        coins: [
            SyntheticCoin(
                id: "bitcoin", symbol: "btc", name: "Bitcoin", circulatingSupply: 19_600_000,
                startPrice: 42_000,
                model: .gbm(GeometricBrownianMotion(drift: 0.2, volatility: 0.6)))
        ], rootSeed: 1, start: start, end: start + 86_400_000)

    static func server(_ behaviour: ServerBehaviour) -> SimulatedServer {
        SimulatedServer(source: market, behaviour: behaviour, seed: StreamSeed(root: 1, stream: "server"))
    }

    static let markets = HTTPRequest(
        path: "/coins/markets", query: [.init("vs_currency", "usd"), .init("ids", "bitcoin")])

    @Test("events run in time order, and in scheduling order at equal times")
    func queueOrder() {
        var queue = EventQueue<String>()
        for (name, time) in [("c", 30), ("a", 10), ("b1", 20), ("b2", 20), ("b3", 20), ("z", 5)] {
            queue.schedule(name, at: Int64(time))
        }
        var order: [String] = []
        while let (_, event) = queue.next() { order.append(event) }
        #expect(order == ["z", "a", "b1", "b2", "b3", "c"])
        // A property check against a stable sort, over 50 seeds.
        for seed in UInt64(1)...50 {
            var generator = SplitMix64(seed: seed)
            var queue = EventQueue<Int>()
            var expected: [(Int64, Int)] = []
            for index in 0..<300 {
                let time = Int64(generator.next() % 40)
                queue.schedule(index, at: time)
                expected.append((time, index))
            }
            var popped: [Int] = []
            while let (_, event) = queue.next() { popped.append(event) }
            #expect(popped == expected.sorted { $0 < $1 }.map(\.1), "seed \(seed)")
        }
    }

    @Test("a run's journal keeps its first requests; serve's keeps its latest, in bounded memory")
    func journalLimits() {
        var behaviour = ServerBehaviour(plan: .named("seed-50")!, cacheMaxAgeMilliseconds: 0)
        behaviour.removeLimits()
        var run = SimulatedServer(
            source: Self.market, behaviour: behaviour, seed: StreamSeed(root: 1, stream: "server"),
            journalLimit: 4)
        var serve = SimulatedServer(
            source: Self.market, behaviour: behaviour, seed: StreamSeed(root: 1, stream: "server"),
            journalLimit: 4,
            keepingLatest: true)
        for index in 0..<11 {
            let now = Self.start + Int64(index) * 1_000
            _ = run.handle(Self.markets, at: now)
            _ = serve.handle(Self.markets, at: now)
        }
        #expect(run.journal.map(\.time) == (0..<4).map { Self.start + Int64($0) * 1_000 })
        #expect(run.droppedJournalEntries == 7)
        // Full at 4, halved to 2 before the 5th, the 7th, the 9th and the 11th: the latest 3 stay.
        #expect(serve.journal.map(\.time) == (8..<11).map { Self.start + Int64($0) * 1_000 })
        #expect(serve.droppedJournalEntries == 8)
        #expect(serve.journal.count + serve.droppedJournalEntries == 11)
    }

    @Test(
        "the plan limit: the 51st request in a minute on seed-50 gets 429 with the real body and retry-after")
    func planLimit() throws {
        var server = Self.server(ServerBehaviour(plan: .named("seed-50")!, cacheMaxAgeMilliseconds: 0))
        let now = Self.start + 3_600_000
        for index in 0..<50 {
            #expect(server.handle(Self.markets, at: now + Int64(index) * 100).outcome == .served)
        }
        let refused = server.handle(Self.markets, at: now + 5_000)
        #expect(refused.outcome == .rateLimited)
        let response = try #require(refused.response)
        #expect(response.status == 429 && response.headers["retry-after"] == "55")
        let error = #expect(throws: CoinGeckoError.self) {
            _ = try CoinGeckoResponseClassifier.body(of: response, for: Self.markets)
        }
        #expect(
            error?.kind
                == .rateLimited(
                    retryAfterMilliseconds: 55_000,
                    body: CoinGeckoErrorBody(
                        format: .json, code: 429,
                        message:
                            "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."
                    )))
        // The first request leaves the window 60 s after it arrived.
        #expect(server.handle(Self.markets, at: now + 60_000).outcome == .served)
        #expect(server.outcomeCounts == [.served: 51, .rateLimited: 1])
        #expect(server.journal.count == 52 && server.journal[50].status == 429)
    }

    @Test("the CDN cache: the same target within 30 s gets the same bytes and data time; then a fresh answer")
    func cdnCache() throws {
        var server = Self.server(ServerBehaviour(plan: .named("pro-500")!))
        let now = Self.start + 7_200_000
        let first = server.handle(Self.markets, at: now)
        let second = server.handle(Self.markets, at: now + 29_000)
        let third = server.handle(Self.markets, at: now + 30_000)
        #expect(first.outcome == .served && second.outcome == .cached && third.outcome == .served)
        #expect(second.response?.body == first.response?.body && second.dataTime == now)
        #expect(second.response?.headers["age"] == "29")
        #expect(third.dataTime == now + 30_000)
    }

    @Test("faults: outages, storms, errors, timeouts, truncation and drift, each typed by the client")
    func faults() throws {
        let outage = ServerFaults.Window(start: Self.start + 1_000_000, end: Self.start + 2_000_000)
        var server = Self.server(
            ServerBehaviour(
                plan: .named("pro-500")!, cacheMaxAgeMilliseconds: 0,
                faults: ServerFaults(
                    serverErrorRate: 0.1, timeoutRate: 0.1, truncationRate: 0.1, schemaDriftRate: 0.1,
                    outages: [outage],
                    storms: [
                        ServerFaults.Window(start: Self.start + 3_000_000, end: Self.start + 3_100_000)
                    ],
                    htmlRateLimitPages: true)))
        #expect(server.handle(Self.markets, at: Self.start + 1_500_000).response?.status == 503)
        let storm = try #require(server.handle(Self.markets, at: Self.start + 3_050_000).response)
        #expect(storm.status == 429 && storm.headers["content-type"] == "text/html")
        var outcomes: [ServerOutcome: Int] = [:]
        for index in 0..<2_000 {
            let reply = server.handle(Self.markets, at: Self.start + 4_000_000 + Int64(index) * 1_000)
            outcomes[reply.outcome, default: 0] += 1
            guard let response = reply.response else { continue }
            let decoded = Result { () throws(CoinGeckoError) in
                try CoinGeckoResponseClassifier.decode(
                    try CoinGeckoResponseClassifier.body(of: response, for: Self.markets), for: Self.markets
                ) { body, source throws(LocatedDecodingError) in
                    try CoinMarket.decodeList(body, source: source)
                }
            }
            switch reply.outcome {
            case .served: #expect((try? decoded.get())?.count == 1)
            case .truncated, .serverError:
                #expect(throws: CoinGeckoError.self) { try decoded.get() }
            case .drifted:
                // A renamed `id` is a decoding error; a null price decodes as a coin without data.
                if let rows = try? decoded.get() { #expect(rows.first?.currentPrice == nil) }
            default: break
            }
        }
        // About 10 % each (timeouts first, then errors of the rest, then truncation, then drift).
        for outcome in [ServerOutcome.timedOut, .serverError, .truncated, .drifted] {
            #expect((120...280).contains(outcomes[outcome] ?? 0), "\(outcome): \(outcomes)")
        }
    }

    @Test("latency is log-normal around its median and the same seed gives the same journal")
    func latencyAndDeterminism() {
        var first = Self.server(ServerBehaviour(plan: .named("pro-500")!, medianLatencyMilliseconds: 200))
        var second = Self.server(ServerBehaviour(plan: .named("pro-500")!, medianLatencyMilliseconds: 200))
        for index in 0..<1_001 {
            _ = first.handle(Self.markets, at: Self.start + Int64(index) * 2_000)
            _ = second.handle(Self.markets, at: Self.start + Int64(index) * 2_000)
        }
        #expect(first.journal == second.journal)
        let median = first.journal.map(\.latencyMilliseconds).sorted()[500]
        #expect((180...220).contains(median))
    }

    @Test("Belady's optimum on hand-computed traces, and never below LRU on random ones")
    func belady() {
        func trace(_ keys: String, ttl: Int64 = 1_000_000) -> [BeladyOptimum.Access<String>] {
            keys.enumerated().map {
                BeladyOptimum.Access(key: String($1), time: Int64($0), ttlMilliseconds: ttl)
            }
        }
        // Capacity 2 on a b c a b: LRU hits nothing; OPT keeps a and b (c is never reused): 2 hits.
        #expect(BeladyOptimum.hits(trace("abcab"), capacity: 2) == 2)
        // The classic a b c d a b e a b c d e with 3 frames: MIN has 7 faults of 12, so 5 hits.
        #expect(BeladyOptimum.hits(trace("abcdabeabcde"), capacity: 3) == 5)
        // Expired entries are worthless: with a TTL of 2 ms nothing two steps apart hits.
        #expect(BeladyOptimum.hits(trace("abab", ttl: 2), capacity: 2) == 0)
        #expect(BeladyOptimum.hits(trace("aab", ttl: 2), capacity: 1) == 1)
        #expect(BeladyOptimum.hits(trace("abc"), capacity: 0) == 0)
        for seed in UInt64(1)...40 {
            var generator = SplitMix64(seed: seed)
            let accesses = (0..<400).map { index in
                BeladyOptimum.Access(
                    key: "k\(generator.next() % 12)", time: Int64(index) * 1_000, ttlMilliseconds: 30_000)
            }
            var lru = TTLCache<String, Int>(capacity: 4, defaultTTLMilliseconds: 30_000)
            for access in accesses where !lru.lookup(access.key, at: access.time).isHit {
                lru.insert(0, for: access.key, at: access.time)
            }
            #expect(BeladyOptimum.hits(accesses, capacity: 4) >= lru.counters.hits, "seed \(seed)")
        }
    }

    @Test(
        "schema drift with nulls: a null chart price is a located decoding error, a null market price is no data"
    )
    func nulls() throws {
        let chart = Self.market.respond(
            to: HTTPRequest(path: "/coins/bitcoin/market_chart", query: [.init("days", "1")]),
            at: Self.start + 86_000_000)
        let nulledChart = SimulatedServer.nulled(chart.body)
        let error = #expect(throws: LocatedDecodingError.self) { try MarketChartDecoder.decode(nulledChart) }
        #expect(error?.description.contains("$.prices[0][1]") == true)
        let markets = Self.market.respond(to: Self.markets, at: Self.start + 86_000_000)
        let rows = try CoinMarket.decodeList(SimulatedServer.nulled(markets.body))
        #expect(rows.count == 1 && rows[0].currentPrice == nil && rows[0].marketCap != nil)
    }
}
