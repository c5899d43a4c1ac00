import ConformanceCases
import Foundation

/// The `search-sheet` rule: a user searching from the watchlist, typing at a person's pace (gaps
/// of 80-600 ms with pauses, so the 300 ms debounce fires mid-word), then tapping the coin once
/// the whole text's results show, through the app's `CoinSearchViewModel` over the watchlist's
/// view model and one `CoinGeckoService` (its coin list, market cache and limiter), and through
/// `TrackerApp` as the simulator runs it (``WorkbenchWatchlistScreen``'s scenario, whose
/// synthetic coins are `bitcoin`... named `Coin 0`... with symbols `s0`...).
enum WorkbenchSearchSheet {
    typealias Step = ScreenCase.Step

    static func search(_ at: Int64, _ text: String, _ coin: String, gaps: [Int64]? = nil) -> Step {
        .init(at: at, action: .search, coin: coin, option: text, gaps: gaps)
    }

    /// Edge scripts: a search at launch (the list loads beside the watchlist's first load) and
    /// later; typed at once, slowly (every query fires), with one pause mid-word; a query
    /// matching every coin; a coin already listed; two searches (the coin list cached for the
    /// process); errors, slow replies and the keyless plan.
    static func edges() -> [ScreenCase] {
        let two = ["bitcoin", "ethereum"]
        return [
            ScreenCase(watchlist: two, steps: [search(100, "sol", "solana")], duration: 60_000),
            ScreenCase(watchlist: two, steps: [search(10_000, "sol", "solana")], duration: 60_000),
            ScreenCase(
                watchlist: two, steps: [search(10_000, "solana", "solana", gaps: [400, 400, 400, 400, 400])],
                duration: 60_000),
            ScreenCase(
                watchlist: two, steps: [search(10_000, "doge", "dogecoin", gaps: [120, 900, 140])],
                duration: 60_000),
            ScreenCase(watchlist: two, steps: [search(10_000, "coin", "cardano")], duration: 60_000),
            ScreenCase(watchlist: two, steps: [search(10_000, "bit", "bitcoin")], duration: 60_000),
            ScreenCase(
                watchlist: two, steps: [search(5_000, "sol", "solana"), search(40_000, "car", "cardano")],
                duration: 90_000),
            ScreenCase(
                watchlist: two, steps: [search(5_000, "s2", "solana")], duration: 60_000, serverErrorRate: 0.5
            ),
            ScreenCase(
                watchlist: two, steps: [search(5_000, "teth", "tether")], duration: 60_000, latency: 12_000),
            ScreenCase(
                watchlist: two,
                steps: [search(2_000, "s", "solana", gaps: []), search(20_000, "c", "cardano", gaps: [])],
                duration: 60_000, plan: "keyless"),
        ]
    }

    /// A person's gap before a keystroke, ms: 80-600, and one in eight a pause of 0.6-3 s.
    static func gap(random: inout SplitMix) -> Int64 {
        random.oneIn(8) ? Int64(600 + random.below(2_400)) : Int64(80 + random.below(521))
    }

    /// A random user: the watchlist rule's script, with 1-3 searches for a coin by part of its
    /// id, name or symbol, typed at a person's pace, each after the sheet before it has closed.
    static func randomCase(random: inout SplitMix) -> ScreenCase {
        var screen = WorkbenchWatchlistScreen.randomCase(random: &random)
        let coins = WorkbenchWatchlistScreen.coins
        var time: Int64 = 0
        var steps: [Step] = []
        for _ in 0..<(1 + random.below(3)) {
            time += Int64(random.below(20_000))
            if random.oneIn(3) {
                steps.append(.init(at: time, action: .pullToRefresh))
                time += Int64(random.below(5_000))
            }
            let index = random.below(coins.count)
            let coin = coins[index]
            let text: String
            switch random.below(4) {
            case 0: text = "s\(index)"
            case 1: text = "coin"
            default: text = String(coin.prefix(1 + random.below(coin.count)))
            }
            let gaps = (1..<max(text.count, 1)).map { _ in gap(random: &random) }
            steps.append(search(time, text, coin, gaps: gaps))
            // The sheet closes within the slowest reply after the last keystroke.
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
            "search-sheet", edges: edges(), random: randomCase, count: randomCount, app: app)
    }
}
