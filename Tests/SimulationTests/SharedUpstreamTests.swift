import AppHosting
import PriceModels
import Simulation
import Testing
import TrackerCore
import WorkbenchFoundation

/// What a fleet's coupled devices share (docs/fleet.md): one key's window and month of credits,
/// and the team's proxy, whose fetches are checked against the fewest any cache could make, found
/// by exhaustive search.
@Suite("Shared windows and the team's proxy")
struct SharedUpstreamTests {
    static let start = EngineAndServerTests.start

    static func request(_ coin: String) -> HTTPRequest {
        HTTPRequest(path: "/simple/price", query: [.init("ids", coin), .init("vs_currencies", "usd")])
    }

    @Test("two servers sharing one window refuse together; credits spent refuse until the month turns")
    func sharedWindow() {
        let plan = RateLimitPlan(name: "tiny", requestsPerMinute: 3, monthlyCredits: 5)
        let admission = SharedAdmission(plan: plan, enforcesCredits: true, start: Self.start)
        func server(_ seed: UInt64) -> SimulatedServer {
            var server = SimulatedServer(
                source: EngineAndServerTests.market, behaviour: ServerBehaviour(plan: plan),
                seed: StreamSeed(root: seed, stream: "server"))
            server.admission = admission
            return server
        }
        var first = server(1)
        var second = server(2)
        var statuses: [Int] = []
        for step in 0..<4 {
            let time = Self.start + Int64(step) * 1_000
            let reply =
                step % 2 == 0
                ? first.handle(Self.request("bitcoin"), at: time)
                : second.handle(Self.request("bitcoin"), at: time)
            statuses.append(reply.response?.status ?? 0)
        }
        // Three a minute between both servers: the fourth is refused, whichever server it reaches.
        #expect(statuses == [200, 200, 200, 429])
        #expect(admission.counts.admitted == 3 && admission.counts.refusedByWindow == 1)
        #expect(admission.counts.billed == 3 && admission.counts.billedByDay == [3])
        for minute in 1...2 {
            _ = first.handle(Self.request("bitcoin"), at: Self.start + Int64(minute) * 61_000)
        }
        // Five credits billed: the sixth answer would pass the window but the month is spent.
        #expect(admission.counts.billed == 5)
        let spent = second.handle(Self.request("bitcoin"), at: Self.start + 300_000)
        #expect(spent.response?.status == 429 && admission.counts.refusedByCredits == 1)
        #expect(spent.response?.headers["Retry-After"] == "\(SharedAdmission.creditsRetryAfterSeconds)")
    }

    /// The fewest fetches covering every request (a fetch at `f` serves requests in `[f, f + ttl)`,
    /// fetches only at request times), by trying every subset of the request times.
    static func fewestFetches(_ times: [Int64], ttl: Int64) -> Int {
        var best = times.count
        for mask in 0..<(1 << times.count) {
            let fetches = times.indices.filter { mask & (1 << $0) != 0 }.map { times[$0] }
            guard fetches.count < best else { continue }
            if times.allSatisfy({ time in fetches.contains { $0 <= time && time - $0 < ttl } }) {
                best = fetches.count
            }
        }
        return best
    }

