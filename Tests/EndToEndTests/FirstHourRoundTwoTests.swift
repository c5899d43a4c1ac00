import Foundation
import TestSupport
import Testing

/// A new user's first hour, round two (issue 52), as end-to-end runs of the CLI.
@Suite("A new user's first hour, round two", .reapsChildren)
struct FirstHourRoundTwoTests {
    /// The quickstart's text with `extra` appended, written as a scenario in `directory`.
    static func quickstart(plus extra: String, in directory: TemporaryDirectory, as name: String) throws
        -> String
    {
        let text = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("scenarios/quickstart.yaml"),
            encoding: .utf8)
        let withoutKnown = text.components(separatedBy: "\n# Four of seeds")[0]
        let path = directory.path(name)
        try (withoutKnown + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("run and sweep exit as check does on known failures, and say so; one that holds again fails")
    func knownFailures() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missed = try Self.quickstart(
            plus: "  - charts.renders >= 500\nknown_failures: [\"charts.renders >= 500\"]\n", in: directory,
            as: "missed.yaml")
        let run = try WorkbenchProcess.run(["run", missed, "--no-history", "--out", directory.path("run")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  known failure: charts.renders >= 500: got 7"))
        let result = try String(contentsOfFile: directory.path("run/result.json"), encoding: .utf8)
        #expect(result.contains("\"passed\": true") && result.contains("\"known_failure\": true"))
        let report = try String(contentsOfFile: directory.path("run/report.md"), encoding: .utf8)
        #expect(report.contains("- known failure: `charts.renders >= 500`"))
        let sweep = try WorkbenchProcess.run([
            "sweep", missed, "--seeds", "1..3", "--quiet", "--out", directory.path("sweep"),
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")

        let holds = try Self.quickstart(
            plus: "known_failures: [\"charts.renders >= 5\"]\n", in: directory, as: "holds.yaml")
        let again = try WorkbenchProcess.run(["run", holds, "--no-history", "--out", directory.path("again")])
        #expect(again.status == 1)
        #expect(again.stdout.contains("  FAIL (known failure now holds): charts.renders >= 5"))
        let check = try WorkbenchProcess.run([
            "check", holds, "--golden-dir", directory.path("golden"), "--record",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        let checked = try WorkbenchProcess.run(["check", holds, "--golden-dir", directory.path("golden")])
        #expect(
            checked.status == 1
                && checked.stdout.contains("charts.renders >= 5 now holds; remove it from known_failures"))
    }
}

extension FirstHourRoundTwoTests {
    @Test("a scenario's relative paths resolve against its project folder from any working directory")
    func pathsResolveAgainstTheProjectFolder() throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let library = RepositoryFiles.root.appendingPathComponent("scenarios")
        // The library from another folder: market.directory, universe.from and listed: recorded.
        for file in ["top-50-watchlist.yaml", "bitpal-as-built.yaml"] {
            let outcome = try WorkbenchProcess.run(
                ["run", library.appendingPathComponent(file).path, "--no-history", "--quiet", "--out", "o"],
                directory: elsewhere.url)
            #expect(outcome.status == 0, "\(file): \(outcome.stderr)")
        }
        let checked = try WorkbenchProcess.run(
            ["check", library.appendingPathComponent("chart-regression.yaml").path], directory: elsewhere.url)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")

        // A scenario kept beside its own data resolves against its own project folder, named
        // relative to the working directory in messages.
        let project = elsewhere.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("datasets"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("scenarios/nested"), withIntermediateDirectories: true)
        try "name: m\nduration: 1h\nmarket: {source: fixtures, directory: datasets/missing}\n".write(
            to: project.appendingPathComponent("scenarios/nested/m.yaml"), atomically: true, encoding: .utf8)
        let missing = try WorkbenchProcess.run(
            ["run", "mine/scenarios/nested/m.yaml", "--no-history"], directory: elsewhere.url)
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains(
                "mine/scenarios/nested/m.yaml:3:39: market.directory: no such file or directory 'datasets/missing' "
                    + "in the project folder 'mine'"), "\(missing.stderr)")
        // '..' out of it, through a symbolic link, and an absolute path are refused, naming the base.
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("datasets/link").path,
            withDestinationPath: RepositoryFiles.root.appendingPathComponent("datasets").path)
        for (directory, words) in [
            ("../..", "'../..' is outside the project folder 'mine'"),
            ("datasets/link/coingecko", "'datasets/link/coingecko' is outside the project folder 'mine'"),
            ("/etc", "'/etc' is absolute; give a path relative to the project folder 'mine'"),
        ] {
            try "name: m\nduration: 1h\nmarket: {source: fixtures, directory: \(directory)}\n".write(
                to: project.appendingPathComponent("scenarios/nested/m.yaml"), atomically: true,
                encoding: .utf8)
            let refused = try WorkbenchProcess.run(
                ["scenarios", "validate", "mine/scenarios/nested/m.yaml"], directory: elsewhere.url)
            #expect(refused.status == 2 && refused.stderr.contains(words), "\(refused.stderr)")
        }
    }
}

extension FirstHourRoundTwoTests {
    @Test(
        "scenarios validate prints every problem of a file, in file order, and refuses searches that cannot work"
    )
    func validatePrintsEveryProblem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path("t.yaml")
        try """
        name: t
        duration: 1h
        market:
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, price: 42000}
        policies: {limiter: fast}
        watchlist: [bitcoin, dogecoin]
        alerts:
          - {coin: bitcoin, above: -5}
        user:
          script:
            - {at: 1m, search: bit, add: ethereum}
            - {at: 2m, search: eth, trade: {coin: bitcoin, side: buy, quantity: "1", price: "1"}}
            - {at: 2h, open: bitcoin}
        expect:
          - alerts.fird >= 1
          - charts.renders >= 1
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try WorkbenchProcess.run(["scenarios", "validate", file])
        #expect(outcome.status == 2)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "workbench: \(file):6:21: policies.limiter: expected one of bitpal, spacing, token-bucket, sliding-window, found 'fast'",
                "workbench: \(file):7:22: watchlist[1]: 'dogecoin' is not a coin of the market; coins: bitcoin",
                "workbench: \(file):9:28: alerts[0].above: bitcoin: alert target must be a positive price, found -5.0",
                "workbench: \(file):12:34: user.script[0].add: 'ethereum' is not a coin of the market; coins: bitcoin",
                "workbench: \(file):13:43: user.script[1].trade.coin: searching 'eth' cannot find 'bitcoin' (Bitcoin, btc): "
                    + "the app keeps coins whose name, symbol or id contains the query; type part of one of them",
                "workbench: \(file):14:12: user.script[2].at: '2h' is after the end of the run (duration 1h)",
                "workbench: \(file):16:5: expect[0]: no run produces a metric named 'alerts.fird' (did you mean "
                    + "'alerts.fired'?); names: docs/simulation.md, or any run's result.json",
                "workbench: 1 scenario file(s) invalid",
            ], "\(outcome.stderr)")
        // run reports the same problems.
        let run = try WorkbenchProcess.run(["run", file, "--no-history"])
        #expect(run.status == 2 && run.stderr.split(separator: "\n").count == 7, "\(run.stderr)")
    }
}

extension FirstHourRoundTwoTests {
    @Test(
        "a trade priced far from the market's price is named with the price then; scenarios prices shows them"
    )
    func tradePrices() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path("pepe.yaml")
        try """
        name: pepe
        duration: 1h
        market:
          coins:
            - {id: pepe, symbol: pepe, name: Pepe, price: 0.000026}
        portfolio:
          - {at: 5m, coin: pepe, side: buy, quantity: "1000", price: "1"}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let prices = try WorkbenchProcess.run(["scenarios", "prices", file])
        #expect(prices.status == 0, "\(prices.stderr)")
        let lines = prices.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[1].hasPrefix("coin") && lines[1].contains("at 0s"))
        #expect(lines[1].contains("at 5m") && lines[1].contains("at 1h"))
        // Small prices keep their digits.
        let price5m = try #require(
            lines[2].split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first)
        #expect(price5m.hasPrefix("0.0000"), "\(lines[2])")

