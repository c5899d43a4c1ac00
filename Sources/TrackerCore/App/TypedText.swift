/// What the user types into a search field, and when: the text and the gap before each keystroke
/// after the first. People type with uneven gaps, and a gap longer than the app's 300 ms debounce
/// lets a query fire mid-word (`CoinSearchViewModel.performSearch()`).
public struct TypedText: Sendable, Equatable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The gap between keystrokes when none is given, ms: faster than the debounce, so one
    /// query fires, after the last keystroke.
    public static let defaultGapMilliseconds: Int64 = 150

    /// The text.
    public var text: String
    /// The gap before each keystroke after the first, ms: `text.count - 1` of them.
    public var gapsMilliseconds: [Int64]

    /// A text typed with the given gaps.
    ///
    /// - Parameters:
    ///   - text: The text, not empty.
    ///   - gapsMilliseconds: One gap (≥ 0) per keystroke after the first; nil: 150 ms each.
    public init(_ text: String, gapsMilliseconds: [Int64]? = nil) {
        let gaps =
            gapsMilliseconds ?? Array(repeating: Self.defaultGapMilliseconds, count: max(text.count - 1, 0))
        precondition(gaps.count == max(text.count - 1, 0), "one gap per keystroke after the first")
        precondition(gaps.allSatisfy { $0 >= 0 }, "a gap is not negative")
        self.text = text
        self.gapsMilliseconds = gaps
    }

    /// A text typed 150 ms a keystroke.
    public init(stringLiteral value: String) { self.init(value) }

    /// Whether every gap is the default.
    public var hasDefaultGaps: Bool { gapsMilliseconds.allSatisfy { $0 == Self.defaultGapMilliseconds } }

    /// The text.
    public var description: String { text }

    /// The field's text after each keystroke, and when.
    ///
    /// - Parameter start: The first keystroke's time, epoch ms.
    /// - Returns: One entry a keystroke, in order.
    public func keystrokes(from start: Int64) -> [(time: Int64, typed: String)] {
        var typed = ""
        var time = start
        return text.enumerated().map { index, character in
            if index > 0 { time += gapsMilliseconds[index - 1] }
            typed.append(character)
            return (time, typed)
        }
    }
}
