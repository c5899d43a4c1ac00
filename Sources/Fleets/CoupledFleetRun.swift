import AppHosting
import PriceModels
import Runs
import Scenarios
import Simulation
import TrackerCore
import WorkbenchFoundation

/// Runs an arm whose devices share something on the way to CoinGecko, exactly: every user's
/// simulation on one clock, in one thread.
///
/// Each device is an ``AppSimulation`` of its own (its app, actions, latencies and faults from
/// its own seed); what they share is one object consulted in time order: a ``SharedAdmission``
/// (the shared key's window and month of credits, or one address's window) or a ``TeamProxy``
/// (its cache, its requests in flight, its key's window and credits). The loop always steps the
/// device whose next event is earliest (at one time, in the order they were queued), so every
/// request reaches the shared object in the order it was sent and no answer can be decided
/// before a request that came earlier. Nothing is approximated: this is the reference an
/// approximation would be measured against.
enum CoupledFleetRun {
    /// One device: its simulation while it runs, and its tally.
    private final class Device {
        var simulation: AppSimulation?
        let tally: FleetTally

        init(simulation: consuming AppSimulation, tally: FleetTally) {
            self.simulation = consume simulation
            self.tally = tally
        }
    }

    /// Runs every user of the fleet on the arm.
    ///
    /// - Parameters:
    ///   - arm: A coupled arm.
    ///   - fleet: The fleet.
    ///   - base: The fleet's scenario, loaded.
    ///   - progress: Told the share of the users' simulated time done, as users.
    /// - Returns: The arm's totals for every user, its minutes, its credits by day, and what the
    ///   shared objects counted.
    static func run(
        _ arm: FleetDefinition.Arm, _ fleet: FleetDefinition, base: ScenarioRun.Loaded,
        progress: @escaping @Sendable (Int) -> Void
    ) throws(ScenarioRun.Failure) -> FleetShard.Arm {
        let coins = base.scenario.market.coinIds.count
        let start = base.scenario.start
        let minutes = fleet.days * 1_440
        let market = try FleetRun.market(fleet, base: base)
        let counters = ArmCounters(minutes: minutes)
        let shared = sharing(arm, fleet, base: base.scenario, market: market, minutes: minutes)
        var devices: [Device] = []
        devices.reserveCapacity(fleet.users)
        var queue = EventQueue<Int>()
        for index in 0..<fleet.users {
            let user = FleetUser(index: index, of: fleet, coins: coins)
            let tally = FleetTally(
                counters: counters, start: start, marketStep: FleetRun.marketStep(base.scenario),
                countsMinutes: arm.topology != .proxy, countsCredits: false)
            var simulation = try FleetRun.simulation(
                FleetRun.config(of: user, arm: arm, fleet: fleet, base: base.scenario, market: market),
                file: base.scenario.file, checkingInvariants: fleet.checksInvariants)
            switch shared {
            case .admissions(let admissions, let addressOf): simulation.share(admissions[addressOf[index]])
            case .proxy(let proxy): simulation.upstream = proxy
            }
            simulation.start(events: tally.observe, recordingMetrics: false)
            if let next = simulation.nextTime() { queue.schedule(index, at: next) }
            devices.append(Device(simulation: simulation, tally: tally))
        }
        let span = Int64(fleet.days) * 86_400_000
        var reported = -1
        let idleRelease = base.scenario.server.longestCacheMilliseconds
        while let (time, index) = queue.next() {
            let device = devices[index]
            _ = device.simulation!.step()
            if let next = device.simulation!.nextTime() {
                // A device idle past its CDN cache's longest age frees its last session's bodies.
                if next - time > idleRelease { device.simulation!.idle(until: next) }
                queue.schedule(index, at: next)
            } else {
                _ = device.simulation!.finish()
                device.simulation = nil
            }
            let percent = Int((time - start) * 100 / span)
            if percent > reported {
                reported = percent
                progress(fleet.users * percent / 100)
            }
        }
        for device in devices where device.simulation != nil {
            _ = device.simulation!.finish()
            device.simulation = nil
        }
        progress(fleet.users)
        var upstream = FleetShard.Upstream()
        var creditsByDay = counters.creditsByDay
        switch shared {
        case .admissions(let admissions, _):
            upstream.addresses = admissions.count
            for admission in admissions { upstream.add(admission.counts, into: &creditsByDay) }
            // Every device request reaches CoinGecko.
            upstream.requests = devices.map(\.tally.totals.requests).reduce(0, +)
        case .proxy(let proxy):
            upstream.addresses = 1
            if let admission = proxy.upstream.admission {
                upstream.add(admission.counts, into: &creditsByDay)
            }
            upstream.requests = proxy.counts.fetches
            upstream.proxy = FleetShard.ProxyCounts(proxy.counts)
            counters.perMinute = proxy.fetchesPerMinute
        }
        return FleetShard.Arm(
            label: arm.label, whole: true, totals: devices.map(\.tally.totals), perMinute: counters.perMinute,
            creditsByDay: creditsByDay, upstream: upstream)
    }

    /// What an arm's devices share.
    private enum Shared {
        /// Windows: one for every device (a shared key), or one an address; each user's address.
        case admissions([SharedAdmission], addressOf: [Int])
        /// The team's proxy.
        case proxy(TeamProxy)
    }

    private static func sharing(
        _ arm: FleetDefinition.Arm, _ fleet: FleetDefinition, base: Scenario,
        market: (source: any MarketSource, prices: SimulatedMarket), minutes: Int
    ) -> Shared {
        let start = base.start
        switch arm.topology {
        case .keyless:
            // Addresses take users in index order, each as many as its draw says.
            var random = SplitMix64(seed: fleet.seed ^ 0x6E61_7420_6164_6472)
            var addressOf: [Int] = []
            var addresses = 0
            while addressOf.count < fleet.users {
                let devices = max(1, Int((arm.devicesPerAddress ?? .fixed(1)).sample(&random).rounded()))
                addressOf += [Int](repeating: addresses, count: min(devices, fleet.users - addressOf.count))
                addresses += 1
            }
            return .admissions(
                (0..<addresses).map { _ in
                    SharedAdmission(plan: arm.plan, enforcesCredits: false, start: start)
                },
                addressOf: addressOf)
        case .sharedKey:
            return .admissions(
                [SharedAdmission(plan: arm.plan, enforcesCredits: true, start: start)],
                addressOf: [Int](repeating: 0, count: fleet.users))
        case .proxy:
            var behaviour = base.server
            behaviour.plan = arm.plan
            var server = SimulatedServer(
                source: market.source, behaviour: behaviour,
                seed: StreamSeed(root: fleet.seed, stream: "proxy"),
                journalLimit: 2)
            server.admission = SharedAdmission(plan: arm.plan, enforcesCredits: true, start: start)
            return .proxy(
                TeamProxy(
                    upstream: server, caching: arm.proxy ?? FleetParser.defaultProxy, start: start,
                    minutes: minutes))
        }
    }
}
