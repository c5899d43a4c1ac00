import ConformanceCases
import TrackerCore

/// The limiter rule: the workbench's side is the `bitpal` limiter (``BitpalPacing``) through
/// `RequestLifecycle`, as the simulator drives it: an ask sends now or waits until its slot; a
/// waiter that wakes sends (the app's actor lets every waiter through once its sleep ends); a
/// wake and an ask at the same time go in the case's order.
enum WorkbenchLimiter {
    /// The grants for a case.
    static func grants(_ limiter: LimiterCase) -> LimiterOutput {
        var lifecycle = RequestLifecycle(limiter: RateLimiter(policy: .bitpal, plan: .keyless))
        var waiting: [Int64] = []
        var grants: [Int64] = []
        // A limiter that keeps a woken caller waiting forever would hang the case: bounded.
        var steps = 0
        let stepLimit = 1000 + 100 * limiter.asks.count
        func step(_ step: RequestLifecycle.Step, at time: Int64) {
            switch step {
            case .send:
                lifecycle.send(at: time)
                grants.append(time)
            case .wait(let until): waiting.append(until)
            }
        }
        func wakeNext() {
            steps += 1
            let index = waiting.indices.min { waiting[$0] < waiting[$1] }!
            let time = waiting.remove(at: index)
            step(lifecycle.resumed(at: time), at: time)
        }
        for ask in limiter.asks.sorted() {
            while let wake = waiting.min(), limiter.waiterFirst ? wake <= ask : wake < ask { wakeNext() }
            step(lifecycle.ask(at: ask), at: ask)
        }
        while !waiting.isEmpty, steps < stepLimit { wakeNext() }
        // A caller never let through shows as a missing grant.
        return LimiterOutput(grants: grants.sorted())
    }

    /// Edges (one ask, asks at once, 1 ms apart, at the gap and 1 ms either side, asks while
    /// others wait, a burst of ten, a long idle), then random ones.
    static func edges() -> [LimiterCase] {
        let asks: [[Int64]] = [
            [0], [0, 0], [0, 1], [0, 1199], [0, 1200], [0, 1201], [0, 0, 0], [0, 0, 1200], [0, 600, 1200],
            [0, 1199, 1200, 1201], [Int64](repeating: 0, count: 10), [0, 1, 2, 3, 2400], [0, 60_000],
            [0, 100, 100, 1300, 2500, 2501],
        ]
        return asks.flatMap { [LimiterCase(asks: $0), LimiterCase(asks: $0, waiterFirst: false)] }
    }

    static func randomCase(random: inout SplitMix) -> LimiterCase {
        var time: Int64 = 0
        var asks: [Int64] = []
        for _ in 0..<(1 + random.below(30)) {
            asks.append(time)
            switch random.below(4) {
            case 0: break
            case 1: time += Int64(1 + random.below(3))
            default: time += Int64(random.below(3000))
            }
        }
        return LimiterCase(asks: asks, waiterFirst: random.oneIn(2))
    }

    /// The rule.
    static func rule(app: @escaping (LimiterCase) async -> LimiterOutput, randomCount: Int) -> RuleCheck<
        LimiterCase, LimiterOutput
    > {
        RuleCheck(
            name: "rate-limiter",
            cases: { random in edges() + (0..<randomCount).map { _ in randomCase(random: &random) } },
            app: app,
            tracker: grants, difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }
}
