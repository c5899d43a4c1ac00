import Foundation

extension EqualWidthBins {
    /// The selection of ``select(x:y:nOut:keepingBinEnds:parallel:)`` with the bins shared out
    /// over the processor's cores.
    ///
    /// The bin edges are found first (O(bins x log N)), then chunks of bins are reduced on
    /// `DispatchQueue.concurrentPerform`, each into its own slots of one output buffer, and the
    /// slots are compacted in bin order. Each bin's selection is the serial one, so the indices are
    /// the same, whatever the number of threads.
    static func selectInParallel(
        x: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, binCount: Int, keepingBinEnds: Bool
    ) -> [Int] {
        let pointsPerBin = keepingBinEnds ? 4 : 2
        var edges: [Range<Int>] = []
        edges.reserveCapacity(binCount)
        forEach(x: x, binCount: binCount) { edges.append($0..<$1) }
        let bins = edges
        let unused = -1
        var slots = [Int](repeating: unused, count: bins.count * pointsPerBin)
        let chunks = min(bins.count, 8 * ProcessInfo.processInfo.activeProcessorCount)
        let values = Unchecked(y)
        slots.withUnsafeMutableBufferPointer { slots in
            let slots = Unchecked(slots)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for bin in (bins.count * chunk / chunks)..<(bins.count * (chunk + 1) / chunks) {
                    var slot = bin * pointsPerBin
                    selection(of: bins[bin], y: values.pointer, keepingBinEnds: keepingBinEnds) { index in
                        slots.pointer[slot] = index
                        slot += 1
                    }
                }
            }
        }
        return slots.filter { $0 != unused }
    }
}

/// A buffer handed to concurrent workers that read it, or write disjoint parts of it, while the
/// caller waits for them.
private struct Unchecked<Pointer>: @unchecked Sendable {
    let pointer: Pointer
    init(_ pointer: Pointer) { self.pointer = pointer }
}
