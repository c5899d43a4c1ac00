import TrackerCore
import WorkbenchFoundation

/// One per-minute window and one month of credits that many callers count against: a key built
/// into every copy of the app, the one address of devices behind a carrier NAT, or the paid key
/// of the team's proxy (docs/fleet.md). The servers of those callers hold the same instance and
/// consult it in the order a fleet's event loop hands them requests, one at a time.
public final class SharedAdmission: Sendable {
    /// What the shared window has seen.
    public struct Counts: Sendable, Equatable {
        /// Requests it admitted.
        public var admitted = 0
        /// Requests refused because the per-minute window was full.
        public var refusedByWindow = 0
        /// Requests refused because the month's credits were spent.
        public var refusedByCredits = 0
        /// Credits billed (by the plan's billing rule).
        public var billed = 0
        /// Credits billed on each day from ``SharedAdmission/start``.
        public var billedByDay: [Int] = []
    }

    /// The plan: its per-minute limit, monthly credits and billing rule.
    public let plan: RateLimitPlan
    /// Whether requests are refused once the plan's monthly credits are billed (a key's month);
    /// an address has no credits.
    public let enforcesCredits: Bool
    /// The first day's start, epoch ms.
    public let start: Int64
    private let state = Locked((window: PlanWindow(), counts: Counts()))

    /// The seconds a request refused for spent credits is told to wait: CoinGecko refuses until
    /// the month turns, and the app is told to come back in a minute (as a rate-limit storm is).
    public static let creditsRetryAfterSeconds: Int64 = 60

    /// A shared window.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - enforcesCredits: Whether the plan's monthly credits, once billed, refuse further
    ///     requests (the simulated days are the first days of a billing month).
    ///   - start: The first day's start, epoch ms (credits are counted by day from it).
    public init(plan: RateLimitPlan, enforcesCredits: Bool, start: Int64) {
        self.plan = plan
        self.enforcesCredits = enforcesCredits
        self.start = start
    }

    /// What it has seen so far.
    public var counts: Counts { state.withLock { $0.counts } }

    /// Admits a request arriving at `now`, or says how many seconds until it may retry.
    func admit(at now: Int64) -> Int64? {
        state.withLock { state in
            if enforcesCredits, let credits = plan.monthlyCredits, state.counts.billed >= credits {
                state.counts.refusedByCredits += 1
                return Self.creditsRetryAfterSeconds
            }
            if let retry = state.window.admit(at: now, perMinute: plan.requestsPerMinute) {
                state.counts.refusedByWindow += 1
                return retry
            }
            state.counts.admitted += 1
            return nil
        }
    }

    /// What must always hold (``AppInvariants``): the shared window within its plan's limit, the
    /// credits billed within the plan's month when they are enforced, and the days' bills adding
    /// up to the total. Broken, a fleet's shared key would be counted wrong for every device on it.
    ///
    /// - Returns: What is broken, in words; empty when all holds.
    public func invariantViolations() -> [String] {
        state.withLock { state in
            var broken = state.window.invariantViolations(perMinute: plan.requestsPerMinute)
            if enforcesCredits, let credits = plan.monthlyCredits, state.counts.billed > credits {
                broken.append("the shared key billed \(state.counts.billed) credits of its \(credits)")
            }
            if state.counts.billedByDay.reduce(0, +) != state.counts.billed {
                broken.append("the shared key's bills by day do not add up to its \(state.counts.billed)")
            }
            return broken
        }
    }

    /// Bills the server's reply to a request arriving at `now`, as the plan's rule says.
    func settle(_ reply: ServerReply, at now: Int64) {
        guard plan.billing.bills(status: reply.response?.status) else { return }
        let day = Int(max(0, now - start) / 86_400_000)
        state.withLock { state in
            state.counts.billed += 1
            while state.counts.billedByDay.count <= day { state.counts.billedByDay.append(0) }
            state.counts.billedByDay[day] += 1
        }
    }
}
