import Foundation

/// The clock the extracted app code reads: `conformance diff` replaces each `Date()` in it with
/// `AppClock.now()`, and each case sets the time first (cases run one at a time).
enum AppClock {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var current = Date(timeIntervalSince1970: 0)

    /// The case's time.
    static func now() -> Date { lock.withLock { current } }

    /// Sets the time, in milliseconds since 1970.
    static func set(milliseconds: Int64) {
        set(date: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// Sets the time.
    static func set(date: Date) { lock.withLock { current = date } }
}

/// A date as milliseconds since 1970 (the app's dates come from whole milliseconds).
func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

/// A `Decimal` as the nearest `Double`.
func double(_ value: Decimal) -> Double { NSDecimalNumber(decimal: value).doubleValue }
