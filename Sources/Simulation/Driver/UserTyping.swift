/// How the user types into a search field: a keystroke every ``keystrokeMilliseconds``, faster
/// than the app's 300 ms debounce, so one query fires, after the last keystroke. Both shells type
/// this way.
public enum UserTyping {
    /// The time between keystrokes, ms.
    public static let keystrokeMilliseconds: Int64 = 150

    /// The field's text after each keystroke of `text`, and when.
    ///
    /// - Parameters:
    ///   - text: What is typed.
    ///   - start: The first keystroke's time, epoch ms.
    /// - Returns: One entry a keystroke, in order.
    public static func keystrokes(of text: String, from start: Int64) -> [(time: Int64, typed: String)] {
        var typed = ""
        return text.enumerated().map { index, character in
            typed.append(character)
            return (start + Int64(index) * keystrokeMilliseconds, typed)
        }
    }
}
