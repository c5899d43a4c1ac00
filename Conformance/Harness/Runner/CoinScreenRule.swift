import ConformanceCases
import Foundation

/// The `coin-screen` rule: the watchlist rule's screens with the app's `CoinDetailViewModel`
/// behind a `CoinDetailView` driver (``CoinScreenApp``), against `TrackerApp` as the simulator
/// runs it (``WorkbenchWatchlistScreen``'s scenario).
enum WorkbenchCoinScreen {
    /// Coin-screen edges: open and wait; pop during the detail, during the chart, at once;
    /// switch ranges quickly; switch the type and back; pull down; a coin opened twice within the
    /// chart cache's life.
    static func edges() -> [ScreenCase] {
        let two = ["bitcoin", "ethereum"]
        func open(_ at: Int64, _ coin: String = "bitcoin") -> ScreenCase.Step {
            .init(at: at, action: .openCoin, coin: coin)
        }
        func close(_ at: Int64) -> ScreenCase.Step { .init(at: at, action: .closeCoin) }
        func range(_ at: Int64, _ option: String) -> ScreenCase.Step {
            .init(at: at, action: .switchRange, option: option)
        }
        func type(_ at: Int64, _ option: String) -> ScreenCase.Step {
            .init(at: at, action: .switchChart, option: option)
        }
        return [
            ScreenCase(watchlist: two, steps: [open(5_000)], duration: 60_000),
            ScreenCase(watchlist: two, steps: [open(5_000), close(5_050)], duration: 60_000),
            ScreenCase(watchlist: two, steps: [open(5_000), close(6_300)], duration: 60_000),
            ScreenCase(
                watchlist: two, steps: [open(5_000), range(5_100, "1W"), range(5_200, "1M")], duration: 60_000
            ),
            ScreenCase(
                watchlist: two, steps: [open(5_000), type(8_000, "candle"), type(9_000, "line")],
                duration: 60_000),
            ScreenCase(
                watchlist: two, steps: [open(5_000), .init(at: 9_000, action: .refreshCoin)], duration: 60_000
            ),
            ScreenCase(watchlist: two, steps: [open(5_000), close(15_000), open(20_000)], duration: 90_000),
            ScreenCase(
                watchlist: two, steps: [open(1_000), close(2_000), open(3_000, "ethereum"), close(4_000)],
                duration: 60_000, latency: 900),
        ]
    }

    /// A random coin-screen script a user could do: the list's gestures or a tap on a row; on a
    /// coin screen its range and type, a pull, a pop.
    static func randomCase(random: inout SplitMix) -> ScreenCase {
        var screen = WorkbenchWatchlistScreen.randomCase(random: &random)
        var time: Int64 = 0
        var steps: [ScreenCase.Step] = []
        var open = false
        var type = "line"
        for _ in 0..<random.below(10) {
            time += Int64(random.oneIn(3) ? random.below(1_500) : random.below(20_000))
            if open {
                switch random.below(5) {
                case 0:
                    let ranges = type == "line" ? ["1H", "1D", "1W", "1M", "1Y"] : ["1D", "1W", "6M"]
                    steps.append(
                        .init(at: time, action: .switchRange, option: ranges[random.below(ranges.count)]))
                case 1:
                    type = type == "line" ? "candle" : "line"
                    steps.append(.init(at: time, action: .switchChart, option: type))
                case 2: steps.append(.init(at: time, action: .refreshCoin))
                default:
                    steps.append(.init(at: time, action: .closeCoin))
                    open = false
                }
            } else if random.oneIn(3) {
                steps.append(.init(at: time, action: .pullToRefresh))
            } else {
                steps.append(
                    .init(
                        at: time, action: .openCoin,
                        coin: screen.watchlist[random.below(screen.watchlist.count)]))
                open = true
            }
        }
        screen.steps = steps
        screen.duration = time + 20_000 + Int64(random.below(60_000))
        return screen
    }

    /// The coin-screen rule.
    static func rule(
        app: @escaping (ScreenCase, any ScreenNetwork) async -> ScreenOutput, randomCount: Int
    ) -> RuleCheck<ScreenCase, ScreenOutput> {
        WorkbenchWatchlistScreen.screenRule(
            "coin-screen", edges: edges(), random: randomCase, count: randomCount, app: app)
    }
}
