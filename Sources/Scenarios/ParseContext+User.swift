import AppHosting
import PriceModels
import TrackerCore
import WorkbenchFoundation

extension ParseContext {
    /// The user: scripted actions, seeded sessions, whether the app is open at the start, and
    /// the app's widget on the home screen, if it is there (its size).
    func user(_ reader: NodeReader?, market: Scenario.MarketSpec) throws(ScenarioError)
        -> (
            script: [ScheduledAction], sessions: StochasticUser?, foreground: Bool, widget: WidgetFamily?,
            termination: TerminationRule
        )
    {
        guard let reader else { return ([], nil, true, nil, TerminationRule()) }
        let section = try reader.mapping(allowing: [
            "foreground", "script", "sessions", "widget", "widget_family", "termination",
        ])
        var script: [ScheduledAction] = []
        var entries: [(item: NodeReader, actions: [ScheduledAction])] = []
        for item in try section.optional("script")?.sequence() ?? [] {
            let read = { () throws(ScenarioError) in try actions(item, market: market) }
            guard let itemActions = sink.attempt(read) else { continue }
            script += itemActions
            entries.append((item, itemActions))
        }
        let foreground = try section.optional("foreground")?.bool() ?? true
        let widget = try section.optional("widget")?.bool() ?? false
        let family = try section.optional("widget_family")?.choice(
            WidgetFamily.allCases.map { ($0.rawValue, $0) })
        if !widget, let family = section.optional("widget_family") {
            throw family.error("'widget_family' sizes the widget on the home screen: set user.widget: true")
        }
        // The widget's tap opens the app only where the widget is on the home screen.
        if !widget, let entry = entries.first(where: { $0.actions.contains { $0.action == .openFromWidget } })
        {
            throw entry.item.error(
                "'do: open-widget' needs the widget on the home screen: set user.widget: true")
        }
        var sessions: StochasticUser?
        if let sessionsReader = section.optional("sessions") {
            let fields = try sessionsReader.mapping(allowing: [
                "per_day", "length", "coins", "range_switches", "type_switches", "pull_to_refresh",
                "background_mid_load", "portfolio_visits", "searches", "trades", "portfolio_pages",
                "from_widget",
            ])
            let defaults = StochasticUser.Habits.default
            sessions = StochasticUser(
                sessionsPerDay: try fields.required("per_day").double(in: 0...1_440),
                meanSessionMilliseconds: try fields.required("length").duration(),
                coinsPerSession: try fields.optional("coins")?.double(in: 0...100) ?? 1,
                habits: StochasticUser.Habits(
                    rangeSwitchesPerCoin: try fields.optional("range_switches")?.double(in: 0...20)
                        ?? defaults.rangeSwitchesPerCoin,
                    typeSwitchProbability: try fields.optional("type_switches")?.double(in: 0...1)
                        ?? defaults.typeSwitchProbability,
                    pullToRefreshPerSession: try fields.optional("pull_to_refresh")?.double(in: 0...20)
                        ?? defaults.pullToRefreshPerSession,
                    backgroundMidLoadProbability: try fields.optional("background_mid_load")?.double(
                        in: 0...1)
                        ?? defaults.backgroundMidLoadProbability,
                    portfolioVisitsPerSession: try fields.optional("portfolio_visits")?.double(in: 0...20)
                        ?? defaults.portfolioVisitsPerSession,
                    searchesPerSession: try fields.optional("searches")?.double(in: 0...20)
                        ?? defaults.searchesPerSession,
                    tradesPerSession: try fields.optional("trades")?.double(in: 0...20)
                        ?? defaults.tradesPerSession))
            sessions?.habits.portfolioPagesPerVisit =
                try fields.optional("portfolio_pages")?.double(in: 0...20) ?? defaults.portfolioPagesPerVisit
            sessions?.habits.fromWidgetShare =
                try fields.optional("from_widget")?.double(in: 0...1) ?? defaults.fromWidgetShare
        }
        // Without seeded sessions the script alone says when the app is open.
        if (sessions?.sessionsPerDay ?? 0) == 0 {
            try refuseTapsInBackground(entries, foreground: foreground)
        }
        return (
            script, sessions, foreground, widget ? family ?? .medium : nil,
            try termination(section.optional("termination"))
        )
    }

