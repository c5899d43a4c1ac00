import Foundation
import WorkbenchFoundation

/// A fleet: the app's population against one scenario's market, plan and policies, each user's
/// habits drawn from seeded distributions (docs/fleet.md).
public struct FleetDefinition: Sendable, Equatable {
    /// How the fleet's devices reach CoinGecko.
    public enum Topology: String, Sendable, Equatable, CaseIterable {
        /// As the app ships: each device without a key, one device per address.
        case keyless
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
        /// The share of users who hold the scenario's portfolio (the others hold none).
        public var portfolioShare: Double
        /// App builds (policy presets) and their shares.
        public var builds: [Build]
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
    /// The topology.
    public var topology: Topology
    /// The habits.
    public var habits: Habits
    /// The team's target for one user's requests an hour (SC-009: fewer than 50).
    public var requestsPerHourTarget: Double

    /// What a fleet's result names: everything but the habits.
    public var header: FleetHeader {
        FleetHeader(
            name: name, scenario: scenario, users: users, days: days, seed: seed, topology: topology.rawValue,
            requestsPerHourTarget: requestsPerHourTarget)
    }

    /// The most users one machine runs (a larger fleet is sharded or run on Ray).
    public static let maximumUsers = 1_000_000
    /// The most days.
    public static let maximumDays = 31
}

/// A seeded distribution of one habit.
public enum Distribution: Sendable, Equatable {
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
    /// The topology's name.
    public var topology: String
    /// The team's target for one user's requests an hour.
    public var requestsPerHourTarget: Double

    /// A header.
    public init(
        name: String, scenario: String, users: Int, days: Int, seed: UInt64, topology: String,
        requestsPerHourTarget: Double
    ) {
        (self.name, self.scenario, self.users, self.days, self.seed, self.topology) =
            (name, scenario, users, days, seed, topology)
        self.requestsPerHourTarget = requestsPerHourTarget
    }
}
