import WorkbenchFoundation

/// The cases' generator: the workbench's SplitMix64, so a run's cases depend on its seed alone.
typealias SplitMix = SplitMix64

extension SplitMix64 {
    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(max(count, 1))) }

    /// True one time in `count`.
    mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }

    /// One of the elements.
    mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}
