/// Measures a log of send times against a plan: the numbers a rate-limit report shows.
public enum RateLimitAudit {
    /// The most sends in any half-open window `[t, t + window)`.
    ///
    /// - Parameters:
    ///   - sendTimes: Send times, ascending.
    ///   - windowMilliseconds: The window (60 s by default).
    /// - Returns: The maximum count, 0 for no sends.
    /// - Complexity: O(n), two pointers.
    public static func maxInAnyWindow(
        _ sendTimes: [Int64],
        windowMilliseconds: Int64 = RateLimitWindow.milliseconds
    ) -> Int {
        var best = 0
        var start = 0
        for end in sendTimes.indices {
            while sendTimes[end] - sendTimes[start] >= windowMilliseconds { start += 1 }
            best = max(best, end - start + 1)
        }
        return best
    }

    /// How many sends were over the limit: sends that found `limit` or more sends in the window
    /// ending at them.
    ///
    /// - Parameters:
    ///   - sendTimes: Send times, ascending.
    ///   - limit: Sends allowed per window.
    ///   - windowMilliseconds: The window.
    /// - Returns: The number of offending sends.
    public static func sendsOverLimit(
        _ sendTimes: [Int64],
        limit: Int,
        windowMilliseconds: Int64 = RateLimitWindow.milliseconds
    ) -> Int {
        var offending = 0
        var start = 0
        for end in sendTimes.indices {
            while sendTimes[end] - sendTimes[start] >= windowMilliseconds { start += 1 }
            if end - start + 1 > limit { offending += 1 }
        }
        return offending
    }

    /// The smallest gap between consecutive sends, nil for fewer than two.
    ///
    /// - Parameter sendTimes: Send times, ascending.
    public static func minimumGap(_ sendTimes: [Int64]) -> Int64? {
        guard sendTimes.count >= 2 else { return nil }
        return zip(sendTimes.dropFirst(), sendTimes).map { $0 - $1 }.min()
    }
}
