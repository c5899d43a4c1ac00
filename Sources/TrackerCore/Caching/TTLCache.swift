/// An in-memory cache with a TTL per entry, a capacity with least-recently-used eviction, and
/// tally.
///
/// Semantics (the auditors rely on them):
/// - an entry is fresh while `now - storedAt < ttl` (the app's `timeIntervalSince(...) < TTL`);
/// - a lookup of a present key, fresh or not, makes it the most recently used;
/// - expired entries stay until replaced or evicted, so that stale-if-error can serve them;
/// - inserting a new key into a full cache evicts the least recently used entry.
///
/// Time is an argument of every call. All operations are O(1): a dictionary of slots and an
/// intrusive doubly linked recency list stored in arrays (no per-entry objects).
///
/// The operations are `@inlinable`, so a client module specialises them for its key and value
/// types instead of calling the generic code through witness tables (840 ns an operation before,
/// docs/benchmarks.md).
public struct TTLCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var storedAt: Int64
        @usableFromInline var ttl: Int64
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable
        init(key: Key, value: Value, storedAt: Int64, ttl: Int64, newer: Int, older: Int) {
            self.key = key
            self.value = value
            self.storedAt = storedAt
            self.ttl = ttl
            self.newer = newer
            self.older = older
        }
    }

    /// The most entries the cache holds.
    public let capacity: Int
    /// The TTL of entries inserted without one, ms.
    public let defaultTTLMilliseconds: Int64
    /// What the cache did so far.
    @inlinable public var counters: CacheCounters { tally }

    @usableFromInline var tally = CacheCounters()
    @usableFromInline var slots: [Key: Int] = [:]
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - capacity: The most entries, at least 1.
    ///   - defaultTTLMilliseconds: The TTL of entries inserted without one.
    public init(capacity: Int, defaultTTLMilliseconds: Int64) {
        precondition(capacity >= 1, "a cache holds at least one entry")
        self.capacity = capacity
        self.defaultTTLMilliseconds = defaultTTLMilliseconds
    }

    /// The number of entries, fresh or expired.
    public var count: Int { slots.count }

    /// Whether the key has an entry, fresh or expired (no counting, no recency change).
    ///
    /// - Parameter key: The key.
    public func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// The keys from most to least recently used.
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot >= 0 {
            keys.append(entries[slot].key)
            slot = entries[slot].older
        }
        return keys
    }

    /// Every entry, least recently used first, with when it was stored and its TTL: inserting
    /// them in this order (``restore(_:for:storedAt:ttlMilliseconds:)``) rebuilds the cache.
    public var entriesOldestFirst: [(key: Key, value: Value, storedAt: Int64, ttlMilliseconds: Int64)] {
        var found: [(key: Key, value: Value, storedAt: Int64, ttlMilliseconds: Int64)] = []
        var slot = oldest
        while slot >= 0 {
            let entry = entries[slot]
            found.append((entry.key, entry.value, entry.storedAt, entry.ttl))
            slot = entry.newer
        }
        return found
    }

    /// Puts back an entry a store kept (a launch reading what the last process left), as the
    /// newest, with its own storing time and TTL; counted as no insertion, since the run did not
    /// store it.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key.
    ///   - storedAt: When it was stored.
    ///   - ttlMilliseconds: Its TTL.
    public mutating func restore(_ value: Value, for key: Key, storedAt: Int64, ttlMilliseconds: Int64) {
        let counted = tally
        insert(value, for: key, at: storedAt, ttlMilliseconds: ttlMilliseconds)
        tally = counted
    }

    /// Looks a key up, counting a hit or a miss.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - now: The current time.
    /// - Returns: Fresh, expired (a miss, also counted as expired) or missing (a miss).
    @inlinable
    public mutating func lookup(_ key: Key, at now: Int64) -> CacheLookup<Value> {
        guard let slot = slots[key] else {
            tally.misses += 1
            return .missing
        }
        touch(slot)
        let entry = entries[slot]
        let age = now - entry.storedAt
        if age < entry.ttl {
            tally.hits += 1
            return .fresh(entry.value, ageMilliseconds: age)
        }
        tally.misses += 1
        tally.expired += 1
        return .expired(entry.value, ageMilliseconds: age)
    }

    /// Stores a value, replacing any entry for the key and evicting the least recently used entry
    /// if the cache is full.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key.
    ///   - now: The storing time (the value's age starts here).
    ///   - ttlMilliseconds: The entry's TTL; the cache's default when nil.
    @inlinable
    public mutating func insert(_ value: Value, for key: Key, at now: Int64, ttlMilliseconds: Int64? = nil) {
        tally.insertions += 1
        let ttl = ttlMilliseconds ?? defaultTTLMilliseconds
        if let slot = slots[key] {
            entries[slot].value = value
            entries[slot].storedAt = now
            entries[slot].ttl = ttl
            touch(slot)
            return
        }
        let slot: Int
        if slots.count == capacity {
            slot = oldest
            tally.evicted += 1
            slots[entries[slot].key] = nil
            unlink(slot)
            entries[slot] = Entry(key: key, value: value, storedAt: now, ttl: ttl, newer: -1, older: -1)
        } else {
            slot = entries.count
            entries.append(Entry(key: key, value: value, storedAt: now, ttl: ttl, newer: -1, older: -1))
        }
        slots[key] = slot
        linkAsNewest(slot)
    }

    /// The entry for a key whatever its age, counted as stale-served: what a screen shows when a
    /// refresh failed (stale-if-error).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - now: The current time.
    /// - Returns: The value and its age, or nil when there is nothing to serve.
    @inlinable
    public mutating func serveStale(_ key: Key, at now: Int64) -> StaleValue<Value>? {
        guard let slot = slots[key] else { return nil }
        tally.staleServed += 1
        return StaleValue(value: entries[slot].value, ageMilliseconds: now - entries[slot].storedAt)
    }

    @inlinable
    mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
    }

    @inlinable
    mutating func linkAsNewest(_ slot: Int) {
        entries[slot].newer = -1
        entries[slot].older = newest
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
