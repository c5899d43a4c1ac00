import Datasets
import Foundation
import TrackerCore
import WorkbenchFoundation

/// The recorded `/coins/list` files scenarios read (`market.listed`, recorded by default),
/// decoded once a process: the recorded list is 414 kB and 7,248 coins, and a sweep, a fleet or
/// the test suite parses many scenarios over the same file.
///
/// A file is read again when its size or modification time changed since it was decoded.
enum RecordedCoinLists {
    private struct Stamp: Equatable {
        var size: Int
        var modified: Date?
    }

    private static let decoded = Locked([String: (stamp: Stamp, coins: [CoinListEntry])]())

    /// The coins of the `/coins/list` response at `path`.
    ///
    /// - Parameters:
    ///   - path: The file's absolute path.
    ///   - source: The path as the user gave it, for errors.
    /// - Throws: ``CheckedFile/Failure`` when it cannot be read, or the decoder's error when it is
    ///   not a `/coins/list` response.
    static func coins(at path: String, source: String) throws -> [CoinListEntry] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = Stamp(
            size: (attributes?[.size] as? NSNumber)?.intValue ?? -1,
            modified: attributes?[.modificationDate] as? Date)
        if let known = decoded.withLock({ $0[path] }), known.stamp == stamp { return known.coins }
        let bytes = try CheckedFile.read(path, limit: 64 << 20)
        let coins = try CoinListEntry.decodeList(bytes, source: source)
        decoded.withLock { $0[path] = (stamp, coins) }
        return coins
    }
}
