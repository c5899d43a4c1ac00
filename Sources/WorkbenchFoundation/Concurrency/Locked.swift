import Foundation

/// A value shared between threads, reached only while a lock is held, with a lock that
/// ThreadSanitizer sees.
///
/// The workbench's shared state (checkpointed market paths, the CDN body memo, sweep progress,
/// the serve state) used `Synchronization.Mutex`. On Linux that mutex is a futex driven by atomics
/// compiled into the standard library without TSan's instrumentation, so `swift test
/// --sanitize=thread` sees no ordering between two `withLock` bodies and reports every contended
/// one as a race (a four-thread probe: `Mutex` reported, the same loop with this type clean),
/// which also hides real races behind false ones. `NSLock` is a pthread mutex, which TSan
/// intercepts.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    ///
    /// - Parameter value: The initial value.
    public init(_ value: consuming Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held. Do not let a reference to non-`Sendable` parts
    /// of the value escape `body`.
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
