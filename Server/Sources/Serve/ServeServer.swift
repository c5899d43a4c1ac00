import Foundation
import Hummingbird
import Logging
import NIOCore
import Simulation

/// Runs the simulated API over HTTP until SIGINT or SIGTERM, then shuts down cleanly.
public enum ServeServer {
    /// Where and how to listen.
    public struct Listening: Sendable {
        /// The host to bind (127.0.0.1 unless told otherwise).
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int

        /// Creates a listening address.
        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// Serves until a shutdown signal.
    ///
    /// - Parameters:
    ///   - api: The simulated API.
    ///   - listening: Host and port.
    ///   - options: The HTTP layer's options.
    ///   - started: Told the base URL (`http://127.0.0.1:PORT/api/v3`) once the socket listens.
    public static func run(
        _ api: SimulatedAPI, listening: Listening, options: ServeRoutes.Options,
        started: @escaping @Sendable (String) -> Void
    ) async throws {
        var logger = Logger(label: "workbench-serve")
        logger.logLevel = .error
        let app = Application(
            router: ServeRoutes.router(api, options: options),
            configuration: .init(address: .hostname(listening.host, port: listening.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listening.port
                started("http://\(listening.host):\(port)/api/v3")
            },
            logger: logger)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
