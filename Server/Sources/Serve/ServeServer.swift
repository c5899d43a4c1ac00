import CommandLineShell
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Simulation

/// Runs the simulated API over HTTP until SIGINT, SIGTERM or SIGHUP, then stops within a second.
///
/// The signals come from ``StopSignals`` (a thread of their own that never loses one), not from
/// swift-service-lifecycle's signal sources, which on Linux can drop a signal (issue 65: a test
/// waited ten minutes on a server that had been sent SIGTERM). The first signal closes the
/// ``ShutdownGate`` (held and delayed replies go out at once), starts Hummingbird's graceful
/// shutdown (no new connections; idle ones closed; the replies under way finish), and arms a
/// one-second deadline after which the process ends anyway; a second signal ends it at once.
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

    /// How long graceful shutdown may take before the process ends anyway.
    public static let shutdownDeadlineSeconds = 1.0

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
        let gate = ShutdownGate()
        let app = Application(
            router: ServeRoutes.router(api, options: options, gate: gate),
            configuration: .init(address: .hostname(listening.host, port: listening.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listening.port
                started("http://\(listening.host):\(port)/api/v3")
            },
            logger: logger)
        let group = ServiceGroup(services: [app], logger: logger)
        StopSignals.shared.handle { signal in
            gate.close()
            Task { await group.triggerGracefulShutdown() }
            DispatchQueue.global().asyncAfter(deadline: .now() + shutdownDeadlineSeconds) {
                StandardStreams.error(
                    "serve: still stopping \(shutdownDeadlineSeconds) s after \(StopSignals.name(signal)); ending now\n")
                _exit(128 + signal)
            }
        }
        defer { StopSignals.shared.handle(nil) }
        try await group.run()
    }
}
