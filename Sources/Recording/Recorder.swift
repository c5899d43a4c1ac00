import Datasets
import Foundation
import TrackerCore
import WorkbenchFoundation

/// `workbench record`: fetches listed requests through the project's ``CoinGeckoClient`` (and
/// so its rate limiter, never faster than the plan) and keeps each response as a dataset: the
/// body byte for byte in its own file, its headers and SHA-256 in the folder's `index.json`, so
/// `datasets list --directory` verifies it and a `fixtures` scenario replays it.
///
/// It never replaces a file: a name already taken gets `-2`, `-3`, ...; `index.json` keeps its
/// earlier entries and is rewritten atomically after every recording, so a run killed at any
/// point leaves a valid index. A 429 is retried after its `retry-after` (the limiter's backoff);
/// ``stormLimit`` of them in a row end the run cleanly with what it has.
public struct Recorder: Sendable {
    /// The client every request goes through.
    public let client: CoinGeckoClient
    /// The API root requests are sent to, as written into each entry's `uri`.
    public let baseURL: String
    /// The dataset folder.
    public let directory: URL
    /// Consecutive 429s that end a run by default.
    public static let defaultStormLimit = 3
    /// Consecutive 429s that end the run.
    public var stormLimit = defaultStormLimit

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - client: The client (transport, key, limiter).
    ///   - baseURL: The API root (`https://api.coingecko.com/api/v3`).
    ///   - directory: The folder to record into; created when missing.
    public init(client: CoinGeckoClient, baseURL: String, directory: URL) {
        self.client = client
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.directory = directory
    }

    /// What one request came to.
    public enum Outcome: Sendable, Equatable {
        /// Recorded as `file` with its status.
        case recorded(file: String, status: Int, bytes: Int)
        /// No response (a transport failure), with the reason.
        case failed(String)
    }

    /// One attempted request.
    public struct Attempt: Sendable, Equatable {
        /// Its line in the requests file.
        public var line: Int
        /// The target sent.
        public var target: String
        /// What came of it.
        public var outcome: Outcome
    }

    /// The run's results.
    public struct Summary: Sendable, Equatable {
        /// Each attempted request, in order.
        public var outcomes: [Attempt] = []
        /// How many listed requests were not attempted because a 429 storm ended the run.
        public var notAttempted = 0
        /// 429s met (retried or final).
        public var rateLimited = 0
        /// Whether consecutive 429s ended the run.
        public var stoppedByStorm = false

        /// Whether every listed request was recorded.
        public var isComplete: Bool {
            notAttempted == 0
                && outcomes.allSatisfy { if case .recorded = $0.outcome { true } else { false } }
        }
    }

    /// Why recording could not start or go on (the folder, not the API).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file.
        public var description: String
    }

    /// Records the requests in order.
    ///
    /// - Parameters:
    ///   - items: The requests (``RequestList``).
    ///   - progress: Called after each request with its position and outcome.
    /// - Throws: ``Failure`` when the folder or its index cannot be read or written; what was
    ///   recorded before stays recorded and listed.
    public func record(
        _ items: [RequestList.Item],
        progress: @Sendable (Int, RequestList.Item, Outcome) -> Void = { _, _, _ in }
    ) async throws(Failure) -> Summary {
        var entries = try existingEntries()
        var summary = Summary()
        var consecutiveLimits = 0
        for (position, item) in items.enumerated() {
            let request = client.requests.request(item.path, item.query)
            var outcome: Outcome?
            while outcome == nil {
                let response: HTTPResponse
                do {
                    response = try await client.response(for: request)
                } catch {
                    outcome = .failed(error.description)
                    break
                }
                if response.status == 429 {
                    summary.rateLimited += 1
                    consecutiveLimits += 1
                    if consecutiveLimits >= stormLimit {
                        summary.stoppedByStorm = true
                        summary.notAttempted = items.count - position
                        return summary
                    }
                    continue
                }
                consecutiveLimits = 0
                let entry = try save(response, for: request)
                entries.append(entry)
                try writeIndex(entries)
                outcome = .recorded(file: entry.file, status: response.status, bytes: entry.bytes)
            }
            let result = outcome ?? .failed("no response")
            summary.outcomes.append(Attempt(line: item.line, target: request.target, outcome: result))
            progress(position, item, result)
        }
        return summary
    }

    /// The entries of the folder's `index.json`, or none for a new folder.
    private func existingEntries() throws(Failure) -> [DatasetEntry] {
        let index = directory.appendingPathComponent(DatasetIndex.fileName).path
        guard FileManager.default.fileExists(atPath: index) else { return [] }
        do {
            return try DatasetIndex.load(from: directory).entries
        } catch {
            throw Failure(description: "\(error) (record never replaces a recording folder's index)")
        }
    }

    /// Writes the body under a new name and returns its index entry.
    private func save(_ response: HTTPResponse, for request: HTTPRequest) throws(Failure) -> DatasetEntry {
        // Recording from `workbench serve`, the simulated time is the time the body describes.
        let date = response.headers["X-Simulated-Date"] ?? response.headers["Date"]
        let time = date.flatMap(CivilDate.parseHTTPDate) ?? 0
        for attempt in 1...1_000 {
            let file = RecordingName.name(
                target: request.target, time: time, contentType: response.headers["Content-Type"],
                attempt: attempt)
            let path = directory.appendingPathComponent(file).path
            let created: Bool
            do {
                created = try AtomicFile.writeNew(response.body, to: path)
            } catch {
                throw Failure(description: error.description)
            }
            guard created else { continue }
            return DatasetEntry(
                file: file, uri: baseURL + request.target, status: response.status, date: date,
                cacheControl: response.headers["Cache-Control"], bytes: response.body.count,
                sha256: SHA256.hexDigest(of: response.body), source: "workbench record from \(baseURL)",
                headers: response.headers.fields.map { [$0.name, $0.value] })
        }
        throw Failure(description: "\(directory.path): 1,000 recordings of \(request.target) already")
    }

    private func writeIndex(_ entries: [DatasetEntry]) throws(Failure) {
        let path = directory.appendingPathComponent(DatasetIndex.fileName).path
        do {
            try AtomicFile.write(Array(Self.indexDocument(entries).utf8), to: path)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// `index.json` in the layout of `datasets/coingecko`.
    static func indexDocument(_ entries: [DatasetEntry]) -> String {
        let optionalString = { (text: String?) in text.map(JSONValue.string) ?? .null }
        return JSONValue.array(
            entries.map { entry in
                var members: [JSONValue.Member] = [
                    .init("file", .string(entry.file)), .init("uri", .string(entry.uri)),
                    .init("status", entry.status.map { .integer(Int64($0)) } ?? .null),
                    .init("date", optionalString(entry.date)),
                    .init("cache_control", optionalString(entry.cacheControl)),
                    .init("bytes", .integer(Int64(entry.bytes))), .init("sha256", .string(entry.sha256)),
                    .init("source", .string(entry.source)),
                ]
                if let headers = entry.headers {
                    members.append(.init("headers", .array(headers.map { .array($0.map(JSONValue.string)) })))
                }
                return .object(members)
            }
        ).document(.pretty(inlineFrom: 2))
    }
}
