import Foundation
import Scenarios
import TestSupport
import Testing
import TrackerCore

/// The widget's size decides where its tap goes (issue 67, item 2): Pointwelve/Bitpal-iOS
/// `da53edf`, `MediumWidgetView` and `LargeWidgetView` wrap their content in a `Link` to
/// `bitpal://portfolio`; `SmallWidgetView` has no link (and `Link` works only in medium and large
/// widgets), so its tap opens the app where it was.
@Suite("A tap on the small widget opens the app without the Portfolio tab's link")
struct WidgetFamilyTests {
    static func scenario(family: String?) -> String {
        """
        seed: 1
        start: 2024-01-01T00:00:00Z
        duration: 200s
        market:
          source: synthetic
          step: 5m
          history: 1d
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 1000000, price: 100, model: gbm}
            - {id: ethereum, symbol: eth, name: Ethereum, supply: 1000000, price: 10, model: gbm}
        plan: demo-30
        server: {latency_median: 200ms, latency_sigma: 0}
        watchlist: [ethereum]
        portfolio:
          - {at: 0m, coin: bitcoin, side: buy, quantity: "1", price: "100"}
        user:
          widget: true
        \(family.map { "  widget_family: \($0)\n" } ?? "")  script:
            - {at: 60s, do: background}
            - {at: 150s, do: open-widget}

        """
    }

    /// When the Portfolio tab loaded its coin (bitcoin, which the watchlist does not list).
    static func portfolioLoads(_ family: String?) throws -> [Int64] {
        let (result, config) = try runScenario(scenario(family: family))
        return result.journal.filter { $0.target.contains("ids=bitcoin&") }.map { $0.time - config.start }
    }

    // At 150 s the process resumes: the list's loop, asleep since 30.2 s, fetches at once. With
    // the link the tab then loads bitcoin, waiting for the limiter (151.2 s), and its loop 30 s
    // after the answer (181.4 s); without it the app stays on the watchlist.
    @Test("small: the app resumes on the watchlist; medium (the default) and large: the Portfolio tab")
    func tapBySize() throws {
        #expect(try Self.portfolioLoads("small") == [])
        #expect(try Self.portfolioLoads(nil) == [151_200, 181_400])
        #expect(try Self.portfolioLoads("medium") == [151_200, 181_400])
        #expect(try Self.portfolioLoads("large") == [151_200, 181_400])
    }

    @Test("a widget size without the widget is a located error")
    func sizeNeedsWidget() {
        let text = Self.scenario(family: "small").replacingOccurrences(
            of: "widget: true", with: "widget: false"
        )
        .replacingOccurrences(of: "    - {at: 150s, do: open-widget}\n", with: "")
        #expect(throws: ScenarioError.self) { try runScenario(text) }
        do {
            _ = try runScenario(text)
        } catch {
            #expect("\(error)".contains("'widget_family' sizes the widget on the home screen"), "\(error)")
        }
    }
}

/// The fleet habit `widget_family`: the widget users' sizes, drawn after everything else a user
/// draws, so a fleet without it keeps its users.
@Suite("A fleet's widget sizes")
struct FleetWidgetFamilyTests {
    static func fleet(_ sizes: String) throws -> (FleetDefinition?, String) {
        let folder = try FleetFolder.withUserDay()
        defer { folder.remove() }
        let text = """
            name: f
            fleet:
              scenario: user-day.yaml
              users: 2
              habits:
                sessions_per_day: 4
                session_length: 5m
                widget: 1
                widget_family: \(sizes)

            """
        try text.write(toFile: folder.path("fleet.yaml"), atomically: true, encoding: .utf8)
        do {
            return (try FleetParser.load(path: folder.path("fleet.yaml")), "")
        } catch {
            return (nil, error.report)
        }
    }

    @Test("shares by size, in size order; they must add up to 1 and name a size")
    func shares() throws {
        let (fleet, _) = try Self.fleet("{large: 0.2, small: 0.8}")
        #expect(
            fleet?.habits.widgetFamilies == [
                .init(family: .small, share: 0.8), .init(family: .large, share: 0.2),
            ])
        #expect(
            try Self.fleet("{small: 0.5}").1.contains("the widget sizes' shares must add up to 1, found 0.5"))
        #expect(
            try Self.fleet("{tiny: 1}").1.contains(
                "expected a widget size, small, medium or large, found 'tiny'"))
    }
}
