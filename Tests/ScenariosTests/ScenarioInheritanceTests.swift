import Foundation
import Scenarios
import TestSupport
import Testing

@Suite("extends: scenarios as differences from another, errors in the file that wrote the key")
struct ScenarioInheritanceTests {
    static let base = """
        name: base
        description: the base
        seed: 3
        duration: 2h
        market:
          step: 15m
          history: 1d
          coins:
            - {id: bitcoin, price: 42000}
            - {id: ethereum, price: 2300}
        policies:
          preset: bitpal
          limiter: spacing
        expect:
          - rate_limit.requests > 0
        """

    /// Writes the files into a fresh project folder and parses `main` there.
    static func parse(_ files: [String: String], main: String) throws -> Result<Scenario, ScenarioError> {
        let project = try TemporaryDirectory()
        for (name, text) in files {
            let url = project.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        defer { project.remove() }
        return Result { () throws(ScenarioError) in
            try ScenarioParser.load(path: project.path(main), projectRoot: project.url)
        }
    }

    static func error(_ files: [String: String], main: String) throws -> String {
        switch try parse(files, main: main) {
        case .success: "no error"
        case .failure(let error): error.description
        }
    }

    @Test("mappings merge key by key, lists and values are replaced, the name is never inherited")
    func merge() throws {
        let child = "extends: base.yaml\npolicies:\n  preset: spec\nexpect: []\nduration: 1h\n"
        let scenario = try Self.parse(["base.yaml": Self.base, "child.yaml": child], main: "child.yaml").get()
        #expect(scenario.name == "child")
        #expect(scenario.description == "the base")
        #expect(scenario.seed == 3)
        #expect(scenario.durationMilliseconds == 3_600_000)
        #expect(scenario.market.coinIds == ["bitcoin", "ethereum"])
        #expect(scenario.policies.limiter.description.hasPrefix("spacing"), "the base's limiter kept")
        #expect(scenario.expectations.isEmpty, "the list replaced")
        #expect(scenario.bases.map { URL(fileURLWithPath: $0).lastPathComponent } == ["base.yaml"])
    }

    @Test("the library's spec-baseline is bitpal-as-built with the spec's policies, script and expectations")
    func library() throws {
        let root = RepositoryFiles.root
        let spec = try ScenarioParser.load(
            path: root.appendingPathComponent("scenarios/spec-baseline.yaml").path, projectRoot: root)
        let bitpal = try ScenarioParser.load(
            path: root.appendingPathComponent("scenarios/bitpal-as-built.yaml").path, projectRoot: root)
        #expect(spec.name == "spec-baseline")
        #expect(spec.market.coinIds == bitpal.market.coinIds)
        #expect(
            (spec.start, spec.durationMilliseconds, spec.seed) == (
                bitpal.start, bitpal.durationMilliseconds, bitpal.seed
            ))
        #expect(spec.policies.limiter != bitpal.policies.limiter)
        #expect(spec.sessions == bitpal.sessions)
    }

    @Test(
        "errors name the file and line where the key was written",
        arguments: [
            // A bad value inherited from the base: the base's line.
            (
                "extends: base.yaml\n", "base.yaml", "seed: 3", "seed: x",
                "base.yaml:3:7: seed: expected a whole number"
            ),
            // A bad value in the extending file, merged into the base's mapping: the child's line.
            (
                "extends: base.yaml\npolicies:\n  limiter: fast\n", "base.yaml", "", "",
                "child.yaml:3:12: policies.limiter: expected one of"
            ),
            // An unknown key in the base, two files up.
            (
                "extends: middle.yaml\n", "base.yaml", "description: the base", "colour: red",
                "base.yaml:2:1: colour: unknown key 'colour'"
            ),
        ])
    func located(child: String, edited: String, old: String, new: String, expected: String) throws {
        var files = [
            "base.yaml": Self.base, "child.yaml": child, "middle.yaml": "extends: base.yaml\nseed: 4\n",
        ]
        if !old.isEmpty { files[edited] = Self.base.replacingOccurrences(of: old, with: new) }
        let error = try Self.error(files, main: "child.yaml")
        #expect(error.contains("/" + expected), "\(error)")
    }

    @Test(
        "a missing, outside, cyclic or wrong-typed base is an error at extends",
        arguments: [
            (["child.yaml": "extends: none.yaml\n"], "child.yaml:1:10: extends: ", "none.yaml"),
            (["child.yaml": "extends: ../x.yaml\n"], "child.yaml:1:10: extends: ", "outside the project"),
            (["child.yaml": "extends: /etc/passwd\n"], "child.yaml:1:10: extends: ", "relative to this one"),
            (
                ["child.yaml": "extends: a.yaml\n", "a.yaml": "extends: child.yaml\n"],
                "a.yaml:1:10: extends: ",
                "extends itself"
            ),
            (["child.yaml": "extends: [a.yaml]\n"], "child.yaml:1:10: extends: ", "expected a text value"),
            (["child.yaml": "extends: a.yaml\n", "a.yaml": "- 1\n"], "a.yaml:1:1: ", "expected a mapping"),
        ])
    func badBase(files: [String: String], place: String, message: String) throws {
        let error = try Self.error(files, main: "child.yaml")
        #expect(error.contains("/" + place) && error.contains(message), "\(error)")
    }
}
