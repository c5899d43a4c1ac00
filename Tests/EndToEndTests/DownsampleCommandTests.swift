import Foundation
import TestSupport
import Testing

@Suite("workbench downsample", .reapsChildren)
struct DownsampleCommandTests {
    static let vectors = DownsamplingPeerVectors.shared

    /// Each peer series as an input file `{"x":[...],"y":[...]}`, written once.
    static let inputs: [String: URL] = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peer-inputs-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var files: [String: URL] = [:]
        for (id, series) in vectors.series {
            let url = directory.appendingPathComponent("\(id).json")
            let x = series.x.map(String.init).joined(separator: ",")
            let y = series.y.map { "\($0)" }.joined(separator: ",")
            try! Data("{\"x\":[\(x)],\"y\":[\(y)]}".utf8).write(to: url)
            files[id] = url
        }
        return files
    }()

    @Test("every peer case through the CLI", arguments: vectors.cases.map(\.label))
    func peerCase(label: String) throws {
        let peerCase = try #require(Self.vectors.cases.first { $0.label == label })
        let input = try #require(Self.inputs[peerCase.series])
        let outcome = try WorkbenchProcess.run([
            "downsample", "--algorithm", peerCase.algorithm, "--n-out", String(peerCase.nOut), "--input",
            input.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = "{\"indices\":[" + peerCase.expected.map(String.init).joined(separator: ",") + "]}\n"
        #expect(outcome.stdout == expected)
    }

    @Test("standard input, a missing x, and the lines format")
    func stdinAndFormats() throws {
        let input = Data(#"{"y":[1,5,2,8,3,4]}"#.utf8)
        let json = try WorkbenchProcess.run(
            ["downsample", "--algorithm", "lttb", "--n-out", "4"], stdin: input)
        #expect(json.status == 0)
        #expect(json.stdout == "{\"indices\":[0,1,3,5]}\n")
        let lines = try WorkbenchProcess.run(
            ["downsample", "--algorithm", "stride", "--n-out", "4", "--format", "lines", "--input", "-"],
            stdin: input)
        #expect(lines.stdout == "0\n1\n2\n3\n4\n5\n")
    }

    struct BadCall: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var stdin: String
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badCalls: [BadCall] = [
        .init(
            arguments: ["--algorithm", "lttb", "--n-out", "3"], stdin: #"{"x":[1,2],"y":[1,null]}"#,
            message: "stdin:1:19: at $.y[1]: expected a finite number, found null"),
        .init(
            arguments: ["--algorithm", "lttb", "--n-out", "3"], stdin: #"{"x":[2,1],"y":[1,2]}"#,
            message: "at $.x[1]: expected timestamps in non-decreasing order (previous 2), found 1"),
        .init(
            arguments: ["--algorithm", "lttb", "--n-out", "3"], stdin: #"{"x":[1,2],"y":[1,2]"#,
            message: "stdin:1:21: at $: expected ',' or '}' in the object, found end of input"),
        .init(
            arguments: ["--algorithm", "minmax", "--n-out", "5"], stdin: #"{"y":[1,2]}"#,
            message: "minmax: n_out must be even"),
        .init(
            arguments: ["--algorithm", "fancy", "--n-out", "5"], stdin: "{}",
            message: "unknown algorithm 'fancy'"),
        .init(
            arguments: ["--algorithm", "lttb"], stdin: "{}",
            message: "Missing expected argument '--n-out <n-out>'"),
        .init(
            arguments: ["--algorithm", "lttb", "--n-out", "3", "--input", "/no/such/file.json"], stdin: "",
            message: "/no/such/file.json: no such file"),
    ]

    @Test("bad input exits 2 and names the place", arguments: badCalls)
    func badInput(_ call: BadCall) throws {
        let outcome = try WorkbenchProcess.run(["downsample"] + call.arguments, stdin: Data(call.stdin.utf8))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(call.message), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test("help exits 0 and documents the format")
    func help() throws {
        let outcome = try WorkbenchProcess.run(["downsample", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("{\"indices\": [...]}"))
        let root = try WorkbenchProcess.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("downsample") && root.stdout.contains("datasets"))
    }
}
