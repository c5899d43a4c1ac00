/// An array that grows by fixed segments instead of doubling: for the records a run keeps for
/// its whole length (the server's journal, the caches' traces), whose final size is not known.
///
/// A doubling array leaves up to half its storage unused, and copies everything each time it
/// grows, old and new storage held at once. A log's unused storage is at most one segment of
/// 4,096 elements, and appending never moves what is already there. Reading an element is two
/// loads.
///
/// Inlinable, so each client module specialises it to its element: called across the module
/// unspecialised, every read and append looked up the element type's metadata (3 % of a sweep
/// cell).
public struct RecordLog<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// log2 of the elements a segment holds.
    @usableFromInline
    static var segmentShift: Int { 12 }
    @usableFromInline
    static var segmentMask: Int { (1 << segmentShift) - 1 }

    @usableFromInline
    var segments: [[Element]] = []
    @usableFromInline
    var elementCount = 0

    /// The elements held.
    @inlinable
    public var count: Int { elementCount }

    /// An empty log.
    @inlinable
    public init() {}

    /// A log of `elements`, in order.
    ///
    /// - Parameter elements: The elements.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// A log of the literal's elements.
    ///
    /// - Parameter elements: The elements.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// 0.
    @inlinable
    public var startIndex: Int { 0 }
    /// ``count``.
    @inlinable
    public var endIndex: Int { count }

    /// The element at `position`, which must be in `0..<count` (the segments' own bounds checks
    /// trap outside it).
    @inlinable
    public subscript(position: Int) -> Element {
        get { segments[position >> Self.segmentShift][position & Self.segmentMask] }
        set { segments[position >> Self.segmentShift][position & Self.segmentMask] = newValue }
    }

    /// Appends `element`.
    ///
    /// - Parameter element: The element.
    @inlinable
    public mutating func append(_ element: Element) {
        if count & Self.segmentMask == 0 {
            var segment: [Element] = []
            segment.reserveCapacity(1 << Self.segmentShift)
            segments.append(segment)
        }
        segments[segments.count - 1].append(element)
        elementCount += 1
    }

    /// Removes the first `k` elements, keeping the order of the rest.
    ///
    /// - Parameter k: How many, `0...count`.
    /// - Complexity: O(``count``).
    public mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing \(k) of a log of \(count)")
        self = RecordLog(dropFirst(k))
    }
}

extension RecordLog: Sendable where Element: Sendable {}

extension RecordLog: Equatable where Element: Equatable {
    /// The same elements in the same order.
    public static func == (lhs: RecordLog, rhs: RecordLog) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