    @Test("the proxy fetches as few times as any cache could (exhaustive search), merging requests in flight")
    func proxyOptimum() {
        let caching = TeamProxy.Caching(
            ttlByEndpoint: [.simplePrice: 30_000], defaultTTL: 30_000, latencyMilliseconds: 40)
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            var upstream = SimulatedServer(
                source: EngineAndServerTests.market, behaviour: ServerBehaviour(plan: .pro500),
                seed: StreamSeed(root: seed, stream: "proxy"))
            upstream.admission = SharedAdmission(plan: .pro500, enforcesCredits: true, start: Self.start)
            let proxy = TeamProxy(upstream: upstream, caching: caching, start: Self.start, minutes: 10)
            var device = SimulatedServer(
                source: EngineAndServerTests.market, behaviour: ServerBehaviour(plan: .pro500),
                seed: StreamSeed(root: seed, stream: "device"))
            // Up to 12 requests for two coins in two minutes, some within one fetch's latency.
            var time = Self.start
            var byCoin: [String: [Int64]] = [:]
            var previous: (coin: String, time: Int64, arrives: Int64)?
            for _ in 0..<(4 + Int(random.next() % 9)) {
                time +=
                    Int64(random.next() % 3) == 0 ? Int64(random.next() % 100) : Int64(random.next() % 25_000)
                let coin = random.next() % 2 == 0 ? "bitcoin" : "ethereum"
                let reply = proxy.handle(Self.request(coin), at: time, device: &device)
                #expect(reply.response?.status == 200)
                byCoin[coin, default: []].append(time)
                if let previous, previous.coin == coin, time < previous.arrives - caching.latencyMilliseconds
                {
                    // Joined the fetch in flight: answered when it arrives, after the proxy's hop.
                    #expect(time + reply.latencyMilliseconds == previous.arrives)
                }
                previous = (coin, time, time + reply.latencyMilliseconds)
            }
            let fewest = byCoin.values.map { Self.fewestFetches($0, ttl: 30_000) }.reduce(0, +)
            #expect(proxy.counts.fetches == fewest, "seed \(seed)")
            #expect(proxy.counts.optimalFetches == fewest, "seed \(seed)")
            #expect(proxy.counts.hits + proxy.counts.joined + proxy.counts.fetches == proxy.counts.requests)
            #expect(proxy.fetchesPerMinute.reduce(0, +) == proxy.counts.fetches)
        }
    }
}

/// A daily rhythm: sessions begin only in the user's waking hours, in their time zone.
@Suite("Waking hours")
struct WakingHoursTests {
    /// The same advance, a minute at a time: count waking minutes until `gap` of them have passed
    /// (a gap that ends as the user falls asleep lands at the next waking, when sessions can begin).
    static func byMinutes(_ hours: StochasticUser.WakingHours, from time: Int64, gap: Int64) -> Int64 {
        func awake(_ time: Int64) -> Bool {
            let local =
                ((time + hours.utcOffsetMilliseconds - hours.wakeMilliseconds) % 86_400_000 + 86_400_000)
                % 86_400_000
            return local < hours.awakeMilliseconds
        }
        var (time, left) = (time, gap)
        while !awake(time) { time += 60_000 }
        while left > 0 {
            if awake(time) { left -= 60_000 }
            time += 60_000
            while !awake(time) { time += 60_000 }
        }
        return time
    }

    @Test("advancing by waking time skips the hours asleep, in any time zone, across midnight")
    func advance() {
        var random = SplitMix64(seed: 4)
        for _ in 0..<300 {
            let hours = StochasticUser.WakingHours(
                utcOffsetMilliseconds: Int64(random.next() % 105) * 900_000 - 12 * 3_600_000,
                wakeMilliseconds: Int64(random.next() % 24) * 3_600_000,
                awakeMilliseconds: Int64(1 + random.next() % 23) * 3_600_000)
            let start = 1_704_067_200_000 + Int64(random.next() % 2_880) * 60_000
            let gap = Int64(random.next() % 4_000) * 60_000
            #expect(
                hours.advance(start, byAwake: gap) == Self.byMinutes(hours, from: start, gap: gap),
                "\(hours) \(start) \(gap)")
        }
        // 7:00 to 23:00 in UTC+1: from 22:30 local, an hour awake is 07:30 local the next day.
        let europe = StochasticUser.WakingHours(
            utcOffsetMilliseconds: 3_600_000, wakeMilliseconds: 7 * 3_600_000,
            awakeMilliseconds: 16 * 3_600_000)
        let lateEvening: Int64 = 1_704_067_200_000 + 21 * 3_600_000 + 1_800_000  // 21:30 UTC, 22:30 local
        #expect(europe.advance(lateEvening, byAwake: 3_600_000) == lateEvening + 9 * 3_600_000)
    }
}
