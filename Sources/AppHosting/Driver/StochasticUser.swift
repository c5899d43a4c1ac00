import Foundation
import TrackerCore
import WorkbenchFoundation

/// Seeded user sessions: the app opened a few times a day; inside each session coins opened,
/// ranges and chart types switched in quick bursts, pull-to-refresh, and sometimes the app sent
/// to the background while a load is still running.
public struct StochasticUser: Sendable, Equatable {
    /// What a user does inside a session, on average.
    public struct Habits: Sendable, Equatable {
        /// Range switches after each coin opened, on average; each comes
        /// 0.3-1.5 s after the previous one, as a user tapping through ranges.
        public var rangeSwitchesPerCoin: Double
        /// The chance that a user switches the chart type after the range switches.
        public var typeSwitchProbability: Double
        /// Pull-to-refresh gestures on the watchlist per session, on average.
        public var pullToRefreshPerSession: Double
        /// The chance that a session ends 0.2-0.8 s after its last coin opened, mid-load.
        public var backgroundMidLoadProbability: Double
        /// Visits to the Portfolio tab per session, on average; each lasts a quarter of the session
        /// at most, and the user goes back to the watchlist.
        public var portfolioVisitsPerSession: Double = 0
        /// Searches per session that add a coin of the market to the watchlist, on average (a
        /// coin already on it is refused, as the app refuses it).
        public var searchesPerSession: Double = 0
        /// Trades per session through the Portfolio tab's picker, on average: a buy of about
        /// 100 USD of a watchlist coin at its price then (the user reads it off the screen).
        public var tradesPerSession: Double = 0
        /// Pages opened per Portfolio-tab visit, on average: a holding's transactions or a coin's
        /// closed positions, pushed on the tab's stack (its loop stops) and left before the visit
        /// ends.
        public var portfolioPagesPerVisit: Double = 0
        /// The share of sessions begun by tapping the home-screen widget, when it is installed
        /// (`user.widget: true`): the app opens on the Portfolio tab (`bitpal://portfolio`).
        public var fromWidgetShare: Double = 0

        /// Creates habits.
        ///
        /// - Parameters:
        ///   - rangeSwitchesPerCoin: Range switches per opened coin.
        ///   - typeSwitchProbability: Chance of a chart-type switch per opened coin.
        ///   - pullToRefreshPerSession: Pull-to-refresh gestures per session.
        ///   - backgroundMidLoadProbability: Chance a session ends mid-load.
        ///   - portfolioVisitsPerSession: Portfolio-tab visits per session.
        ///   - searchesPerSession: Add-coin searches per session.
        ///   - tradesPerSession: Buys through the picker per session.
        ///   - portfolioPagesPerVisit: Portfolio-tab pages per visit.
        ///   - fromWidgetShare: The share of sessions begun from the widget, when installed.
        public init(
            rangeSwitchesPerCoin: Double, typeSwitchProbability: Double, pullToRefreshPerSession: Double,
            backgroundMidLoadProbability: Double, portfolioVisitsPerSession: Double = 0,
            searchesPerSession: Double = 0, tradesPerSession: Double = 0, portfolioPagesPerVisit: Double = 0,
            fromWidgetShare: Double = 0
        ) {
            self.portfolioPagesPerVisit = portfolioPagesPerVisit
            self.fromWidgetShare = fromWidgetShare
            self.rangeSwitchesPerCoin = rangeSwitchesPerCoin
            self.typeSwitchProbability = typeSwitchProbability
            self.pullToRefreshPerSession = pullToRefreshPerSession
            self.backgroundMidLoadProbability = backgroundMidLoadProbability
            self.portfolioVisitsPerSession = portfolioVisitsPerSession
            self.searchesPerSession = searchesPerSession
            self.tradesPerSession = tradesPerSession
        }

        /// The documented defaults: one range switch per coin, a type switch one time in five,
        /// a pull-to-refresh every other session, one session in ten ending mid-load, a
        /// Portfolio-tab visit one session in five, a search one session in ten; no trades (a trade
        /// changes the portfolio a scenario measures, so sessions trade only when asked); no
        /// Portfolio-tab pages (a scenario asks for them: `portfolio_pages`); with the widget
        /// installed, one session in five begun from it. That share is an assumption, not a
        /// measurement (no published tap-through rate of home-screen widgets was found):
        /// `docs/scenarios.md` says how to vary it.
        public static let `default`: Habits = {
            var habits = Habits(
                rangeSwitchesPerCoin: 1, typeSwitchProbability: 0.2, pullToRefreshPerSession: 0.5,
                backgroundMidLoadProbability: 0.1, portfolioVisitsPerSession: 0.2, searchesPerSession: 0.1,
                tradesPerSession: 0)
            habits.fromWidgetShare = 0.2
            return habits
        }()

