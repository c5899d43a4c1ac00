import AppHosting
import ConformanceCases
import Foundation
import PriceModels
import Scenarios
import Simulation
import TrackerCore
import WorkbenchFoundation

/// The `watchlist-screen` rule: the same user on the watchlist screen, through the app's view
/// model, services and limiter (``AppSides/watchlistScreen``) and through `TrackerApp` as the
/// simulator runs it (`AppSimulation` on a scenario written from the case), against the same
/// simulated server: every request sent, at its millisecond, and every one given up before it
/// was sent.
enum WorkbenchWatchlistScreen {
    /// The coins a case may use (the scenario's synthetic market).
    static let coins = ["bitcoin", "ethereum", "solana", "dogecoin", "tether", "cardano"]

    /// The workbench checkout (the runner is built from it by path).
    nonisolated(unsafe) static var projectRoot = URL(
        fileURLWithPath: FileManager.default.currentDirectoryPath)

    /// The case as a scenario: its market, plan, server, watchlist and script, under `bitpal`.
    static func scenario(_ screen: ScreenCase) -> String {
        let market = coins.enumerated().map { index, id in
            "    - {id: \(id), symbol: s\(index), name: Coin \(index), supply: 1000000, price: \(100 * (index + 1)), model: gbm}"
        }.joined(separator: "\n")
        let steps = screen.steps.map { step -> String in
            let verb: String
            switch step.action {
            case .showPortfolio: verb = "tab: portfolio"
            case .showWatchlist: verb = "tab: watchlist"
            case .pullToRefresh: verb = "do: pull-to-refresh"
            case .add: verb = "add: \(step.coin ?? "")"
            case .remove: verb = "remove: \(step.coin ?? "")"
            case .openCoin: verb = "open: \(step.coin ?? "")"
            case .switchRange: verb = "switch-range: \(step.option ?? "")"
            case .switchChart: verb = "switch-chart: \(step.option ?? "")"
            case .refreshCoin: verb = "do: refresh-coin"
            case .closeCoin: verb = "do: close-coin"
            case .openPage: verb = "page: \(step.option ?? "")"
            case .closePage: verb = "do: close-page"
            case .search:
                let gaps = step.gaps.map { ", gaps: [\($0.map { "\($0)ms" }.joined(separator: ", "))]" } ?? ""
                if let trade = step.trade {
                    verb =
                        "search: \"\(step.option ?? "")\", trade: {coin: \(trade.coin), side: \(trade.side), quantity: \"\(trade.quantity)\", price: \"\(trade.price)\"}\(gaps)"
                } else {
                    verb = "search: \"\(step.option ?? "")\", add: \(step.coin ?? "")\(gaps)"
                }
            case .keystroke, .widgetTimeline: verb = "do: keystroke"  // the driver's own; never in a case
            }
            return "    - {at: \(step.at)ms, \(verb)}"
        }.joined(separator: "\n")
        let trades = screen.portfolio.map { trade in
            "  - {at: 0m, coin: \(trade.coin), side: \(trade.side), quantity: \"\(trade.quantity)\", price: \"\(trade.price)\"}"
        }
        return """
            name: watchlist-screen
            seed: \(screen.seed)
            start: 2024-01-01T00:00:00Z
            duration: \(screen.duration)ms
            market:
              source: synthetic
              step: 5m
              history: 1d
              coins:
            \(market)
            plan: \(screen.plan)
            policies:
              preset: \(screen.widget ? "bitpal-008" : "bitpal")
            server:
              latency_median: \(screen.latency)ms
              latency_sigma: \(screen.latencySigma)
            faults:
              server_error_rate: \(screen.serverErrorRate)
              schema_drift_rate: \(screen.driftRate)
              storms: \(screen.storm.map { "[{from: \($0[0])ms, for: \($0[1])ms}]" } ?? "[]")
            watchlist: [\(screen.watchlist.joined(separator: ", "))]
            portfolio:\(trades.isEmpty ? " []" : "\n" + trades.joined(separator: "\n"))
            user:\(screen.widget ? "\n  widget: true" : "")
              script:
            \(steps.isEmpty ? "    []" : steps)

            """
    }

    /// The run config of a case.
    static func config(_ screen: ScreenCase) -> RunConfig {
        do {
            let parsed = try ScenarioParser.parse(
                scenario(screen), file: "watchlist-screen.yaml", projectRoot: projectRoot)
            return try parsed.runConfig(seed: nil, projectRoot: projectRoot)
        } catch {
            fatalError("watchlist-screen: the case's scenario does not parse: \(error)\n\(scenario(screen))")
        }
    }

    /// The workbench's side: the simulator's requests (the widget's apart), the app's widget
    /// reload requests, and, with the widget, what each of its timelines shows.
    static func tracker(_ screen: ScreenCase) -> ScreenOutput { run(screen).output }

