import Foundation

/// A failure the CLI reports with a message and one of the documented exit codes.
struct CLIError: Error {
    /// Exit code for an expectation or regression that failed.
    static let failedCheckCode: Int32 = 1
    /// Exit code for bad input.
    static let badInputCode: Int32 = 2

    /// The message, starting with the file and place when there is one.
    var message: String
    /// The exit code.
    var exitCode: Int32

    /// Bad input: a malformed, missing or unsuitable file or argument (exit 2).
    static func badInput(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: badInputCode)
    }

    /// Bad input described by any error's text (exit 2).
    static func badInput(_ error: some Error) -> CLIError {
        badInput(String(describing: error))
    }
}

/// Writing problems to standard error.
enum ErrorOutput {
    /// The most characters of one message shown: a value quoted from a huge one-line file must
    /// not flood the terminal.
    static let maximumCharacters = 600

    /// Writes `workbench: <message>` and a newline, the message capped at
    /// ``maximumCharacters``.
    static func report(_ message: String) {
        FileHandle.standardError.write(Data("workbench: \(capped(message))\n".utf8))
    }

    /// The message, cut to ``maximumCharacters`` with a note of what was left out.
    static func capped(_ message: String) -> String {
        guard message.count > maximumCharacters else { return message }
        return message.prefix(maximumCharacters)
            + "... (\(message.count - maximumCharacters) more characters)"
    }
}