        /// Only coin opens: no switches, no pulls, no mid-load ends.
        public static let opensOnly = Habits(
            rangeSwitchesPerCoin: 0, typeSwitchProbability: 0, pullToRefreshPerSession: 0,
            backgroundMidLoadProbability: 0)
    }

    /// Sessions per day, on average.
    public var sessionsPerDay: Double
    /// Mean session length, ms.
    public var meanSessionMilliseconds: Int64
    /// Coins opened per session, on average.
    public var coinsPerSession: Double
    /// What the user does in a session.
    public var habits: Habits
    /// When the user is awake, if sessions follow a daily rhythm (nil: at any hour).
    public var waking: WakingHours?

    /// The hours a user is awake in their time zone: sessions begin only then, at the same
    /// average rate (``StochasticUser/sessionsPerDay`` a day, all in the waking hours).
    public struct WakingHours: Sendable, Equatable {
        /// The user's time zone: local time is UTC plus this, ms.
        public var utcOffsetMilliseconds: Int64
        /// When the user wakes, local ms after midnight.
        public var wakeMilliseconds: Int64
        /// How long the user is awake, ms (at most a day).
        public var awakeMilliseconds: Int64

        /// Waking hours.
        ///
        /// - Parameters:
        ///   - utcOffsetMilliseconds: The time zone's offset from UTC, ms.
        ///   - wakeMilliseconds: When the user wakes, local ms after midnight.
        ///   - awakeMilliseconds: How long they are awake, ms (1 ms to a day).
        public init(utcOffsetMilliseconds: Int64, wakeMilliseconds: Int64, awakeMilliseconds: Int64) {
            self.utcOffsetMilliseconds = utcOffsetMilliseconds
            self.wakeMilliseconds = wakeMilliseconds
            self.awakeMilliseconds = min(max(awakeMilliseconds, 1), 86_400_000)
        }

        /// The time `gap` of waking time after `time`: the hours asleep are skipped.
        public func advance(_ time: Int64, byAwake gap: Int64) -> Int64 {
            let day: Int64 = 86_400_000
            func modulo(_ value: Int64) -> Int64 { ((value % day) + day) % day }
            var (time, left) = (time, gap)
            while true {
                let sinceWake = modulo(time + utcOffsetMilliseconds - wakeMilliseconds)
                if sinceWake >= awakeMilliseconds {
                    time += day - sinceWake
                    continue
                }
                let remaining = awakeMilliseconds - sinceWake
                if left < remaining { return time + left }
                (left, time) = (left - remaining, time + remaining)
            }
        }
    }

    /// Creates a behaviour.
    ///
    /// - Parameters:
    ///   - sessionsPerDay: Sessions per day.
    ///   - meanSessionMilliseconds: Mean session length.
    ///   - coinsPerSession: Coins opened per session.
    ///   - habits: What the user does in a session.
    public init(
        sessionsPerDay: Double, meanSessionMilliseconds: Int64, coinsPerSession: Double,
        habits: Habits = .default
    ) {
        self.sessionsPerDay = sessionsPerDay
        self.meanSessionMilliseconds = meanSessionMilliseconds
        self.coinsPerSession = coinsPerSession
        self.habits = habits
    }

    /// The actions of a period. Each session is a sequence of screens: foreground on whatever
    /// screen the app showed, back to the watchlist's root, pulls to refresh (on the screen on
    /// top then), coin visits spread over the session (each opens the coin, switches ranges and
    /// perhaps the type, and ends with a pop halfway to the next visit), perhaps a Portfolio-tab
    /// visit and an add-coin search, then background.
    ///
    /// - Parameters:
    ///   - start: Period start, epoch ms.
    ///   - end: Period end.
    ///   - coins: The coins the user may open.
    ///   - profile: The ranges on offer.
    ///   - generator: The user's seeded stream.
    ///   - price: A coin's price at a time, for trades (none without it).
    /// - Returns: Actions in time order (equal times in the order they happen).
    ///   - widget: Whether the widget is on the home screen (sessions may begin from it).
    public func actions(
        from start: Int64, to end: Int64, coins: [CoinListEntry], profile: ChartRangeProfile,
        generator: inout SplitMix64, price: @escaping (String, Int64) -> Double? = { _, _ in nil },
        widget: Bool = false
    ) -> [ScheduledAction] {
        var sessions = sessions(
            from: start, to: end, coins: coins, profile: profile, generator: generator, price: price,
            widget: widget)
        var actions: [ScheduledAction] = []
        while let session = sessions.next() { actions += session }
        generator = sessions.generator
        return actions
    }