    /// The simulator's run of a case: its output, and when WidgetKit asked the widget for a
    /// timeline (the `widget` rule gives the app's side these instants).
    static func run(_ screen: ScreenCase) -> (output: ScreenOutput, timelines: [Int64]) {
        let config = config(screen)
        var output = ScreenOutput(sent: [], cancelled: [])
        var timelines: [Int64] = []
        guard var simulation = try? AppSimulation(config: config) else { return (output, []) }
        _ = simulation.run(events: { event, time in
            let at = time - config.start
            switch event {
            case .requestSent(_, _, let screen, _, let target):
                let request = ScreenOutput.Request(at: at, target: target.removingPercentEncoding ?? target)
                if screen == .widget {
                    output.widgetSent.append(request)
                } else {
                    output.sent.append(request)
                }
            case .requestGivenUp(_, _, let target):
                output.cancelled.append(.init(at: at, target: target.removingPercentEncoding ?? target))
            case .screenShown(let kind, let items):
                ScreenOutput.add(
                    shown: shownLine(kind, items, start: config.start), at: at, to: &output.shown)
            case .widgetTimelinesReloaded: output.widgetReloads.append(at)
            case .widgetReloaded: timelines.append(at)
            case .widgetShown(.empty): output.widgetShown.append(.init(at: at, target: "empty"))
            case .widgetShown(.data(let shown)):
                output.widgetShown.append(
                    .init(
                        at: at, target: "\(shown.coins) coins, updated \(shown.lastUpdated - config.start) ms"
                    ))
            default: break
            }
        })
        return (output, timelines)
    }

    /// What the model's screen report shows, as the app's side writes it: the rows it has data
    /// for (a row never priced is not on the app's screen), or the coin screen's coin.
    static func shownLine(_ kind: AppScreenKind?, _ items: [ScreenItem], start: Int64) -> String {
        switch kind {
        case let list? where list == .watchlist || list == .portfolio:
            let rows = items.compactMap { item in item.dataTime.map { (coin: item.key, dataTime: $0 - start) }
            }
            return ScreenOutput.shownLine(screen: list.rawValue, rows: rows)
        case .coin?:
            // The chart's key is `COIN-TYPE`, its data time the last point's.
            let item = items.first
            let key = item?.key ?? ""
            let type = ChartType.allCases.first { key.hasSuffix("-\($0.rawValue)") } ?? .line
            let coin =
                key.hasSuffix("-\(type.rawValue)") ? String(key.dropLast(type.rawValue.count + 1)) : key
            return ScreenOutput.coinLine(
                coin: coin, type: type.rawValue, lastPoint: item?.dataTime.map { $0 - start })
        default: return "nothing"
        }
    }

    /// The network under the app's side: the device's cache and a server like the simulator's.
    final class Network: ScreenNetwork, @unchecked Sendable {
        var server: SimulatedServer
        var cache = ClientHTTPCache()
        /// The widget extension's own `URLCache` (its process's `URLSession.shared`).
        var extensionCache = ClientHTTPCache()
        var inFlight: [Int: (target: String, response: HTTPResponse, dataTime: Int64, fromExtension: Bool)] =
            [:]
        var next = 0
        let timeout: Int64

        init(_ config: RunConfig) {
            server = SimulatedServer(
                source: config.market, behaviour: config.server,
                seed: StreamSeed(root: config.seed, stream: "server"))
            timeout = config.app.policies.timeoutMilliseconds
        }

        func start(_ target: String, at now: Int64) -> ScreenTransfer {
            transfer(target, at: now, fromExtension: false)
        }

        func startInWidgetExtension(_ target: String, at now: Int64) -> ScreenTransfer {
            transfer(target, at: now, fromExtension: true)
        }

        private func transfer(_ target: String, at now: Int64, fromExtension: Bool) -> ScreenTransfer {
            let cached =
                fromExtension ? extensionCache.lookup(target, at: now) : cache.lookup(target, at: now)
            if let cached { return .cached(status: cached.response.status, body: cached.response.body) }
            let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
            let request = HTTPRequest(
                path: parts[0], query: HTTPRequest.queryItems(parsing: parts.count > 1 ? parts[1] : ""))
            let reply = server.handle(request, at: now)
            next += 1
            if let response = reply.response {
                inFlight[next] = (target, response, reply.dataTime ?? now, fromExtension)
            }
            return .sent(
                id: next, status: reply.response?.status, body: reply.response?.body ?? [],
                latency: reply.latencyMilliseconds)
        }

        func arrived(_ transfer: Int, at now: Int64) {
            guard let arrived = inFlight.removeValue(forKey: transfer) else { return }
            if arrived.fromExtension {
                _ = extensionCache.store(
                    arrived.response, for: arrived.target, dataTime: arrived.dataTime, at: now)
            } else {
                _ = cache.store(arrived.response, for: arrived.target, dataTime: arrived.dataTime, at: now)
            }
        }
    }

