import CommandLineShell
import Foundation

/// Reading an API key the way every command that sends one does: from an environment variable
/// (`--api-key-env NAME`), a file (`--api-key-file PATH`, its content without surrounding
/// whitespace), or from the command line (`--key K`, with a warning: the process list shows it),
/// checked without ever quoting it.
enum APIKeyInput {
    /// The key, if one was given.
    ///
    /// - Parameters:
    ///   - environment: The name of the environment variable that holds it.
    ///   - file: A file that holds it.
    ///   - given: The key given on the command line.
    /// - Throws: ``CLIError`` (bad input) for an unset or empty variable, an unreadable or empty
    ///   file, two sources at once, or a key with spaces, line breaks, control characters or
    ///   other than printable ASCII, or over 256 characters; the message gives its length, never
    ///   its text.
    static func read(environment: String?, file: String? = nil, given: String? = nil) throws(CLIError)
        -> String?
    {
        var value: String?
        if let environment {
            guard let set = ProcessInfo.processInfo.environment[environment], !set.isEmpty else {
                throw .badInput("--api-key-env: the environment variable \(environment) is not set or empty")
            }
            value = set
        }
        if let file {
            guard value == nil else { throw .badInput("--api-key-file and --api-key-env: give one of them") }
            let content = try SecretFile.read(file, option: "--api-key-file", maximumBytes: 65_536)
            guard !content.isEmpty else { throw .badInput("--api-key-file \(file): the file is empty") }
            value = content
        }
        if let given {
            guard value == nil else {
                throw .badInput("--key and --api-key-env or --api-key-file: give one of them")
            }
            ErrorOutput.report(
                "warning: --key is visible to every user of this machine in the process list; prefer --api-key-env"
            )
            value = given
        }
        guard let value else { return nil }
        guard value.count <= 256, !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .badInput(
                "the API key (\(value.count) characters) has spaces or line breaks, or is over 256 characters"
            )
        }
        // A header carries it: a control character would be sent raw (or split the header), and
        // anything outside printable ASCII is not what CoinGecko issues.
        guard value.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw .badInput(
                "the API key (\(value.count) characters) has a control character or a character outside "
                    + "printable ASCII; CoinGecko's keys have neither")
        }
        return value
    }

    /// How a key is named where it matters that one was used: its plan and its last four
    /// characters (`a demo-100 key ending in ...44d2`), never more; a key of 12 characters or
    /// fewer shows none of it.
    static func describe(_ key: String, plan: String) -> String {
        key.count > 12 ? "a \(plan) key ending in ...\(key.suffix(4))" : "a \(plan) key"
    }
}
