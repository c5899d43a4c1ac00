import Foundation
import FuzzTargets
import TestSupport
import Testing

/// Replays the checked-in fuzz corpora (`Tests/Fixtures/fuzz/<target>/`: seeds, inputs that
/// found new paths, and every crash the fuzzers found, once fixed) through the same functions
/// libFuzzer drives, so CI keeps them fixed without a fuzzer.
@Suite("Fuzz corpora replay without a crash")
struct FuzzCorpusTests {
    static let targets = FuzzTargets.all.keys.sorted()

    static func inputs(_ target: String) throws -> [URL] {
        let folder = RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/fuzz/\(target)")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every input of the target's corpus", arguments: targets)
    func replay(_ target: String) throws {
        let inputs = try Self.inputs(target)
        #expect(!inputs.isEmpty, "no corpus for \(target)")
        let run = try #require(FuzzTargets.all[target])
        for input in inputs { run([UInt8](try Data(contentsOf: input))) }
    }
}
