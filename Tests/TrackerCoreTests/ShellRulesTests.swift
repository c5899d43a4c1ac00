import Foundation
import TestSupport
import Testing

/// docs/architecture.md, "One app, two shells": the app is `TrackerApp` in TrackerCore; the
/// simulator only executes its effects, so no app rule and no read of an app setting may live in
/// `Sources/Simulation`.
@Suite("The simulator is a shell: no app rule or setting in Sources/Simulation")
struct ShellRulesTests {
    /// The app machines `TrackerApp` composes: a shell that names one is running app logic itself.
    static let appMachines = [
        "AppNavigation", "WatchlistScreen", "PriceRefreshLoop", "PortfolioRefreshLoop", "CoinSearchSession",
        "MarketDataRun", "MarketDataCache", "CoinDetailLoader", "ChartLoader", "ChartPreparation",
        "ChartCache", "RequestLifecycle", "RateLimiter", "AlertEvaluator", "PortfolioLedger", "Watchlist",
        "CoinGeckoRequests", "CoinGeckoResponseClassifier", "WidgetKitBudget",
    ]

    /// The most lines the shell's driver (`AppSimulation*.swift`) may hold: it keeps time, sends
    /// to the simulated server, hands the user's actions over and executes effects (1,227 lines
    /// over 8 files when it held the app's rules).
    static let driverLineLimit = 250

    /// Every Swift file under a folder of the repository, with its text.
    static func swiftFiles(under folder: String) throws -> [(name: String, text: String)] {
        let root = RepositoryFiles.root.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let name = url.path.replacingOccurrences(of: RepositoryFiles.root.path + "/", with: "")
            found.append((name, try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The file's lines that are code (comments dropped).
    static func codeLines(_ text: String) -> [(number: Int, line: Substring)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return code.allSatisfy(\.isWhitespace) ? nil : (index + 1, code)
        }
    }

    /// Whether `line` names `identifier` as a whole word.
    static func names(_ line: Substring, _ identifier: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: identifier) {
            let before = rest[..<range.lowerBound].last
            let after = rest[range.upperBound...].first
            let isWord = { (character: Character?) in
                character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !isWord(before) && !isWord(after) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The shells and the host below them: they execute the app and read none of its rules.
    static let shellFolders = ["Sources/AppHosting", "Sources/Simulation", "Sources/Live"]

    @Test("no file of the shells or their host names AppPolicies or reads a policy")
    func simulationReadsNoAppSetting() throws {
        let files = try Self.shellFolders.flatMap(Self.swiftFiles(under:))
        #expect(files.count > 60)
        for (name, text) in files {
            for (number, line) in Self.codeLines(text)
            where Self.names(line, "AppPolicies") || line.contains(".policies") {
                Issue.record("\(name):\(number) reads the app's settings: \(line)")
            }
        }
    }

    @Test("the shells and their host drive only TrackerApp: they name none of the machines the app composes")
    func driverRunsNoAppMachine() throws {
        let folders = ["Sources/AppHosting/Driver", "Sources/Simulation/Driver", "Sources/Live"]
        for (name, text) in try folders.flatMap(Self.swiftFiles(under:)) {
            for (number, line) in Self.codeLines(text) {
                for machine in Self.appMachines where Self.names(line, machine) {
                    Issue.record("\(name):\(number) uses the app's \(machine) itself: \(line)")
                }
            }
        }
    }

    @Test("no module outside TrackerCore tells a plan's tier from its name (RateLimitPlan.tier does)")
    func planTierDecidedOnce() throws {
        let modules =
            try FileManager.default.contentsOfDirectory(
                atPath: RepositoryFiles.root.appendingPathComponent("Sources").path
            ).filter { $0 != "TrackerCore" }.map { "Sources/\($0)" } + [
                "Server/Sources", "Conformance/Sources",
            ]
        var scanned = 0
        for module in modules.sorted() {
            for (name, text) in try Self.swiftFiles(under: module) {
                scanned += 1
                for (number, line) in Self.codeLines(text)
                where line.contains("hasPrefix(\"pro") || line.contains("hasPrefix(\"demo") {
                    Issue.record("\(name):\(number) decides a plan's tier itself: \(line)")
                }
            }
        }
        #expect(scanned > 200)
    }

    @Test("the driver is within its size")
    func driverIsSmall() throws {
        let driver = try Self.swiftFiles(under: "Sources/Simulation/Driver").filter {
            $0.name.contains("/AppSimulation")
        }
        #expect(!driver.isEmpty)
        let lines = driver.reduce(0) {
            $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        #expect(
            lines <= Self.driverLineLimit,
            "AppSimulation is \(lines) lines; the limit is \(Self.driverLineLimit)")
    }

    @Test("the rules bite: a line that reads a policy or runs a machine is found")
    func rulesFindViolations() {
        #expect(Self.names("let p = AppPolicies.bitpal", "AppPolicies"))
        #expect(!Self.names("let p = AppPoliciesTable()", "AppPolicies"))
        #expect(Self.names("    var screen: WatchlistScreen", "WatchlistScreen"))
        #expect(!Self.names("    var rows: WatchlistRowsShown", "Watchlist"))
        #expect(Self.codeLines("/// AppPolicies in a comment\nlet x = 1 // AppPolicies").map(\.number) == [2])
    }
}
