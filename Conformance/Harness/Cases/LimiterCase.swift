/// One limiter case: the times the app's callers ask the limiter, each from a caller of its own
/// (asks can overlap: a caller may ask while another is waiting).
public struct LimiterCase: Codable, Sendable, Equatable {
    /// The asks, in milliseconds after the first one.
    public var asks: [Int64]
    /// Whether, in the same millisecond, a waiting caller wakes before a new one asks (the
    /// drivers' choice, the same on both sides; real sleeps overshoot, so in the app a new ask
    /// usually comes first).
    public var waiterFirst: Bool

    /// A case.
    public init(asks: [Int64], waiterFirst: Bool = true) {
        (self.asks, self.waiterFirst) = (asks, waiterFirst)
    }

    /// Smaller cases: without one ask, with the gaps halved.
    public var shrunk: [LimiterCase] {
        var smaller: [LimiterCase] = []
        for index in asks.indices {
            var fewer = asks
            fewer.remove(at: index)
            smaller.append(LimiterCase(asks: fewer, waiterFirst: waiterFirst))
        }
        if let first = asks.min(), asks.contains(where: { $0 - first > 1 }) {
            smaller.append(LimiterCase(asks: asks.map { first + ($0 - first) / 2 }, waiterFirst: waiterFirst))
        }
        return smaller
    }
}

/// When the limiter let each ask through, sorted, in milliseconds after the first ask.
public struct LimiterOutput: Codable, Sendable, Equatable {
    /// The grants, sorted.
    public var grants: [Int64]

    /// An output.
    public init(grants: [Int64]) { self.grants = grants }

    /// Where the app's output (self) and the workbench's differ, nil when they match.
    public func difference(from tracker: LimiterOutput) -> String? {
        if grants.count != tracker.grants.count { return "a different number of requests let through" }
        guard
            let index = zip(grants, tracker.grants).enumerated().first(where: { $0.element.0 != $0.element.1 }
            )?.offset
        else { return nil }
        return "request \(index) let through at a different time"
    }
}
