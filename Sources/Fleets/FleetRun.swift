import AppHosting
import Dispatch
import Foundation
import Runs
import Scenarios
import Simulation
import TrackerCore
import WorkbenchFoundation

/// Runs a fleet, or one shard of it: every arm (a topology on a plan) on the same users. An arm
/// whose users share nothing (`keyless`, one device per address) runs each user alone, in
/// parallel, and its figures are exact sums; a shard runs its share of the users. A coupled arm
/// (a shared key, shared addresses, a proxy) runs every user on one clock (``CoupledFleetRun``),
/// whole, in the first shard. Either way the result is the same for any `--jobs` and sharding.
public enum FleetRun {
    /// Runs the arms for the users of one shard (all of them for shard 1 of 1).
    ///
    /// - Parameters:
    ///   - fleet: The fleet.
    ///   - base: The fleet's scenario, loaded.
    ///   - shard: Which share of the users: user `i` is in shard `i % count + 1`.
    ///   - jobs: Users run at once (independent arms).
    ///   - progress: Told the users done so far, over all arms (from any thread).
    ///   - kept: Arms finished before (a resumed run), by index: not run again.
    ///   - finished: Told each arm this run finishes, to keep it.
    /// - Returns: The shard's users' totals and counts, arm by arm.
    /// - Throws: ``ScenarioRun/Failure`` when a user's run fails.
    public static func run(
        _ fleet: FleetDefinition, base: ScenarioRun.Loaded, shard: FleetShard.Part = .whole, jobs: Int,
        progress: (@Sendable (Int) -> Void)? = nil, kept: (Int) -> FleetShard.Arm? = { _ in nil },
        finished: (Int, FleetShard.Arm) -> Void = { _, _ in }
    ) throws(ScenarioRun.Failure) -> FleetShard {
        let coins = base.scenario.market.coinIds.count
        let indices = Array(stride(from: shard.index - 1, to: fleet.users, by: shard.count))
        let done = Locked(0)
        var arms: [FleetShard.Arm] = []
        for (index, arm) in fleet.arms.enumerated() {
            let before = done.withLock { $0 }
            let report: @Sendable (Int) -> Void = { count in progress?(before + count) }
            let ran: FleetShard.Arm
            if let arm = kept(index) {
                ran = arm
            } else if arm.isIndependent {
                ran = try independent(arm, fleet, base: base, indices: indices, jobs: jobs, progress: report)
                finished(index, ran)
            } else if shard.index == 1 {
                ran = try CoupledFleetRun.run(arm, fleet, base: base, progress: report)
                finished(index, ran)
            } else {
                ran = FleetShard.Arm(
                    label: arm.label, whole: true, totals: [], perMinute: [], creditsByDay: [])
            }
            arms.append(ran)
            done.withLock { $0 = before + ran.totals.count }
            progress?(before + ran.totals.count)
        }
        return FleetShard(
            fleet: fleet.header, part: shard, indices: indices,
            detail: indices.prefix { $0 < FleetResult.detailedUsers }.map {
                FleetUser(index: $0, of: fleet, coins: coins)
            }, arms: arms)
    }

    /// The config of one user on an arm, on a market already built.
    static func config(
        of user: FleetUser, arm: FleetDefinition.Arm, fleet: FleetDefinition, base: Scenario,
        market: (source: any MarketSource, prices: SimulatedMarket)
    ) -> RunConfig {
        var scenario = user.scenario(
            from: base, days: fleet.days, marketSeed: fleet.seed, waking: fleet.habits.wakingMilliseconds)
        scenario.server.plan = arm.plan
        if let build = arm.build, let policies = PolicyPresets.named(build) { scenario.policies = policies }
        return scenario.runConfig(seed: user.seed, market: market)
    }

    /// The market every user of the fleet sees (its seed is the fleet's, unless the scenario
    /// sets its own).
    static func market(_ fleet: FleetDefinition, base: ScenarioRun.Loaded) throws(ScenarioRun.Failure)
        -> (source: any MarketSource, prices: SimulatedMarket)
    {
        var scenario = base.scenario
        scenario.marketSeed = scenario.marketSeed ?? fleet.seed
        scenario.durationMilliseconds = Int64(fleet.days) * 86_400_000
        do {
            return try scenario.market(projectRoot: base.projectRoot)
        } catch {
            throw ScenarioRun.Failure(description: error.report)
        }
    }

    /// The market's step: how old its newest price can be (0 for recorded markets).
    static func marketStep(_ scenario: Scenario) -> Int64 {
        if case .synthetic(let market) = scenario.market { return market.stepMilliseconds }
        return 0
    }

    /// Runs an arm whose users share nothing: each alone, `jobs` at once.
    private static func independent(
        _ arm: FleetDefinition.Arm, _ fleet: FleetDefinition, base: ScenarioRun.Loaded, indices: [Int],
        jobs: Int,
        progress: @escaping @Sendable (Int) -> Void
    ) throws(ScenarioRun.Failure) -> FleetShard.Arm {
        let coins = base.scenario.market.coinIds.count
        let minutes = fleet.days * 1_440
        let totals = Locked([UserTotals](repeating: UserTotals(), count: indices.count))
        let counters = Locked(ArmCounters(minutes: minutes))
        let failure = Locked<ScenarioRun.Failure?>(nil)
        let next = Locked(0)
        let done = Locked(0)
        let start = base.scenario.start
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, indices.count))) { _ in
            let own = ArmCounters(minutes: minutes)
            let market: (source: any MarketSource, prices: SimulatedMarket)
            do throws(ScenarioRun.Failure) {
                // One market a worker: its memos follow one clock at a time.
                market = try Self.market(fleet, base: base)
            } catch {
                failure.withLock { $0 = $0 ?? error }
                return
            }
            while failure.withLock({ $0 == nil }) {
                let position = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard position < indices.count else { break }
                let user = FleetUser(index: indices[position], of: fleet, coins: coins)
                let tally = FleetTally(
                    counters: own, start: start, marketStep: FleetRun.marketStep(base.scenario),
                    countsMinutes: true, countsCredits: true)
                do throws(ScenarioRun.Failure) {
                    var simulation = try simulation(
                        config(of: user, arm: arm, fleet: fleet, base: base.scenario, market: market),
                        file: base.scenario.file, checkingInvariants: fleet.checksInvariants)
                    // Counted by the tally alone: no metrics recorded, no journal kept.
                    simulation.start(events: tally.observe, recordingMetrics: false)
                    while simulation.step() != nil {}
                    _ = simulation.finish()
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    break
                }
                totals.withLock { $0[position] = tally.totals }
                progress(
                    done.withLock { value -> Int in
                        value += 1
                        return value
                    })
            }
            counters.withLock { $0.add(own) }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let summed = counters.withLock { $0 }
        return FleetShard.Arm(
            label: arm.label, whole: false, totals: totals.withLock { $0 }, perMinute: summed.perMinute,
            creditsByDay: summed.creditsByDay)
    }

    /// A user's simulation, or the failure naming the scenario.
    static func simulation(_ config: consuming RunConfig, file: String, checkingInvariants: Bool)
        throws(ScenarioRun.Failure) -> AppSimulation
    {
        do {
            return try AppSimulation(config: config, checkingInvariants: checkingInvariants)
        } catch {
            throw ScenarioRun.Failure(description: "\(file): alerts: \(error)")
        }
    }
}
