/// A value from a scenario quoted in an error: `'text'`, cut to ``maximumCharacters`` so a huge
/// one-line value cannot flood the message.
enum QuotedValue {
    /// The most characters of a value quoted.
    static let maximumCharacters = 120

    /// The value in single quotes, cut with a count of what was left out.
    static func text(_ value: String) -> String {
        guard value.count > maximumCharacters else { return "'\(value)'" }
        return "'\(value.prefix(maximumCharacters))...' (\(value.count - maximumCharacters) more characters)"
    }
}
