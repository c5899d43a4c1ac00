import Foundation
import Scenarios
import TestSupport
import Testing

/// Scenario and fleet files' smaller edges from issue 65, item 7.
@Suite("Scenario edges: duplicate watchlist ids, every problem beside an unknown key, a fleet's folder")
struct ScenarioReliabilityTests {
    static func problems(_ text: String) -> [String] {
        do {
            _ = try ScenarioParser.parse(text, file: "test.yaml", projectRoot: RepositoryFiles.root)
            return []
        } catch {
            return [error.description] + error.others.map(\.description)
        }
    }

    @Test("a coin listed twice on the watchlist is refused at its second place, as the app refuses it")
    func duplicateWatchlist() {
        let problems = Self.problems(
            "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n    - {id: ethereum, price: 1}\n"
                + "watchlist: [bitcoin, ethereum, bitcoin]\n")
        #expect(problems.count == 1, "\(problems)")
        #expect(
            problems.first?.hasPrefix("test.yaml:6:32: watchlist[2]: 'bitcoin' is on the watchlist already")
                == true, "\(problems)")
    }

    @Test("an unknown top-level key no longer hides the file's other problems")
    func unknownKeyBesideOthers() {
        let problems = Self.problems(
            "duration: -2h\nwatchlsit: [bitcoin]\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\nplan: nope\n"
        )
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.contains("unknown key 'watchlsit' (did you mean 'watchlist'?)") })
        #expect(problems.contains { $0.hasPrefix("test.yaml:1:") })
        #expect(problems.contains { $0.hasPrefix("test.yaml:6:") })
    }

    static let habits = """
          habits:
            sessions_per_day: {lognormal: {median: 4, sigma: 0.6}}
            session_length: {uniform: [2m, 8m]}
            watchlist: {uniform: [1, 6]}
            portfolio_visits: {uniform: [0, 0.6]}
            searches: 0.05
            widget: 0.2
        """

    @Test(
        "a zero or negative duration is said to be so, not a malformed one", arguments: ["0s", "-2h", "-30s"])
    func nonPositiveDuration(text: String) {
        let problems = Self.problems("duration: \(text)\nmarket:\n  coins:\n    - {id: bitcoin, price: 1}\n")
        #expect(
            problems.first?.hasPrefix(
                "test.yaml:1:11: duration: '\(text)' must be positive: a duration counts forward")
                == true, "\(problems)")
    }

    @Test("a fleet whose scenario is a folder ('.') gets a located error")
    func fleetScenarioFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let habits = Self.habits
        try "name: f\nfleet:\n  scenario: .\n  users: 2\n\(habits)\n".write(
            toFile: folder.path("fleet.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try FleetParser.load(path: folder.path("fleet.yaml"))
            Issue.record("a folder was taken as the fleet's scenario")
        } catch {
            #expect(
                error.report.contains(
                    "fleet.yaml:3:13: fleet.scenario: '.' is a folder; expected a scenario file"),
                "\(error.report)")
        }
    }

    @Test("a fleet file with several problems reports them all in one pass, in file order")
    func fleetEveryProblem() throws {
        let folder = try FleetFolder.withUserDay()
        defer { folder.remove() }
        let text = """
            name: f
            colour: red
            fleet:
              scenario: user-day.yaml
              users: 0
              days: 900
              habits:
                sessions_per_day: -1
                session_length: 2m
                widget: 2
              arms:
                - {topology: keyless, plan: pro-500}
            """
        try text.write(toFile: folder.path("fleet.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try FleetParser.load(path: folder.path("fleet.yaml"))
            Issue.record("a fleet file with six problems was read")
        } catch {
            let lines = error.report.split(separator: "\n").map(String.init)
            let numbers = lines.map { line in
                line.components(separatedBy: "fleet.yaml:").dropFirst().first?.split(separator: ":").first
                    .flatMap { Int($0) }
            }
            #expect(numbers == [2, 5, 6, 8, 10, 12], "\(error.report)")
            for key in ["colour", "fleet.users", "fleet.days", "sessions_per_day", "widget", "plan"] {
                #expect(error.report.contains(key), "\(key) missing from \(error.report)")
            }
        }
    }

    @Test("docs/fleet.md gives the parser's limits: 16 items in arms, 32 arms with their plans")
    func fleetArmLimitsDocumented() throws {
        let docs = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("docs/fleet.md"), encoding: .utf8)
        #expect(
            docs.contains("Up to 16 items in `arms`, and up to 32 arms once each item's plans are counted"))
        let items = (0..<17).map { _ in "    - {topology: keyless}" }.joined(separator: "\n")
        let folder = try FleetFolder.withUserDay()
        defer { folder.remove() }
        let text =
            "name: f\nfleet:\n  scenario: user-day.yaml\n  users: 2\n\(Self.habits)\n  arms:\n\(items)\n"
        let file = folder.path("fleet.yaml")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        do {
            _ = try FleetParser.load(path: file)
            Issue.record("17 items in arms were accepted")
        } catch {
            #expect(error.report.contains("expected 1 to 16 arms, found 17"), "\(error.report)")
        }
    }
}
