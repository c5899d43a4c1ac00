import TrackerCore

/// A user action at a virtual time.
public struct ScheduledAction: Sendable, Equatable {
    /// When, epoch ms.
    public var time: Int64
    /// What.
    public var action: UserAction

    /// Creates a scheduled action.
    ///
    /// - Parameters:
    ///   - time: When.
    ///   - action: What.
    public init(time: Int64, action: UserAction) {
        self.time = time
        self.action = action
    }
}
