import Datasets
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation
import Yams

/// Parses and validates a scenario file. Every error names the file, line, column and key path.
public enum ScenarioParser {
    /// The largest scenario file read: 8 MiB.
    public static let maximumFileBytes = 8 << 20

    static let topLevelKeys = [
        "name", "description", "seed", "start", "duration", "market", "plan", "server", "faults", "policies",
        "watchlist", "alerts", "portfolio", "user", "expect", "known_failures", "extends",
    ]

    /// Loads a scenario file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - projectRoot: Dataset paths must resolve inside this directory.
    ///   - overrides: `key.path=value` assignments applied before validation (`--set`).
    /// - Throws: ``ScenarioError``.
    public static func load(path: String, projectRoot: URL, overrides: [String] = []) throws(ScenarioError)
        -> Scenario
    {
        try parse(
            text(of: try bytes(of: path), file: path), file: path, projectRoot: projectRoot,
            overrides: overrides)
    }

    /// A scenario file's bytes (at most ``maximumFileBytes``), for callers that also hash them.
    ///
    /// - Throws: ``ScenarioError`` naming the file when it is not a readable regular file.
    public static func bytes(of path: String) throws(ScenarioError) -> [UInt8] {
        do {
            return try CheckedFile.read(path, limit: maximumFileBytes)
        } catch {
            var message = error.reason
            if message == "no such file", let nearest = nearestScenario(to: path) {
                message += " (did you mean \(nearest)?)"
            }
            throw ScenarioError(file: path, line: 0, column: 0, keyPath: "", message: message)
        }
    }

    /// The scenario file in the same folder whose name is nearest a missing one's, written as the
    /// user wrote the folder (`scenarios/quickstart.yaml` for `scenarios/quickstrat.yaml`).
    static func nearestScenario(to path: String) -> String? {
        NearestName.nearestSibling(of: path) { _, name in name.hasSuffix(".yaml") || name.hasSuffix(".yml") }
    }

