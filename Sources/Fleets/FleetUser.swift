import AppHosting
import Runs
import Scenarios
import TrackerCore
import WorkbenchFoundation

/// One user of a fleet: the habits drawn for them (from the fleet's seed and their index alone,
/// so a user is the same in any fleet size, order or job count) and the scenario they run.
public struct FleetUser: Sendable, Equatable, Codable {
    /// The user's index, from 0.
    public var index: Int
    /// The run's seed.
    public var seed: UInt64
    /// Sessions a day.
    public var sessionsPerDay: Double
    /// Mean session length, ms.
    public var sessionMilliseconds: Int64
    /// Coins on the watchlist.
    public var watchlist: Int
    /// Portfolio-tab visits a session.
    public var portfolioVisits: Double
    /// Searches a session.
    public var searches: Double
    /// Whether the widget is on the home screen.
    public var widget: Bool
    /// The widget's size.
    public var widgetFamily = WidgetFamily.medium
    /// Whether the user holds the scenario's portfolio.
    public var portfolio: Bool
    /// The app build (a policy preset).
    public var build: String
    /// The user's time zone, hours from UTC, when the fleet has a daily rhythm.
    public var utcOffsetHours: Double?

    /// The user drawn for an index.
    public init(index: Int, of fleet: FleetDefinition, coins: Int) {
        var random = SplitMix64(seed: fleet.seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        let habits = fleet.habits
        self.index = index
        sessionsPerDay = habits.sessionsPerDay.sample(&random)
        sessionMilliseconds = max(1_000, Int64(habits.sessionLength.sample(&random).rounded()))
        watchlist = min(coins, max(0, Int(habits.watchlist.sample(&random).rounded())))
        portfolioVisits = habits.portfolioVisits.sample(&random)
        searches = habits.searches.sample(&random)
        widget = random.nextUnitInterval() < habits.widgetShare
        portfolio = random.nextUnitInterval() < habits.portfolioShare
        build =
            Self.pick(habits.builds.map { ($0.preset, $0.share) }, at: random.nextUnitInterval()) ?? "bitpal"
        seed = random.next() >> 1
        // Drawn after the seed, so a fleet without time zones keeps its users.
        if !habits.timeZones.isEmpty {
            utcOffsetHours = Self.pick(
                habits.timeZones.map { ($0.hours, $0.share) }, at: random.nextUnitInterval())
        }
        // Drawn last, so a fleet without widget sizes keeps its users.
        if widget, !habits.widgetFamilies.isEmpty {
            widgetFamily =
                Self.pick(habits.widgetFamilies.map { ($0.family, $0.share) }, at: random.nextUnitInterval())
                ?? .medium
        }
    }

    /// The choice whose cumulative share first passes `draw` (0..<1); the last one when rounding
    /// leaves the shares a hair short of 1.
    static func pick<Choice>(_ choices: [(Choice, Double)], at draw: Double) -> Choice? {
        var cumulative = 0.0
        for (choice, share) in choices {
            cumulative += share
            if draw < cumulative { return choice }
        }
        return choices.last?.0
    }

    /// The scenario this user runs: the fleet's scenario for the fleet's days, on the fleet's one
    /// market (drawn from `marketSeed`, the fleet's seed, unless the scenario sets `market.seed`), with the user's
    /// sessions, watchlist (the market's first coins), widget, portfolio (the scenario's
    /// `portfolio:` trades, or none) and build (its preset replaces the scenario's policies); the
    /// rest of the scenario's
    /// script, if any, is not run (a fleet user's day is their habits).
    ///
    /// - Parameters:
    ///   - base: The fleet's scenario.
    ///   - days: The fleet's days.
    ///   - marketSeed: The fleet's seed.
    ///   - waking: When users wake (local ms after midnight) and how long they are awake, for a
    ///     user with a time zone.
    public func scenario(
        from base: Scenario, days: Int, marketSeed: UInt64,
        waking: (wake: Int64, awake: Int64) = (7 * 3_600_000, 16 * 3_600_000)
    ) -> Scenario {
        var scenario = base
        scenario.marketSeed = base.marketSeed ?? marketSeed
        scenario.durationMilliseconds = Int64(days) * 86_400_000
        scenario.script =
            portfolio ? base.script.filter { if case .trade = $0.action { true } else { false } } : []
        scenario.watchlist = Array(base.market.coinIds.prefix(watchlist))
        var habits = base.sessions?.habits ?? .default
        habits.portfolioVisitsPerSession = portfolioVisits
        habits.searchesPerSession = searches
        scenario.sessions = StochasticUser(
            sessionsPerDay: sessionsPerDay, meanSessionMilliseconds: sessionMilliseconds,
            coinsPerSession: base.sessions?.coinsPerSession ?? 1, habits: habits)
        if let hours = utcOffsetHours {
            scenario.sessions?.waking = StochasticUser.WakingHours(
                utcOffsetMilliseconds: Int64(hours * 3_600_000), wakeMilliseconds: waking.wake,
                awakeMilliseconds: waking.awake)
        }
        scenario.hasWidget = widget
        scenario.widgetFamily = widgetFamily
        if let policies = PolicyPresets.named(build) { scenario.policies = policies }
        return scenario
    }
}
