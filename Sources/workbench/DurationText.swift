import ArgumentParser
import CommandLineShell
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

/// Durations as the CLI takes them: `300000ms`, `30s`, `5m`, `1h`, `1d`, or combined (`2h45m`).
enum DurationText {
    /// The duration in milliseconds.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - option: The option's name, for the error.
    /// - Throws: ``CLIError`` (bad input) for anything else, or a duration that is not positive.
    static func milliseconds(_ text: String, option: String) throws(CLIError) -> Int64 {
        if let milliseconds = WorkbenchFoundation.DurationText.milliseconds(text) { return milliseconds }
        let suggestion = WorkbenchFoundation.DurationText.suggestion(for: text).map { "; write \($0)" } ?? ""
        throw .badInput(
            "\(option): expected a positive duration such as 300000ms, 30s, 5m, 1h, 1d or 2h45m, "
                + "found '\(text)'\(suggestion)")
    }
}
