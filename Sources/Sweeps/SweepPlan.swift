import Foundation
import Persistence
import TrackerCore
import WorkbenchFoundation

/// What a sweep runs: a scenario, the grid's combinations of overrides, a seed range, and the
/// workbench version. It is written first, as `plan.json`, and identifies the sweep: a folder
/// is resumed, sharded or merged only with the same plan.
public struct SweepPlan: Sendable, Equatable, Codable {
    /// The scenario file, as given.
    public var scenario: String
    /// The `--set` entries with alternatives, as given.
    public var grid: [String]
    /// Each combination's overrides, in plan order.
    public var combinations: [[String]]
    /// Each combination's scenario hash (file bytes and overrides), in plan order.
    public var hashes: [String]
    /// The first seed.
    public var firstSeed: UInt64
    /// The last seed, inclusive.
    public var lastSeed: UInt64
    /// The workbench version that ran it.
    public var version: String

    /// Creates a plan.
    public init(
        scenario: String, grid: [String], combinations: [[String]], hashes: [String], firstSeed: UInt64,
        lastSeed: UInt64, version: String
    ) {
        self.scenario = scenario
        self.grid = grid
        self.combinations = combinations
        self.hashes = hashes
        self.firstSeed = firstSeed
        self.lastSeed = lastSeed
        self.version = version
    }

    /// Seeds per combination.
    public var seedCount: Int { Int(lastSeed - firstSeed) + 1 }

    /// Cells in the whole plan.
    public var cellCount: Int { combinations.count * seedCount }

    /// A combination's label: its overrides joined by `,`, or `base` without overrides.
    public func label(_ combination: Int) -> String {
        combinations[combination].isEmpty ? "base" : combinations[combination].joined(separator: ",")
    }

    /// The folder, under the sweep's, of a combination: its label with characters outside
    /// `[A-Za-z0-9-_.=,]` replaced by `_`.
    public func folder(_ combination: Int) -> String {
        String(label(combination).map { $0.isLetter || $0.isNumber || "-_.=,".contains($0) ? $0 : "_" })
    }

    /// The cell at a position in plan order (combination-major, then seed).
    public func cell(at index: Int) -> SweepCell {
        SweepCell(combination: index / seedCount, seed: firstSeed + UInt64(index % seedCount))
    }

    /// A cell's position in plan order, nil when the plan has no such cell.
    public func index(of cell: SweepCell) -> Int? {
        guard combinations.indices.contains(cell.combination), cell.seed >= firstSeed, cell.seed <= lastSeed
        else { return nil }
        return cell.combination * seedCount + Int(cell.seed - firstSeed)
    }

    /// A cell's name in messages: `combination 'base', seed 7`.
    public func name(of cell: SweepCell) -> String {
        combinations.indices.contains(cell.combination)
            ? "combination '\(label(cell.combination))', seed \(cell.seed)"
            : "combination #\(cell.combination), seed \(cell.seed)"
    }

    /// `plan.json`: the plan and the shard this folder holds (nil for all of it).
    public func document(shard: SweepShard?) -> String {
        JSONValue.object([
            .init("scenario", .string(scenario)),
            .init("grid", .array(grid.map(JSONValue.string))),
            .init("combinations", .array(combinations.map { .array($0.map(JSONValue.string)) })),
            .init("hashes", .array(hashes.map(JSONValue.string))),
            .init("firstSeed", .unsigned(firstSeed)),
            .init("lastSeed", .unsigned(lastSeed)),
            .init("version", .string(version)),
            .init("shard", shard.map { .string($0.description) } ?? .null),
        ]).document(.pretty(inlineFrom: 2))
    }

    /// Reads `plan.json`.
    ///
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The plan and its shard.
    public static func read(_ bytes: [UInt8]) throws -> (plan: SweepPlan, shard: SweepShard?) {
        struct Stored: Codable {
            var shard: String?
        }
        let data = Data(bytes)
        let plan = try JSONDecoder().decode(SweepPlan.self, from: data)
        guard plan.firstSeed <= plan.lastSeed, plan.combinations.count == plan.hashes.count,
            !plan.combinations.isEmpty
        else {
            throw SweepError("the plan is inconsistent (seeds or combinations)")
        }
        let shard = try JSONDecoder().decode(Stored.self, from: data).shard
        return (plan, try shard.map { text throws(SweepError) in try SweepShard(parsing: text) })
    }
}
