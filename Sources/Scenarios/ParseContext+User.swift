import PriceModels
import Simulation
import TrackerCore

extension ParseContext {
    /// The user: scripted actions, seeded sessions, and whether the app is open at the start.
    func user(_ reader: NodeReader?, market: Scenario.MarketSpec) throws(ScenarioError)
        -> (script: [ScheduledAction], sessions: StochasticUser?, foreground: Bool)
    {
        guard let reader else { return ([], nil, true) }
        let section = try reader.mapping(allowing: ["foreground", "script", "sessions"])
        var script: [ScheduledAction] = []
        for item in try section.optional("script")?.sequence() ?? [] {
            script.append(try action(item, market: market))
        }
        var sessions: StochasticUser?
        if let sessionsReader = section.optional("sessions") {
            let fields = try sessionsReader.mapping(allowing: [
                "per_day", "length", "coins", "range_switches", "type_switches", "pull_to_refresh",
                "background_mid_load",
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
                        ?? defaults.backgroundMidLoadProbability))
        }
        return (script, sessions, try section.optional("foreground")?.bool() ?? true)
    }

    private func action(_ item: NodeReader, market: Scenario.MarketSpec) throws(ScenarioError)
        -> ScheduledAction
    {
        let section = try item.mapping(allowing: [
            "at", "open", "show", "chart", "range", "do", "add", "remove", "switch-range", "switch-chart",
        ])
        let time = try time(section.required("at"))
        let allVerbs = ["open", "show", "do", "add", "remove", "switch-range", "switch-chart"]
        let verbs = allVerbs.filter { section.has($0) }
        guard verbs.count == 1 else {
            throw item.error(
                "give exactly one of \(allVerbs.joined(separator: ", ")); found \(verbs.isEmpty ? "none" : verbs.joined(separator: ", "))"
            )
        }
        let action: UserAction
        switch verbs[0] {
        case "open", "show":
            let coin = try marketCoin(section.required(verbs[0]))
            let type =
                try section.optional("chart")?.choice(ChartType.allCases.map { ($0.rawValue, $0) })
                ?? ChartType.line
            let range =
                try section.optional("range")?.choice(ChartTimeRange.allCases.map { ($0.rawValue, $0) })
                ?? ChartTimeRange.oneDay
            action =
                verbs[0] == "open"
                ? .openCoin(id: coin, type: type, range: range)
                : .showChart(id: coin, type: type, range: range)
        case "do":
            action = try section.required("do").choice([
                ("background", UserAction.background), ("foreground", .foreground), ("offline", .offline),
                ("online", .online), ("pull-to-refresh", .pullToRefresh), ("refresh-coin", .refreshCoin),
                ("close-coin", .closeCoin),
            ])
        case "switch-range":
            action = .switchRange(
                try section.required("switch-range").choice(ChartTimeRange.allCases.map { ($0.rawValue, $0) })
            )
        case "switch-chart":
            action = .switchChartType(
                try section.required("switch-chart").choice(ChartType.allCases.map { ($0.rawValue, $0) }))
        case "add":
            let id = try section.required("add").string()
            var coin = CoinListEntry(id: id, symbol: id, name: id)
            if case .synthetic(let synthetic) = market,
                let known = synthetic.coins.first(where: { $0.id == id })
            {
                coin = CoinListEntry(id: known.id, symbol: known.symbol, name: known.name)
            }
            action = .addCoin(coin)
        default:
            action = .removeCoin(id: try section.required("remove").string())
        }
        return ScheduledAction(time: time, action: action)
    }
}
