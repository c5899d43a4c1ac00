import Foundation

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

    /// The entry beside a path that does not exist whose name is nearest the path's last
    /// component, written as the path was given (its folder as typed, then the entry's name): for
    /// a mistyped scenario file or run folder. Nil for an empty path, a folder that cannot be
    /// listed, or no entry close enough; only the first `limit` entries of a huge folder are
    /// looked at.
    ///
    /// - Parameters:
    ///   - path: What was given.
    ///   - limit: The most entries considered.
    ///   - accepts: Whether an entry (its folder, its name) is of the kind the path names.
    public static func nearestSibling(
        of path: String, limit: Int = 10_000, accepts: (_ folder: String, _ name: String) -> Bool
    ) -> String? {
        guard !path.isEmpty else { return nil }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let candidates = names.prefix(limit).filter { accepts(folder, $0) }.sorted()
        guard let nearest = nearest(to: url.lastPathComponent, among: candidates) else { return nil }
        let given = (path as NSString).deletingLastPathComponent
        return given.isEmpty ? nearest : "\(given)/\(nearest)"
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
