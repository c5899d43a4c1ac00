import Foundation
import TrackerCore

/// One recording listed in a dataset's `index.json`.
public struct DatasetEntry: Sendable, Equatable, Codable {
    /// The file name, relative to the dataset directory.
    public var file: String
    /// The request URI (or a description, for exports and captures without one).
    public var uri: String
    /// The HTTP status, when recorded.
    public var status: Int?
    /// The response `Date` header, or a description of when it was captured.
    public var date: String?
    /// The `Cache-Control` header, when recorded.
    public var cacheControl: String?
    /// The byte count.
    public var bytes: Int
    /// The SHA-256 of the bytes, lowercase hex.
    public var sha256: String
    /// Where the recording comes from.
    public var source: String
    /// Every response header as received, `[name, value]` in order (`workbench record` keeps
    /// them; older recordings have only `date` and `cache_control`).
    public var headers: [[String]]?

    enum CodingKeys: String, CodingKey {
        case file, uri, status, date, bytes, sha256, source, headers
        case cacheControl = "cache_control"
    }

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - file: The file name in the dataset directory.
    ///   - uri: The request URL.
    ///   - status: The HTTP status.
    ///   - date: The `Date` header.
    ///   - cacheControl: The `Cache-Control` header.
    ///   - bytes: The body's size.
    ///   - sha256: The body's SHA-256, lowercase hex.
    ///   - source: Where it comes from.
    ///   - headers: Every header, in order.
    public init(
        file: String, uri: String, status: Int?, date: String?, cacheControl: String?, bytes: Int,
        sha256: String, source: String, headers: [[String]]? = nil
    ) {
        self.file = file
        self.uri = uri
        self.status = status
        self.date = date
        self.cacheControl = cacheControl
        self.bytes = bytes
        self.sha256 = sha256
        self.source = source
        self.headers = headers
    }

    /// The request's query parameters, when `uri` is a URL (`days`, `vs_currency`, ...).
    public var queryItems: [String: String] {
        let address = uri.split(separator: " ").first.map(String.init) ?? uri
        guard let components = URLComponents(string: address), let items = components.queryItems else {
            return [:]
        }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// The endpoint recorded, when `uri` is an HTTP URL of a CoinGecko-shaped API: CoinGecko's
    /// own, or any host serving its paths under `/api/v3` (`workbench serve`, a proxy).
    public var endpoint: CoinGeckoEndpoint? {
        guard let url = URL(string: uri), url.scheme == "http" || url.scheme == "https",
            url.host?.hasSuffix("coingecko.com") == true || url.path.hasPrefix("/api/v3/")
        else { return nil }
        return CoinGeckoEndpoint(path: url.path)
    }
}

/// The manifest of a dataset directory: `index.json`, a JSON array of ``DatasetEntry``.
public struct DatasetIndex: Sendable, Equatable {
    /// The directory the index describes.
    public var directory: URL
    /// Its entries, in file order.
    public var entries: [DatasetEntry]

    /// The name of the manifest file.
    public static let fileName = "index.json"

    /// Loads `index.json` from a dataset directory.
    ///
    /// - Parameter directory: The dataset directory.
    /// - Throws: ``DatasetError`` when the index is missing or malformed.
    public static func load(from directory: URL) throws(DatasetError) -> DatasetIndex {
        let url = directory.appendingPathComponent(fileName)
        let data: Data
        do {
            data = Data(try CheckedFile.read(url.path, limit: 16 << 20))
        } catch {
            let reason = error.reason == "no such file" ? "no \(fileName) in \(directory.path)" : error.reason
            throw DatasetError.unreadable(path: url.path, reason: reason)
        }
        do {
            let entries = try JSONDecoder().decode([DatasetEntry].self, from: data)
            // Each entry names a file of this directory: nothing else may be read through it.
            for (index, entry) in entries.enumerated()
            where !PathNames.isPlainComponent(entry.file) || !PathNames.isInside(entry.file, root: directory)
            {
                throw DatasetError.malformedIndex(
                    path: url.path,
                    reason:
                        "[\(index)].file: '\(entry.file)' is not a file name in this directory (no '/', '..' or links out)"
                )
            }
            return DatasetIndex(directory: directory, entries: entries)
        } catch let error as DatasetError {
            throw error
        } catch let error as DecodingError {
            throw DatasetError.malformedIndex(path: url.path, reason: error.locatedDescription)
        } catch {
            throw DatasetError.malformedIndex(path: url.path, reason: "\(error)")
        }
    }

    /// The entry for a file name, if listed.
    ///
    /// - Parameter file: The file name.
    public func entry(for file: String) -> DatasetEntry? {
        entries.first { $0.file == file }
    }
}

extension String {
    fileprivate func element(_ index: Int) -> String { "\(self)[\(index)]" }
}
