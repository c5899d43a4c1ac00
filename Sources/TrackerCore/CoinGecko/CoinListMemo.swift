import Foundation
import WorkbenchFoundation

/// The last `/coins/list` body decoded in this process, and its coins: every device of a fleet,
/// every cold launch of a run, asks for the same list (CoinGecko's whole list is 414 kB and
/// 7,248 coins in the recorded response), and decoding it again gives the same coins.
///
/// A body is taken from the memo only when its bytes equal the last one's, so what a run sees
/// does not depend on what was decoded before it.
enum CoinListMemo {
    private static let last = Locked<(body: [UInt8], coins: [CoinListEntry])?>(nil)

    /// The coins of a `/coins/list` body.
    ///
    /// - Parameters:
    ///   - body: The body.
    ///   - source: Its name, for errors.
    /// - Throws: ``LocatedDecodingError`` as ``CoinListEntry/decodeList(_:source:)`` does.
    static func coins(of body: [UInt8], source: String) throws(LocatedDecodingError) -> [CoinListEntry] {
        if let known = last.withLock({ $0 }), sameBytes(known.body, body) { return known.coins }
        let coins = try CoinListEntry.decodeList(body, source: source)
        last.withLock { $0 = (body, coins) }
        return coins
    }

    private static func sameBytes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in
                left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }
}
