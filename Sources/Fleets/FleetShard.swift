import Foundation
import Scenarios

/// One shard of a fleet (`workbench fleet FILE --shard K/N`, written as `fleet-shard.json`): its
/// users' totals and its minute counts. Shards merge into the fleet's result exactly (sums, and
/// percentiles over every user), the same bytes as one run of the whole fleet.
public struct FleetShard: Sendable, Equatable, Codable {
    /// Which share of the users: user `i` is in part `i % count + 1`.
    public struct Part: Sendable, Equatable, Codable {
        /// The part, from 1.
        public var index: Int
        /// The parts.
        public var count: Int

        /// The whole fleet.
        public static let whole = Part(index: 1, count: 1)

        /// A part.
        public init(index: Int, count: Int) { (self.index, self.count) = (index, count) }
    }

    /// The fleet.
    public var fleet: FleetHeader
    /// The part.
    public var part: Part
    /// The users run, by index.
    public var indices: [Int]
    /// What each of them did, in the same order.
    public var totals: [FleetRun.UserTotals]
    /// The shard's users among the fleet's first ``FleetResult/detailedUsers``.
    public var detail: [FleetUser]
    /// The shard's requests in each minute.
    public var perMinute: [Int]

    /// What makes a shard read from a file unusable, nil when it is whole: a part, size or day
    /// count out of range, users not exactly the part's, counts that do not line up.
    public var problem: String? {
        guard (1...FleetDefinition.maximumUsers).contains(fleet.users),
            (1...FleetDefinition.maximumDays).contains(fleet.days)
        else { return "its fleet has \(fleet.users) users and \(fleet.days) days, out of range" }
        guard (1...FleetDefinition.maximumUsers).contains(part.count), (1...part.count).contains(part.index)
        else {
            return "its part \(part.index)/\(part.count) is not one of 1/1 to N/N"
        }
        guard indices == Array(stride(from: part.index - 1, to: fleet.users, by: part.count)) else {
            return "its users are not those of part \(part.index)/\(part.count)"
        }
        guard totals.count == indices.count, perMinute.count == fleet.days * 1_440,
            detail.allSatisfy({ $0.index < FleetResult.detailedUsers && indices.contains($0.index) })
        else { return "its counts do not line up with its users and days" }
        return nil
    }

    /// The shard as JSON (sorted keys).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}

/// Why shards cannot be merged.
public struct FleetMergeError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String
}

extension FleetResult {
    /// Merges the shards of one fleet: each part present once, of the same fleet.
    ///
    /// - Parameter shards: The shards, each with the place it was read from (for messages).
    /// - Throws: ``FleetMergeError`` naming the shard that is missing, doubled or of another fleet.
    public init(merging shards: [(shard: FleetShard, from: String)]) throws(FleetMergeError) {
        guard let first = shards.first else { throw FleetMergeError(description: "no shards to merge") }
        if let (_, place, problem) = shards.lazy.compactMap({ shard, place in
            shard.problem.map { (shard, place, $0) }
        })
        .first {
            throw FleetMergeError(description: "\(place) is not a whole shard: \(problem)")
        }
        let count = first.shard.part.count
        var seen: [Int: String] = [:]
        for (shard, place) in shards {
            guard shard.fleet == first.shard.fleet else {
                throw FleetMergeError(
                    description:
                        "\(place) is a shard of another fleet (or another seed, size or days) than \(first.from)"
                )
            }
            guard shard.part.count == count else {
                throw FleetMergeError(
                    description:
                        "\(place) is shard \(shard.part.index)/\(shard.part.count), \(first.from) one of \(count)"
                )
            }
            if let other = seen[shard.part.index] {
                throw FleetMergeError(
                    description: "shard \(shard.part.index)/\(count) is given twice: \(other) and \(place)")
            }
            seen[shard.part.index] = place
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw FleetMergeError(
                description: "shard(s) \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing")
        }
        var totals = [FleetRun.UserTotals](repeating: FleetRun.UserTotals(), count: first.shard.fleet.users)
        var perMinute = [Int](repeating: 0, count: first.shard.perMinute.count)
        var detail: [FleetUser] = []
        for (shard, _) in shards {
            for (index, total) in zip(shard.indices, shard.totals) { totals[index] = total }
            for minute in perMinute.indices { perMinute[minute] += shard.perMinute[minute] }
            detail += shard.detail
        }
        self.init(
            fleet: first.shard.fleet, users: detail.sorted { $0.index < $1.index }, totals: totals,
            perMinute: perMinute)
    }
}
