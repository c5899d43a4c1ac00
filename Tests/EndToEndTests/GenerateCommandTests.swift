import Foundation
import TestSupport
import Testing

@Suite("workbench generate", .reapsChildren)
struct GenerateCommandTests {
    @Test(
        "the same arguments print the same bytes in separate processes; the output is pinned by a golden file"
    )
    func deterministicAcrossProcesses() throws {
        let arguments = ["generate", "--model", "merton", "--seed", "42", "--steps", "48", "--dt", "1h"]
        let first = try WorkbenchProcess.run(arguments)
        let second = try WorkbenchProcess.run(arguments)
        #expect(first.status == 0 && first.stderr.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout == (try Golden.expected("generate-merton-seed42.csv", actual: first.stdout)))
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count == 50)
        #expect(lines[0] == "timestamp_ms,price" && lines[1] == "1704067200000,100.0")
        #expect(lines[49].hasPrefix("1704240000000,"))
        let otherSeed = try WorkbenchProcess.run([
            "generate", "--model", "merton", "--seed", "43", "--steps", "48", "--dt", "1h",
        ])
        #expect(otherSeed.stdout != first.stdout)
    }

    @Test("every model runs with its defaults and with the mt19937 generator")
    func everyModel() throws {
        for model in ["gbm", "merton", "garch", "regime", "ou"] {
            let taus = try WorkbenchProcess.run([
                "generate", "--model", model, "--seed", "1", "--steps", "100",
            ])
            let twister = try WorkbenchProcess.run([
                "generate", "--model", model, "--seed", "1", "--steps", "100", "--generator", "mt19937",
            ])
            #expect(taus.status == 0 && twister.status == 0, "\(model): \(taus.stderr)")
            #expect(taus.stdout.split(separator: "\n").count == 102, "\(model)")
            #expect(taus.stdout != twister.stdout, "\(model)")
        }
    }

    @Test("json output feeds downsample")
    func jsonIntoDownsample() throws {
        let path = try #require(
            try WorkbenchProcess.run([
                "generate", "--model", "gbm", "--seed", "5", "--steps", "999", "--format", "json",
            ])
            .stdout.data(using: .utf8))
        let outcome = try WorkbenchProcess.run(
            ["downsample", "--algorithm", "minmaxlttb", "--n-out", "50"], stdin: path)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let indices = try JSONDecoder().decode([String: [Int]].self, from: Data(outcome.stdout.utf8))[
            "indices"]
        #expect(indices?.count == 50 && indices?.first == 0 && indices?.last == 999)
    }

    @Test(
        "bad arguments exit 2 with a message that names the problem",
        arguments: [
            (
                ["--model", "heston"],
                "unknown price model \"heston\"; models: gbm, merton, garch, regime, ou"
            ),
            (
                ["--model", "gbm", "--param", "vol=1"],
                "gbm has no parameter \"vol\"; parameters: drift, volatility"
            ),
            (
                ["--model", "gbm", "--param", "volatility"],
                "--param: expected name=number (finite), found 'volatility'"
            ),
            (
                ["--model", "gbm", "--param", "volatility=-1"],
                "gbm: volatility must be a positive finite number, found -1.0"
            ),
            (["--model", "ou", "--dt", "5 minutes"], "--dt: expected a positive duration"),
            (["--model", "gbm", "--start", "yesterday"], "--start: expected an ISO 8601 time"),
            (["--model", "gbm", "--start-price", "0"], "expected a positive finite number, found '0'"),
        ])
    func badArguments(extra: [String], message: String) throws {
        let outcome = try WorkbenchProcess.run(["generate", "--seed", "1", "--steps", "10"] + extra)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }
}
