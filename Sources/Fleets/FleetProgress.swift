import Foundation
import Scenarios

/// A fleet run's finished arms, kept in its output folder as each arm ends
/// (`DIR/.fleet-progress/arm-K.json`), so that `workbench fleet FILE --resume` after a kill runs
/// only the arms not yet done. Each file is written whole (a temporary file, then renamed) and
/// names the fleet and shard it belongs to; a file of another fleet, seed, size or shard is
/// not used.
public struct FleetProgress: Sendable {
    /// One finished arm, as kept.
    struct Kept: Codable {
        var fleet: FleetHeader
        var part: FleetShard.Part
        var index: Int
        var arm: FleetShard.Arm
    }

    /// The folder the arms are kept in.
    public let folder: URL
    let fleet: FleetHeader
    let part: FleetShard.Part

    /// The progress of a fleet (or shard) writing into `directory`.
    public init(directory: String, fleet: FleetHeader, part: FleetShard.Part) {
        folder = URL(fileURLWithPath: directory).appendingPathComponent(".fleet-progress")
        self.fleet = fleet
        self.part = part
    }

    private func file(_ index: Int) -> URL { folder.appendingPathComponent("arm-\(index + 1).json") }

    /// The arm kept for `index`, if it is this fleet's and whole.
    public func kept(_ index: Int) -> FleetShard.Arm? {
        guard let data = try? Data(contentsOf: file(index)),
            let kept = try? JSONDecoder().decode(Kept.self, from: data),
            kept.fleet == fleet, kept.part == part, kept.index == index,
            kept.arm.label == fleet.arms[index].label
        else { return nil }
        return kept.arm
    }

    /// Keeps a finished arm.
    public func keep(_ arm: FleetShard.Arm, index: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(Kept(fleet: fleet, part: part, index: index, arm: arm)).write(
            to: file(index), options: .atomic)
    }

    /// Forgets every kept arm (a fresh run, or a finished one).
    public func clear() { try? FileManager.default.removeItem(at: folder) }
}
