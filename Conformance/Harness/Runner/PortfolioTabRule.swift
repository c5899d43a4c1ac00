import ConformanceCases
import Foundation

/// The `portfolio-tab` rule: a user with trades stored, between the watchlist and the Portfolio
/// tab, through the app's `PortfolioViewModel` beside the watchlist's view model, one
/// `CoinGeckoService` (its 30 s market cache and limiter) under both, and through `TrackerApp` as
/// the simulator runs it (``WorkbenchWatchlistScreen``'s scenario, with the trades).
enum WorkbenchPortfolioTab {
    typealias Step = ScreenCase.Step

    static func buy(_ coin: String, _ quantity: String = "0.5", _ price: String = "100") -> ScreenCase.Trade {
        .init(coin: coin, side: "buy", quantity: quantity, price: price)
    }

    static func sell(_ coin: String, _ quantity: String = "0.5", _ price: String = "150") -> ScreenCase.Trade
    {
        .init(coin: coin, side: "sell", quantity: quantity, price: price)
    }

    static func tab(_ at: Int64, _ portfolio: Bool = true) -> Step {
        .init(at: at, action: portfolio ? .showPortfolio : .showWatchlist)
    }

    /// Edge scripts: the tab over coins the list has loaded (the market cache answers) and over
    /// a coin it has not; left mid-load (the leaked loop) and mid-sleep (the stopped loop's last
    /// load); pulled at once (the loading view cannot be pulled) and later; a page over a
    /// holding and over a closed position; no trades (the empty state); errors, slow replies and
    /// the keyless plan.
    static func edges() -> [ScreenCase] {
        let two = ["bitcoin", "ethereum"]
        let held = [buy("bitcoin"), buy("solana", "2", "30")]
        return [
            ScreenCase(watchlist: two, portfolio: [buy("bitcoin")], steps: [tab(5_000)], duration: 120_000),
            ScreenCase(watchlist: two, portfolio: held, steps: [tab(5_000)], duration: 120_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [tab(5_000), tab(5_500, false)], duration: 120_000,
                latency: 2_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [tab(5_000), tab(20_000, false)], duration: 120_000),
            ScreenCase(
                watchlist: two, portfolio: held,
                steps: [
                    tab(5_000), .init(at: 5_050, action: .pullToRefresh),
                    .init(at: 15_000, action: .pullToRefresh),
                ],
                duration: 90_000, latency: 400),
            ScreenCase(
                watchlist: two, portfolio: held,
                steps: [
                    tab(5_000), .init(at: 40_000, action: .openPage, option: "transactions"),
                    .init(at: 50_000, action: .closePage),
                ],
                duration: 120_000),
            ScreenCase(
                watchlist: two, portfolio: [buy("solana"), sell("solana"), buy("bitcoin")],
                steps: [
                    tab(5_000), .init(at: 8_000, action: .openPage, option: "closed-positions"),
                    tab(9_000, false), tab(12_000), .init(at: 70_000, action: .closePage),
                ],
                duration: 120_000),
            ScreenCase(
                watchlist: two, steps: [tab(5_000), .init(at: 6_000, action: .pullToRefresh)],
                duration: 60_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [tab(1_000)], duration: 120_000, serverErrorRate: 0.5),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [tab(1_000), tab(30_000, false), tab(31_000)],
                duration: 120_000, latency: 12_000),
            ScreenCase(
                watchlist: two, portfolio: held,
                steps: [tab(500)] + (1...10).map { .init(at: Int64($0) * 3_000, action: .pullToRefresh) },
                duration: 60_000, plan: "keyless"),
        ]
    }

    /// A random user: 1-3 coins listed, 0-3 coins traded (some sold out), 0-10 steps over a few
    /// minutes between the two tabs, pulls and pages; latency, errors and plan as the watchlist
    /// rule draws them.
    static func randomCase(random: inout SplitMix) -> ScreenCase {
        var screen = WorkbenchWatchlistScreen.randomCase(random: &random)
        let coins = WorkbenchWatchlistScreen.coins
        screen.watchlist = Array(screen.watchlist.prefix(1 + random.below(3)))
        screen.portfolio = []
        for _ in 0..<random.below(4) {
            let coin = coins[random.below(coins.count)]
            let quantity = ["0.25", "1", "3.5"][random.below(3)]
            screen.portfolio.append(buy(coin, quantity, String(50 + random.below(500))))
            if random.oneIn(3) {
                screen.portfolio.append(
                    sell(coin, random.oneIn(2) ? quantity : "0.1", String(50 + random.below(500))))
            }
        }
        var time: Int64 = 0
        var steps: [Step] = []
        var onPortfolio = false
        var pageOpen = false
        for _ in 0..<random.below(11) {
            time += Int64(random.oneIn(3) ? random.below(1_500) : random.below(40_000))
            if !onPortfolio {
                if random.oneIn(4) {
                    steps.append(.init(at: time, action: .pullToRefresh))
                } else {
                    steps.append(tab(time))
                    onPortfolio = true
                }
            } else if pageOpen {
                if random.oneIn(3) {
                    steps.append(tab(time, false))
                    onPortfolio = false
                } else {
                    steps.append(.init(at: time, action: .closePage))
                    pageOpen = false
                }
            } else {
                switch random.below(4) {
                case 0:
                    steps.append(tab(time, false))
                    onPortfolio = false
                case 1: steps.append(.init(at: time, action: .pullToRefresh))
                default:
                    let page = random.oneIn(2) ? "transactions" : "closed-positions"
                    steps.append(.init(at: time, action: .openPage, option: page))
                    pageOpen = true
                }
            }
        }
        screen.steps = steps
        screen.duration = time + 30_000 + Int64(random.below(90_000))
        return screen
    }

    /// The rule.
    static func rule(app: @escaping (ScreenCase, any ScreenNetwork) async -> ScreenOutput, randomCount: Int)
        -> RuleCheck<ScreenCase, ScreenOutput>
    {
        WorkbenchWatchlistScreen.screenRule(
            "portfolio-tab", edges: edges(), random: randomCase, count: randomCount, app: app)
    }
}
