import Synchronization
import TestSupport
import Testing
import TrackerCore

@Suite("Backoff after 429s and the async shell")
struct RateLimiterBackoffTests {
    @Test("retry-after is honoured: nothing is sent before it, whatever the pacing")
    func retryAfterHonoured() {
        for policy in [RateLimitPolicy.spacing, .tokenBucket(burst: 10), .slidingWindow] {
            var limiter = RateLimiter(policy: policy, plan: .demo100, backoff: .retryAfter)
            // The second send is answered 429 with retry-after 30 s.
            let sends = LimiterReplay.run(
                [0, 100, 200, 300],
                through: &limiter,
                status: { $0 == 1 ? 429 : 200 },
                retryAfterMilliseconds: 30_000
            )
            let times = sends.map(\.time)
            #expect(times[0] == 0, "\(policy)")
            #expect(times[2...].allSatisfy { $0 >= times[1] + 30_000 }, "\(policy): \(times)")
        }
    }

    @Test("no backoff (the app): a 429 changes nothing")
    func noBackoff() {
        var limiter = RateLimiter(policy: .bitpal, plan: .seed50)
        limiter.recordSend(at: 0)
        limiter.recordResponse(status: 429, retryAfterMilliseconds: 60_000, at: 100)
        #expect(limiter.blockedUntil(at: 100) == nil)
        #expect(limiter.slot(askedAt: 5_000) == 5_000)
    }

    @Test("exponential without jitter doubles up to the cap, never below retry-after, and resets on success")
    func exponentialGrowth() {
        let backoff = ExponentialBackoff(
            initialMilliseconds: 1_000, multiplier: 2, capMilliseconds: 5_000, jitter: 0, seed: 1)
        var limiter = RateLimiter(policy: .spacing, plan: .pro500, backoff: .exponential(backoff))
        var blocked: [Int64] = []
        for attempt in 0..<5 {
            let now = Int64(attempt) * 100_000
            limiter.recordResponse(status: 429, retryAfterMilliseconds: nil, at: now)
            blocked.append(limiter.blockedUntil(at: now)! - now)
        }
        #expect(blocked == [1_000, 2_000, 4_000, 5_000, 5_000])
        limiter.recordResponse(status: 429, retryAfterMilliseconds: 30_000, at: 1_000_000)
        #expect(limiter.blockedUntil(at: 1_000_000) == 1_030_000)
        limiter.recordResponse(status: 200, retryAfterMilliseconds: nil, at: 1_100_000)
        limiter.recordResponse(status: 429, retryAfterMilliseconds: nil, at: 1_200_000)
        #expect(limiter.blockedUntil(at: 1_200_000) == 1_201_000)
        #expect(limiter.slot(askedAt: 1_200_500) == 1_201_000)
    }

    @Test(
        "seeded jitter: within [base × (1 - jitter), base], reproducible for a seed, different across seeds")
    func seededJitter() {
        func delays(seed: UInt64) -> [Int64] {
            let backoff = ExponentialBackoff(
                initialMilliseconds: 8_000, multiplier: 1, capMilliseconds: 8_000, jitter: 0.5, seed: seed)
            var limiter = RateLimiter(policy: .spacing, plan: .pro500, backoff: .exponential(backoff))
            return (0..<20).map { attempt in
                let now = Int64(attempt) * 100_000
                limiter.recordResponse(status: 429, retryAfterMilliseconds: nil, at: now)
                return limiter.blockedUntil(at: now)! - now
            }
        }
        let first = delays(seed: 42)
        #expect(first == delays(seed: 42))
        #expect(first != delays(seed: 43))
        #expect(first.allSatisfy { (4_000...8_000).contains($0) }, "\(first)")
        #expect(Set(first).count > 10)
    }

    @Test("the async shell waits on its clock for each slot")
    func asyncShell() async throws {
        let clock = StepClock(start: 1_000)
        let shell = AsyncRateLimiter(
            RateLimiter(policy: .spacing, plan: .seed50, backoff: .retryAfter), clock: clock)
        var sent: [Int64] = []
        for _ in 0..<3 { sent.append(try await shell.acquire()) }
        #expect(sent == [1_000, 2_200, 3_400])
        #expect(clock.sleeps == [2_200, 3_400])
        await shell.record(HTTPResponse(status: 429, headers: ["retry-after": "10"]))
        #expect(try await shell.acquire() == 13_400)
    }
}

/// A clock whose sleeps return at once, moving time to the deadline.
final class StepClock: SchedulingClock {
    private let state: Mutex<(now: Int64, sleeps: [Int64])>

    init(start: Int64) { state = Mutex((start, [])) }

    var sleeps: [Int64] { state.withLock { $0.sleeps } }

    func currentTime() -> Int64 { state.withLock { $0.now } }

    func sleep(until deadline: Int64) async throws {
        state.withLock {
            $0.sleeps.append(deadline)
            $0.now = max($0.now, deadline)
        }
    }
}