    /// Edge scripts: launch alone; a tab switch mid-load and mid-sleep; back within the cache's
    /// 30 s; pull-to-refresh in the loop's sleep and at once; a coin added and removed; errors;
    /// slow replies and the keyless plan's limit.
    static func edges() -> [ScreenCase] {
        let two = ["bitcoin", "ethereum"]
        return [
            ScreenCase(watchlist: two, steps: [], duration: 120_000),
            ScreenCase(watchlist: two, steps: [.init(at: 50, action: .showPortfolio)], duration: 60_000),
            ScreenCase(
                watchlist: two,
                steps: [
                    .init(at: 10_000, action: .showPortfolio), .init(at: 20_000, action: .showWatchlist),
                ],
                duration: 120_000),
            ScreenCase(
                watchlist: two,
                steps: [
                    .init(at: 40_000, action: .showPortfolio), .init(at: 40_500, action: .showWatchlist),
                ],
                duration: 120_000),
            ScreenCase(watchlist: two, steps: [.init(at: 15_000, action: .pullToRefresh)], duration: 90_000),
            ScreenCase(watchlist: two, steps: [.init(at: 100, action: .pullToRefresh)], duration: 60_000),
            ScreenCase(
                watchlist: two, steps: [.init(at: 5_000, action: .add, coin: "solana")], duration: 90_000),
            ScreenCase(
                watchlist: two, steps: [.init(at: 5_000, action: .remove, coin: "bitcoin")], duration: 90_000),
            ScreenCase(watchlist: two, steps: [], duration: 120_000, serverErrorRate: 0.5),
            ScreenCase(watchlist: two, steps: [], duration: 120_000, latency: 12_000),
            ScreenCase(
                watchlist: two, steps: (1...12).map { .init(at: Int64($0) * 2_000, action: .pullToRefresh) },
                duration: 60_000, plan: "keyless"),
            Self.faulty(
                ScreenCase(
                    watchlist: two, steps: [.init(at: 20_000, action: .pullToRefresh)], duration: 150_000),
                storm: [10_000, 45_000]),
            Self.faulty(ScreenCase(watchlist: two, steps: [], duration: 150_000), drift: 0.5),
        ]
    }

    /// A case with a 429 storm or schema drift.
    static func faulty(_ screen: ScreenCase, storm: [Int64]? = nil, drift: Double = 0) -> ScreenCase {
        var screen = screen
        (screen.storm, screen.driftRate) = (storm, drift)
        return screen
    }

    /// A random script a user could do: 0-8 steps over up to 3 minutes, 1-4 coins, latency 20 ms to 3 s with a
    /// spread, sometimes errors or the keyless plan.
    static func randomCase(random: inout SplitMix) -> ScreenCase {
        let start = random.below(coins.count)
        let watchlist = (0..<(1 + random.below(4))).map { coins[(start + $0) % coins.count] }
        var time: Int64 = 0
        var steps: [ScreenCase.Step] = []
        var visible = true
        for _ in 0..<random.below(9) {
            time += Int64(random.oneIn(3) ? random.below(1_500) : random.below(40_000))
            // Only what a user can do: the list's gestures and the search sheet are on the
            // Watchlist tab.
            let actions: [ScreenCase.Action] =
                visible ? [.showPortfolio, .pullToRefresh, .add, .remove] : [.showWatchlist]
            let action = actions[random.below(actions.count)]
            if action == .showPortfolio { visible = false }
            if action == .showWatchlist { visible = true }
            let coin = action == .add || action == .remove ? coins[random.below(coins.count)] : nil
            steps.append(.init(at: time, action: action, coin: coin))
        }
        var screen = ScreenCase(
            watchlist: watchlist, steps: steps, duration: time + 30_000 + Int64(random.below(90_000)),
            latency: Int64(20 + random.below(random.oneIn(4) ? 3_000 : 300)),
            latencySigma: random.oneIn(2) ? 0 : 0.5, plan: random.oneIn(4) ? "keyless" : "demo-30",
            serverErrorRate: random.oneIn(4) ? 0.3 : 0, seed: UInt64(1 + random.below(1_000)))
        // One case in six a 429 storm somewhere in its first two minutes, one in six drifted
        // answers (null prices, renamed members). Drawn last, so the other draws stay.
        if random.oneIn(6) {
            screen.storm = [Int64(random.below(120_000)), Int64(5_000 + random.below(60_000))]
        }
        if random.oneIn(6) { screen.driftRate = 0.3 }
        return screen
    }

    /// The rule.
    static func rule(app: @escaping (ScreenCase, any ScreenNetwork) async -> ScreenOutput, randomCount: Int)
        -> RuleCheck<ScreenCase, ScreenOutput>
    {
        screenRule("watchlist-screen", edges: edges(), random: randomCase, count: randomCount, app: app)
    }

    /// A behaviour rule over the screens: its edges, then `count` random scripts, each run by the
    /// app's side on a network like the simulator's and by the simulator.
    static func screenRule(
        _ name: String, edges: [ScreenCase], random: @escaping (inout SplitMix) -> ScreenCase, count: Int,
        app: @escaping (ScreenCase, any ScreenNetwork) async -> ScreenOutput
    ) -> RuleCheck<ScreenCase, ScreenOutput> {
        RuleCheck(
            name: name,
            cases: { generator in edges + (0..<count).map { _ in random(&generator) } },
            app: { screen in await app(screen, Network(config(screen))) },
            tracker: tracker, difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }
}
