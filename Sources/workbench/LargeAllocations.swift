#if canImport(Glibc)
    import Glibc
#endif

/// How glibc's allocator places large blocks during a scenario run.
///
/// By default glibc raises its mmap threshold each time a large mmapped block is freed (up to
/// 32 MB), so later blocks of that size come from the heap, where a freed block in the middle
/// stays resident. A simulation frees and allocates many response bodies and traces of
/// 128 kB-8 MB; with the threshold fixed at 128 kB each goes back to the system when freed. The
/// 100-coin year peaks at 47 MB instead of 50 MB, 2 % slower (`docs/benchmarks.md`).
enum LargeAllocations {
    /// The size from which a block is mapped on its own, bytes (glibc's starting default).
    static let mmapThreshold: Int32 = 128 * 1024

    /// `M_MMAP_THRESHOLD` of `<malloc.h>`, which the Glibc module does not import.
    private static let mmapThresholdOption: Int32 = -3

    /// Fixes the mmap threshold for the rest of the process (`mallopt`, found with `dlsym`; on a
    /// C library without it, nothing changes). glibc only: macOS's allocator returns large blocks
    /// on its own, and there this does nothing.
    static func returnToTheSystemWhenFreed() {
        #if canImport(Glibc)
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThresholdOption, mmapThreshold)
        #endif
    }
}
