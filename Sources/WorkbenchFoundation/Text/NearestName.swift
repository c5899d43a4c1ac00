/// The name in a list closest to a misspelt one, for "did you mean" in errors: the smallest
/// edit distance (Levenshtein: insertions, deletions, substitutions), when it is small for the
/// name's length.
public enum NearestName {
    /// The closest of `names` to `text`, nil when none is within a third of the longer length
    /// (at least 1, at most 3 edits). Ties go to the earlier name.
    ///
    /// - Parameters:
    ///   - text: What was given.
    ///   - names: The valid names.
    public static func nearest(to text: String, among names: [String]) -> String? {
        var best: (name: String, distance: Int)?
        // One and many of a word (`policy` and `policies`, `coin` and `coins`) are one edit.
        if let same = names.first(where: {
            singular($0.lowercased()) == singular(text.lowercased()) && $0 != text
        }) {
            return same
        }
        for name in names {
            let distance = editDistance(Array(text.lowercased()), Array(name.lowercased()))
            let allowed = min(3, max(1, max(text.count, name.count) / 3))
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// A word's singular, by English's regular plurals (`policies`, `coins`).
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return word.dropLast(3) + "y" }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }

    /// The Levenshtein distance between two character arrays, in O(n * m) time, O(m) memory.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
