import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Rate-limit policies on replayed schedules")
struct RateLimiterPolicyTests {
    /// The app's usage: the watchlist refresh every 30 s, and a user flicking through coins, one a
    /// second for two minutes; each coin screen asks for detail and chart at the same moment.
    static let appSchedule: [Int64] = {
        let refreshes = stride(from: Int64(0), through: 300_000, by: 30_000).map { $0 }
        let opens = stride(from: Int64(5_000), to: 125_000, by: 1_000).flatMap { [$0, $0] }
        return (refreshes + opens).sorted()
    }()

    @Test("bitpal on seed-50: concurrent detail+chart asks fire together and break the plan")
    func bitpalViolates() {
        var limiter = RateLimiter(policy: .bitpal, plan: .seed50)
        let sends = LimiterReplay.sendTimes(Self.appSchedule, through: &limiter)
        #expect(sends.count == Self.appSchedule.count)
        #expect(RateLimitAudit.minimumGap(sends) == 0)
        // Once callers queue, every pair wakes together: two sends a second, 120 a minute, plus
        // the two watchlist refreshes in the window.
        #expect(RateLimitAudit.maxInAnyWindow(sends) == 122)
        #expect(RateLimitAudit.sendsOverLimit(sends, limit: 50) == 196)
    }

    @Test(
        "spacing, token bucket and sliding window never exceed seed-50 on the same schedule",
        arguments: [RateLimitPolicy.spacing, .tokenBucket(burst: 5), .tokenBucket(burst: 50), .slidingWindow]
    )
    func compliantPolicies(policy: RateLimitPolicy) {
        var limiter = RateLimiter(policy: policy, plan: .seed50)
        let sends = LimiterReplay.sendTimes(Self.appSchedule, through: &limiter)
        #expect(sends.count == Self.appSchedule.count)
        #expect(RateLimitAudit.maxInAnyWindow(sends) <= 50)
        #expect(RateLimitAudit.sendsOverLimit(sends, limit: 50) == 0)
        if policy == .spacing { #expect(RateLimitAudit.minimumGap(sends) == 1_200) }
    }

    @Test("three callers waiting together: bitpal computes one slot for all, spacing serialises them")
    func concurrentCallers() {
        var bitpal = RateLimiter(policy: .bitpal, plan: .seed50)
        #expect(LimiterReplay.sendTimes([0, 200, 200, 200], through: &bitpal) == [0, 1_200, 1_200, 1_200])
        var spacing = RateLimiter(policy: .spacing, plan: .seed50)
        #expect(LimiterReplay.sendTimes([0, 200, 200, 200], through: &spacing) == [0, 1_200, 2_400, 3_600])
    }

    @Test("bitpal serialises callers that do not have to wait (the first sends before the next asks)")
    func bitpalWithoutWaiting() {
        var limiter = RateLimiter(policy: .bitpal, plan: .seed50)
        #expect(LimiterReplay.sendTimes([0, 5_000, 5_000], through: &limiter) == [0, 5_000, 6_200])
    }

    @Test("hand-computed slots: GCRA bursts then paces, the sliding window refills after 60 s")
    func handComputedSlots() {
        // keyless: 10/min. GCRA burst 3: interval ceil(60 s / 8) = 7,500 ms.
        var bucket = RateLimiter(policy: .tokenBucket(burst: 3), plan: .keyless)
        #expect(LimiterReplay.sendTimes([0, 0, 0, 0, 0], through: &bucket) == [0, 0, 0, 7_500, 15_000])
        var window = RateLimiter(
            policy: .slidingWindow, plan: RateLimitPlan(name: "three", requestsPerMinute: 3))
        #expect(
            LimiterReplay.sendTimes([0, 0, 0, 10, 70_000], through: &window) == [0, 0, 0, 60_000, 70_000])
        var spacing = RateLimiter(policy: .spacing, plan: .keyless)
        #expect(LimiterReplay.sendTimes([0, 0, 20_000], through: &spacing) == [0, 6_000, 20_000])
    }

    @Test("property: compliant policies stay within the plan on random bursty schedules (prints the seed)")
    func randomSchedules() {
        for seed in UInt64(1)...60 {
            var generator = SplitMix64(seed: seed)
            let plan = RateLimitPlan.presets[Int(generator.next() % UInt64(RateLimitPlan.presets.count))]
            var time: Int64 = 0
            var asks: [Int64] = []
            for _ in 0..<300 {
                time += Int64(generator.next() % 3_000)
                let burst = Int(generator.next() % 4) + 1
                asks += Array(repeating: time, count: burst)
            }
            let burst = Int(generator.next() % UInt64(plan.requestsPerMinute)) + 1
            for policy in [RateLimitPolicy.spacing, .tokenBucket(burst: burst), .slidingWindow] {
                var limiter = RateLimiter(policy: policy, plan: plan)
                let sends = LimiterReplay.sendTimes(asks, through: &limiter)
                #expect(sends.count == asks.count, "seed \(seed) \(policy)")
                let most = RateLimitAudit.maxInAnyWindow(sends)
                #expect(
                    most <= plan.requestsPerMinute, "seed \(seed) \(policy) on \(plan): \(most) in one window"
                )
            }
        }
    }

    @Test("plans: presets, spacing and custom names")
    func plans() {
        #expect(
            RateLimitPlan.presets.map(\.name) == ["keyless", "demo-30", "seed-50", "demo-100", "pro-500"])
        #expect(RateLimitPlan.presets.map(\.spacingMilliseconds) == [6_000, 2_000, 1_200, 600, 120])
        #expect(RateLimitPlan.named("seed-50") == .seed50)
        #expect(RateLimitPlan.named("custom-75")?.spacingMilliseconds == 800)
        #expect(RateLimitPlan.named("custom-0") == nil)
        #expect(RateLimitPlan.named("gold") == nil)
        #expect(RateLimitPolicy(name: "token-bucket", burst: 7) == .tokenBucket(burst: 7))
        #expect(RateLimitPolicy.names.compactMap { RateLimitPolicy(name: $0)?.name } == RateLimitPolicy.names)
        #expect(RateLimitPolicy(name: "leaky") == nil)
    }

    @Test("audit: half-open windows and gaps")
    func audit() {
        #expect(RateLimitAudit.maxInAnyWindow([]) == 0)
        #expect(RateLimitAudit.maxInAnyWindow([0, 59_999]) == 2)
        #expect(RateLimitAudit.maxInAnyWindow([0, 60_000]) == 1)
        #expect(RateLimitAudit.maxInAnyWindow([0, 0, 30_000, 60_000, 60_000]) == 3)
        #expect(RateLimitAudit.sendsOverLimit([0, 0, 30_000, 60_000, 60_000], limit: 2) == 2)
        #expect(RateLimitAudit.minimumGap([5]) == nil)
        #expect(RateLimitAudit.minimumGap([0, 1_000, 1_500]) == 500)
    }
}
