import CCurl
import Foundation
import TrackerCore

/// The live transport: sends GET requests to a real CoinGecko-shaped API through libcurl.
///
/// libcurl is loaded on the first request (`CCurl`), so a simulation never maps it and its TLS
/// libraries (about 6.7 MB resident). Each request runs on a thread of its own, may take at most its
/// own timeout (``HTTPRequest/timeoutMilliseconds``, the app's 10 s, to the millisecond), capped by
/// the resource timeout; a timeout is ``TransportError/timedOut(afterMilliseconds:)``, a
/// cancelled task ``TransportError/cancelled``, any other failure to get a response
/// ``TransportError/connectionFailed(_:)``. Redirects are followed and content encodings
/// decoded. Any HTTP status is returned as it is: the client classifies it.
public final class CurlTransport: CoinGeckoTransport {
    /// The API root every request path is appended to, without a trailing slash.
    public let baseURL: String
    /// The longest any request may take, ms.
    public let resourceTimeoutMilliseconds: Int64

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - baseURL: The API root (`https://api.coingecko.com/api/v3`, or a local server).
    ///   - resourceTimeoutSeconds: The longest any request may take (the app: 30 s).
    public init(baseURL: String = "https://api.coingecko.com/api/v3", resourceTimeoutSeconds: Double = 30) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        resourceTimeoutMilliseconds = Int64(max(resourceTimeoutSeconds, 0.001) * 1000)
    }

    /// Sends one GET request.
    ///
    /// - Parameter request: The request.
    /// - Returns: The response, any status.
    /// - Throws: ``TransportError`` when no response arrived.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await transfer(
            baseURL + request.target, headers: request.headers, body: nil,
            timeout: request.timeoutMilliseconds)
    }

    /// Sends one POST of a JSON body to `path` under the root (only `workbench live`'s clock
    /// alignment does, to `workbench serve`'s admin API).
    ///
    /// - Parameters:
    ///   - path: The path after the root (`/__admin/clock`).
    ///   - json: The body, sent as `application/json`.
    ///   - timeoutMilliseconds: The longest the exchange may take.
    public func post(_ path: String, json: [UInt8], timeoutMilliseconds: Int64) async throws(TransportError)
        -> HTTPResponse
    {
        try await transfer(
            baseURL + path, headers: [HTTPHeaders.Field("Content-Type", "application/json")], body: json,
            timeout: timeoutMilliseconds)
    }

    private func transfer(
        _ url: String, headers: [HTTPHeaders.Field], body: [UInt8]?, timeout requested: Int64
    )
        async throws(TransportError) -> HTTPResponse
    {
        guard URL(string: url) != nil else { throw .connectionFailed("not a valid URL: \(url)") }
        let lines = [("Accept", "application/json")] + headers.map { ($0.name, $0.value) }
        if let bad = lines.first(where: { ($0.0 + $0.1).contains(where: \.isNewline) || $0.0.contains(":") })
        {
            throw .connectionFailed("header \(bad.0) has a line break or a colon in its name")
        }
        let timeout = max(1, min(requested, resourceTimeoutMilliseconds))
        let cancel = CancelFlag()
        let exchange = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A thread of its own: a blocking transfer on Dispatch's pool would wait for a
                // free thread, and hold one up to the timeout.
                Thread {
                    continuation.resume(
                        returning: Exchange(
                            url: url, headers: lines.map { "\($0.0): \($0.1)" }, postBody: body,
                            timeout: timeout,
                            cancel: cancel))
                }.start()
            }
        } onCancel: {
            cancel.set()
        }
        switch exchange.error {
        case 0:
            return HTTPResponse(
                status: exchange.status, headers: HTTPHeaders(Self.lastHeaderBlock(exchange.headers)),
                body: exchange.body)
        case 28: throw .timedOut(afterMilliseconds: timeout)
        case 42 where cancel.isSet: throw .cancelled
        default: throw .connectionFailed("\(exchange.message) (curl error \(exchange.error)): \(url)")
        }
    }

    /// The header fields of the last response in libcurl's header lines (a redirect gives one
    /// block per response, each opened by its status line), sorted by lowercased name.
    static func lastHeaderBlock(_ text: String) -> [HTTPHeaders.Field] {
        var fields: [HTTPHeaders.Field] = []
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("HTTP/") {
                fields.removeAll()
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(
                    HTTPHeaders.Field(
                        String(line[..<colon]),
                        String(line[line.index(after: colon)...].drop(while: \.isWhitespace))))
            }
        }
        return fields.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}

/// A cancellation flag libcurl's progress callback reads while a transfer runs.
private final class CancelFlag: @unchecked Sendable {
    // Written with ccurl_cancel and read by libcurl's thread, both atomically.
    let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    init() { flag.initialize(to: 0) }
    deinit { flag.deallocate() }

    func set() { ccurl_cancel(flag) }
    var isSet: Bool { ccurl_cancel_is_set(flag) != 0 }
}

/// One GET (or POST) through `ccurl_send`, its C buffers copied out and freed.
private struct Exchange: Sendable {
    var error: Int32
    var status: Int
    var headers: String
    var body: [UInt8]
    var message: String

    init(url: String, headers lines: [String], postBody: [UInt8]?, timeout: Int64, cancel: CancelFlag) {
        var cHeaders = lines.map { strdup($0) }
        defer { for line in cHeaders { free(line) } }
        var result = cHeaders.withUnsafeMutableBufferPointer { lines in
            lines.withMemoryRebound(to: UnsafePointer<CChar>?.self) { lines in
                guard let postBody else {
                    return ccurl_send(url, lines.baseAddress, lines.count, nil, 0, Int(timeout), cancel.flag)
                }
                // A NUL after the bytes: an empty body still has an address (nil would make it a GET).
                let bytes = postBody.map { CChar(bitPattern: $0) } + [0]
                return bytes.withUnsafeBufferPointer { bytes in
                    ccurl_send(
                        url, lines.baseAddress, lines.count, bytes.baseAddress, postBody.count, Int(timeout),
                        cancel.flag)
                }
            }
        }
        defer { ccurl_result_free(&result) }
        error = result.error
        status = result.status
        headers = String(
            decoding: UnsafeRawBufferPointer(start: result.headers, count: result.headers_length),
            as: UTF8.self)
        body = [UInt8](UnsafeRawBufferPointer(start: result.body, count: result.body_length))
        message = result.message.map { String(cString: $0) } ?? "no response"
    }
}