        let run = try WorkbenchProcess.run(["run", file, "--no-history", "--out", directory.path("out")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "workbench: warning: the buy of 1000 pepe at 2024-01-01T00:05:00Z is priced 1 USD, but the market's price then is \(price5m) USD"
            ), "\(run.stderr)")
        let report = try String(contentsOfFile: directory.path("out/report.md"), encoding: .utf8)
        #expect(report.contains("- Check the scenario: the buy of 1000 pepe"))
        let bad = try WorkbenchProcess.run(["scenarios", "prices", file, "--at", "2h"])
        #expect(bad.status == 2 && bad.stderr.contains("--at 2h is after the end of the run (duration 1h)"))
    }
}

extension FirstHourRoundTwoTests {
    @Test("messages name what the user wrote, and the nearest thing that exists")
    func messages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func stderr(_ arguments: [String]) throws -> String {
            let outcome = try WorkbenchProcess.run(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            return outcome.stderr
        }
        let quickstart = "scenarios/quickstart.yaml"
        #expect(
            try stderr(["run", quickstart, "--set", "policy.limiter=spacing", "--no-history"]).hasPrefix(
                "workbench: --set policy.limiter=spacing: policy: unknown key 'policy' (did you mean 'policies'?)"
            ))
        #expect(
            try stderr(["run", quickstart, "--set", "market.coins.0.price=-10", "--no-history"]).hasPrefix(
                "workbench: --set market.coins.0.price=-10: market.coins[0].price: coin bitcoin: price must be"
            ))
        let broken = [
            (
                "tab.yaml", "name: t\nduration: 1h\nmarket:\n\tcoins: []\n",
                ":4:1: not valid YAML: a tab; YAML indents with spaces only"
            ),
            (
                "brace.yaml",
                "name: t\nduration: 1h\nplan: demo-30\nseed: 1\nmarket: {coins: [{id: bitcoin, price: 1}]\n",
                ":5:9: not valid YAML: this '{' is not closed (did not find expected ',' or '}' by the end of the file)"
            ),
            (
                "minutes.yaml",
                "name: t\nduration: 90 minutes\nmarket:\n  coins: [{id: bitcoin, price: 1}]\n",
                ":2:11: duration: expected a duration such as 30s, 5m or 2h45m, found '90 minutes'; write 90m"
            ),
        ]
        for (name, text, words) in broken {
            try text.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
            let message = try stderr(["scenarios", "validate", directory.path(name)])
            #expect(message.contains(directory.path(name) + words), "\(message)")
        }
        #expect(
            try stderr(["run", "scenarios/quickstrat.yaml"]).contains(
                "scenarios/quickstrat.yaml: no such file (did you mean scenarios/quickstart.yaml?)"))
        try "x,y\n1,2\n".write(toFile: directory.path("s.csv"), atomically: true, encoding: .utf8)
        let series = try stderr([
            "downsample", "--algorithm", "lttb", "--n-out", "4", "--input", directory.path("s.csv"),
            "--series", "x",
        ])
        #expect(
            series.contains("this is not JSON (CSV input takes no --series)")
                && !series.contains("DecodingError"))
        let file = "datasets/coingecko/ohlc_bitcoin_usd_days7_20210515T1534Z.json"
        let inspected = try WorkbenchProcess.run(["datasets", "inspect", file])
        #expect(inspected.stdout.hasPrefix(file + "\n"))
        let history = directory.path("h.sqlite")
        _ = try WorkbenchProcess.run([
            "run", quickstart, "--history", history, "--out", directory.path("q"), "--quiet",
        ])
        #expect(
            try stderr(["history", "--history", history, "--scenario", "quickstrat"]).contains(
                "--scenario quickstrat: \(history) has no run of it (did you mean 'quickstart'?); its scenarios: quickstart"
            ))
    }
}
