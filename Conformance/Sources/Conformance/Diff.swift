import CommandLineShell
import Foundation
import WorkbenchFoundation

/// `conformance diff`: the app's pure functions at a revision, extracted and built beside
/// TrackerCore, run against the workbench on the same seeded and edge cases, rule by rule.
public struct Diff: Sendable, Codable {
    /// One kind of mismatch of a rule.
    public struct Mismatch: Sendable, Codable, Equatable {
        /// What differs, for the smallest case.
        public var what: String
        /// How many cases show it.
        public var count: Int
        /// The smallest case found that shows it (JSON).
        public var smallestCase: String
        /// The app's output for that case (JSON).
        public var app: String
        /// The workbench's output for that case (JSON).
        public var workbench: String
    }

    /// A rule's verdict.
    public enum Verdict: String, Sendable, Codable {
        /// Every case gave the same output on both sides.
        case matches
        /// Some cases differ.
        case differs
        /// The app's code no longer has what the rule extracts: a drift finding.
        case notExtracted = "not-extracted"
        /// The app's side stopped with a signal or an error.
        case crashed
    }

    /// One rule's result.
    public struct RuleResult: Sendable, Codable {
        /// The rule.
        public var rule: String
        /// What it compares.
        public var summary: String
        /// What the workbench side runs.
        public var workbench: String
        /// The verdict.
        public var verdict: Verdict
        /// Cases run.
        public var cases: Int
        /// The mismatches, by kind.
        public var mismatches: [Mismatch]
        /// Why it was not extracted or crashed.
        public var reason: String?
    }

    /// The revision asked for.
    public var revision: String
    /// Its commit.
    public var commit: String
    /// The seed of the random cases.
    public var seed: UInt64
    /// Random cases per rule (after the edges).
    public var randomCases: Int
    /// Every change made to the app's code, one line each.
    public var patches: [String]
    /// The rules, in table order.
    public var rules: [RuleResult]

    /// Whether anything is not a match.
    public var failed: Bool { rules.contains { $0.verdict != .matches } }

    /// Extracts, builds and runs.
    ///
    /// - Parameters:
    ///   - repository: The app's repository.
    ///   - revision: The revision to extract.
    ///   - seed: The random cases' seed.
    ///   - randomCases: Random cases per rule.
    ///   - package: Where the scratch package is built.
    ///   - progress: Receives a line per step.
    /// - Throws: ``ConformanceError`` for a revision the repository lacks, a build failure of
    ///   the extracted code (with the compiler's first error), or a package that cannot be written.
    public init(
        repository: AppRepository, revision: String, seed: UInt64, randomCases: Int, package: DiffPackage,
        only names: [String] = [], progress: (String) -> Void
    ) throws(ConformanceError) {
        let known = DiffRule.all.map(\.name)
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw ConformanceError(
                "--rule \(unknown): no such rule; the rules are \(known.joined(separator: ", "))")
        }
        let chosen = DiffRule.all.filter { names.isEmpty || names.contains($0.name) }
        self.revision = revision
        commit = try repository.commit(revision)
        self.seed = seed
        self.randomCases = randomCases
        let extraction = try DiffExtraction(repository: repository, commit: commit, rules: chosen)
        patches = extraction.patches
        let included = chosen.filter { extraction.unavailable[$0.name] == nil }
        var results: [String: RuleResult] = [:]
        for rule in chosen {
            if let reason = extraction.unavailable[rule.name] {
                results[rule.name] = RuleResult(
                    rule: rule.name, summary: rule.summary, workbench: rule.workbench, verdict: .notExtracted,
                    cases: 0,
                    mismatches: [], reason: reason)
            }
        }
        if !included.isEmpty {
            try package.write(appFiles: extraction.files, rules: included)
            let runner = try DiffBuild.build(package, commit: String(commit.prefix(12)), progress: progress)
            // One runner process a rule, as many at a time as the machine has cores: each rule's
            // cases and output are its own, and the report keeps the rules' order.
            let jobs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, included.count))
            progress(
                "running \(included.map(\.name).joined(separator: ", ")): \(randomCases) random cases each after "
                    + "the edges, \(jobs) at a time")
            let ran = Locked<[String: RuleResult]>([:])
            let (folder, seed, randomCases) = (package.folder, seed, randomCases)
            DispatchQueue.concurrentPerform(iterations: included.count) { index in
                let rule = included[index]
                let result = DiffBuild.run(
                    runner, rule: rule, seed: seed, randomCases: randomCases, scratch: folder)
                ran.withLock { $0[rule.name] = result }
            }
            results.merge(ran.withLock { $0 }) { _, new in new }
        }
        rules = chosen.compactMap { results[$0.name] }
    }
}

/// The app's files a revision gives the rules, patched, and the rules it cannot give.
struct DiffExtraction {
    /// Path under the scratch target's `App/` folder → text.
    var files: [String: String] = [:]
    /// Every change made, one line each.
    var patches: [String] = []
    /// Rule → why it cannot be extracted.
    var unavailable: [String: String] = [:]

    init(repository: AppRepository, commit: String, rules: [DiffRule] = DiffRule.all) throws(ConformanceError)
    {
        let short = String(commit.prefix(12))
        var texts: [String: (text: String, patches: [String])] = [:]
        var lifts: [String: (file: String, type: String, members: [String])] = [:]
        for rule in rules {
            var missing: [String] = []
            for file in rule.files where texts[file] == nil {
                guard let text = try repository.file(DiffRule.repositoryPath(of: file), at: commit) else {
                    missing.append("\(file) is not in the app at \(short)")
                    continue
                }
                texts[file] = AppPatches.patch(text, file: file, opening: Set(DiffRule.all.flatMap(\.opened)))
            }
            for lift in rule.lifts {
                guard let text = try repository.file(DiffRule.appFolder + lift.file, at: commit) else {
                    missing.append("\(lift.file) is not in the app at \(short)")
                    continue
                }
                let lifted = AppPatches.lift(lift.members, of: lift.type, from: text)
                for member in lifted.missing {
                    missing.append(
                        "\(lift.type).\(member) is not a function of \(lift.type) in \(lift.file) at \(short)"
                    )
                }
            }
            if !missing.isEmpty {
                unavailable[rule.name] = missing.joined(separator: "; ")
                continue
            }
            for lift in rule.lifts {
                let key = "\(lift.file)#\(lift.type)"
                lifts[key, default: (lift.file, lift.type, [])].members += lift.members
            }
        }
        let included = rules.filter { unavailable[$0.name] == nil }
        for file in Set(included.flatMap(\.files)).sorted() {
            files[file] = texts[file]!.text
            patches += texts[file]!.patches
        }
        for key in lifts.keys.sorted() {
            let lift = lifts[key]!
            guard let text = try repository.file(DiffRule.appFolder + lift.file, at: commit) else { continue }
            let folder = (lift.file as NSString).deletingLastPathComponent
            let lifted = AppPatches.lift(lift.members, of: lift.type, from: text, file: lift.file)
            files["\(folder)/\(lift.type)Lifted.swift"] = lifted.text
            patches.append(
                "\(lift.file): \(lift.members.map { "`\($0)`" }.joined(separator: ", ")) lifted out of `\(lift.type)` "
                    + "as static functions of `\(lift.type)Lifted` (the rest of the view model is not built)")
            patches += lifted.patches
        }
    }
}
