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
        /// Whether the three are printable ASCII alone (a space to `~`): each character one
        /// byte with no canonical equivalent but itself, so a plain needle is in one of them
        /// exactly when their bytes hold it.
        var isPrintableASCII: Bool

        init(_ coin: CoinListEntry) {
            (name, symbol, id) = (coin.name.lowercased(), coin.symbol.lowercased(), coin.id.lowercased())
            isPrintableASCII = [name, symbol, id].allSatisfy {
                $0.utf8.allSatisfy { (0x20...0x7E).contains($0) }
            }
        }
    }

    /// A list's rows, and their bytes laid end to end: each row's name, symbol and id, each
    /// after a 0 byte (which no query holds).
    struct List: Sendable {
        var rows: [Row]
        var text: [UInt8] = []
        /// Where each row starts in ``text``, and (last) its end.
        var starts: [Int] = []
        var byteCounts: [Int]

        init(_ coins: [CoinListEntry]) {
            rows = coins.map(Row.init)
            for row in rows {
                starts.append(text.count)
                for field in [row.name, row.symbol, row.id] {
                    text.append(0)
                    text += field.utf8
                }
            }
            starts.append(text.count)
            byteCounts = ByteRuns.byteCounts(of: text)
        }

        /// The rows, ascending, whose bytes hold `needle` (not empty, without a 0 byte).
        func rows(holding needle: [UInt8]) -> [Int] {
            ByteRuns.regions(holding: needle, in: text, starts: starts, byteCounts: byteCounts)
        }
    }

    private static let last = Locked<(coins: [CoinListEntry], list: List)?>(nil)

    /// A list's rows, in its order, and their bytes: built once a list, kept for its next query.
    static func of(_ coins: [CoinListEntry]) -> List {
        if let known = last.withLock({ $0 }), known.coins == coins { return known.list }
        let list = List(coins)
        last.withLock { $0 = (coins, list) }
        return list
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
}
