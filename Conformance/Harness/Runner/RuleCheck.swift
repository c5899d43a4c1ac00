import ConformanceCases
import Foundation

/// One rule compared: the app's code and the workbench's on the same cases, every mismatch
/// grouped by what differs, each group with the smallest case found that still shows it.
struct RuleCheck<Case: Codable & Equatable, Output: Codable> {
    /// The rule's name.
    var name: String
    /// The cases: hand-picked edges, then seeded random ones.
    var cases: (inout SplitMix) -> [Case]
    /// The app's side (async: a view model's functions run on the main actor).
    var app: (Case) async -> Output
    /// The workbench's side.
    var tracker: (Case) -> Output
    /// What differs between the app's output and the workbench's, nil when they match.
    var difference: (Output, Output) -> String?
    /// Smaller cases to try when shrinking.
    var shrink: (Case) -> [Case]

    /// The most evaluations spent shrinking one mismatch.
    static var shrinkBudget: Int { 4000 }

    /// Runs every case.
    func run(seed: UInt64) async -> RuleResult {
        var random = SplitMix(seed: seed)
        let all = cases(&random)
        var groups: [String: RuleResult.Group] = [:]
        var order: [String] = []
        for one in all {
            guard let what = difference(await app(one), tracker(one)) else { continue }
            let kind = Self.kind(of: what)
            if groups[kind] == nil {
                order.append(kind)
                groups[kind] = await smallest(showing: kind, from: one)
            }
            groups[kind]!.count += 1
        }
        return RuleResult(rule: name, cases: all.count, mismatches: order.map { groups[$0]! })
    }

    /// A difference without its numbers, so that one kind of mismatch is one group.
    static func kind(of what: String) -> String {
        String(what.prefix { $0 != "(" }.filter { !$0.isNumber }).trimmingCharacters(in: .whitespaces)
    }

    /// Shrinks a case greedily while the same kind of mismatch remains.
    private func smallest(showing kind: String, from start: Case) async -> RuleResult.Group {
        var current = start
        var budget = Self.shrinkBudget
        var progressed = true
        while progressed, budget > 0 {
            progressed = false
            for candidate in shrink(current) {
                budget -= 1
                if budget <= 0 { break }
                if let what = difference(await app(candidate), tracker(candidate)),
                    Self.kind(of: what) == kind
                {
                    current = candidate
                    progressed = true
                    break
                }
            }
        }
        let appOutput = await app(current)
        return RuleResult.Group(
            what: difference(appOutput, tracker(current)) ?? kind, count: 0, smallestCase: Self.json(current),
            app: Self.json(appOutput), workbench: Self.json(tracker(current)))
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "?"
    }
}

/// A rule's result, as the runner prints it (JSON) for `workbench conformance diff`.
struct RuleResult: Codable {
    /// One kind of mismatch.
    struct Group: Codable {
        /// What differs, for the smallest case.
        var what: String
        /// How many cases show it.
        var count: Int
        /// The smallest case found that shows it (JSON).
        var smallestCase: String
        /// The app's output for it (JSON).
        var app: String
        /// The workbench's output for it (JSON).
        var workbench: String
    }

    /// The rule.
    var rule: String
    /// Cases run.
    var cases: Int
    /// The mismatches, by kind, in the order first seen.
    var mismatches: [Group]
}
