import Dispatch
import Foundation
import Runs
import Scenarios
import Simulation
import TrackerCore
import WorkbenchFoundation

/// Runs a fleet: every user's day(s) on the fleet's scenario, then the fleet's totals. Under the
/// `keyless` topology with one device per address users share nothing (each has its own
/// per-address window and no credits), so each user runs alone and the fleet's figures are exact
/// sums: the same for any `--jobs`.
public enum FleetRun {
    /// What one user did.
    public struct UserTotals: Sendable, Equatable {
        /// Requests sent.
        public var requests = 0
        /// Requests answered 429.
        public var refused = 0
        /// Answers billed a credit.
        public var billed = 0
        /// Requests sent at the run's last instant, which begins no minute of the run.
        public var atEnd = 0
    }

    /// Runs the fleet.
    ///
    /// - Parameters:
    ///   - fleet: The fleet.
    ///   - base: The fleet's scenario, loaded.
    ///   - jobs: Users run at once.
    ///   - progress: Told the number of users done (from any thread).
    /// - Returns: The result.
    /// - Throws: ``ScenarioRun/Failure`` when a user's run fails.
    public static func run(
        _ fleet: FleetDefinition, base: ScenarioRun.Loaded, jobs: Int,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(ScenarioRun.Failure) -> FleetResult {
        let coins = base.scenario.market.coinIds.count
        let minutes = fleet.days * 1_440
        let users = (0..<fleet.users).map { FleetUser(index: $0, of: fleet, coins: coins) }
        let totals = Locked([UserTotals](repeating: UserTotals(), count: fleet.users))
        let perMinute = Locked([Int](repeating: 0, count: minutes))
        let failure = Locked<ScenarioRun.Failure?>(nil)
        let next = Locked(0)
        let done = Locked(0)
        let start = base.scenario.start
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, fleet.users))) { _ in
            var minuteCounts = [Int](repeating: 0, count: minutes)
            while failure.withLock({ $0 == nil }) {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < users.count else { break }
                var loaded = base
                loaded.scenario = users[index].scenario(
                    from: base.scenario, days: fleet.days, marketSeed: fleet.seed)
                var user = UserTotals()
                do throws(ScenarioRun.Failure) {
                    _ = try ScenarioRun.execute(
                        loaded, seed: users[index].seed,
                        events: { event, time in
                            switch event {
                            case .requestSent:
                                user.requests += 1
                                let minute = Int((time - start) / 60_000)
                                if minute >= minutes {
                                    user.atEnd += 1
                                } else if minute >= 0 {
                                    minuteCounts[minute] += 1
                                }
                            case .rateLimited: user.refused += 1
                            case .answered(_, _, let billed) where billed: user.billed += 1
                            default: break
                            }
                        })
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    break
                }
                totals.withLock { $0[index] = user }
                let count = done.withLock { value -> Int in
                    value += 1
                    return value
                }
                progress?(count)
            }
            perMinute.withLock { counts in
                for minute in counts.indices { counts[minute] += minuteCounts[minute] }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return FleetResult(
            fleet: fleet, users: users, totals: totals.withLock { $0 }, perMinute: perMinute.withLock { $0 })
    }
}
