import Foundation

/// Writing problems to standard error.
public enum ErrorOutput {
    /// The most characters of one message shown: a value quoted from a huge one-line file must
    /// not flood the terminal.
    public static let maximumCharacters = 600

    /// The most lines of one message shown (a scenario with a problem on every line).
    public static let maximumLines = 50

    /// Writes `workbench: <line>` for each line of the message (a scenario's problems, one a
    /// line), each capped at ``maximumCharacters``, at most ``maximumLines`` of them.
    public static func report(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        var text = lines.prefix(maximumLines).map { "workbench: \(capped(String($0)))\n" }.joined()
        if lines.count > maximumLines {
            text += "workbench: ... and \(lines.count - maximumLines) more lines\n"
        }
        StandardStreams.error(text)
    }

    /// The message, cut to ``maximumCharacters`` with a note of what was left out.
    public static func capped(_ message: String) -> String {
        guard message.count > maximumCharacters else { return message }
        return message.prefix(maximumCharacters)
            + "... (\(message.count - maximumCharacters) more characters)"
    }
}
