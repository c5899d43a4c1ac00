import Foundation

/// Finding a run of bytes in a text of regions laid end to end (a coin list's lower-cased names,
/// one coin after another): what ``CoinSearchIndex`` and the app's ranking
/// (``AppSearchRanking``) search with.
enum ByteRuns {
    /// How often each byte occurs in `text`: a search looks for the needle's rarest.
    static func byteCounts(of text: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        for byte in text { counts[Int(byte)] += 1 }
        return counts
    }

    /// Where the needle (not empty) first occurs in the text at or after `offset`: `memchr`
    /// (vectorised in the C library) finds each place of the needle's rarest byte, `memcmp`
    /// checks the whole.
    static func firstOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from offset: Int,
        byteCounts: [Int]
    ) -> Int? {
        guard let base = text.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let anchor = needle.indices.min { byteCounts[Int(needle[$0])] < byteCounts[Int(needle[$1])] }!
        // Candidate starts run from `offset` to `text.count - needle.count`; the anchor byte sits
        // `anchor` bytes after each.
        var start = offset
        while text.count - start >= needle.count {
            let searched = text.count - start - needle.count + 1
            guard let hit = memchr(base + start + anchor, Int32(needle[anchor]), searched) else { return nil }
            let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
            if memcmp(base + position, needleBase, needle.count) == 0 { return position }
            start = position + 1
        }
        return nil
    }

    /// The region whose span holds a position of the text, given where each region starts and
    /// (last) the text's end (binary search).
    static func region(at position: Int, starts: [Int]) -> Int {
        var (low, high) = (0, starts.count - 1)
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    /// The regions, ascending, that hold the needle (not empty, without a 0 byte, in a text whose
    /// regions each start with a 0 byte, so no match runs across two).
    static func regions(
        holding needle: [UInt8], in text: [UInt8], starts: [Int], byteCounts: [Int]
    ) -> [Int] {
        precondition(!needle.isEmpty && !needle.contains(0), "a needle that is empty or holds a 0 byte")
        var found: [Int] = []
        text.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                var offset = 0
                while let position = firstOccurrence(
                    of: needle, in: text, from: offset, byteCounts: byteCounts)
                {
                    let region = region(at: position, starts: starts)
                    found.append(region)
                    offset = starts[region + 1]
                }
            }
        }
        return found
    }
}
