/// Stands in for the app's `Logger` categories (`Utilities/Logger.swift` extends OSLog's
/// `Logger`, which Linux lacks): messages, `privacy:` arguments included, are dropped.
enum Logger {
    /// A category.
    struct Category {
        func trace(_ message: LogMessage) {}
        func debug(_ message: LogMessage) {}
        func info(_ message: LogMessage) {}
        func notice(_ message: LogMessage) {}
        func warning(_ message: LogMessage) {}
        func error(_ message: LogMessage) {}
        func critical(_ message: LogMessage) {}
        func fault(_ message: LogMessage) {}
    }

    static let api = Category()
    static let persistence = Category()
    static let ui = Category()
    static let logic = Category()
    static let error = Category()
    static let widget = Category()
    static let chart = Category()
}

/// OSLog's privacy levels, accepted and ignored.
enum LogPrivacy {
    case `public`, `private`, auto, sensitive
}

/// A log message: OSLog's interpolation, with its `privacy:` argument.
struct LogMessage: ExpressibleByStringInterpolation {
    struct StringInterpolation: StringInterpolationProtocol {
        init(literalCapacity: Int, interpolationCount: Int) {}
        mutating func appendLiteral(_ literal: String) {}
        mutating func appendInterpolation<T>(_ value: T, privacy: LogPrivacy = .auto) {}
    }

    init(stringLiteral value: String) {}
    init(stringInterpolation: StringInterpolation) {}
}
