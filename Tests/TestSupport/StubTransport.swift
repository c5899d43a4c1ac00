import Foundation
import Synchronization
import TrackerCore

/// A transport that answers from a handler and records every request, for client tests.
public final class StubTransport: CoinGeckoTransport {
    /// Produces the response to a request, or throws a transport error.
    public typealias Handler = @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse

    private let handler: Handler
    private let log = Mutex<[HTTPRequest]>([])

    /// Creates a stub.
    ///
    /// - Parameter handler: What to answer.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// A stub answering every request with the same status, headers and body.
    public convenience init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8]) {
        self.init { _ in HTTPResponse(status: status, headers: headers, body: body) }
    }

    /// A stub answering every request with a recorded dataset file and status.
    public static func recorded(_ file: String, status: Int = 200, headers: HTTPHeaders = HTTPHeaders())
        throws
        -> StubTransport
    {
        StubTransport(
            status: status, headers: headers, body: [UInt8](try RepositoryFiles.coingeckoData(file)))
    }

    /// The requests sent so far.
    public var requests: [HTTPRequest] { log.withLock { $0 } }

    /// Answers a request.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        log.withLock { $0.append(request) }
        return try handler(request)
    }
}
