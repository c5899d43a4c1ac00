/// A count with its noun, singular for one: `1 coin`, `5 coins`, `0 coins`.
public enum CountText {
    /// The count and the noun, with `s` added unless the count is one.
    ///
    /// - Parameters:
    ///   - count: How many.
    ///   - noun: The singular noun (`coin`, `generated coin`).
    public static func of(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
