import ConformanceCases
import Foundation

/// The app's limiter for a case: one `RateLimiter` actor, each ask a task of its own calling
/// `waitForNextRequest()` at its time, the limiter's sleep on the case's clock (``VirtualTime``);
/// a wake and an ask in the same millisecond go in the case's order, and the clock never goes back.
public enum RateLimiterApp {
    /// The first ask's time (with milliseconds, so waits end between seconds).
    static let base: Int64 = 1_764_000_000_123

    /// Runs one case.
    public static func run(_ limiter: LimiterCase) async -> LimiterOutput {
        AppClock.set(milliseconds: base)
        let actor = RateLimiter()
        let grants = Grants()
        for (index, ask) in limiter.asks.sorted().enumerated() {
            // Each ask a microsecond after the one before: in real time no two asks are the same
            // instant, and an exact tie would leave the order to the sleep's floating-point error.
            let askTime = Date(
                timeIntervalSince1970: Double(base + ask) / 1000 + Double(index + 1) / 1_000_000)
            while let wake = VirtualTime.nextWake,
                limiter.waiterFirst ? milliseconds(wake) <= base + ask : milliseconds(wake) < base + ask
            {
                VirtualTime.wakeNext()
            }
            AppClock.set(date: max(askTime, AppClock.now()))
            VirtualTime.start {
                await actor.waitForNextRequest()
                grants.add(milliseconds(AppClock.now()) - base)
            }
        }
        while VirtualTime.nextWake != nil { VirtualTime.wakeNext() }
        return LimiterOutput(grants: grants.sorted)
    }

    /// The grants, collected from the callers' tasks.
    final class Grants: @unchecked Sendable {
        private let lock = NSLock()
        private var times: [Int64] = []

        func add(_ time: Int64) { lock.withLock { times.append(time) } }

        var sorted: [Int64] { lock.withLock { times.sorted() } }
    }
}
