import TrackerCore
import WorkbenchFoundation

/// How a simulated person types into a search field: uneven gaps, so the app's 300 ms debounce
/// (`CoinSearchViewModel.performSearch()`) fires mid-word as it does for people.
///
/// A gap is uniform in 80-600 ms (mean 340 ms: Palin et al., "How do People Type on Mobile
/// Devices?", MobileHCI 2019, measured 36.2 words a minute on phones over 37,370 people, about
/// 330 ms a character), and one gap in twenty is a pause of 0.6-2 s (an assumption: the study
/// gives no pause figure). The gaps are drawn from a stream of their own, seeded by the search's
/// time and text, so they move no other draw of the user's.
public enum HumanTyping {
    /// The shortest and longest ordinary gap, ms.
    public static let gapRange: ClosedRange<Int64> = 80...600
    /// One gap in this many is a pause.
    public static let pauseOneIn: UInt64 = 20
    /// A pause's shortest and longest length, ms.
    public static let pauseRange: ClosedRange<Int64> = 600...2_000

    /// `text` typed by a person starting at `time` (epoch ms).
    public static func typing(_ text: String, at time: Int64) -> TypedText {
        var seed = UInt64(bitPattern: time) &* 0x9E37_79B9_7F4A_7C15
        for byte in text.utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var generator = SplitMix64(seed: seed)
        let gaps = (0..<max(text.count - 1, 0)).map { _ -> Int64 in
            let range = generator.next() % pauseOneIn == 0 ? pauseRange : gapRange
            return range.lowerBound + Int64(generator.next() % UInt64(range.count))
        }
        return TypedText(text, gapsMilliseconds: gaps)
    }
}