    /// `termination: {after: DURATION, per_hour: RATE}`: when iOS ends the app in the background.
    private func termination(_ reader: NodeReader?) throws(ScenarioError) -> TerminationRule {
        guard let reader else { return TerminationRule() }
        let fields = try reader.mapping(allowing: ["after", "per_hour"])
        let rule = TerminationRule(
            afterMilliseconds: try fields.optional("after")?.duration(),
            perHour: try fields.optional("per_hour")?.double(in: 0...3_600) ?? 0)
        guard rule.endsApps else {
            throw reader.error("give 'after' (a duration), 'per_hour' (a rate above 0), or both")
        }
        return rule
    }

    /// Refuses a scripted tap while the app is in the background, where no person can make it
    /// (the app would ignore it, and the run would say nothing).
    private func refuseTapsInBackground(
        _ entries: [(item: NodeReader, actions: [ScheduledAction])], foreground: Bool
    ) throws(ScenarioError) {
        let ordered = entries.enumerated().flatMap { index, entry in
            entry.actions.map { (time: $0.time, index: index, item: entry.item, action: $0.action) }
        }
        .sorted { ($0.time, $0.index) < ($1.time, $1.index) }
        let offset = { (time: Int64) in DurationText.text(milliseconds: time - start) }
        var active = foreground
        var wentToBackground: Int64?
        for entry in ordered {
            switch entry.action {
            case .foreground, .openFromWidget: active = true
            case .background:
                active = false
                wentToBackground = entry.time
            case .terminated where active:
                throw entry.item.error(
                    "'do: terminate' at \(offset(entry.time)) cannot happen: iOS ends only an app in the background; "
                        + "add {at: ..., do: background} before it")
            default:
                guard entry.action.needsActiveApp, !active else { continue }
                let why =
                    wentToBackground.map { "it went there at \(offset($0))" } ?? "user.foreground is false"
                throw entry.item.error(
                    "'\(entry.action.verb)' at \(offset(entry.time)) cannot happen: the app is in the background "
                        + "then (\(why)); add {at: ..., do: foreground} before it")
            }
        }
    }

    /// One script entry; some verbs are several actions at the same time (an open with a chart
    /// type or range: the user taps them as the screen appears).
    private func actions(_ item: NodeReader, market: Scenario.MarketSpec) throws(ScenarioError)
        -> [ScheduledAction]
    {
        let section = try item.mapping(allowing: [
            "at", "open", "show", "chart", "range", "do", "add", "remove", "switch-range", "switch-chart",
            "tab",
            "search", "trade", "gaps", "page",
        ])
        let time = try time(section.required("at"))
        let allVerbs = [
            "open", "show", "do", "add", "remove", "switch-range", "switch-chart", "tab", "search", "page",
        ]
        // `add` is also the goal of a search (`{search: TEXT, add: COIN}`).
        let verbs = allVerbs.filter { section.has($0) && !($0 == "add" && section.has("search")) }
        guard verbs.count == 1 else {
            throw item.error(
                "give exactly one of \(allVerbs.joined(separator: ", ")); found \(verbs.isEmpty ? "none" : verbs.joined(separator: ", "))"
            )
        }
        if verbs[0] != "search", let gaps = section.optional("gaps") {
            throw gaps.error("'gaps' times a search's keystrokes: give it with 'search'")
        }
        let at = { (action: UserAction) in ScheduledAction(time: time, action: action) }
        switch verbs[0] {
        case "open":
            let coin = try marketCoin(section.required("open"))
            var opened = [at(.openCoin(id: coin))]
            if let type = try section.optional("chart")?.choice(ChartType.allCases.map { ($0.rawValue, $0) })
            {
                opened.append(at(.switchChartType(type)))
            }
            if let range = try section.optional("range")?.choice(
                ChartTimeRange.allCases.map { ($0.rawValue, $0) })
            {
                opened.append(at(.switchRange(range)))
            }
            return opened
        case "show":
            let coin = try marketCoin(section.required("show"))
            let type =
                try section.optional("chart")?.choice(ChartType.allCases.map { ($0.rawValue, $0) })
                ?? ChartType.line
            let range =
                try section.optional("range")?.choice(ChartTimeRange.allCases.map { ($0.rawValue, $0) })
                ?? ChartTimeRange.oneDay
            return [at(.showChart(id: coin, type: type, range: range))]
        case "do":
            return [
                at(
                    try section.required("do").choice([
                        ("background", UserAction.background), ("foreground", .foreground),
                        ("offline", .offline),
                        ("online", .online), ("pull-to-refresh", .pullToRefresh),
                        ("refresh-coin", .refreshCoin),
                        ("close-coin", .closeCoin), ("close-page", .closePortfolioPage),
                        ("open-widget", .openFromWidget), ("terminate", .terminated),
                    ]))
            ]
        case "page":
            return [
                at(
                    .openPortfolioPage(
                        try section.required("page").choice(PortfolioPage.allCases.map { ($0.rawValue, $0) }))
                )
            ]
        case "switch-range":
            return [
                at(
                    .switchRange(
                        try section.required("switch-range").choice(
                            ChartTimeRange.allCases.map { ($0.rawValue, $0) })))
            ]
        case "switch-chart":
            return [
                at(
                    .switchChartType(
                        try section.required("switch-chart").choice(
                            ChartType.allCases.map { ($0.rawValue, $0) })))
            ]
        case "tab":
            return [
                at(.selectTab(try section.required("tab").choice(AppTab.allCases.map { ($0.rawValue, $0) })))
            ]
        case "search":
            return [at(try search(section, market: market))]
        case "add":
            return [at(.addCoin(listEntry(try section.required("add").string(), market: market)))]
        default:
            return [at(.removeCoin(id: try section.required("remove").string()))]
        }
    }

