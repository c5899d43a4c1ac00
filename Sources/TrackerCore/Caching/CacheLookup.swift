/// The result of looking a key up in a ``TTLCache``.
public enum CacheLookup<Value: Sendable>: Sendable {
    /// A fresh entry (age below its TTL).
    case fresh(Value, ageMilliseconds: Int64)
    /// An entry past its TTL: refresh it, and serve it only if the refresh fails.
    case expired(Value, ageMilliseconds: Int64)
    /// No entry.
    case missing

    /// The value if fresh.
    public var freshValue: Value? {
        if case .fresh(let value, _) = self { return value }
        return nil
    }

    /// Whether the lookup counts as a hit.
    public var isHit: Bool { freshValue != nil }
}

extension CacheLookup: Equatable where Value: Equatable {}

/// A value served past its TTL because a refresh failed, with its age for the screen.
public struct StaleValue<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// How old it is, ms.
    public var ageMilliseconds: Int64

    /// Creates a stale value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - ageMilliseconds: Its age.
    public init(value: Value, ageMilliseconds: Int64) {
        self.value = value
        self.ageMilliseconds = ageMilliseconds
    }

    /// What the app shows under stale data: "last updated 5 minutes ago".
    public var lastUpdatedText: String { AgeText.lastUpdated(ageMilliseconds: ageMilliseconds) }
}

extension StaleValue: Equatable where Value: Equatable {}

/// Ages as people read them.
public enum AgeText {
    /// "last updated just now", "... 1 minute ago", "... 5 minutes ago", "... 2 hours ago",
    /// "... 3 days ago" (whole units, rounded down).
    ///
    /// - Parameter ageMilliseconds: The age; negative ages read as "just now".
    public static func lastUpdated(ageMilliseconds: Int64) -> String {
        let seconds = max(ageMilliseconds, 0) / 1000
        let (count, unit): (Int64, String) =
            switch seconds {
            case ..<60: (0, "")
            case ..<3_600: (seconds / 60, "minute")
            case ..<86_400: (seconds / 3_600, "hour")
            default: (seconds / 86_400, "day")
            }
        guard count > 0 else { return "last updated just now" }
        return "last updated \(count) \(unit)\(count == 1 ? "" : "s") ago"
    }
}
