import TrackerCore

/// One plan's per-minute limit as the server enforces it: the times of the requests it accepted
/// in the last 60 s, oldest first.
struct PlanWindow: Sendable {
    private var acceptedTimes: [Int64] = []
    private var head = 0

    /// Admits a request arriving at `now` under a limit of `perMinute`, or says when to retry.
    ///
    /// - Returns: nil when admitted (and counted), else the whole seconds until a slot frees.
    mutating func admit(at now: Int64, perMinute: Int) -> Int64? {
        while head < acceptedTimes.count, acceptedTimes[head] <= now - RateLimitWindow.milliseconds {
            head += 1
        }
        if acceptedTimes.count - head >= perMinute {
            let freeAt = acceptedTimes[head] + RateLimitWindow.milliseconds
            return (freeAt - now + 999) / 1000
        }
        acceptedTimes.append(now)
        if head > 4_096 {
            acceptedTimes.removeFirst(head)
            head = 0
        }
        return nil
    }

    /// What must always hold (``AppInvariants``): the requests counted in the window are at most
    /// `perMinute` and in the order they arrived. Broken, the server would admit a burst its plan
    /// refuses, or refuse by a window computed from the wrong end.
    ///
    /// - Parameter perMinute: The plan's limit.
    /// - Returns: What is broken, in words; empty when all holds.
    func invariantViolations(perMinute: Int) -> [String] {
        var broken: [String] = []
        let counted = acceptedTimes.count - head
        if counted > perMinute {
            broken.append("the plan window counts \(counted) requests over its \(perMinute)")
        }
        if head < acceptedTimes.count,
            zip(acceptedTimes[head...], acceptedTimes[(head + 1)...]).contains(where: { $0 > $1 })
        {
            broken.append("the plan window's times are out of order")
        }
        return broken
    }
}
