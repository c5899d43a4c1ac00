/// String content read eight bytes at a time, as one little-endian word (SWAR): most strings
/// of a CoinGecko body (ids, names, image URLs, dates) are plain ASCII with no escape, so the
/// reader only needs to find where the next quote, backslash or control byte is.
enum JSONStringRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Moves `index` to the next quote, backslash or control byte (< 0x20) of `bytes`, word by
    /// word, or to where fewer than eight bytes remain (the caller reads those one at a time).
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - index: Where the run starts; on return, the first byte not passed.
    /// - Returns: Whether a byte passed is outside ASCII (>= 0x80).
    @inline(__always)
    static func skip(in bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Bool {
        var passed: UInt64 = 0
        while index &+ 8 <= bytes.count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            let stops = stopBytes(word)
            guard stops != 0 else {
                passed |= word
                index &+= 8
                continue
            }
            // Only the lowest flagged byte is certain (a borrow can flag the bytes after it),
            // and it is the one wanted: the first stop.
            let run = stops.trailingZeroBitCount / 8
            passed |= word & ((1 &<< UInt64(8 * run)) &- 1)
            index &+= run
            break
        }
        return passed & highBits != 0
    }

    /// The high bit of every byte of `word` that is a quote, a backslash or below 0x20, and
    /// possibly of bytes after the first such byte (borrows run towards the higher bytes).
    @inline(__always)
    private static func stopBytes(_ word: UInt64) -> UInt64 {
        let quotes = word ^ (ones &* UInt64(UInt8.quote))
        let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highBits
    }
}
