import Foundation

/// The outcome of checking one recorded file against its `index.json` entry.
public struct DatasetVerification: Sendable, Equatable {
    /// What the check found.
    public enum Status: Sendable, Equatable {
        /// Bytes and SHA-256 match the index.
        case ok
        /// The file is not there.
        case missing
        /// The byte count differs.
        case sizeMismatch(actual: Int)
        /// Same size, different SHA-256.
        case digestMismatch(actual: String)

        /// `ok`, `missing`, `size 123 != 456`, `sha256 mismatch`.
        public func summary(expectedBytes: Int) -> String {
            switch self {
            case .ok: "ok"
            case .missing: "MISSING"
            case .sizeMismatch(let actual): "SIZE \(actual) != \(expectedBytes)"
            case .digestMismatch: "SHA256 MISMATCH"
            }
        }
    }

    /// The index entry checked.
    public var entry: DatasetEntry
    /// What was found.
    public var status: Status
}

/// Checks recorded files byte for byte against their manifest: recordings are read-only.
public enum DatasetVerifier {
    /// Checks every entry of an index.
    ///
    /// - Parameter index: A loaded `index.json`.
    /// - Returns: One result per entry, in index order.
    public static func verify(_ index: DatasetIndex) -> [DatasetVerification] {
        index.entries.map { entry in
            let url = index.directory.appendingPathComponent(entry.file)
            guard let data = try? Data(contentsOf: url) else {
                return DatasetVerification(entry: entry, status: .missing)
            }
            if data.count != entry.bytes {
                return DatasetVerification(entry: entry, status: .sizeMismatch(actual: data.count))
            }
            let digest = SHA256.hexDigest(of: data)
            return DatasetVerification(
                entry: entry, status: digest == entry.sha256 ? .ok : .digestMismatch(actual: digest))
        }
    }

    /// Data files in the directory that the index does not list (the manifest, the index itself
    /// and the `licenses` folder are not data).
    ///
    /// - Parameter index: A loaded `index.json`.
    public static func unlistedFiles(in index: DatasetIndex) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: index.directory.path)) ?? []
        let listed = Set(index.entries.map(\.file))
        let nonData: Set<String> = [DatasetIndex.fileName, "MANIFEST.md", "licenses"]
        return names.filter { !listed.contains($0) && !nonData.contains($0) && !$0.hasPrefix(".") }.sorted()
    }
}
