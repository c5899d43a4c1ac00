/// A persistence failure, naming the database file and what to do.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file is not an SQLite database (wrong header, truncated, another format).
        case notADatabase
        /// SQLite reports the database damaged (`PRAGMA quick_check` or a read failed).
        case corrupted(String)
        /// An SQLite database of some other program (its `application_id` or tables differ).
        case foreign(String)
        /// Written by a newer workbench: it has migrations this one does not know.
        case newerSchema([String])
        /// A key that must be unique exists already.
        case alreadyExists(String)
        /// A row that should exist does not.
        case notFound(String)
        /// A stored value cannot be read back (a `Decimal` column that is not a number, ...).
        case invalidStoredValue(String)
        /// Any other SQLite or file-system failure.
        case io(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The database file.
    public var path: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - path: The database file.
    public init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `path: problem; advice`.
    public var description: String {
        switch kind {
        case .notADatabase, .corrupted, .foreign:
            "\(path): \(problem); the file was left untouched (move it away or restore a backup)"
        default:
            "\(path): \(problem)"
        }
    }

    /// What is wrong, without the path or advice.
    public var problem: String {
        switch kind {
        case .notADatabase: "not an SQLite database"
        case .corrupted(let detail): "the database is damaged (\(detail))"
        case .foreign(let detail): "not a workbench database of this kind (\(detail))"
        case .newerSchema(let migrations):
            "written by a newer workbench (unknown migrations: \(migrations.joined(separator: ", ")))"
        case .alreadyExists(let what): "\(what) already exists"
        case .notFound(let what): "\(what) not found"
        case .invalidStoredValue(let what): "unreadable stored value: \(what)"
        case .io(let detail): detail
        }
    }
}
