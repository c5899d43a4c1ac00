import ArgumentParser
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

/// Durations as the CLI takes them: `300000ms`, `30s`, `5m`, `1h`, `1d`.
enum DurationText {
    /// The duration in milliseconds.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - option: The option's name, for the error.
    /// - Throws: ``CLIError`` (bad input) for anything else, or a duration that is not positive.
    static func milliseconds(_ text: String, option: String) throws(CLIError) -> Int64 {
        let units: [(suffix: String, factor: Int64)] = [
            ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        for unit in units where text.hasSuffix(unit.suffix) {
            if let count = Int64(text.dropLast(unit.suffix.count)), count > 0,
                count <= TimeLimits.latest / unit.factor
            {
                return count * unit.factor
            }
        }
        throw .badInput(
            "\(option): expected a positive duration such as 300000ms, 30s, 5m, 1h or 1d, found '\(text)'")
    }
}
