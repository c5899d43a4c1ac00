// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

/// At most one request every 1.2 s, measured from the last one let through.
actor RateLimiter {
    private var granted: Date?

    func waitForNextRequest() async {
        if let granted {
            let wait = granted.addingTimeInterval(1.2).timeIntervalSince(Date())
            if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }
        }
        granted = Date()
    }
}
