import Foundation

/// Writing problems to standard error.
package enum ErrorOutput {
    /// The most characters of one message shown: a value quoted from a huge one-line file must
    /// not flood the terminal.
    package static let maximumCharacters = 600

    /// Writes `workbench: <message>` and a newline, the message capped at
    /// ``maximumCharacters``.
    package static func report(_ message: String) {
        FileHandle.standardError.write(Data("workbench: \(capped(message))\n".utf8))
    }

    /// The message, cut to ``maximumCharacters`` with a note of what was left out.
    package static func capped(_ message: String) -> String {
        guard message.count > maximumCharacters else { return message }
        return message.prefix(maximumCharacters)
            + "... (\(message.count - maximumCharacters) more characters)"
    }
}