    /// The same actions as ``actions(from:to:coins:profile:generator:price:)``, one session at a
    /// time: a run takes each session when it is due, so a year of sessions is never held at once.
    ///
    /// - Parameters:
    ///   - start: Period start, epoch ms.
    ///   - end: Period end.
    ///   - coins: The coins the user may open.
    ///   - profile: The ranges on offer.
    ///   - generator: The user's seeded stream.
    ///   - price: A coin's price at a time, for trades (none without it).
    ///   - widget: Whether the widget is on the home screen (sessions may begin from it).
    public func sessions(
        from start: Int64, to end: Int64, coins: [CoinListEntry], profile: ChartRangeProfile,
        generator: SplitMix64, price: @escaping (String, Int64) -> Double? = { _, _ in nil },
        widget: Bool = false
    ) -> Sessions {
        Sessions(
            user: self, time: start, end: end, coins: coins, profile: profile, generator: generator,
            price: price, fromWidgetShare: widget ? habits.fromWidgetShare : 0)
    }

    /// A user's sessions, drawn one at a time (``sessions(from:to:coins:profile:generator:price:)``).
    public struct Sessions {
        let user: StochasticUser
        var time: Int64
        let end: Int64
        let coins: [CoinListEntry]
        let profile: ChartRangeProfile
        /// The user's stream, as far as the sessions drawn so far took it.
        public private(set) var generator: SplitMix64
        let price: (String, Int64) -> Double?
        /// The share of sessions begun from the widget (0 without one: no draw is made).
        let fromWidgetShare: Double