    /// `{at, search: TEXT, add: COIN}` or `{at, search: TEXT, trade: {coin, side, quantity, price}}`,
    /// with `gaps: [DURATION, ...]` (one per keystroke after the first) to type at a person's pace.
    private func search(_ section: MappingReader, market: Scenario.MarketSpec) throws(ScenarioError)
        -> UserAction
    {
        let raw = try section.required("search").string()
        guard !raw.isEmpty, raw.count <= 100 else {
            throw try section.required("search").error(
                "type 1 to 100 characters (each is a keystroke 150 ms apart); found \(raw.count)")
        }
        var text = TypedText(raw)
        if let gaps = section.optional("gaps") {
            let items = try gaps.sequence()
            guard items.count == raw.count - 1 else {
                throw gaps.error(
                    "give one gap per keystroke after the first: \(raw.count - 1) for \(QuotedValue.text(raw)); found \(items.count)"
                )
            }
            var milliseconds: [Int64] = []
            for item in items {
                let gap = try item.duration(allowZero: true)
                guard gap <= 60_000 else { throw item.error("a gap between keystrokes is at most 60s") }
                milliseconds.append(gap)
            }
            text = TypedText(raw, gapsMilliseconds: milliseconds)
        }
        switch (section.optional("add"), section.optional("trade")) {
        case (let add?, nil):
            let coin = listEntry(try marketCoin(add), market: market)
            try checkFinds(raw, coin, section: section, at: add)
            return .search(text: text, goal: .addCoin(coin))
        case (nil, let trade?):
            let fields = try trade.mapping(allowing: ["coin", "side", "quantity", "price", "fee"])
            let transaction = try transaction(fields, item: trade, at: time(section.required("at")))
            try checkFinds(
                raw, listEntry(transaction.coinId, market: market), section: section,
                at: try fields.required("coin"))
            return .search(text: text, goal: .trade(transaction))
        default:
            throw try section.required("search").error(
                "a search gives exactly one of add: COIN or trade: {coin, side, quantity, price}")
        }
    }

    /// Refuses a search whose text cannot find its coin: the app keeps only coins whose name,
    /// symbol or id contains the query (`CoinSearchViewModel.filterResults`).
    private func checkFinds(
        _ text: String, _ coin: CoinListEntry, section: MappingReader, at place: NodeReader
    )
        throws(ScenarioError)
    {
        guard AppSearchRanking.rankedMatches(of: text, in: [coin]).isEmpty else { return }
        throw place.error(
            "searching \(QuotedValue.text(text)) cannot find '\(coin.id)' (\(coin.name), \(coin.symbol)): the app keeps "
                + "coins whose name, symbol or id contains the query; type part of one of them")
    }

    /// A coin's list entry: the market's name and symbol when it knows the coin.
    private func listEntry(_ id: String, market: Scenario.MarketSpec) -> CoinListEntry {
        if case .synthetic(let synthetic) = market, let known = synthetic.coins.first(where: { $0.id == id })
        {
            return CoinListEntry(id: known.id, symbol: known.symbol, name: known.name)
        }
        return CoinListEntry(id: id, symbol: id, name: id)
    }
}
