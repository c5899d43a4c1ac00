import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import WorkbenchFoundation

/// Runs the simulated API over HTTP until told to stop (``Stop``), then stops at once.
///
/// The executable tells it on SIGINT, SIGTERM or SIGHUP, taken by `StopSignals` (a thread of
/// their own that never loses one), not by swift-service-lifecycle's signal sources, which on
/// Linux can drop a signal (issue 65: a test waited ten minutes on a server that had been sent
/// SIGTERM). ``Stop/stop()`` closes the ``ShutdownGate`` (held and delayed replies go out at
/// once) and starts Hummingbird's graceful shutdown (no new connections; idle ones closed; the
/// replies under way finish); the executable ends the process anyway a second later.
public enum ServeServer {
    /// What stops a running server, from any thread.
    public final class Stop: Sendable {
        /// Held and delayed replies wait on it.
        let gate = ShutdownGate()
        private let group = Locked<ServiceGroup?>(nil)
        private let requested = Locked(false)

        /// A stop not yet asked for.
        public init() {}

        /// Closes the gate and starts the graceful shutdown (at once if the server is running,
        /// as soon as it starts otherwise).
        public func stop() {
            gate.close()
            requested.withLock { $0 = true }
            if let group = group.withLock({ $0 }) { Task { await group.triggerGracefulShutdown() } }
        }

        func attach(_ group: ServiceGroup) {
            self.group.withLock { $0 = group }
            if requested.withLock({ $0 }) { Task { await group.triggerGracefulShutdown() } }
        }
    }

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
    ///   - stop: Stops it.
    ///   - started: Told the base URL (`http://127.0.0.1:PORT/api/v3`) once the socket listens.
    public static func run(
        _ api: SimulatedAPI, listening: Listening, options: ServeRoutes.Options, stop: Stop,
        started: @escaping @Sendable (String) -> Void
    ) async throws {
        var logger = Logger(label: "workbench-serve")
        logger.logLevel = .error
        let gate = stop.gate
        let app = Application(
            router: ServeRoutes.router(api, options: options, gate: gate),
            configuration: .init(address: .hostname(listening.host, port: listening.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listening.port
                started("http://\(listening.host):\(port)/api/v3")
            },
            logger: logger)
        let group = ServiceGroup(services: [app], logger: logger)
        stop.attach(group)
        try await group.run()
    }
}
