import Foundation
import Testing

/// One bad input for a command: the files it needs, and what the command must answer.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// A file the case puts in its folder before running.
    enum File: Sendable {
        case text(String)
        case bytes([UInt8])
        case directory
        /// A named pipe nobody writes to: reading it would hang.
        case fifo
        /// A symbolic link to itself.
        case linkLoop
        /// A file of this many `a` bytes.
        case size(Int)
    }

    var label: String
    /// The command line; `$D` stands for the case's folder (relative to the project).
    var arguments: [String]
    /// Files by name, in the case's folder.
    var files: [String: File] = [:]
    var stdin: Data?
    /// A file of the case's folder opened as standard input.
    var stdinFile: String?
    /// The exit status the contract asks for.
    var status: Int32 = 2
    /// Texts the output (stderr and stdout) must contain: the file, place, key or option
    /// (`$D` as in ``arguments``).
    var messages: [String]

    var testDescription: String { label }
}

/// Scenario text for the cases: a small valid scenario with one line changed or added.
enum BadScenario {
    static let base = """
        name: bad
        seed: 1
        start: 2024-01-01T00:00:00Z
        duration: 1h
        market:
          step: 5m
          history: 1d
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}
        plan: demo-30
        policies: {preset: spec}
        user:
          script:
            - {at: 10m, open: bitcoin}

        """

    /// The base with `old` replaced by `new` (which must change it).
    static func replacing(_ old: String, with new: String) -> String {
        precondition(base.contains(old), "no '\(old)' in the base scenario")
        return base.replacingOccurrences(of: old, with: new)
    }

    /// The base with lines added at the end.
    static func adding(_ lines: String) -> String { base + lines + "\n" }
}
