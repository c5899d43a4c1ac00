import ArgumentParser
import Foundation

/// Parsers for numeric options that say what they expected, including for a negative number
/// (options using them parse `.unconditional`, so `--steps -1` reaches the check instead of
/// reading as a missing value).
public enum NumberOptions {
    /// A whole number within `range`.
    ///
    /// - Parameters:
    ///   - range: The accepted values.
    /// - Returns: A transform for `@Option`.
    public static func whole(in range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
                throw ValidationError("expected a whole number \(describe(range)), found '\(snippet(text))'")
            }
            return value
        }
    }

    /// An unsigned 64-bit number (a seed).
    public static func seed(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("expected a whole number from 0 to \(UInt64.max), found '\(snippet(text))'")
        }
        return value
    }

    /// A positive finite number (a price).
    public static func positive(_ text: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0 else {
            throw ValidationError("expected a positive finite number, found '\(snippet(text))'")
        }
        return value
    }

    /// The speeds a wall clock may run at, simulated seconds per real second: from a
    /// thousandth (a simulated second lasts about 17 real minutes) to a million (a simulated
    /// year in about half a minute). Outside them a sleep overflows or a run never ends.
    public static let speeds: ClosedRange<Double> = 0.001...1_000_000

    /// A speed within ``speeds`` (`--speed` of `serve` and `live`).
    public static func speed(_ text: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), speeds.contains(value) else {
            throw ValidationError(
                "expected a speed from 0.001 to 1000000 (simulated seconds a real second), found '\(snippet(text))'"
            )
        }
        return value
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max
            ? ">= \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
    }

    private static func snippet(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "..." : text
    }
}