    /// A scenario file's text: UTF-8, a leading byte-order mark dropped.
    ///
    /// - Throws: ``ScenarioError`` naming the encoding when the bytes are not UTF-8 text.
    public static func text(of bytes: [UInt8], file: String) throws(ScenarioError) -> String {
        if let problem = TextEncoding.problem(in: bytes, allowingUTF8Mark: true) {
            throw ScenarioError(file: file, line: 0, column: 0, keyPath: "", message: problem)
        }
        return String(
            decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
    }

    /// Parses scenario text.
    ///
    /// - Parameters:
    ///   - text: The YAML.
    ///   - file: The name errors use.
    ///   - projectRoot: Dataset paths must resolve inside this directory.
    ///   - overrides: `key.path=value` assignments applied before validation.
    /// - Throws: ``ScenarioError``.
    public static func parse(_ text: String, file: String, projectRoot: URL, overrides: [String] = [])
        throws(ScenarioError) -> Scenario
    {
        var (node, files) = try ScenarioInheritance.resolve(
            try compose(text, file: file), files: SourceFiles(main: file), projectRoot: projectRoot)
        for assignment in overrides {
            node = try ScenarioOverrides.apply(assignment, to: node, file: file)
            files.overrides.append((ScenarioOverrides.readerPath(of: assignment), assignment))
        }
        // Every section is read even when one before it is wrong, so that one pass reports every
        // problem it can (``ProblemSink``), an unknown top-level key included; what depends on a
        // wrong section is skipped.
        let sink = ProblemSink()
        let root = try NodeReader(node: node, files: files, path: "").mapping(allowing: topLevelKeys) {
            problem throws(ScenarioError) in sink.record(problem)
        }
        let start = sink.attempt { () throws(ScenarioError) in try root.optional("start")?.time() } ?? nil
        var context = ParseContext(
            files: files, projectRoot: projectRoot, start: start ?? 1_704_067_200_000, sink: sink)
        let market = sink.attempt { () throws(ScenarioError) in try context.market(root.required("market")) }
        let marketSeed = sink.attempt { () throws(ScenarioError) in
            try root.optional("market").flatMap { reader throws(ScenarioError) in
                try context.marketSeed(reader)
            }
        }
        let duration = sink.attempt { () throws(ScenarioError) in try root.required("duration").duration() }
        (context.duration, context.coinIds) = (duration ?? .max, market?.coinIds)
        if case .synthetic(let synthetic) = market, let duration {
            // The market is drawn and checkpointed up front: refuse what would take too long or
            // not fit, with the figures and the way out.
            let steps =
                (Double(synthetic.historyMilliseconds) + Double(duration))
                / Double(synthetic.stepMilliseconds)
            if let refusal = MarketCost(
                coins: synthetic.coins.count, steps: steps, stepMilliseconds: synthetic.stepMilliseconds
            ).refusal {
                _ = sink.attempt { () throws(ScenarioError) in
                    throw try root.required("market").error(
                        refusal + "; use a larger step, a shorter history or fewer coins")
                }
            }
        }
        let policies = sink.attempt { () throws(ScenarioError) in
            try context.policies(root.optional("policies"))
        }
        let server = sink.attempt { () throws(ScenarioError) in
            var server = try context.server(root.optional("server"), plan: root.optional("plan"))
            server.faults = try context.faults(root.optional("faults"))
            return server
        }
        let user = market.flatMap { market in
            sink.attempt { () throws(ScenarioError) in try context.user(root.optional("user"), market: market)
            }
        }
        let watchlist = sink.attempt { () throws(ScenarioError) in
            try context.watchlist(root.optional("watchlist"))
        }
        let name = sink.attempt { () throws(ScenarioError) in try Self.name(root, file: file) }
        let description = sink.attempt { () throws(ScenarioError) in
            try root.optional("description")?.string()
        }
        let seed = sink.attempt { () throws(ScenarioError) in
            try root.optional("seed")?.integer(in: 0...Int.max)
        }
        let alerts = sink.attempt { () throws(ScenarioError) in try context.alerts(root.optional("alerts")) }
        let portfolio = sink.attempt { () throws(ScenarioError) in
            try context.portfolio(root.optional("portfolio"))
        }
        let expectations = sink.attempt { () throws(ScenarioError) in
            try context.expectations(root.optional("expect"))
        }
        // A base's known failures describe the base's expectations: a file with its own `expect`
        // lists its own.
        let ownExpectations = !files.inherited.contains { $0.path == "expect" }
        let inheritedKnown = files.inherited.contains { $0.path == "known_failures" }
        var knownFailures: [KnownFailure]? = []
        if !(ownExpectations && inheritedKnown), let expectations {
            knownFailures = sink.attempt { () throws(ScenarioError) in
                try context.knownFailures(root.optional("known_failures"), expectations: expectations)
            }
        }
        try sink.throwIfAny()
        guard let market, let duration, let policies, let server, let user, let watchlist, let name,
            let description, let seed, let alerts, let portfolio, let expectations, let knownFailures
        else { preconditionFailure("every section read without a problem") }
        var scenario = Scenario(
            name: name,
            description: description ?? "",
            seed: UInt64(seed ?? 1),
            start: context.start,
            durationMilliseconds: duration,
            market: market,
            server: server,
            policies: policies,
            watchlist: watchlist,
            alerts: alerts,
            script: (user.script + portfolio).sorted { $0.time < $1.time },
            sessions: user.sessions,
            startsInForeground: user.foreground,
            expectations: expectations,
            file: file)
        scenario.bases = files.bases
        scenario.marketSeed = marketSeed ?? nil
        scenario.hasWidget = user.widget != nil
        scenario.widgetFamily = user.widget ?? .medium
        scenario.termination = user.termination
        scenario.knownFailures = knownFailures
        guard TimeLimits.time(after: context.start, steps: 1, of: duration) != nil else {
            throw try root.required("duration").error(
                "the run would end after 9999-12-31; shorten the duration")
        }
        guard scenario.estimatedEvents <= Scenario.maximumEvents else {
            throw try root.required("duration").error(
                "the run would simulate about \(Int64(scenario.estimatedEvents)) events, more than the limit of "
                    + "\(Int64(Scenario.maximumEvents)) (docs/errors-and-limits.md); shorten the duration, "
                    + "use fewer or shorter sessions, or a longer refresh interval")
        }
        return scenario
    }

    /// The scenario's name: `name`, or the file's; it becomes a folder (out/<name>) and a file
    /// (<name>.charts.txt).
    private static func name(_ root: MappingReader, file: String) throws(ScenarioError) -> String {
        let name =
            try root.optional("name")?.string()
            ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        guard PathNames.isPlainComponent(name) else {
            throw (root.optional("name") ?? root.reader).error(
                "the name '\(name)' must be usable as a folder name: not empty, not starting with '.', "
                    + "no '/' or '\\', at most 200 bytes")
        }
        return name
    }

    static func compose(_ text: String, file: String) throws(ScenarioError) -> Node {
        do {
            try YAMLShapeGuard.check(text)
        } catch {
            throw ScenarioError(
                file: file, line: error.line, column: error.column, keyPath: "", message: error.message)
        }
        do {
            // Scalars are read as text; no rule resolves them (`Tag.plain`).
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "the file is empty")
            }
            return node
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            throw ScenarioError(yamlError: error, file: file)
        } catch {
            throw ScenarioError(
                file: file, line: 0, column: 0, keyPath: "", message: "not valid YAML: \(error)")
        }
    }
}

extension ScenarioError {
    /// A YAML syntax error, located.
    init(yamlError: YamlError, file: String) {
        switch yamlError {
        case .scanner(let context, let problem, let mark, let text),
            .parser(let context, let problem, let mark, let text),
            .composer(let context, let problem, let mark, let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line =
                mark.line >= 1 && mark.line <= lines.count ? Array(lines[mark.line - 1].unicodeScalars) : []
            if problem.hasPrefix("found character that cannot start any token"), mark.column >= 1,
                mark.column <= line.count, line[mark.column - 1] == "\t"
            {
                self.init(
                    file: file, line: mark.line, column: mark.column, keyPath: "",
                    message: "not valid YAML: a tab; YAML indents with spaces only")
                return
            }
            // An unclosed '{' or '[' is found only at the end of the file or a later line: name
            // the bracket where it opens.
            if let context, context.text.contains("flow"), context.mark.line != mark.line {
                let bracket = context.text.contains("mapping") ? "{" : "["
                let found =
                    mark.line > text.split(separator: "\n").count
                    ? "the end of the file" : "line \(mark.line)"
                self.init(
                    file: file, line: context.mark.line, column: context.mark.column, keyPath: "",
                    message: "not valid YAML: this '\(bracket)' is not closed (\(problem) by \(found))")
                return
            }
            self.init(
                file: file, line: mark.line, column: mark.column, keyPath: "",
                message: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            self.init(
                file: file, line: context.mark.line, column: context.mark.column, keyPath: "",
                message: "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            self.init(file: file, line: 0, column: 0, keyPath: "", message: "not valid YAML: \(yamlError)")
        }
    }
}
