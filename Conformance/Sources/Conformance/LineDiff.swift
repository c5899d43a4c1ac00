/// The lines two texts differ by, as a unified diff's body: `-` for a line only in the first,
/// `+` for one only in the second, `  ` for a line in both (longest common subsequence).
public enum LineDiff {
    /// The diff of two texts, line by line.
    ///
    /// - Parameters:
    ///   - old: The first text.
    ///   - new: The second text.
    /// - Returns: One line each, prefixed `- `, `+ ` or two spaces.
    public static func lines(_ old: String, _ new: String) -> [String] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        var result: [String] = []
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append("  " + a[i])
                (i, j) = (i + 1, j + 1)
            } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                result.append("+ " + b[j])
                j += 1
            } else {
                result.append("- " + a[i])
                i += 1
            }
        }
        return result
    }
}
