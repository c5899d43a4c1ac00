import Foundation
import Scenarios
import Simulation

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

    /// What CoinGecko's side of a coupled arm counted.
    public struct Upstream: Sendable, Equatable, Codable {
        /// Requests that reached CoinGecko (a proxy's fetches; every device request otherwise).
        public var requests = 0
        /// Of them, refused because a shared window was full.
        public var refusedByWindow = 0
        /// Of them, refused because the key's month of credits was spent.
        public var refusedByCredits = 0
        /// Credits billed to the key (the plan's rule, at CoinGecko).
        public var billed = 0
        /// Addresses (or keys) the devices used.
        public var addresses = 0
        /// The proxy's counts, for a proxy.
        public var proxy: ProxyCounts?

        /// Adds one shared window's counts, its credits by day into `days`.
        mutating func add(_ counts: SharedAdmission.Counts, into days: inout [Int]) {
            refusedByWindow += counts.refusedByWindow
            refusedByCredits += counts.refusedByCredits
            billed += counts.billed
            for (day, credits) in counts.billedByDay.enumerated() where days.indices.contains(day) {
                days[day] += credits
            }
        }
    }

    /// What a proxy did.
    public struct ProxyCounts: Sendable, Equatable, Codable {
        /// Requests from devices.
        public var requests: Int
        /// Answered from its cache.
        public var hits: Int
        /// Joined a fetch in flight.
        public var joined: Int
        /// Fetched from CoinGecko.
        public var fetches: Int
        /// The fewest fetches any cache with the same TTLs could have made.
        public var optimalFetches: Int

        init(_ counts: TeamProxy.Counts) {
            (requests, hits, joined, fetches, optimalFetches) =
                (counts.requests, counts.hits, counts.joined, counts.fetches, counts.optimalFetches)
        }
    }

    /// One arm's part of the shard.
    public struct Arm: Sendable, Equatable, Codable {
        /// The arm's label (``FleetDefinition/Arm/label``).
        public var label: String
        /// Whether the arm is coupled and so run whole, by the first shard: its totals are every
        /// user's there, and none in the other shards.
        public var whole: Bool
        /// The users' totals: the shard's (``FleetShard/indices``' order), or every user's.
        public var totals: [UserTotals]
        /// Requests reaching CoinGecko in each minute.
        public var perMinute: [Int]
        /// Credits billed on each day.
        public var creditsByDay: [Int]
        /// What CoinGecko's side counted, for a coupled arm.
        public var upstream: Upstream?

        /// An arm's part.
        public init(
            label: String, whole: Bool, totals: [UserTotals], perMinute: [Int], creditsByDay: [Int],
            upstream: Upstream? = nil
        ) {
            (self.label, self.whole, self.totals, self.perMinute, self.creditsByDay, self.upstream) =
                (label, whole, totals, perMinute, creditsByDay, upstream)
        }
    }

    /// The fleet.
    public var fleet: FleetHeader
    /// The part.
    public var part: Part
    /// The users run, by index.
    public var indices: [Int]
    /// The shard's users among the fleet's first ``FleetResult/detailedUsers``.
    public var detail: [FleetUser]
    /// Each arm's part, in the fleet's order.
    public var arms: [Arm]

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
        guard arms.map(\.label) == fleet.arms.map(\.label),
            detail.allSatisfy({ $0.index < FleetResult.detailedUsers && indices.contains($0.index) })
        else { return "its arms or users do not line up with its fleet" }
        for arm in arms {
            let ran = !arm.whole || part.index == 1
            let users = arm.whole ? fleet.users : indices.count
            guard
                arm.totals.count == (ran ? users : 0),
                arm.perMinute.count == (ran ? fleet.days * 1_440 : 0),
                arm.creditsByDay.count == (ran ? fleet.days : 0)
            else { return "its counts for arm '\(arm.label)' do not line up with its users and days" }
        }
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
        let users = first.shard.fleet.users
        let arms = first.shard.arms.indices.map { arm -> FleetResult.Arm in
            let ran = shards.map { $0.shard.arms[arm] }
            if let whole = ran.first(where: { $0.whole && !$0.totals.isEmpty }) {
                return FleetResult.Arm(
                    label: whole.label, totals: whole.totals, perMinute: whole.perMinute,
                    creditsByDay: whole.creditsByDay, upstream: whole.upstream)
            }
            var totals = [UserTotals](repeating: UserTotals(), count: users)
            var perMinute = [Int](repeating: 0, count: first.shard.fleet.days * 1_440)
            var creditsByDay = [Int](repeating: 0, count: first.shard.fleet.days)
            for (shard, _) in shards {
                let part = shard.arms[arm]
                for (index, total) in zip(shard.indices, part.totals) { totals[index] = total }
                for minute in perMinute.indices { perMinute[minute] += part.perMinute[minute] }
                for day in creditsByDay.indices { creditsByDay[day] += part.creditsByDay[day] }
            }
            return FleetResult.Arm(
                label: ran[0].label, totals: totals, perMinute: perMinute, creditsByDay: creditsByDay,
                upstream: nil)
        }
        self.init(
            fleet: first.shard.fleet, users: shards.flatMap(\.shard.detail).sorted { $0.index < $1.index },
            arms: arms)
    }
}
