import Foundation
import WorkbenchFoundation

/// A coin list's lower-cased names, symbols and ids, kept for the list's next query: the app
/// lower-cases every coin at every query (`CoinSearchViewModel.filterResults(query:)`), which over
/// CoinGecko's whole list is 22,000 strings a keystroke; the workbench does it once a list.
enum LowercasedCoins {
    /// One coin's lower-cased name, symbol and id.
    struct Row: Sendable {
        var name: String
        var symbol: String
        var id: String
        /// The three's UTF-8 bytes, each after a 0 byte (which no query holds).
        var bytes: [UInt8]
        /// Whether the three are printable ASCII alone (a space to `~`): each character one
        /// byte with no canonical equivalent but itself, so a plain needle is in one of them
        /// exactly when ``bytes`` holds it.
        var isPrintableASCII: Bool

        init(_ coin: CoinListEntry) {
            (name, symbol, id) = (coin.name.lowercased(), coin.symbol.lowercased(), coin.id.lowercased())
            bytes = [0] + Array(name.utf8) + [0] + Array(symbol.utf8) + [0] + Array(id.utf8)
            isPrintableASCII = bytes.allSatisfy { $0 == 0 || (0x20...0x7E).contains($0) }
        }
    }

    private static let last = Locked<(coins: [CoinListEntry], rows: [Row])?>(nil)

    /// The rows of a list, in its order.
    static func of(_ coins: [CoinListEntry]) -> [Row] {
        if let known = last.withLock({ $0 }), known.coins == coins { return known.rows }
        let rows = coins.map(Row.init)
        last.withLock { $0 = (coins, rows) }
        return rows
    }

    /// Whether a byte is an ASCII letter, digit, space, `-`, `.` or `_`: text of these has no
    /// canonical equivalent but itself.
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// Whether `haystack` holds `needle` (not empty) as a run.
    static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                guard needle.count <= haystack.count else { return false }
                let first = needle[0]
                var start = 0
                while start + needle.count <= haystack.count {
                    if haystack[start] == first {
                        var index = 1
                        while index < needle.count, haystack[start + index] == needle[index] { index += 1 }
                        if index == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
