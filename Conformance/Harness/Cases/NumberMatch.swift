/// How the two sides' numbers are compared: the app keeps money in `Decimal` (each price made
/// from the decoded `Double`) where the workbench keeps `Double`, so a value matches when the two
/// agree to 1e-9 of its size; times, counts and flags must be equal.
public enum NumberMatch {
    /// The relative tolerance.
    public static let tolerance = 1e-9

    /// Whether two values match.
    public static func matches(_ app: Double, _ tracker: Double) -> Bool {
        app == tracker || abs(app - tracker) <= tolerance * max(abs(app), abs(tracker), 1e-300)
    }

    /// Whether two lists of values match, element by element.
    public static func matches(_ app: [Double], _ tracker: [Double]) -> Bool {
        app.count == tracker.count && zip(app, tracker).allSatisfy { matches($0, $1) }
    }

    /// A number as JSON writes it: integers without a fraction, others in Swift's shortest form.
    public static func json(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
