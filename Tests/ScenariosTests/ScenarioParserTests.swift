import AppHosting
import Foundation
import Scenarios
import Simulation
import TestSupport
import Testing
import TrackerCore

@Suite("Scenario files: parsing, located errors, overrides, resolution")
struct ScenarioParserTests {
    static let root = RepositoryFiles.root

    static func parse(_ text: String, overrides: [String] = []) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(text, file: "test.yaml", projectRoot: root, overrides: overrides)
    }

    @Test(
        "parameters that overflow a path together are refused when read, at the coin (validate agrees with run)"
    )
    func overflowingParametersRefused() {
        let text =
            "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1, params: {volatility: 1.0e300}}\n"
        do {
            _ = try Self.parse(text)
            Issue.record("a volatility of 1e300 was accepted")
        } catch {
            #expect(
                error.description.hasPrefix("test.yaml:4:7: market.coins[0]: the path of bitcoin"), "\(error)"
            )
        }
        #expect(throws: Never.self) {
            _ = try Self.parse(
                "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1, params: {volatility: 3}}\n")
        }
    }

    @Test("a huge value is quoted cut to 120 characters, with a count of the rest")
    func hugeValueQuoted() {
        let value = String(repeating: "x", count: 1_000)
        do {
            _ = try Self.parse("duration: \(value)\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n")
            Issue.record("a duration of 1,000 x's was accepted")
        } catch {
            #expect(
                error.message.contains("'\(String(repeating: "x", count: 120))...' (880 more characters)"))
            #expect(error.description.count < 400, "\(error.description.count) characters")
        }
    }

    @Test(
        "the fuzzer's nested complex keys are refused before Yams composes them (10.5 min in a debug build before)",
        arguments: [
            ("timeout-16b1a50f06cac89ea5b444c09283632377846ac1", "test.yaml:2:7: a mapping used as a key"),
            ("timeout-3e8f545f91b80a94473eedef312bd995a33c46de", "test.yaml:2:7: a mapping used as a key"),
        ])
    func nestedComplexKeys(input: String, expected: String) throws {
        let bytes = try Data(
            contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/fuzz/scenario/\(input)"))
        #expect(Self.error(String(decoding: bytes, as: UTF8.self)).hasPrefix(expected))
    }

    @Test("plain keys, lists and mappings as values, and 64 levels of nesting are accepted")
    func shapesAccepted() {
        let nested = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        #expect(!Self.error(Self.minimal + "\ndescription: {a: [1, {b: c}]}").contains("used as a key"))
        #expect(
            Self.error(Self.minimal + "\ndescription: \(nested)").contains(
                "description: expected a text value, found a list"))
    }

    // Issue 51, item 14: with the app in the background an `open:` used to do nothing, silently.
    @Test("a scripted tap while the app is in the background is refused where it is written")
    func tapInBackgroundRefused() {
        let market = "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n"
        #expect(
            Self.error(market + "user:\n  foreground: false\n  script:\n    - {at: 5m, open: bitcoin}\n")
                == "test.yaml:8:7: user.script[0]: 'open' at 5m cannot happen: the app is in the background then "
                + "(user.foreground is false); add {at: ..., do: foreground} before it")
        let script =
            "user:\n  script:\n    - {at: 3m, do: background}\n    - {at: 5m, do: pull-to-refresh}\n"
        #expect(Self.error(market + script).contains("'pull-to-refresh' at 5m cannot happen"))
        #expect(Self.error(market + script).contains("(it went there at 3m)"))
        // A foreground before it, a ledger entry, or the network going are fine.
        #expect(
            Self.error(
                market + "user:\n  foreground: false\n  script:\n    - {at: 1m, do: foreground}\n"
                    + "    - {at: 5m, open: bitcoin}\n    - {at: 6m, do: background}\n    - {at: 7m, do: offline}\n"
            )
                == "no error")
    }

    @Test("a Portfolio page and the widget's tap are script verbs; the tap needs the widget")
    func pageAndWidgetVerbs() throws {
        let market = "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n"
        let script =
            "  script:\n    - {at: 1m, page: closed-positions}\n    - {at: 2m, do: close-page}\n"
            + "    - {at: 3m, do: background}\n    - {at: 5m, do: open-widget}\n    - {at: 6m, tab: watchlist}\n"
        let scenario = try Self.parse(market + "user:\n  widget: true\n" + script)
        #expect(
            scenario.script.map(\.action) == [
                .openPortfolioPage(.closedPositions), .closePortfolioPage, .background, .openFromWidget,
                .selectTab(.watchlist),
            ])
        #expect(
            Self.error(market + "user:\n" + script)
                == "test.yaml:10:7: user.script[3]: 'do: open-widget' needs the widget on the home screen: "
                + "set user.widget: true")
    }

    @Test("user.termination: a horizon, a rate or both; never by default; terminate only in the background")
    func termination() throws {
        let market = "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n"
        #expect(try Self.parse(market).termination.description == "never")
        let rule = try Self.parse(market + "user:\n  termination: {after: 8h, per_hour: 0.1}\n").termination
        #expect(rule == TerminationRule(afterMilliseconds: 28_800_000, perHour: 0.1))
        #expect(rule.description == "after 8h or 0.1 an hour in the background")
        #expect(Self.error(market + "user:\n  termination: {}\n").contains("give 'after'"))
        #expect(
            Self.error(market + "user:\n  script:\n    - {at: 5m, do: terminate}\n").contains(
                "'do: terminate' at 5m cannot happen: iOS ends only an app in the background"))
        #expect(
            Self.error(
                market + "user:\n  script:\n    - {at: 4m, do: background}\n    - {at: 5m, do: terminate}\n")
                == "no error")
    }

    @Test(
        "market.listed: recorded by default, none, a number of generated coins, or a /coins/list file; reported"
    )
    func listed() throws {
        let market = "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n"
        for text in [market, market + "  listed: recorded\n"] {
            guard case .synthetic(let recorded) = try Self.parse(text).market,
                case .recorded(let path, let coins) = recorded.listed
            else {
                Issue.record("the recorded list, by default and by name")
                return
            }
            #expect(path == "datasets/coingecko/coins_list_20210515T1600Z.json" && coins.count == 7_248)
            // The market's own bitcoin answers as simulated, not as a listed coin.
            #expect(recorded.listedCoins.coins.count == 7_247)
            #expect(!recorded.listedCoins.coins.contains { $0.id == "bitcoin" })
        }
        guard case .synthetic(let none) = try Self.parse(market + "  listed: none\n").market,
            case .none = none.listed, none.listedCoins.coins.isEmpty
        else {
            Issue.record("listed: none")
            return
        }
        // A project folder without the recorded list lists none by default, and says why.
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let bare = try ScenarioParser.parse(market, file: "test.yaml", projectRoot: elsewhere.url)
        guard case .synthetic(let notInProject) = bare.market, case .notInProject = notInProject.listed else {
            Issue.record("no recorded list in the project folder")
            return
        }
        #expect(notInProject.listed.description.contains("the project folder has no datasets/coingecko/"))
        guard case .synthetic(let generated) = try Self.parse(market + "  listed: 500\n").market,
            case .generated(500) = generated.listed
        else {
            Issue.record("listed: 500")
            return
        }
        #expect(Self.error(market + "  listed: 0\n").contains("expected 1 to 100000 generated coins"))
        #expect(
            Self.error(market + "  listed: nowhere.json\n").contains(
                "no such file or directory 'nowhere.json'"))
        #expect(
            Self.error(
                market + "  listed: datasets/coingecko/market_chart_bitcoin_usd_days1_20210515T1442Z.json\n"
            )
            .contains("is not a recorded /coins/list response"))
    }

    static func error(_ text: String, overrides: [String] = []) -> String {
        do {
            _ = try parse(text, overrides: overrides)
            return "no error"
        } catch {
            return error.description
        }
    }

    static let minimal = """
        duration: 1h
        market:
          coins:
            - {id: bitcoin, price: 42000}
        """

    @Test("the quickstart scenario parses, resolves and runs, meeting its expectations")
    func quickstart() throws {
        let scenario = try ScenarioParser.load(path: "scenarios/quickstart.yaml", projectRoot: Self.root)
        #expect(
            scenario.name == "quickstart" && scenario.seed == 42 && scenario.durationMilliseconds == 7_200_000
        )
        #expect(scenario.script.count == 18)  // fifteen scripted lines (one opens with two taps) and a trade
        var run = try AppSimulation(config: try scenario.runConfig(projectRoot: Self.root))
        let metrics = run.run().metrics
        for expectation in scenario.expectations {
            #expect(expectation.failure(in: metrics.byName) == nil, "\(expectation)")
        }
    }

    @Test(
        "errors name file, line, column and key path, and say what was expected",
        arguments: [
            (
                "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 42000}\npolicie: {}\n",
                "test.yaml:5:1: policie: unknown key 'policie' (did you mean 'policies'?); expected one of: alerts, description, duration, expect, extends, faults, known_failures, market, name, plan, policies, portfolio, seed, server, start, user, watchlist"
            ),
            (
                minimal + "\npolicies:\n  limiter: fast\n",
                "test.yaml:6:12: policies.limiter: expected one of bitpal, spacing, token-bucket, sliding-window, found 'fast'"
            ),
            (
                minimal + "\nplan: demo-31\n",
                "test.yaml:5:7: plan: expected one of keyless, demo-30, seed-50, demo-100, pro-500, or custom-N, found 'demo-31'"
            ),
            (
                "duration: 1 hour\nmarket:\n  coins:\n    - {id: bitcoin, price: 42000}\n",
                "test.yaml:1:11: duration: expected a duration such as 30s, 5m or 2h45m, found '1 hour'; write 1h"
            ),
            (
                "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: -5}\n",
                "test.yaml:4:28: market.coins[0].price: coin bitcoin: price must be a positive finite number, found -5.0"
            ),
            (
                "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, model: gbm, params: {volatility: 0}}\n",
                "test.yaml:4:54: market.coins[0].params.volatility: gbm: volatility must be a positive finite number, found 0.0"
            ),
            (
                "duration: 1h\nmarket:\n  source: fixtures\n  directory: ../outside\n",
                "test.yaml:4:14: market.directory: '../outside' is outside the project"
            ),
            (
                "duration: 1h\nmarket:\n  source: fixtures\n  directory: datasets/nothing-here\n",
                "test.yaml:4:14: market.directory: no such file or directory 'datasets/nothing-here'"
            ),
            (
                minimal + "\nwatchlist: [bitcoin, dogecoin]\n",
                "test.yaml:5:22: watchlist[1]: 'dogecoin' is not a coin of the market; coins: bitcoin"
            ),
            (
                minimal + "\nexpect: [\"cache.hit_ratio about 0.5\"]\n",
                "test.yaml:5:10: expect[0]: expected 'metric op bound'"
            ),
            (
                minimal
                    + "\nportfolio:\n  - {at: 0s, coin: bitcoin, side: sell, quantity: \"1\", price: \"1\"}\n",
                "test.yaml:6:5: portfolio[0]: cannot sell 1 bitcoin at 2024-01-01T00:00:00Z: only 0 held then"
            ),
            (
                "market: [1, 2\n",
                "test.yaml:1:9: not valid YAML: this '[' is not closed (did not find expected ',' or ']' by the end of the file)"
            ),
            ("duration: 1h\n", "test.yaml:1:1: missing required key 'market'"),
            (minimal + "\nseed: many\n", "test.yaml:5:7: seed: expected a whole number, found 'many'"),
            (
                "duration: 100000d\nmarket:\n  step: 1s\n  coins:\n    - {id: bitcoin, price: 42000}\n",
                "test.yaml:3:3: market: 8671622401 ticks (coins x (history + duration) / step) is more than 5000000000 to draw; use a larger step"
            ),
        ])
    func locatedErrors(text: String, expected: String) {
        let message = Self.error(text)
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test("the app's behaviours and the coin screen's verbs parse; a wrong value is located")
    func appBehaviours() throws {
        let text =
            Self.minimal + """

                policies: {preset: spec, refresh_schedule: fetch-then-sleep, market_cache_rule: all-ids-fresh,
                  detail_load: detail-then-chart, candle_sampling: stride, markets_max_url: 5000}
                user:
                  script:
                    - {at: 1m, open: bitcoin}
                    - {at: 61s, switch-range: 1W}
                    - {at: 62s, switch-chart: candle}
                    - {at: 63s, do: refresh-coin}
                    - {at: 64s, do: close-coin}
                    - {at: 65s, open: bitcoin, chart: candle, range: 1W}
                    - {at: 66s, tab: portfolio}
                    - {at: 67s, search: bit, add: bitcoin}
                    - {at: 68s, search: bit, trade: {coin: bitcoin, side: buy, quantity: "2", price: "2000"}}
                  sessions: {per_day: 4, length: 5m, range_switches: 2, type_switches: 0.5, pull_to_refresh: 1, background_mid_load: 0.25,
                    portfolio_visits: 1, searches: 0.5, trades: 0.25}
                """
        let scenario = try Self.parse(text)
        #expect(scenario.policies.refreshSchedule == .fetchThenSleep)
        #expect(scenario.policies.marketCacheRule == .allIdsFresh)
        #expect(scenario.policies.detailLoadOrder == .detailThenChart)
        #expect(
            scenario.policies.candleSampling == .stride && scenario.policies.maxMarketsTargetLength == 5_000)
        #expect(
            scenario.script.map(\.action) == [
                .openCoin(id: "bitcoin"), .switchRange(.oneWeek), .switchChartType(.candle), .refreshCoin,
                .closeCoin, .openCoin(id: "bitcoin"), .switchChartType(.candle), .switchRange(.oneWeek),
                .selectTab(.portfolio),
                .search(
                    text: "bit",
                    goal: .addCoin(CoinListEntry(id: "bitcoin", symbol: "bitcoin", name: "bitcoin"))),
                .search(
                    text: "bit",
                    goal: .trade(
                        PortfolioTransaction(
                            coinId: "bitcoin", kind: .buy, quantity: 2, price: 2000, fee: 0,
                            time: scenario.script[0].time + 8_000))),
            ])
        #expect(
            scenario.sessions?.habits
                == StochasticUser.Habits(
                    rangeSwitchesPerCoin: 2, typeSwitchProbability: 0.5, pullToRefreshPerSession: 1,
                    backgroundMidLoadProbability: 0.25, portfolioVisitsPerSession: 1, searchesPerSession: 0.5,
                    tradesPerSession: 0.25, portfolioPagesPerVisit: 0, fromWidgetShare: 0.2))
        let long = String(repeating: "b", count: 101)
        #expect(
            Self.error(Self.minimal + "\nuser:\n  script:\n    - {at: 1m, search: \(long), add: bitcoin}\n")
                .contains("type 1 to 100 characters"))
        #expect(
            Self.error(Self.minimal + "\nuser:\n  script:\n    - {at: 1m, switch-range: 2W}\n").hasPrefix(
                "test.yaml:7:30: user.script[0].switch-range: expected one of"))
        #expect(
            Self.error(Self.minimal + "\npolicies: {refresh_schedule: often}\n").contains(
                "policies.refresh_schedule: expected one of fetch-then-sleep, fixed-rate, found 'often'"))
    }

    @Test("--set overrides are validated like the file's values")
    func overrides() throws {
        let scenario = try Self.parse(
            Self.minimal, overrides: ["policies.limiter=spacing", "market.coins.0.price=10", "seed=9"])
        #expect(scenario.policies.limiter == .spacing && scenario.seed == 9)
        if case .synthetic(let market) = scenario.market { #expect(market.coins[0].startPrice == 10) }
        #expect(
            Self.error(Self.minimal, overrides: ["policies.limiter=fast"]).contains(
                "policies.limiter: expected one of"))
        #expect(Self.error(Self.minimal, overrides: ["limiter"]).contains("--set: expected key.path=value"))
        #expect(
            Self.error(Self.minimal, overrides: ["market.coins.5.price=1"]).contains(
                "--set market.coins.5: expected an index from 0 to 0"))
    }

    @Test("a missing file and a file that is not text are errors naming the file")
    func files() {
        #expect(
            throws: ScenarioError(file: "nope.yaml", line: 0, column: 0, keyPath: "", message: "no such file")
        ) {
            try ScenarioParser.load(path: "nope.yaml", projectRoot: Self.root)
        }
    }

    @Test("expectations: parse, hold, fail with the actual value, and name a missing metric")
    func expectations() throws {
        let expectation = try #require(Expectation("rate_limit.max_per_minute <= 50"))
        #expect(expectation.failure(in: ["rate_limit.max_per_minute": 50]) == nil)
        #expect(
            expectation.failure(in: ["rate_limit.max_per_minute": 51])
                == "rate_limit.max_per_minute <= 50: got 51")
        #expect(
            expectation.failure(in: [:])
                == "rate_limit.max_per_minute <= 50: the run has no metric rate_limit.max_per_minute")
        #expect(Expectation("charts.over_cap == 0")?.comparison == .equal)
        #expect(Expectation("x<=1") == nil && Expectation("a <= b") == nil)
    }

    @Test("known_failures must name the scenario's own expectations, as written")
    func knownFailures() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base =
            "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 42000}\nexpect: [\"charts.renders >= 1\"]\n"
        let good = directory.path("good.yaml")
        try (base + "known_failures: [\"charts.renders >= 1\"]\n").write(
            toFile: good, atomically: true, encoding: .utf8)
        #expect(
            try ScenarioParser.load(path: good, projectRoot: Self.root).knownFailures == [
                KnownFailure(expectation: "charts.renders >= 1")
            ])
        // Per seed, with a reason: a known failure only on those seeds.
        let seeded = directory.path("seeded.yaml")
        try (base + "known_failures:\n  - {expect: charts.renders >= 1, seeds: [3, 7], why: a race}\n").write(
            toFile: seeded, atomically: true, encoding: .utf8)
        let scenario = try ScenarioParser.load(path: seeded, projectRoot: Self.root)
        #expect(
            scenario.knownFailures == [
                KnownFailure(expectation: "charts.renders >= 1", seeds: [3, 7], reason: "a race")
            ])
        #expect(scenario.isKnownFailure("charts.renders >= 1", seed: 7, failed: true))
        #expect(scenario.isKnownFailure("charts.renders >= 1", seed: 7, failed: false))  // must fail there
        #expect(!scenario.isKnownFailure("charts.renders >= 1", seed: 8, failed: true))
        // An entry for every seed must fail on the scenario's own seed; elsewhere a hold is a pass.
        let own = try ScenarioParser.load(path: good, projectRoot: Self.root)
        #expect(own.isKnownFailure("charts.renders >= 1", seed: own.seed, failed: false))
        #expect(!own.isKnownFailure("charts.renders >= 1", seed: own.seed + 1, failed: false))
        #expect(own.isKnownFailure("charts.renders >= 1", seed: own.seed + 1, failed: true))
        let badSeed = directory.path("bad-seed.yaml")
        try (base + "known_failures:\n  - {expect: charts.renders >= 1, seeds: [x]}\n").write(
            toFile: badSeed, atomically: true, encoding: .utf8)
        #expect {
            try ScenarioParser.load(path: badSeed, projectRoot: Self.root)
        } throws: { error in
            "\(error)".contains("known_failures[0].seeds[0]: expected a seed")
        }
        let bad = directory.path("bad.yaml")
        try (base + "known_failures: [\"charts.renders >= 2\"]\n").write(
            toFile: bad, atomically: true, encoding: .utf8)
        #expect {
            try ScenarioParser.load(path: bad, projectRoot: Self.root)
        } throws: { error in
            "\(error)".contains(
                "known_failures[0]: 'charts.renders >= 2' is not one of this scenario's expectations")
        }
    }

    @Test(
        "expectations with units: percentages, durations, money and rates, checked against the metric's unit")
    func expectationUnits() throws {
        let parse = { (text: String) throws(ExpectationError) in
            try Expectation(parsing: text, unit: RunMetrics.unit(of:))
        }
        #expect(try parse("cache.hit_ratio >= 1%").value == 0.01)
        #expect(try parse("freshness.max_age_s <= 5m").value == 300)
        #expect(try parse("freshness.max_age_s <= 2h45m").value == 9_900)
        #expect(try parse("freshness.max_age_s <= 1.5s").value == 1.5)
        #expect(try parse("rate_limit.min_gap_ms >= 1s").value == 1_000)
        #expect(try parse("portfolio.value >= 100 USD").value == 100)
        #expect(try parse("rate_limit.requests_per_hour < 50/h").value == 50)
        #expect(try parse("failures.watchlist.timeout == 0").unit == .count)
        // A failure prints both sides in the report's units; a bare ratio bound of 1 or more says
        // how to write a percentage.
        #expect(
            try parse("cache.hit_ratio >= 2%").failure(in: ["cache.hit_ratio": 0.0106951871657754])
                == "cache.hit_ratio >= 2%: got 1.07 %")
        #expect(
            try parse("cache.hit_ratio >= 1%").failure(in: ["cache.hit_ratio": 0.0106951871657754]) == nil)
        #expect(
            try parse("cache.hit_ratio >= 1").failure(in: ["cache.hit_ratio": 0.0106951871657754])
                == "cache.hit_ratio >= 1: got 1.07 % (a bare bound on a ratio is a fraction: 1 is 100 %; "
                + "write 1% for 1 percent)")
        #expect(
            try parse("freshness.max_age_s <= 5m").failure(in: ["freshness.max_age_s": 2100.1])
                == "freshness.max_age_s <= 5m: got 2100.1 s")
        // A unit that does not fit the metric is refused, naming both.
        #expect(throws: ExpectationError.self) { try parse("rate_limit.requests >= 5m") }
        #expect(throws: ExpectationError.self) { try parse("freshness.max_age_s <= 5%") }
        #expect(throws: ExpectationError.self) { try parse("cache.hit_ratio >= 1 percent") }
        do {
            _ = try parse("rate_limit.requests >= 5m")
        } catch {
            #expect(error.description.hasPrefix("'5m' is a duration, but rate_limit.requests is in counts"))
        }
    }

    @Test("a bound may be another metric of the same unit, compared in the same run")
    func metricBounds() throws {
        let parse = { (text: String) throws(ExpectationError) in
            try Expectation(parsing: text, unit: RunMetrics.unit(of:))
        }
        let lruBelowOptimum = try parse("cache.chart.hit_ratio < cache.chart.opt_hit_ratio")
        #expect(lruBelowOptimum.boundMetric == "cache.chart.opt_hit_ratio")
        #expect(
            lruBelowOptimum.failure(in: ["cache.chart.hit_ratio": 0.2, "cache.chart.opt_hit_ratio": 0.25])
                == nil)
        #expect(
            lruBelowOptimum.failure(in: ["cache.chart.hit_ratio": 0.25, "cache.chart.opt_hit_ratio": 0.25])
                == "cache.chart.hit_ratio < cache.chart.opt_hit_ratio: got 25 % against 25 %")
        #expect(
            lruBelowOptimum.failure(in: ["cache.chart.hit_ratio": 0.25])
                == "cache.chart.hit_ratio < cache.chart.opt_hit_ratio: the run has no metric cache.chart.opt_hit_ratio"
        )
        do {
            _ = try parse("cache.hit_ratio < freshness.max_age_s")
            Issue.record("a bound of another unit was accepted")
        } catch {
            #expect(
                error.description
                    == "cache.hit_ratio is in a ratio (1 is 100 %) but freshness.max_age_s is in seconds; compare metrics of one unit"
            )
        }
    }

    @Test("an unknown metric in expect: names the nearest known one")
    func unknownMetricNearest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path("typo.yaml")
        try
            "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 42000}\nexpect: [\"alerts.fird >= 1\"]\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect {
            try ScenarioParser.load(path: file, projectRoot: Self.root)
        } throws: { error in
            "\(error)".contains(
                "expect[0]: no run produces a metric named 'alerts.fird' (did you mean 'alerts.fired'?)")
        }
    }
}
