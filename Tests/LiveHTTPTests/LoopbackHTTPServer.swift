import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the live transport's tests: one thread per
/// connection, `Connection: close`, canned responses chosen by the request target, and an
/// optional delay before answering (to provoke timeouts).
final class LoopbackHTTPServer: Sendable {
    /// A canned response.
    struct Response: Sendable {
        var status: Int
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var delayMilliseconds = 0
    }

    /// A request as received.
    struct Received: Sendable, Equatable {
        var target: String
        var headers: [String: String]
    }

    let port: UInt16
    private let listener: Int32
    private let respond: @Sendable (String) -> Response
    private let log = Mutex<[Received]>([])

    /// Starts listening on an ephemeral port.
    init(respond: @escaping @Sendable (String) -> Response) throws {
        self.respond = respond
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The requests received so far.
    var received: [Received] { log.withLock { $0 } }

    /// Stops accepting connections: the port refuses them from now on.
    ///
    /// It only shuts the socket down; the accept loop closes it when its `accept` fails. Closing
    /// it here let the loop, started late or between two accepts, call `accept` on a descriptor
    /// number the system had since given to another test's server, and answer that server's
    /// requests with this one's responses.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                close(listener)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[..<count]
        }
        let lines = String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n")
        let target = lines[0].split(separator: " ").dropFirst().first.map(String.init) ?? ""
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where line.contains(":") {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        log.withLock { $0.append(Received(target: target, headers: headers)) }
        let response = respond(target)
        if response.delayMilliseconds > 0 { usleep(UInt32(response.delayMilliseconds) * 1_000) }
        var head =
            "HTTP/1.1 \(response.status) Canned\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + response.body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
        // Close gracefully: a close with unread input resets the connection, and a reset can
        // discard the response before the client reads it. Half-close, then drain to the
        // client's own close.
        shutdown(connection, Int32(SHUT_WR))
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
