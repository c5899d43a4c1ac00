import Foundation
import TrackerCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport: sends requests to a real CoinGecko-shaped API over URLSession.
///
/// Each request gets its own timeout (``HTTPRequest/timeoutMilliseconds``, the app's 10 s; whole
/// seconds, rounded up, on Linux, where URLSession cannot do better); a
/// timeout is ``TransportError/timedOut(afterMilliseconds:)``, any other failure to get a
/// response ``TransportError/connectionFailed(_:)``. Any HTTP status is returned as it is: the
/// client classifies it.
public final class URLSessionTransport: MarketDataTransport {
    /// The API root every request path is appended to, without a trailing slash.
    public let baseURL: String
    private let session: URLSession

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - baseURL: The API root (`https://api.coingecko.com/api/v3`, or a local server).
    ///   - resourceTimeoutSeconds: The longest any request may take including retries of the
    ///     connection (the app: 30 s).
    public init(baseURL: String = "https://api.coingecko.com/api/v3", resourceTimeoutSeconds: Double = 30) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = resourceTimeoutSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends one GET request.
    ///
    /// - Parameter request: The request.
    /// - Returns: The response, any status.
    /// - Throws: ``TransportError`` when no response arrived.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let url = URL(string: baseURL + request.target) else {
            throw .connectionFailed("not a valid URL: \(baseURL + request.target)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "GET"
        urlRequest.timeoutInterval = Self.timeoutInterval(milliseconds: request.timeoutMilliseconds)
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw Self.transportError(error, timeout: request.timeoutMilliseconds)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .connectionFailed("not an HTTP response from \(url)")
        }
        let headers = http.allHeaderFields.compactMap { name, value -> HTTPHeaders.Field? in
            guard let name = name as? String else { return nil }
            return HTTPHeaders.Field(name, "\(value)")
        }
        return HTTPResponse(
            status: http.statusCode,
            headers: HTTPHeaders(headers.sorted { $0.name.lowercased() < $1.name.lowercased() }),
            body: [UInt8](data)
        )
    }

    /// The URLRequest timeout for a timeout in milliseconds. swift-corelibs-foundation (Linux)
    /// truncates timeouts to whole seconds, so 300 ms would become 0 and fail at once: there it
    /// is rounded up to the next whole second.
    static func timeoutInterval(milliseconds: Int64) -> TimeInterval {
        let seconds = Double(max(milliseconds, 1)) / 1000
        #if canImport(FoundationNetworking)
            return seconds.rounded(.up)
        #else
            return seconds
        #endif
    }

    private static func transportError(_ error: any Error, timeout: Int64) -> TransportError {
        if error is CancellationError { return .cancelled }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .connectionFailed(nsError.localizedDescription)
        }
        switch nsError.code {
        case NSURLErrorTimedOut: return .timedOut(afterMilliseconds: timeout)
        case NSURLErrorCancelled: return .cancelled
        default: return .connectionFailed("\(nsError.localizedDescription) (NSURLError \(nsError.code))")
        }
    }
}
