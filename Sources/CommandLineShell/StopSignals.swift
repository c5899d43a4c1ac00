import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP, received on one thread of their own, never lost.
///
/// A signal source of libdispatch on Linux (and so swift-service-lifecycle's graceful shutdown,
/// and the `DispatchSource` handlers this project had) sets the signal to `SIG_IGN` and installs
/// its own handler later, on its manager thread; a signal that comes between the two, or while a
/// thread that has not blocked it takes it, is dropped (swift-corelibs-libdispatch issue 695,
/// `_dispatch_muxnote_signal_block_and_raise`). That is how `workbench serve` once kept serving
/// after a SIGTERM and a test run waited on it for ten minutes (issue 65). The classic way holds
/// instead: block the three signals in the first thread before any other thread starts, so that
/// every thread inherits the mask, and take them with `sigwait` on a thread that does nothing
/// else. ``start()`` does that; the executables call it first (``runMappingExitCodes()``).
///
/// A command that can stop cleanly installs a handler (``handle(_:)``): the first signal calls it,
/// and a second one ends the process at once with `128 + signal`. Without a handler a signal does
/// what it does by default (the process ends by that signal), as if nothing were blocked.
public final class StopSignals: @unchecked Sendable {
    /// The signals taken: Ctrl-C, a terminating supervisor (CI, `timeout`, `kill`), a closed
    /// terminal.
    public static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The one instance; ``start()`` starts its thread.
    public static let shared = StopSignals()

    private let lock = NSLock()
    private var started = false
    private var handler: (@Sendable (Int32) -> Void)?
    private var signals: [Int32] = []

    private init() {}

    /// Blocks the three signals in the calling thread and starts the thread that waits for them.
    /// Call it first in `main`, before anything starts a thread; a second call does nothing.
    public func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { return }
        started = true
        var set = Self.signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread { [self] in waitForSignals() }
        thread.name = "stop-signals"
        thread.start()
    }

    /// Installs the command's handler, called on the signal thread with the first signal; keep
    /// it short (set a flag, wake a loop). Pass nil to remove it: signals then end the process.
    ///
    /// - Parameter handler: Told the signal's number.
    public func handle(_ handler: (@Sendable (Int32) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        self.handler = handler
        signals.removeAll()
    }

    /// The first signal received since the handler was installed, if any.
    public var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signals.first
    }

    /// The three signals unblocked in the calling thread, for `execv` (the program that replaces
    /// this one starts with them unblocked, as any program expects).
    public static func unblockForExec() {
        var set = signalSet()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal's conventional name (`SIGINT`).
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in caught { sigaddset(&set, signal) }
        return set
    }

    private func waitForSignals() {
        var set = Self.signalSet()
        while true {
            var number: Int32 = 0
            guard sigwait(&set, &number) == 0 else { continue }
            lock.lock()
            let handler = handler
            signals.append(number)
            let count = signals.count
            lock.unlock()
            guard let handler else { Self.endByDefault(number) }
            if count == 1 {
                handler(number)
            } else {
                StandardStreams.error("\(Self.name(number)) again: stopping at once\n")
                _exit(128 + number)
            }
        }
    }

    /// What the signal does by default: the process ends by it.
    private static func endByDefault(_ number: Int32) -> Never {
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}
