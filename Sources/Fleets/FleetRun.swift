import Dispatch
import Foundation
import Runs
import Scenarios
import Simulation
import TrackerCore
import WorkbenchFoundation

/// Runs a fleet, or one shard of it: every user's day(s) on the fleet's scenario. Under the
/// `keyless` topology with one device per address users share nothing (each has its own
/// per-address window and no credits), so each user runs alone and the fleet's figures are exact
/// sums: the same for any `--jobs` and any sharding.
public enum FleetRun {
    /// What one user did.
    public struct UserTotals: Sendable, Equatable, Codable {
        /// Requests sent.
        public var requests = 0
        /// Requests answered 429.
        public var refused = 0
        /// Answers billed a credit.
        public var billed = 0
        /// Requests sent at the run's last instant, which begins no minute of the run.
        public var atEnd = 0
    }

    /// Runs the users of one shard (all of them for shard 1 of 1).
    ///
    /// - Parameters:
    ///   - fleet: The fleet.
    ///   - base: The fleet's scenario, loaded.
    ///   - shard: Which share of the users: user `i` is in shard `i % count + 1`.
    ///   - jobs: Users run at once.
    ///   - progress: Told the number of users done (from any thread).
    /// - Returns: The shard's users' totals and minute counts.
    /// - Throws: ``ScenarioRun/Failure`` when a user's run fails.
    public static func run(
        _ fleet: FleetDefinition, base: ScenarioRun.Loaded, shard: FleetShard.Part = .whole, jobs: Int,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(ScenarioRun.Failure) -> FleetShard {
        let coins = base.scenario.market.coinIds.count
        let minutes = fleet.days * 1_440
        let indices = Array(stride(from: shard.index - 1, to: fleet.users, by: shard.count))
        let totals = Locked([UserTotals](repeating: UserTotals(), count: indices.count))
        let perMinute = Locked([Int](repeating: 0, count: minutes))
        let failure = Locked<ScenarioRun.Failure?>(nil)
        let next = Locked(0)
        let done = Locked(0)
        let start = base.scenario.start
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, indices.count))) { _ in
            var minuteCounts = [Int](repeating: 0, count: minutes)
            while failure.withLock({ $0 == nil }) {
                let position = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard position < indices.count else { break }
                let user = FleetUser(index: indices[position], of: fleet, coins: coins)
                var loaded = base
                loaded.scenario = user.scenario(from: base.scenario, days: fleet.days, marketSeed: fleet.seed)
                var counted = UserTotals()
                do throws(ScenarioRun.Failure) {
                    _ = try ScenarioRun.execute(
                        loaded, seed: user.seed,
                        events: { event, time in
                            switch event {
                            case .requestSent:
                                counted.requests += 1
                                let minute = Int((time - start) / 60_000)
                                if minute >= minutes {
                                    counted.atEnd += 1
                                } else if minute >= 0 {
                                    minuteCounts[minute] += 1
                                }
                            case .rateLimited: counted.refused += 1
                            case .answered(_, _, let billed) where billed: counted.billed += 1
                            default: break
                            }
                        })
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    break
                }
                totals.withLock { $0[position] = counted }
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
        return FleetShard(
            fleet: fleet.header, part: shard, indices: indices, totals: totals.withLock { $0 },
            detail: indices.prefix { $0 < FleetResult.detailedUsers }.map {
                FleetUser(index: $0, of: fleet, coins: coins)
            },
            perMinute: perMinute.withLock { $0 })
    }
}
