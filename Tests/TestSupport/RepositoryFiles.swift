import Foundation

/// Paths and loaders for the repository's checked-in data: datasets, peer vectors, goldens.
public enum RepositoryFiles {
    /// The repository root, found from this file's location.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `datasets/coingecko`.
    public static let coingecko = root.appendingPathComponent("datasets/coingecko")

    /// `Tests/Fixtures`.
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")

    /// The bytes of a recorded CoinGecko file.
    ///
    /// - Parameter name: The file name inside `datasets/coingecko`.
    public static func coingeckoData(_ name: String) throws -> Data {
        try Data(contentsOf: coingecko.appendingPathComponent(name))
    }

    /// The bytes of a test fixture.
    ///
    /// - Parameter path: A path relative to `Tests/Fixtures`.
    public static func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(path))
    }
}
