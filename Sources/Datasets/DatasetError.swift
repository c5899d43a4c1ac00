import TrackerCore
import WorkbenchFoundation

/// A problem with a dataset file or directory, naming the file.
public enum DatasetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or directory cannot be read.
    case unreadable(path: String, reason: String)
    /// `index.json` is not a valid manifest.
    case malformedIndex(path: String, reason: String)
    /// A data file is malformed: the located error says where.
    case malformed(LocatedDecodingError)
    /// The file's kind cannot be recognised from its name, the index or its content.
    case unrecognised(path: String, reason: String)

    /// A one-line message that starts with the file.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .malformedIndex(let path, let reason): "\(path): malformed dataset index: \(reason)"
        case .malformed(let error): error.description
        case .unrecognised(let path, let reason): "\(path): \(reason)"
        }
    }
}
