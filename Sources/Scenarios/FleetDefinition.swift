import Foundation
import Simulation
import TrackerCore
import WorkbenchFoundation

/// A fleet: the app's population against one scenario's market, plan and policies, each user's
/// habits drawn from seeded distributions (docs/fleet.md).
public struct FleetDefinition: Sendable, Equatable {
    /// How the fleet's devices reach CoinGecko.
    public enum Topology: String, Sendable, Equatable, CaseIterable {
        /// As the app ships: each device without a key; the keyless limit is per address, and
        /// devices behind one carrier NAT share one.
        case keyless
        /// A key built into the app: every device counts against one per-minute window and one
        /// month of credits.
        case sharedKey = "shared-key"
        /// The team's backend: devices call it, it caches for all of them (a TTL per endpoint,
        /// identical requests in flight merged) and calls CoinGecko with one paid key.
        case proxy
    }

    /// One way of serving the fleet, compared with the others on the same users: a topology on
    /// a plan.
    public struct Arm: Sendable, Equatable {
        /// The topology.
        public var topology: Topology
        /// The plan: the per-address limit (`keyless`), the shared key's or the proxy's key's.
        public var plan: RateLimitPlan
        /// Devices behind one address (`keyless`), one draw per address; nil: one each.
        public var devicesPerAddress: Distribution?
        /// The proxy's caching (`proxy`).
        public var proxy: TeamProxy.Caching?
        /// The app build every user runs in this arm (a policy preset), instead of their own draw.
        public var build: String?

        /// Whether the arm's users share nothing (so each runs alone, in parallel, and shards
        /// split them): `keyless` with one device per address.
        public var isIndependent: Bool {
            topology == .keyless && (devicesPerAddress == nil || devicesPerAddress == .fixed(1))
        }

        /// `shared-key demo-100`; `keyless` on the keyless plan.
        public var label: String {
            var label = topology.rawValue
            if !(topology == .keyless && plan.name == "keyless") { label += " " + plan.name }
            if let devices = devicesPerAddress, !isIndependent { label += ", \(devices) devices an address" }
            if let build { label += ", \(build)" }
            return label
        }
    }

    /// The habits, one draw per user.
    public struct Habits: Sendable, Equatable {
        /// App sessions a day.
        public var sessionsPerDay: Distribution
        /// A session's mean length, ms.
        public var sessionLength: Distribution
        /// Coins on the watchlist (the market's first ones).
        public var watchlist: Distribution
        /// Portfolio-tab visits a session.
        public var portfolioVisits: Distribution
        /// Searches a session.
        public var searches: Distribution
        /// The share of users with the widget on the home screen.
        public var widgetShare: Double
        /// The widget's sizes and their shares among those users; empty: every widget medium (a
        /// tap opens the Portfolio tab). No figure of how people size widgets is published.
        public var widgetFamilies: [WidgetFamilyShare] = []
        /// The share of users who hold the scenario's portfolio (the others hold none).
        public var portfolioShare: Double
        /// App builds (policy presets) and their shares.
        public var builds: [Build]
        /// Time zones (hours from UTC) and the share of users in each; empty: no daily rhythm,
        /// sessions at any hour.
        public var timeZones: [TimeZoneShare] = []
        /// When users wake, local ms after midnight, and how long they are awake (with time zones).
        public var wakingMilliseconds: (wake: Int64, awake: Int64) = (7 * 3_600_000, 16 * 3_600_000)

        /// Whether two fleets' habits are the same (written out: the waking hours are a tuple).
        public static func == (left: Habits, right: Habits) -> Bool {
            (left.sessionsPerDay, left.sessionLength, left.watchlist, left.portfolioVisits, left.searches)
                == (
                    right.sessionsPerDay, right.sessionLength, right.watchlist, right.portfolioVisits,
                    right.searches
                )
                && (left.widgetShare, left.portfolioShare, left.builds, left.timeZones)
                    == (right.widgetShare, right.portfolioShare, right.builds, right.timeZones)
                && left.widgetFamilies == right.widgetFamilies
                && left.wakingMilliseconds == right.wakingMilliseconds
        }
    }

    /// A widget size among the fleet's widget users, and its share.
    public struct WidgetFamilyShare: Sendable, Equatable {
        /// The size.
        public var family: WidgetFamily
        /// The share, 0...1.
        public var share: Double

        /// A size and its share.
        public init(family: WidgetFamily, share: Double) { (self.family, self.share) = (family, share) }
    }

    /// A time zone of the fleet's users, and their share.
    public struct TimeZoneShare: Sendable, Equatable {
        /// Hours from UTC (`-5`, `5.5`).
        public var hours: Double
        /// The share of users.
        public var share: Double
    }

    /// An app build of the fleet: a policy preset, and the share of users on it.
    public struct Build: Sendable, Equatable {
        /// The preset's name.
        public var preset: String
        /// The share of users.
        public var share: Double
    }

    /// The fleet's name.
    public var name: String
    /// The fleet file.
    public var file: String
    /// The scenario whose market, plan and policies every user runs, as written (relative to the
    /// fleet file's folder).
    public var scenario: String
    /// That scenario's path: resolved, inside the project folder, existing.
    public var scenarioPath: String
    /// Users.
    public var users: Int
    /// Days simulated.
    public var days: Int
    /// The root seed.
    public var seed: UInt64
    /// The arms compared, in the file's order.
    public var arms: [Arm]
    /// Each plan's price a month, by plan name (``defaultPrices`` and the file's `prices`).
    public var prices: [String: Double]
    /// The most refused share of requests a plan may show and still count as enough.
    public var refusalThreshold: Double
    /// Whether every user's run checks its invariants after every event (`fleet
    /// --check-invariants`; not in the file, and never in the result).
    public var checksInvariants = false
    /// The habits.
    public var habits: Habits
    /// The team's target for one user's requests an hour (SC-009: fewer than 50).
    public var requestsPerHourTarget: Double

