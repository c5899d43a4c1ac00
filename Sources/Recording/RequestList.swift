import Datasets
import TrackerCore
import WorkbenchFoundation

/// The requests file of `workbench record`: one request a line, as a path below the API root
/// with its query (`/coins/bitcoin/market_chart?vs_currency=usd&days=1`). An `/api/v3` prefix is
/// accepted and dropped; blank lines and lines starting with `#` are skipped.
public enum RequestList {
    /// One listed request.
    public struct Item: Sendable, Equatable {
        /// The line it is on, from 1.
        public var line: Int
        /// The path and query as written (without any `/api/v3`).
        public var text: String
        /// Its path and parsed query.
        public var path: String
        /// The query parameters, percent-decoded, in order.
        public var query: [HTTPRequest.QueryItem]
    }

    /// A requests file that cannot be used, with the place.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `FILE:LINE: what`.
        public var description: String
    }

    /// The most requests one file may list.
    public static let maximumRequests = 10_000
    /// The longest line.
    public static let maximumLineBytes = 4_096
    /// The largest requests file.
    public static let maximumFileBytes = 4 << 20

    /// Reads and checks a requests file.
    ///
    /// - Parameter path: The file.
    /// - Throws: ``Failure`` naming the file (and line) for an unreadable file, a line that is not
    ///   a CoinGecko path the workbench knows, a duplicate, or too many requests.
    public static func read(_ path: String) throws(Failure) -> [Item] {
        let bytes: [UInt8]
        do {
            bytes = try CheckedFile.read(path, limit: maximumFileBytes)
        } catch {
            throw Failure(description: "\(path): \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: "\(path): not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Checks the lines of a requests file.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: Its name, for messages.
    public static func parse(_ text: String, file: String) throws(Failure) -> [Item] {
        var items: [Item] = []
        var seen: [String: Int] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let place = "\(file):\(line)"
            let trimmed = rawLine.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard trimmed.utf8.count <= maximumLineBytes else {
                throw Failure(description: "\(place): the line is over \(maximumLineBytes) bytes")
            }
            var target = String(trimmed)
            if target.hasPrefix("/api/v3/") { target.removeFirst("/api/v3".count) }
            guard target.hasPrefix("/"), !target.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" })
            else {
                throw Failure(
                    description:
                        "\(place): expected a path such as /simple/price?ids=bitcoin&vs_currencies=usd, found \(QuotedValue.text(target))"
                )
            }
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            guard !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
                throw Failure(description: "\(place): \(QuotedValue.text(path)) has a '.' or '..' segment")
            }
            guard CoinGeckoEndpoint(path: path) != nil || path == "/ping" else {
                throw Failure(
                    description:
                        "\(place): \(QuotedValue.text(path)) is not a CoinGecko path the workbench knows (\((["/ping"] + CoinGeckoEndpoint.templates).joined(separator: ", ")))"
                )
            }
            if let earlier = seen[target] {
                throw Failure(
                    description: "\(place): \(QuotedValue.text(target)) is already on line \(earlier)")
            }
            seen[target] = line
            let query = parts.count > 1 ? HTTPRequest.queryItems(parsing: String(parts[1])) : []
            items.append(Item(line: line, text: target, path: path, query: query))
            guard items.count <= maximumRequests else {
                throw Failure(description: "\(place): more than \(maximumRequests) requests in one file")
            }
        }
        guard !items.isEmpty else { throw Failure(description: "\(file): lists no request") }
        return items
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
