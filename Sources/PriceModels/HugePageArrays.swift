#if canImport(Glibc)
    import Glibc
#endif

/// Large arrays asked to be backed by transparent huge pages, as numpy asks for its own.
///
/// On a kernel whose huge-page setting is `madvise` (Debian's default), only memory advised with
/// `MADV_HUGEPAGE` gets 2 MB pages. numpy advises every array of 4 MB or more, so a peer
/// measurement over a 1e7-point series reads it through a few dozen TLB entries where 4 kB pages
/// need thousands; on a virtual machine each miss walks two page tables, and a first write faults
/// once per 2 MB instead of once per 4 kB. Price paths of that size and the workbench's benchmark
/// inputs get the same advice, so a peer measurement compares the algorithms, not the allocators.
public enum HugePageArrays {
    /// Arrays of at least this many bytes are advised.
    public static let threshold = 4 << 20

    /// An array of `count` elements, each set by `element(index)`, advised before it is written.
    ///
    /// - Parameters:
    ///   - count: The element count.
    ///   - element: The element at an index.
    public static func make<Element>(count: Int, _ element: (Int) -> Element) -> [Element] {
        uninitialized(count: count) { buffer in
            for index in 0..<count { (buffer.baseAddress! + index).initialize(to: element(index)) }
        }
    }

    /// An array of `count` elements that `initialize` writes in full, advised before it is written.
    ///
    /// - Parameters:
    ///   - count: The element count.
    ///   - initialize: Initializes every element of the buffer.
    public static func uninitialized<Element>(
        count: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void
    ) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress, count * MemoryLayout<Element>.stride >= threshold {
                advise(UnsafeMutableRawPointer(base), bytes: count * MemoryLayout<Element>.stride)
            }
            initialize(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            initialized = count
        }
    }

    /// `MADV_HUGEPAGE` over the whole 2 MB pages inside the range (the advice is a hint: a kernel
    /// without huge pages ignores it). Linux only: elsewhere (macOS) the array is left to the
    /// allocator, as it is on a kernel without transparent huge pages.
    private static func advise(_ base: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
            let hugePage = 2 << 20
            let start = (Int(bitPattern: base) + hugePage - 1) / hugePage * hugePage
            let end = (Int(bitPattern: base) + bytes) / hugePage * hugePage
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