    /// What a fleet's result names: everything but the habits.
    public var header: FleetHeader {
        FleetHeader(
            name: name, scenario: scenario, users: users, days: days, seed: seed,
            arms: arms.map { arm in
                FleetHeader.Arm(
                    label: arm.label, topology: arm.topology.rawValue, plan: arm.plan.name,
                    perMinute: arm.plan.requestsPerMinute, monthlyCredits: arm.plan.monthlyCredits,
                    monthlyPrice: prices[arm.plan.name])
            },
            requestsPerHourTarget: requestsPerHourTarget, refusalThreshold: refusalThreshold)
    }

    /// The most users one machine runs (a larger fleet is sharded or run on Ray).
    public static let maximumUsers = 1_000_000
    /// The most days.
    public static let maximumDays = 31

    /// List prices a month in USD, as CoinGecko published them (docs/fleet.md); a fleet file's
    /// `prices` adds to and overrides them. Keyless and demo plans cost nothing; `pro-500` is the
    /// Analyst plan.
    public static let defaultPrices: [String: Double] = [
        "keyless": 0, "demo-30": 0, "demo-100": 0, "pro-500": 129, "lite-500": 499, "pro-1000": 999,
    ]

    /// The plans a fleet may name beyond TrackerCore's presets (``RateLimitPlan/presets``): the
    /// paid plans above Analyst.
    public static let fleetPlans: [RateLimitPlan] = [
        RateLimitPlan(name: "lite-500", requestsPerMinute: 500, monthlyCredits: 2_000_000),
        RateLimitPlan(name: "pro-1000", requestsPerMinute: 1_000, monthlyCredits: 5_000_000),
    ]

    /// A plan by name: a TrackerCore preset, a fleet plan or `custom-N`.
    public static func plan(named name: String) -> RateLimitPlan? {
        fleetPlans.first { $0.name == name } ?? RateLimitPlan.named(name)
    }
}

/// A seeded distribution of one habit.
public enum Distribution: Sendable, Equatable, CustomStringConvertible {
    /// Always this value.
    case fixed(Double)
    /// Uniform between two values.
    case uniform(Double, Double)
    /// Log-normal with this median and log-space standard deviation.
    case lognormal(median: Double, sigma: Double)

    /// The mean.
    public var mean: Double {
        switch self {
        case .fixed(let value): value
        case .uniform(let low, let high): (low + high) / 2
        case .lognormal(let median, let sigma): median * Foundation.exp(sigma * sigma / 2)
        }
    }

    /// `4`, `1-4`, `~4`.
    public var description: String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
        }
        switch self {
        case .fixed(let value): return number(value)
        case .uniform(let low, let high): return "\(number(low))-\(number(high))"
        case .lognormal(let median, _): return "~\(number(median))"
        }
    }

    /// One draw.
    public func sample(_ random: inout SplitMix64) -> Double {
        switch self {
        case .fixed(let value): return value
        case .uniform(let low, let high): return low + (high - low) * random.nextUnitInterval()
        case .lognormal(let median, let sigma):
            // Box-Muller: one standard normal from two uniforms.
            let first = max(random.nextUnitInterval(), 0x1.0p-53)
            let second = random.nextUnitInterval()
            let normal = (-2 * Foundation.log(first)).squareRoot() * Foundation.cos(2 * Double.pi * second)
            return median * Foundation.exp(sigma * normal)
        }
    }
}

/// What a fleet's result and its shards name: the fleet without its habits.
public struct FleetHeader: Sendable, Equatable, Codable {
    /// An arm: its topology and plan, with the plan's limits and price.
    public struct Arm: Sendable, Equatable, Codable {
        /// `shared-key demo-100`.
        public var label: String
        /// The topology's name.
        public var topology: String
        /// The plan's name.
        public var plan: String
        /// The plan's requests a minute.
        public var perMinute: Int
        /// The plan's credits a month, if it has a cap.
        public var monthlyCredits: Int?
        /// The plan's price a month, if known.
        public var monthlyPrice: Double?
    }

    /// The fleet's name.
    public var name: String
    /// The scenario, as the fleet file names it.
    public var scenario: String
    /// Users.
    public var users: Int
    /// Days simulated.
    public var days: Int
    /// The root seed.
    public var seed: UInt64
    /// The arms.
    public var arms: [Arm]
    /// The team's target for one user's requests an hour.
    public var requestsPerHourTarget: Double
    /// The most refused share of requests a plan may show and still count as enough.
    public var refusalThreshold: Double

    /// A header.
    public init(
        name: String, scenario: String, users: Int, days: Int, seed: UInt64, arms: [Arm],
        requestsPerHourTarget: Double, refusalThreshold: Double
    ) {
        self.refusalThreshold = refusalThreshold
        (self.name, self.scenario, self.users, self.days, self.seed, self.arms) =
            (name, scenario, users, days, seed, arms)
        self.requestsPerHourTarget = requestsPerHourTarget
    }
}
