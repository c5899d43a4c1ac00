/// The simulation's event queue: events ordered by virtual time, and events due at the same time
/// in the order they were scheduled (DESIGN.md, "Time and randomness").
///
/// A binary min-heap on `(time, sequence)`; the sequence number is the scheduling order, so the
/// order is total and a run is reproducible.
///
/// Inlinable, so the simulator, the live shell and fleets each get it specialised to their own
/// event type: called across the module unspecialised, every call looked up the type's metadata
/// and moved entries through value witnesses (2 % of a sweep cell).
public struct EventQueue<Event>: Sendable where Event: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline
        var time: Int64
        @usableFromInline
        var sequence: UInt64
        @usableFromInline
        var event: Event

        @inlinable
        init(time: Int64, sequence: UInt64, event: Event) {
            self.time = time
            self.sequence = sequence
            self.event = event
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool { (time, sequence) < (other.time, other.sequence) }
    }

    @usableFromInline
    var heap: [Entry] = []
    @usableFromInline
    var nextSequence: UInt64 = 0

    /// An empty queue.
    @inlinable
    public init() {}

    /// Whether no event is pending.
    @inlinable
    public var isEmpty: Bool { heap.isEmpty }

    /// Pending events.
    @inlinable
    public var count: Int { heap.count }

    /// The time of the next event.
    @inlinable
    public var nextTime: Int64? { heap.first?.time }

    /// Schedules an event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - time: When it is due, epoch ms.
    /// - Complexity: O(log n).
    @inlinable
    public mutating func schedule(_ event: Event, at time: Int64) {
        heap.append(Entry(time: time, sequence: nextSequence, event: event))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the next event.
    ///
    /// - Returns: The event and its time, nil when empty.
    /// - Complexity: O(log n).
    @inlinable
    public mutating func next() -> (time: Int64, event: Event)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { break }
            heap.swapAt(parent, first)
            parent = first
        }
        return (entry.time, entry.event)
    }
}
