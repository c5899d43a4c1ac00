/// An item on screen and the time of its data (nil: nothing to show).
public struct ScreenItem: Sendable, Equatable {
    /// The item: a coin's id, or a chart's.
    public var key: String
    /// Its data time, epoch ms.
    public var dataTime: Int64?

    /// Creates an item.
    public init(key: String, dataTime: Int64?) {
        self.key = key
        self.dataTime = dataTime
    }
}
