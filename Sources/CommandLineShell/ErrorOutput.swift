import Foundation

/// Writing problems to standard error.
public enum ErrorOutput {
    /// The most characters of one message shown: a value quoted from a huge one-line file must
    /// not flood the terminal.
    public static let maximumCharacters = 600

    /// Writes `workbench: <message>` and a newline, the message capped at
    /// ``maximumCharacters``.
    public static func report(_ message: String) {
        StandardStreams.error("workbench: \(capped(message))\n")
    }

    /// The message, cut to ``maximumCharacters`` with a note of what was left out.
    public static func capped(_ message: String) -> String {
        guard message.count > maximumCharacters else { return message }
        return message.prefix(maximumCharacters)
            + "... (\(message.count - maximumCharacters) more characters)"
    }
}
