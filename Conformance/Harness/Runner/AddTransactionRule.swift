import ConformanceCases
import Foundation

/// The `add-transaction` rule: a user with trades who saves new ones from the Portfolio tab (the
/// form's coin picker typed at a person's pace, buys and sales, some refused by the form), through
/// the app's `AddTransactionViewModel`, `CoinSearchViewModel` and `PortfolioViewModel` over one
/// `CoinGeckoService`, and through `TrackerApp` as the simulator runs it (``WorkbenchWatchlistScreen``'s
/// scenario, with the trades as `search: TEXT, trade: {...}`).
enum WorkbenchAddTransaction {
    typealias Step = ScreenCase.Step

    static func trade(_ at: Int64, _ text: String, _ trade: ScreenCase.Trade, gaps: [Int64]? = nil) -> Step {
        .init(at: at, action: .search, option: text, gaps: gaps, trade: trade)
    }

    /// Edge scripts: a buy of a coin not held; a sale of all, of part and of more than the tab
    /// lists; a sale before the tab has listed anything (at launch); a price of 0; two trades;
    /// errors, slow replies and the keyless plan.
    static func edges() -> [ScreenCase] {
        let two = ["bitcoin", "ethereum"]
        let held = [WorkbenchPortfolioTab.buy("solana", "2", "30")]
        let buySolana = ScreenCase.Trade(coin: "solana", side: "buy", quantity: "1", price: "40")
        func sell(_ quantity: String, _ price: String = "50") -> ScreenCase.Trade {
            .init(coin: "solana", side: "sell", quantity: quantity, price: price)
        }
        return [
            ScreenCase(
                watchlist: two,
                steps: [trade(10_000, "car", .init(coin: "cardano", side: "buy", quantity: "5", price: "1"))],
                duration: 90_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(10_000, "sol", sell("2"))], duration: 90_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(10_000, "sol", sell("0.5"))], duration: 90_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(10_000, "sol", sell("3"))], duration: 90_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(100, "sol", sell("1"))], duration: 90_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(10_000, "sol", sell("1", "0"))],
                duration: 90_000),
            ScreenCase(
                watchlist: two, portfolio: held,
                steps: [trade(10_000, "sol", buySolana), trade(40_000, "s2", sell("3"))], duration: 120_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(10_000, "sol", sell("1"))], duration: 90_000,
                serverErrorRate: 0.5),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(10_000, "sol", sell("1"))], duration: 90_000,
                latency: 12_000),
            ScreenCase(
                watchlist: two, portfolio: held, steps: [trade(2_000, "s", buySolana, gaps: [])],
                duration: 60_000,
                plan: "keyless"),
        ]
    }

    /// A random user: the portfolio rule's trades stored and tab visits, with 1-3 trades saved
    /// through the form (buys, and sales of up to twice what is held), each typed at a person's
    /// pace after the sheet before it has closed.
    static func randomCase(random: inout SplitMix) -> ScreenCase {
        var screen = WorkbenchPortfolioTab.randomCase(random: &random)
        let coins = WorkbenchWatchlistScreen.coins
        var time: Int64 = 0
        var steps: [Step] = []
        for _ in 0..<(1 + random.below(3)) {
            time += Int64(random.below(30_000))
            if random.oneIn(3) {
                steps.append(.init(at: time, action: random.oneIn(2) ? .showPortfolio : .showWatchlist))
                time += Int64(random.below(5_000))
            }
            let index = random.below(coins.count)
            let coin = coins[index]
            let text = random.oneIn(3) ? "s\(index)" : String(coin.prefix(1 + random.below(coin.count)))
            let gaps = (1..<max(text.count, 1)).map { _ in WorkbenchSearchSheet.gap(random: &random) }
            let side = random.oneIn(2) ? "sell" : "buy"
            let quantity = ["0.1", "0.25", "1", "2", "5"][random.below(5)]
            let price = random.oneIn(10) ? "0" : String(1 + random.below(500))
            steps.append(
                trade(time, text, .init(coin: coin, side: side, quantity: quantity, price: price), gaps: gaps)
            )
            time += gaps.reduce(0, +) + 15_000
        }
        screen.steps = steps
        screen.duration = time + Int64(random.below(60_000))
        return screen
    }

    /// The rule.
    static func rule(app: @escaping (ScreenCase, any ScreenNetwork) async -> ScreenOutput, randomCount: Int)
        -> RuleCheck<ScreenCase, ScreenOutput>
    {
        WorkbenchWatchlistScreen.screenRule(
            "add-transaction", edges: edges(), random: randomCase, count: randomCount, app: app)
    }
}
