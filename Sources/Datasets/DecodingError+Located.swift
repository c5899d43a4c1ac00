import Foundation

extension DecodingError {
    /// "at $[3].sha256: ..." from Foundation's coding path.
    public var locatedDescription: String {
        let (context, what): (DecodingError.Context, String) =
            switch self {
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "expected \(type), found null")
            case .keyNotFound(let key, let context): (context, "missing member \"\(key.stringValue)\"")
            case .dataCorrupted(let context): (context, "malformed")
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "malformed")
            }
        let path = context.codingPath.reduce("$") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? path + "." + key.stringValue
        }
        return "at \(path): \(what) (\(context.debugDescription))"
    }
}
