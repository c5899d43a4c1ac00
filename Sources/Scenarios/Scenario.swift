import AppHosting
import PriceModels
import Simulation
import TrackerCore
import WorkbenchFoundation

/// A validated scenario: one question the team asks, as a run's inputs and the expectations its
/// result must meet. Times are absolute (epoch ms); the file gives them as offsets from `start`.
public struct Scenario: Sendable {
    /// The coins CoinGecko lists beside a synthetic market's (`market.listed`).
    public enum ListedUniverse: Sendable {
        /// Only the simulated coins (`listed: none`).
        case none
        /// Only the simulated coins: no `listed` key, and the project folder does not hold the
        /// recorded list that is the default.
        case notInProject
        /// This many generated coins.
        case generated(Int)
        /// A recorded `/coins/list`.
        case recorded(path: String, coins: [CoinListEntry])

        /// For the settings: `none`, `1000 generated coins`, `7248 coins of FILE`.
        public var description: String {
            switch self {
            case .none: "none (only the simulated coins)"
            case .notInProject:
                "none (only the simulated coins: the project folder has no \(ParseContext.recordedCoinList))"
            case .generated(let count): CountText.of(count, "generated coin")
            case .recorded(let path, let coins): "\(CountText.of(coins.count, "coin")) of \(path)"
            }
        }
    }

    /// Where the market comes from.
    public enum MarketSpec: Sendable {
        /// Synthetic coins on a tick grid, with history before the start for long charts.
        case synthetic(SyntheticMarket)
        /// The recorded datasets in a directory, moved by a shift, filled between recorded prices.
        case fixtures(directory: String, shiftMilliseconds: Int64, intraday: IntradayFill)
    }

    /// A synthetic market: its coins, grid, history and how the coins move together.
    public struct SyntheticMarket: Sendable {
        /// The coins, in market-cap order.
        public var coins: [SyntheticCoin]
        /// The tick grid.
        public var stepMilliseconds: Int64
        /// Ticks generated before the start, so long charts have data.
        public var historyMilliseconds: Int64
        /// How the coins move together.
        public var correlation: MarketCorrelation = .independent
        /// Where the coins came from, for the report (`3 coins listed`, `top 50 of FILE`).
        public var origin: String
        /// What each calibrated coin was fitted to, with the fitted parameters, for the report.
        public var calibrations: [(coin: String, summary: String)] = []
        /// The coins CoinGecko lists beside the simulated ones (`listed`).
        public var listed: ListedUniverse = .none
        /// ``listed`` without the simulated coins, built once when the scenario is read, so that
        /// every run of it (a sweep's cells, a fleet's users) shares it.
        public var listedCoins = ListedCoins.none
    }

    /// The scenario's name.
    public var name: String
    /// What question it answers.
    public var description: String
    /// The root seed (a run's `--seed` replaces it).
    public var seed: UInt64
    /// The seed the market is drawn from (`market.seed`); the run's seed when nil.
    public var marketSeed: UInt64?
    /// The first simulated time.
    public var start: Int64
    /// The simulated span.
    public var durationMilliseconds: Int64
    /// The market.
    public var market: MarketSpec
    /// The server: plan, caching, latency, faults.
    public var server: ServerBehaviour
    /// The app's policies.
    public var policies: AppPolicies
    /// Watchlist coin ids (all the market's coins when nil).
    public var watchlist: [String]?
    /// Price alerts.
    public var alerts: [PriceAlert]
    /// Scripted actions (portfolio trades included).
    public var script: [ScheduledAction]
    /// Seeded sessions.
    public var sessions: StochasticUser?
    /// Whether the app is open at the start.
    public var startsInForeground: Bool
    /// Whether the app's widget is on the home screen (`user.widget`); its build is the
    /// `widget` policy.
    public var hasWidget = false
    /// The widget's size (`user.widget_family`), which decides where its tap goes.
    public var widgetFamily = WidgetFamily.medium
    /// When iOS ends the app in the background (`user.termination`; never by default).
    public var termination = TerminationRule()
    /// What the result must meet.
    public var expectations: [Expectation]
    /// Expectations known not to be met today (`known_failures`: a verdict scenario's targets a
    /// change breaks, or a rare seed's): `run`, `sweep` and `check` expect them to fail and say
    /// so when one starts to hold.
    public var knownFailures: [KnownFailure] = []
    /// The file it came from.
    public var file: String
    /// The files it extends (`extends:`), nearest first.
    public var bases: [String] = []
}

extension Scenario {
    /// Whether a verdict is a known failure (``KnownFailure``): the expectation is listed for this
    /// seed, and it failed, or it must fail here: on the scenario's own seed, or on a seed the entry
    /// names. An entry for every seed that holds on another seed of a sweep is a plain pass.
    ///
    /// - Parameters:
    ///   - expectation: The expectation as written.
    ///   - seed: The run's seed.
    ///   - failed: Whether it failed.
    public func isKnownFailure(_ expectation: String, seed: UInt64, failed: Bool) -> Bool {
        knownFailures.contains { entry in
            entry.covers(expectation, seed: seed) && (failed || entry.seeds != nil || seed == self.seed)
        }
    }
}

/// One `known_failures` entry: an expectation the scenario misses today, on every seed or on the
/// seeds listed.
public struct KnownFailure: Sendable, Equatable {
    /// The expectation, written as in `expect`.
    public var expectation: String
    /// The seeds it fails on; nil for every seed.
    public var seeds: Set<UInt64>?
    /// Why, when the file says.
    public var reason: String?

    /// Creates an entry.
    public init(expectation: String, seeds: Set<UInt64>? = nil, reason: String? = nil) {
        (self.expectation, self.seeds, self.reason) = (expectation, seeds, reason)
    }

    /// Whether it covers the expectation on a run with this seed.
    public func covers(_ expectation: String, seed: UInt64) -> Bool {
        self.expectation == expectation && (seeds?.contains(seed) ?? true)
    }
}
