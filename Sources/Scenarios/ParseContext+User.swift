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
            let fields = try sessionsReader.mapping(allowing: ["per_day", "length", "coins"])
            sessions = StochasticUser(
                sessionsPerDay: try fields.required("per_day").double(in: 0...1_440),
                meanSessionMilliseconds: try fields.required("length").duration(),
                coinsPerSession: try fields.optional("coins")?.double(in: 0...100) ?? 1)
        }
        return (script, sessions, try section.optional("foreground")?.bool() ?? true)
    }

    private func action(_ item: NodeReader, market: Scenario.MarketSpec) throws(ScenarioError)
        -> ScheduledAction
    {
        let section = try item.mapping(allowing: [
            "at", "open", "show", "chart", "range", "do", "add", "remove",
        ])
        let time = start + (try section.required("at").duration(allowZero: true))
        let verbs = ["open", "show", "do", "add", "remove"].filter { section.has($0) }
        guard verbs.count == 1 else {
            throw item.error(
                "give exactly one of open, show, do, add, remove; found \(verbs.isEmpty ? "none" : verbs.joined(separator: ", "))"
            )
        }
        let action: UserAction
        switch verbs[0] {
        case "open", "show":
            let coin = try section.required(verbs[0]).string()
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
                ("online", .online), ("pull-to-refresh", .pullToRefresh),
            ])
        case "add":
            let id = try section.required("add").string()
            var coin = CoinListEntry(id: id, symbol: id, name: id)
            if case .synthetic(let coins, _, _) = market, let known = coins.first(where: { $0.id == id }) {
                coin = CoinListEntry(id: known.id, symbol: known.symbol, name: known.name)
            }
            action = .addCoin(coin)
        default:
            action = .removeCoin(id: try section.required("remove").string())
        }
        return ScheduledAction(time: time, action: action)
    }
}
