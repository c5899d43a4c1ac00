/// A value from a user's file quoted in an error: `'text'`, cut to ``maximumCharacters`` so a huge
/// one-line value cannot flood the message.
public enum QuotedValue {
    /// The most characters of a value quoted.
    public static let maximumCharacters = 120

    /// The value in single quotes, cut with a count of what was left out.
    ///
    /// - Parameter value: The value.
    public static func text(_ value: String) -> String {
        guard value.count > maximumCharacters else { return "'\(value)'" }
        return "'\(value.prefix(maximumCharacters))...' (\(value.count - maximumCharacters) more characters)"
    }
}
