import WorkbenchFoundation

/// One cache's lookups as ``BeladyOptimum`` reads them, in 24 bytes a lookup where an
/// `Access<UInt32>` takes 40: the arrival of a fetched value is held as its delay after the
/// lookup in 32 bits (a year of 1,000 coins looks up the market cache 79,034 times).
///
/// A delay that does not fit is kept aside, so every access reads back exactly as it was made.
struct LookupTrace: RandomAccessCollection, Sendable {
    private struct Entry {
        var time: Int64
        var ttlMilliseconds: Int64
        var key: UInt32
        /// `storedAt - time`, or one of the markers below.
        var delay: Int32
    }

    /// The delay of a lookup whose fetch failed (`storedAt` nil).
    private static let failed = Int32.min
    /// The delay of a lookup whose `storedAt` is in ``farStores``.
    private static let far = Int32.max

    private var entries = RecordLog<Entry>()
    /// The store times whose delay does not fit between the markers, by lookup.
    private var farStores: [Int: Int64] = [:]

    var startIndex: Int { entries.startIndex }
    var endIndex: Int { entries.endIndex }

    subscript(index: Int) -> BeladyOptimum.Access<UInt32> {
        let entry = entries[index]
        var access = BeladyOptimum.Access(
            key: entry.key, time: entry.time, ttlMilliseconds: entry.ttlMilliseconds)
        switch entry.delay {
        case Self.failed: access.storedAt = nil
        case Self.far: access.storedAt = farStores[index]
        default: access.storedAt = entry.time + Int64(entry.delay)
        }
        return access
    }

    /// Appends a lookup.
    mutating func append(_ access: BeladyOptimum.Access<UInt32>) {
        entries.append(
            Entry(time: access.time, ttlMilliseconds: access.ttlMilliseconds, key: access.key, delay: 0))
        setStoredAt(access.storedAt, at: entries.count - 1)
    }

    /// Sets when the value fetched after lookup `index` arrived; nil when the fetch failed.
    mutating func setStoredAt(_ storedAt: Int64?, at index: Int) {
        // Hashed only for the rare far store: this runs at every lookup and store.
        if entries[index].delay == Self.far { farStores[index] = nil }
        guard let storedAt else {
            entries[index].delay = Self.failed
            return
        }
        let (delay, overflow) = storedAt.subtractingReportingOverflow(entries[index].time)
        if !overflow, delay > Int64(Self.failed), delay < Int64(Self.far) {
            entries[index].delay = Int32(delay)
        } else {
            entries[index].delay = Self.far
            farStores[index] = storedAt
        }
    }

    /// Sets how long the value fetched after lookup `index` stays fresh.
    mutating func setTTL(_ ttlMilliseconds: Int64, at index: Int) {
        entries[index].ttlMilliseconds = ttlMilliseconds
    }
}
