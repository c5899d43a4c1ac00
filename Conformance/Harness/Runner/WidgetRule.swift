import ConformanceCases
import Foundation

/// The `widget` rule: the widget-refresh branch's extension (`122d91c`) beside the app's
/// Portfolio tab, through the branch's own code (``AppSides/widget``) and through `TrackerApp`
/// under `bitpal-008` as the simulator runs it. WidgetKit's schedule (its budget, when it honours
/// the app's reload requests) is iOS's, not the app's: the rule takes the simulator's instants and
/// asks the branch's `PortfolioTimelineProvider` for a timeline at each, so it compares what the
/// extension does when asked: the request it sends (its own session and cache, no limiter), the
/// fallback to the App Group's file, and what each timeline shows.
enum WorkbenchWidget {
    typealias Step = ScreenCase.Step

    /// A case with the widget on the home screen.
    static func widget(_ screen: ScreenCase) -> ScreenCase {
        var screen = screen
        screen.widget = true
        return screen
    }

    /// Edge scripts: trades and a visit to the tab (the files written, a reload asked); no
    /// trades (the empty state, nothing sent); the widget's fetch within the extension's cache
    /// age; errors (the fallback to the file); slow replies past the extension's 15 s; an hour.
    static func edges() -> [ScreenCase] {
        let tab = WorkbenchPortfolioTab.tab
        let buy = WorkbenchPortfolioTab.buy
        let held = [buy("bitcoin", "0.5", "100"), buy("solana", "2", "30")]
        return [
            ScreenCase(
                watchlist: ["bitcoin"], portfolio: held, steps: [tab(5_000, true)], duration: 1_200_000),
            ScreenCase(watchlist: ["bitcoin"], steps: [tab(5_000, true)], duration: 1_200_000),
            ScreenCase(
                watchlist: ["bitcoin"], portfolio: held,
                steps: [tab(5_000, true), tab(20_000, false), tab(40_000, true)], duration: 1_200_000),
            ScreenCase(
                watchlist: ["bitcoin"], portfolio: held, steps: [tab(5_000, true)], duration: 3_600_000,
                serverErrorRate: 0.5),
            ScreenCase(
                watchlist: ["bitcoin"], portfolio: held, steps: [tab(5_000, true)], duration: 1_200_000,
                latency: 16_000),
            ScreenCase(
                watchlist: ["bitcoin", "ethereum"],
                portfolio: held + [WorkbenchPortfolioTab.sell("solana", "2")],
                steps: [tab(5_000, true), tab(60_000, false)], duration: 3_600_000, plan: "keyless"),
        ].map(widget)
    }

    /// A random user of the Portfolio tab's rule, with the widget, for 5 to 35 minutes more (so
    /// that WidgetKit's 15-minute timelines come).
    static func randomCase(random: inout SplitMix) -> ScreenCase {
        var screen = widget(WorkbenchPortfolioTab.randomCase(random: &random))
        screen.duration += Int64(300_000 + random.below(1_800_000))
        return screen
    }

    /// The rule: the app's side runs at the simulator's timeline instants.
    static func rule(app: @escaping (ScreenCase, any ScreenNetwork) async -> ScreenOutput, randomCount: Int)
        -> RuleCheck<ScreenCase, ScreenOutput>
    {
        WorkbenchWatchlistScreen.screenRule(
            "widget", edges: edges(), random: randomCase, count: randomCount,
            app: { screen, network in
                var asked = screen
                asked.timelines = WorkbenchWatchlistScreen.run(screen).timelines
                return await app(asked, network)
            })
    }
}