        /// The next session's actions in time order (equal times in the order they happen), its
        /// `.background` last; nil after the last session.
        public mutating func next() -> [ScheduledAction]? {
            guard user.sessionsPerDay > 0, !coins.isEmpty else { return nil }
            let meanGap = Double(user.waking?.awakeMilliseconds ?? 86_400_000) / user.sessionsPerDay
            let gap = Int64(-PortableMath.log1p(-generator.nextUnitInterval()) * meanGap)
            time = user.waking?.advance(time, byAwake: gap) ?? time + gap
            guard time < end else { return nil }
            var length = max(
                10_000,
                Int64(
                    -PortableMath.log1p(-generator.nextUnitInterval()) * Double(user.meanSessionMilliseconds))
            )
            // From the widget the app opens on the Portfolio tab; from its icon the person goes
            // back to the watchlist's list.
            var session =
                fromWidgetShare > 0 && generator.nextUnitInterval() < fromWidgetShare
                ? [ScheduledAction(time: time, action: .openFromWidget)]
                : [
                    ScheduledAction(time: time, action: .foreground),
                    ScheduledAction(time: time, action: .closeCoin),
                    ScheduledAction(time: time, action: .selectTab(.watchlist)),
                ]
            let pulls = StochasticUser.count(mean: user.habits.pullToRefreshPerSession, generator: &generator)
            for _ in 0..<pulls {
                let at = time + Int64(generator.nextUnitInterval() * Double(length))
                session.append(ScheduledAction(time: at, action: .pullToRefresh))
            }
            let opens = Int(generator.nextUnitInterval() * 2 * user.coinsPerSession)
            var lastOpen = time
            for open in 0..<opens {
                lastOpen = time + length * Int64(open + 1) / Int64(opens + 2)
                let nextSlot = time + length * Int64(open + 2) / Int64(opens + 2)
                session += user.coinVisit(
                    at: lastOpen, closingAt: (lastOpen + nextSlot) / 2, coins: coins, profile: profile,
                    generator: &generator)
            }
            session += user.otherScreens(
                in: time..<(time + length), coins: coins, generator: &generator, price: price)
            if opens > 0, generator.nextUnitInterval() < user.habits.backgroundMidLoadProbability {
                length = lastOpen - time + 200 + Int64(generator.nextUnitInterval() * 600)
            }
            let ended = min(time + length, end - 1)
            var actions = session.enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element).filter { $0.time < ended }
            actions.append(ScheduledAction(time: ended, action: .background))
            time += length
            return actions
        }
    }

    /// One coin opened (on 1D, with the type last chosen), its range switches and perhaps a
    /// type switch, then a pop.
    private func coinVisit(
        at time: Int64, closingAt close: Int64, coins: [CoinListEntry], profile: ChartRangeProfile,
        generator: inout SplitMix64
    ) -> [ScheduledAction] {
        let coin = coins[Int(generator.next() % UInt64(coins.count))].id
        var type: ChartType = generator.next() % 4 == 0 ? .candle : .line
        let pick = { (type: ChartType, generator: inout SplitMix64) -> ChartTimeRange in
            let ranges = profile.availableRanges(for: type)
            return ranges[Int(generator.next() % UInt64(ranges.count))]
        }
        var visit = [ScheduledAction(time: time, action: .openCoin(id: coin))]
        var at = time + 2_000
        if type == .candle { visit.append(ScheduledAction(time: at, action: .switchChartType(.candle))) }
        visit.append(ScheduledAction(time: at, action: .switchRange(pick(type, &generator))))
        let switches = Self.count(mean: habits.rangeSwitchesPerCoin, generator: &generator)
        for _ in 0..<switches {
            at += 300 + Int64(generator.nextUnitInterval() * 1_200)
            visit.append(ScheduledAction(time: at, action: .switchRange(pick(type, &generator))))
        }
        if generator.nextUnitInterval() < habits.typeSwitchProbability {
            type = type == .line ? .candle : .line
            visit.append(ScheduledAction(time: at + 1_000, action: .switchChartType(type)))
        }
        visit.append(ScheduledAction(time: max(close, at + 2_000), action: .closeCoin))
        return visit
    }

    /// A session's Portfolio-tab visits (each at a random moment, lasting up to a quarter of the
    /// session, then back to the watchlist), add-coin searches (typing the coin's symbol) and
    /// buys through the picker (about 100 USD at the price of the moment, then back to the list).
    private func otherScreens(
        in session: Range<Int64>, coins: [CoinListEntry], generator: inout SplitMix64,
        price: (String, Int64) -> Double?
    ) -> [ScheduledAction] {
        var actions: [ScheduledAction] = []
        let length = Double(session.upperBound - session.lowerBound)
        for _ in 0..<Self.occurrences(mean: habits.portfolioVisitsPerSession, generator: &generator) {
            let at = session.lowerBound + Int64(generator.nextUnitInterval() * length)
            let stay = Int64(generator.nextUnitInterval() * length / 4)
            actions.append(ScheduledAction(time: at, action: .selectTab(.portfolio)))
            for _ in 0..<Self.occurrences(mean: habits.portfolioPagesPerVisit, generator: &generator) {
                let open = at + Int64(generator.nextUnitInterval() * Double(stay))
                let back = open + Int64(generator.nextUnitInterval() * Double(at + stay - open))
                let page = PortfolioPage.allCases[
                    Int(generator.next() % UInt64(PortfolioPage.allCases.count))]
                actions.append(ScheduledAction(time: open, action: .openPortfolioPage(page)))
                actions.append(ScheduledAction(time: back, action: .closePortfolioPage))
            }
            actions.append(ScheduledAction(time: at + stay, action: .selectTab(.watchlist)))
        }
        for _ in 0..<Self.occurrences(mean: habits.searchesPerSession, generator: &generator) {
            let at = session.lowerBound + Int64(generator.nextUnitInterval() * length)
            let coin = coins[Int(generator.next() % UInt64(coins.count))]
            actions.append(
                ScheduledAction(
                    time: at,
                    action: .search(text: HumanTyping.typing(coin.symbol, at: at), goal: .addCoin(coin))))
        }
        for _ in 0..<Self.occurrences(mean: habits.tradesPerSession, generator: &generator) {
            let at = session.lowerBound + Int64(generator.nextUnitInterval() * length)
            let coin = coins[Int(generator.next() % UInt64(coins.count))]
            guard let value = price(coin.id, at), value > 0, let unit = Decimal(shortestTextOf: value),
                let quantity = Decimal(shortestTextOf: (100 / value * 1e6).rounded() / 1e6), quantity > 0
            else { continue }
            let trade = PortfolioTransaction(
                coinId: coin.id, kind: .buy, quantity: quantity, price: unit, fee: 0, time: at)
            actions.append(
                ScheduledAction(
                    time: at,
                    action: .search(text: HumanTyping.typing(coin.symbol, at: at), goal: .trade(trade))))
            actions.append(ScheduledAction(time: at + 10_000, action: .selectTab(.watchlist)))
        }
        return actions
    }

    /// A count with exactly the given mean, also below 1/4 (where ``count(mean:generator:)`` gives
    /// 0): the whole part, plus one with the chance of the fraction; no draw for a mean of 0.
    private static func occurrences(mean: Double, generator: inout SplitMix64) -> Int {
        guard mean > 0 else { return 0 }
        let whole = mean.rounded(.down)
        return Int(whole) + (generator.nextUnitInterval() < mean - whole ? 1 : 0)
    }

    /// A count with the given mean: `floor(2 mean U + 1/2)` for uniform `U`.
    private static func count(mean: Double, generator: inout SplitMix64) -> Int {
        Int(generator.nextUnitInterval() * 2 * mean + 0.5)
    }
}
